import { asc, eq } from 'drizzle-orm';
import type { THeadOfficeClass } from '../../../src/domain/resources/headOffice';
import type { TDb } from '../client';
import { communes, countries, districts, headOffices, provinces, referenceItems, villages } from '../schema';
import type { TReferenceListName } from '../schema/reference';

/**
 * What every module's demo data stands on (`npm run seed:demo`): seeded pseudo-random numbers,
 * calendar days and the seeded places, offices and reference lists. Deterministic: no Math.random.
 */

// --- seeded pseudo-random numbers --------------------------------------------------------------

/** mulberry32: small, fast and good enough to spread demo data; returns numbers in [0, 1). */
const mulberry32 = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

export type TRandom = {
  next: () => number;
  chance: (probability: number) => boolean;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
};

export const createRandom = (seed: number): TRandom => {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    chance: (probability) => next() < probability,
    int,
    pick: (items) => items[int(0, items.length - 1)],
  };
};

// --- calendar days (yyyy-mm-dd, UTC arithmetic) ------------------------------------------------

const dayMs = 86_400_000;
export const toDayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / dayMs;
const fromDayNumber = (value: number) => new Date(value * dayMs).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => fromDayNumber(toDayNumber(day) + days);
/** A day between `from` and `to`, both included (`from` when `to` is earlier). */
export const dayBetween = (random: TRandom, from: string, to: string) =>
  addDays(from, random.int(0, Math.max(0, toDayNumber(to) - toDayNumber(from))));

// --- what the database offers ------------------------------------------------------------------

export type TIdCode = { id: number; code: string };

export type TDemoLookups = {
  provinces: TIdCode[];
  districtsByProvince: Map<number, number[]>;
  communesByDistrict: Map<number, number[]>;
  villagesByCommune: Map<number, number[]>;
  headOffices: { id: number; code: string; class: THeadOfficeClass; provinceId: number }[];
  reference: Record<TReferenceListName, TIdCode[]>;
  nationalityId: number | null;
};

const groupIds = (rows: { id: number; parentId: number }[]) => {
  const groups = new Map<number, number[]>();
  for (const row of rows) {
    const group = groups.get(row.parentId);
    if (group) group.push(row.id);
    else groups.set(row.parentId, [row.id]);
  }
  return groups;
};

/** A place level's row ids grouped by the place above them, each group in code order. */
const idsByParent = async (
  db: TDb,
  level: typeof districts | typeof communes | typeof villages,
  parentColumn: typeof districts.provinceId | typeof communes.districtId | typeof villages.communeId,
) => {
  const rows = await db.select({ id: level.id, parentId: parentColumn }).from(level).orderBy(asc(level.code));
  return groupIds(rows);
};

/** The seeded places, head offices and reference lists, each in a stable order (by code). */
export const loadDemoLookups = async (db: TDb): Promise<TDemoLookups> => {
  const provinceRows = await db
    .select({ id: provinces.id, code: provinces.code })
    .from(provinces)
    .orderBy(asc(provinces.code));
  const officeRows = await db
    .select({
      id: headOffices.id,
      code: headOffices.code,
      class: headOffices.class,
      provinceId: headOffices.provinceId,
    })
    .from(headOffices)
    .orderBy(asc(headOffices.code));
  const items = await db
    .select({ id: referenceItems.id, code: referenceItems.code, list: referenceItems.list })
    .from(referenceItems)
    .where(eq(referenceItems.active, true))
    .orderBy(asc(referenceItems.sortOrder), asc(referenceItems.code));
  const [cambodia] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'KH'));
  const listOf = (list: TReferenceListName) =>
    items.filter((item) => item.list === list).map(({ id, code }) => ({ id, code }));
  return {
    provinces: provinceRows,
    districtsByProvince: await idsByParent(db, districts, districts.provinceId),
    communesByDistrict: await idsByParent(db, communes, communes.districtId),
    villagesByCommune: await idsByParent(db, villages, villages.communeId),
    headOffices: officeRows,
    reference: {
      family_types: listOf('family_types'),
      living_with: listOf('living_with'),
      keeping_reasons: listOf('keeping_reasons'),
      child_disabilities: listOf('child_disabilities'),
      health_status: listOf('health_status'),
    },
    nationalityId: cambodia?.id ?? null,
  };
};
