import { addMonths } from '../../../src/domain/addMonths';
import { childArea } from '../../../src/domain/areas/child.area';
import {
  applyChildEvent,
  childStatuses,
  isoDateIn,
  type TChildEvent,
  type TChildStatus,
} from '../../../src/domain/childStatus';
import { childMaxAgeYears, type TChildSex, yearsBefore } from '../../../src/domain/resources/child';
import type { TDb } from '../../db/client';
import {
  addDays,
  createRandom,
  dayBetween,
  loadDemoLookups,
  type TDemoLookups,
  type TIdCode,
  type TRandom,
} from '../../db/demo/demoKit';
import type { TDemoSeeder } from '../../db/demo/demoSeed';
import { childDisabilities, childInfos, statusHistory } from '../../db/schema';
import {
  demoFamilyNames,
  demoGivenNames,
  demoHealthNotes,
  demoNotes,
  demoReasons,
  type TDemoName,
} from '../../db/seedData/demoNames';

/**
 * Demo data for `npm run seed:demo` (scripts/seed-demo.ts): a few hundred children spread over
 * provinces, ages and statuses (the demo users: server/db/demo/demoUsers.ts). Never run at a normal start.
 *
 * Idempotent: child n always gets the code `DEMO-00000n` and rows are inserted with
 * `onConflictDoNothing` on the code, so a second run adds nothing (and a larger `children` adds only
 * the missing ones). Deterministic: child n is drawn from its own seeded generator (no Math.random),
 * so the same seeded database and the same `now` give the same children.
 *
 * Rows are written directly, one transaction per batch, without audit rows: they record no person's
 * action, and thousands of synthetic audit entries would only bury the real ones.
 */

export const demoCodePrefix = 'DEMO-';
export const demoCode = (number: number) => `${demoCodePrefix}${String(number).padStart(6, '0')}`;
export const defaultDemoChildren = 300;
const batchSize = 100;

/** Child n's own generator: planning 500 children gives the same first 300 as planning 300. */
const demoSeed = 0x5eed_c41d;
const randomForChild = (number: number) => createRandom(demoSeed ^ Math.imul(number, 0x9e37_79b1));

// --- the plan: pure, from the lookups and `now` ------------------------------------------------

export type TDemoHistoryRow = {
  action: string;
  fromStatus: TChildStatus;
  toStatus: TChildStatus;
  payload: Record<string, unknown>;
  at: Date;
};

export type TDemoChild = {
  row: typeof childInfos.$inferInsert;
  disabilityIds: number[];
  history: TDemoHistoryRow[];
};

/** The demo's status mix: ~45% registered, ~30% adoptable, ~10% long-term, ~10% international, ~5% back. */
type TDemoStory = 'registered' | 'adoptable' | 'longTerm' | 'international' | 'reAdopted';
const pickStory = (random: TRandom): TDemoStory => {
  const value = random.next();
  if (value < 0.45) return 'registered';
  if (value < 0.75) return 'adoptable';
  if (value < 0.85) return 'longTerm';
  if (value < 0.95) return 'international';
  return 'reAdopted';
};

const phnomPenhCode = '12';
const kandalCode = '08';
/** Codes of the kinds of care an orphaned or abandoned child cannot be in. */
const withParents = new Set(['parents', 'one_parent']);
const parentlessFamilyTypes = new Set(['kinship', 'foster', 'none']);
const illnesses = new Set(['chronic_illness', 'needs_treatment', 'malnourished']);

const pickReference = (
  random: TRandom,
  items: TIdCode[],
  accept: (code: string) => boolean = () => true,
): number | null => {
  const allowed = items.filter((item) => accept(item.code));
  const from = allowed.length > 0 ? allowed : items;
  return from.length > 0 ? random.pick(from).id : null;
};

/** The instant a dated action was recorded: during office hours in Phnom Penh that day, never after `now`. */
const recordedAt = (random: TRandom, day: string, now: Date, notBefore: Date | undefined): Date => {
  const officeHours = Date.parse(`${day}T08:00:00+07:00`) + random.int(0, 8 * 60) * 60_000;
  const at = Math.min(officeHours, now.getTime());
  return new Date(Math.max(at, notBefore ? notBefore.getTime() + 60_000 : at));
};

/**
 * Runs `events` through the child machine from `registered` (src/domain/childStatus.ts), so the
 * demo's statuses and history rows are ones the real status routes could have written.
 */
const playStory = (
  random: TRandom,
  now: Date,
  steps: { action: string; event: TChildEvent; payload: Record<string, unknown> }[],
) => {
  let status: TChildStatus = 'registered';
  const history: TDemoHistoryRow[] = [];
  for (const step of steps) {
    const result = applyChildEvent(status, step.event);
    if (!result.ok) throw new Error(`Demo story refused by the child machine: ${step.action} from ${status}`);
    const date = 'date' in step.event ? step.event.date : isoDateIn(now);
    history.push({
      action: step.action,
      fromStatus: status,
      toStatus: result.status,
      payload: step.payload,
      at: recordedAt(random, date, now, history.at(-1)?.at),
    });
    status = result.status;
  }
  return { status, history };
};

/** How long before today a demo child was taken into care, at most (months). */
const admittedWithinMonths = 36;
/** How long after the admission a demo child was found adoptable, at most (months). */
const adoptableWithinMonths = 8;
const maxDay = (a: string, b: string) => (a > b ? a : b);
const minDay = (a: string, b: string) => (a < b ? a : b);

const planChild = (lookups: TDemoLookups, number: number, now: Date, today: string): TDemoChild => {
  const random = randomForChild(number);

  const sex: TChildSex = random.chance(0.5) ? 'female' : 'male';
  const family: TDemoName = random.pick(demoFamilyNames);
  const given: TDemoName = random.pick(demoGivenNames[sex]);
  // Some children are known only by the Khmer name a village chief or a pagoda gave them.
  const khmerOnly = random.chance(0.05);

  // Under 18 today: after the day 18 years ago, not after today.
  const earliestBirth = addDays(yearsBefore(today, childMaxAgeYears), 1);
  let dateOfBirth = dayBetween(random, earliestBirth, today);
  // An estimated birth date is usually written down as 1 January of the guessed year.
  const dateOfBirthEstimated = random.chance(0.1);
  const firstOfYear = `${dateOfBirth.slice(0, 4)}-01-01`;
  if (dateOfBirthEstimated && firstOfYear >= earliestBirth) dateOfBirth = firstOfYear;
  // Taken into care within the last three years (issue 35: a day anywhere since birth put years
  // between a child's admission and the matching that placed them; the report showed 8 years).
  const admittedOn = dayBetween(random, maxDay(dateOfBirth, addMonths(today, -admittedWithinMonths)), today);

  // Birth place: the capital and Kandal are weighted up (they have places below the province).
  const byCode = (code: string) => lookups.provinces.find((province) => province.code === code);
  const placeDraw = random.next();
  const province =
    (placeDraw < 0.25 ? byCode(phnomPenhCode) : placeDraw < 0.4 ? byCode(kandalCode) : undefined) ??
    (lookups.provinces.length > 0 ? random.pick(lookups.provinces) : undefined);
  const districtIds = province ? (lookups.districtsByProvince.get(province.id) ?? []) : [];
  const districtId = districtIds.length > 0 && random.chance(0.9) ? random.pick(districtIds) : null;
  const communeIds = districtId ? (lookups.communesByDistrict.get(districtId) ?? []) : [];
  const communeId = communeIds.length > 0 && random.chance(0.85) ? random.pick(communeIds) : null;
  const villageIds = communeId ? (lookups.villagesByCommune.get(communeId) ?? []) : [];
  const villageId = villageIds.length > 0 && random.chance(0.85) ? random.pick(villageIds) : null;

  // The provincial office of the birth province holds most files; the national office the rest.
  const provincial = lookups.headOffices.find(
    (office) => office.class === 'provincial' && office.provinceId === province?.id,
  );
  const national = lookups.headOffices.find((office) => office.class === 'national');
  const headOffice =
    (random.chance(0.85) ? provincial : undefined) ?? national ?? provincial ?? lookups.headOffices[0];
  if (!headOffice) throw new Error('No head office: run the normal seed first.');

  const { reference } = lookups;
  const keepingReasonId = random.chance(0.97) ? pickReference(random, reference.keeping_reasons) : null;
  const keepingCode = reference.keeping_reasons.find((item) => item.id === keepingReasonId)?.code;
  const parentless = keepingCode === 'orphaned' || keepingCode === 'abandoned';
  const livingWithId = pickReference(random, reference.living_with, (code) =>
    parentless ? !withParents.has(code) : true,
  );
  const familyTypeId = pickReference(random, reference.family_types, (code) =>
    parentless ? parentlessFamilyTypes.has(code) : true,
  );
  // Most children are in good health.
  const healthStatusId = random.chance(0.6)
    ? pickReference(random, reference.health_status, (code) => code === 'good')
    : pickReference(random, reference.health_status);
  const healthCode = reference.health_status.find((item) => item.id === healthStatusId)?.code ?? '';
  const disabilityIds: number[] = [];
  if (random.chance(0.1) && reference.child_disabilities.length > 0) {
    disabilityIds.push(random.pick(reference.child_disabilities).id);
    const second = random.pick(reference.child_disabilities).id;
    if (random.chance(0.3) && !disabilityIds.includes(second)) disabilityIds.push(second);
  }
  const healthNotes =
    disabilityIds.length > 0 || illnesses.has(healthCode) ? random.pick(demoHealthNotes) : null;
  const notes = random.chance(0.35) ? random.pick(demoNotes) : null;

  // The status, reached through the machine with dates after the admission.
  const story = pickStory(random);
  const dated = (from: string) => dayBetween(random, from, today);
  const leave = (type: 'LONG_TERM' | 'INTERNATIONAL', date: string) => {
    const reason = random.pick(type === 'LONG_TERM' ? demoReasons.longTerm : demoReasons.international);
    return {
      action: type === 'LONG_TERM' ? 'long-term' : 'international',
      event: { type, date, reason, today } as const,
      payload: { date, reason },
    };
  };
  let steps: Parameters<typeof playStory>[2] = [];
  let adoptionConfirmedOn: string | null = null;
  if (story === 'adoptable') {
    // Found adoptable within months of the admission, as the programme decides it.
    adoptionConfirmedOn = dayBetween(
      random,
      admittedOn,
      minDay(today, addMonths(admittedOn, adoptableWithinMonths)),
    );
    steps = [
      {
        action: 'confirm-adoption',
        event: { type: 'CONFIRM_ADOPTION', date: adoptionConfirmedOn, today },
        payload: { date: adoptionConfirmedOn },
      },
    ];
  } else if (story === 'longTerm' || story === 'international') {
    steps = [leave(story === 'longTerm' ? 'LONG_TERM' : 'INTERNATIONAL', dated(admittedOn))];
  } else if (story === 'reAdopted') {
    const left = dated(admittedOn);
    const back = dated(left);
    const reason = random.pick(demoReasons.reAdoption);
    steps = [
      leave(random.chance(0.5) ? 'LONG_TERM' : 'INTERNATIONAL', left),
      {
        action: 're-adoption',
        event: { type: 'RE_ADOPTION', date: back, reason, today },
        payload: { date: back, reason },
      },
    ];
  }
  const { status, history } = playStory(random, now, steps);

  return {
    row: {
      code: demoCode(number),
      familyNameKh: family.kh,
      givenNameKh: given.kh,
      familyNameEn: khmerOnly ? null : family.en,
      givenNameEn: khmerOnly ? null : given.en,
      sex,
      dateOfBirth,
      dateOfBirthEstimated,
      birthProvinceId: province?.id ?? null,
      birthDistrictId: districtId,
      birthCommuneId: communeId,
      birthVillageId: villageId,
      nationalityId: lookups.nationalityId,
      headOfficeId: headOffice.id,
      admittedOn,
      keepingReasonId,
      livingWithId,
      familyTypeId,
      healthStatusId,
      healthNotes,
      notes,
      status,
      adoptionConfirmedOn,
    },
    disabilityIds,
    history,
  };
};

/** Demo children 1..`children`, the same every time for the same lookups and `now`. */
export const planDemoChildren = (
  lookups: TDemoLookups,
  options: { children?: number; now: Date },
): TDemoChild[] => {
  const count = options.children ?? defaultDemoChildren;
  const today = isoDateIn(options.now);
  return Array.from({ length: count }, (_, index) => planChild(lookups, index + 1, options.now, today));
};

// --- writing -----------------------------------------------------------------------------------

export type TDemoResult = {
  /** Children this run inserted, by status. */
  inserted: number;
  byStatus: Partial<Record<TChildStatus, number>>;
  /** Of the registered ones, those back in the programme after a re-adoption. */
  reAdopted: number;
  /** Demo children that were there already (left as they are). */
  existing: number;
  disabilityRows: number;
  historyRows: number;
};

/**
 * Adds demo children `DEMO-000001`..`DEMO-<children>` that are missing; the ones already there are
 * left untouched (whatever a demo user did with them). `actorId` is written as their creator and as
 * the user of their history rows.
 */
export const seedDemoData = async (
  db: TDb,
  options: { children?: number; now: Date; actorId?: number | null },
): Promise<TDemoResult> => {
  const actorId = options.actorId ?? null;
  const lookups = await loadDemoLookups(db);
  const plan = planDemoChildren(lookups, options);
  const result: TDemoResult = {
    inserted: 0,
    byStatus: {},
    reAdopted: 0,
    existing: 0,
    disabilityRows: 0,
    historyRows: 0,
  };
  for (let start = 0; start < plan.length; start += batchSize) {
    const batch = plan.slice(start, start + batchSize);
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(childInfos)
        .values(batch.map(({ row }) => ({ ...row, createdBy: actorId, updatedBy: actorId })))
        .onConflictDoNothing({ target: childInfos.code })
        .returning({ id: childInfos.id, code: childInfos.code });
      const idByCode = new Map(inserted.map((row) => [row.code, row.id]));
      const fresh = batch.flatMap((child) => {
        const id = idByCode.get(child.row.code);
        return id === undefined ? [] : [{ id, child }];
      });
      const disabilityRows = fresh.flatMap(({ id, child }) =>
        child.disabilityIds.map((disabilityId) => ({ childId: id, disabilityId, createdBy: actorId })),
      );
      const historyRows = fresh.flatMap(({ id, child }) =>
        child.history.map((entry) => ({
          ...entry,
          entity: childArea.entity,
          entityId: id,
          userId: actorId,
          createdBy: actorId,
        })),
      );
      if (disabilityRows.length > 0) await tx.insert(childDisabilities).values(disabilityRows);
      if (historyRows.length > 0) await tx.insert(statusHistory).values(historyRows);
      result.inserted += fresh.length;
      result.existing += batch.length - fresh.length;
      result.disabilityRows += disabilityRows.length;
      result.historyRows += historyRows.length;
      for (const { child } of fresh) {
        const status = child.row.status as TChildStatus;
        result.byStatus[status] = (result.byStatus[status] ?? 0) + 1;
        if (child.history.at(-1)?.action === 're-adoption') result.reAdopted += 1;
      }
    });
  }
  return result;
};

/** The children module's demo data: `run.children` children (300 by default), by demo.caseworker. */
export const seedDemoChildren: TDemoSeeder = async (db, run) => {
  const started = performance.now();
  const result = await seedDemoData(db, {
    children: run.children,
    now: run.now,
    actorId: run.userIds.get('demo.caseworker') ?? null,
  });
  const seconds = (performance.now() - started) / 1000;
  const statuses = childStatuses
    .filter((status) => result.byStatus[status])
    .map((status) => `${status} ${result.byStatus[status]}`)
    .join(', ');
  return [
    `children: ${result.inserted} added in ${seconds.toFixed(1)} s${statuses ? ` (${statuses}; ${result.reAdopted} of the registered back after a re-adoption)` : ''}, ${result.existing} already there`,
    `status history rows: ${result.historyRows}, disabilities: ${result.disabilityRows}`,
  ];
};
