import { inArray } from 'drizzle-orm';
import type { TDb } from './client';
import {
  communes,
  countries,
  departments,
  districts,
  headOffices,
  organizations,
  positions,
  provinces,
  states,
  villages,
} from './schema';
import { communeSeed, districtSeed, villageSeed } from './seedData/geography';
import { departmentSeed, headOfficeSeed, organizationSeed, positionSeed } from './seedData/organisation';
import { stateSeed } from './seedData/states';

type TSeededTable =
  | typeof districts
  | typeof communes
  | typeof villages
  | typeof states
  | typeof organizations
  | typeof departments
  | typeof positions
  | typeof headOffices;

type TParentTable =
  | typeof countries
  | typeof provinces
  | typeof districts
  | typeof communes
  | typeof organizations
  | typeof departments;

/**
 * A level is seeded only while its table is empty (the first start): a row an administrator deletes
 * later stays deleted.
 */
const isEmpty = async (db: TDb, table: TSeededTable): Promise<boolean> =>
  (await db.select({ id: table.id }).from(table).limit(1)).length === 0;

/** Ids of the rows with these codes, in one query. */
const idsByCode = async (db: TDb, table: TParentTable, codes: string[]): Promise<Map<string, number>> => {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: table.id, code: table.code })
    .from(table)
    .where(inArray(table.code, unique));
  return new Map(rows.map((row) => [row.code, row.id]));
};

/**
 * Rows whose parent exists, with the parent's id. A parent an administrator has re-coded is skipped
 * rather than failing the start.
 */
const withParentIds = <TRow, TOut>(
  rows: TRow[],
  parentCodeOf: (row: TRow) => string,
  parentIds: Map<string, number>,
  build: (row: TRow, parentId: number) => TOut,
): TOut[] =>
  rows.flatMap((row) => {
    const parentId = parentIds.get(parentCodeOf(row));
    return parentId === undefined ? [] : [build(row, parentId)];
  });

/**
 * The configuration hierarchy's starting data: districts, communes and villages, states, organisations,
 * departments, positions and head offices. Idempotent and cheap enough for every start: one insert and
 * at most one parent look-up per level; rows whose code exists are left as they are, so an
 * administrator's edits are never overwritten, and a level whose table has rows is not seeded again
 * (a deleted row stays deleted). Runs after provinces and countries are seeded.
 */
export const seedConfiguration = async (db: TDb) => {
  await db.transaction(async (tx) => {
    const provinceIds = await idsByCode(tx, provinces, [
      ...districtSeed.map((row) => row.parentCode),
      ...headOfficeSeed.map((row) => row.provinceCode),
    ]);
    const districtRows = withParentIds(
      districtSeed,
      (row) => row.parentCode,
      provinceIds,
      (row, provinceId) => ({ code: row.code, name: row.name, provinceId }),
    );
    if (districtRows.length > 0 && (await isEmpty(tx, districts))) {
      await tx.insert(districts).values(districtRows).onConflictDoNothing({ target: districts.code });
    }

    const districtIds = await idsByCode(
      tx,
      districts,
      communeSeed.map((row) => row.parentCode),
    );
    const communeRows = withParentIds(
      communeSeed,
      (row) => row.parentCode,
      districtIds,
      (row, districtId) => ({ code: row.code, name: row.name, districtId }),
    );
    if (communeRows.length > 0 && (await isEmpty(tx, communes))) {
      await tx.insert(communes).values(communeRows).onConflictDoNothing({ target: communes.code });
    }

    const communeIds = await idsByCode(
      tx,
      communes,
      villageSeed.map((row) => row.parentCode),
    );
    const villageRows = withParentIds(
      villageSeed,
      (row) => row.parentCode,
      communeIds,
      (row, communeId) => ({ code: row.code, name: row.name, communeId }),
    );
    if (villageRows.length > 0 && (await isEmpty(tx, villages))) {
      await tx.insert(villages).values(villageRows).onConflictDoNothing({ target: villages.code });
    }

    const countryIds = await idsByCode(
      tx,
      countries,
      stateSeed.map((row) => row.countryCode),
    );
    const stateRows = withParentIds(
      stateSeed,
      (row) => row.countryCode,
      countryIds,
      (row, countryId) => ({ code: row.code, name: row.name, countryId }),
    );
    if (stateRows.length > 0 && (await isEmpty(tx, states))) {
      await tx.insert(states).values(stateRows).onConflictDoNothing({ target: states.code });
    }

    if (await isEmpty(tx, organizations)) {
      await tx
        .insert(organizations)
        .values(organizationSeed.map((row) => ({ code: row.code, name: row.name })))
        .onConflictDoNothing({ target: organizations.code });
    }

    const organizationIds = await idsByCode(
      tx,
      organizations,
      departmentSeed.map((row) => row.organizationCode),
    );
    const departmentRows = withParentIds(
      departmentSeed,
      (row) => row.organizationCode,
      organizationIds,
      (row, organizationId) => ({ code: row.code, name: row.name, organizationId }),
    );
    if (departmentRows.length > 0 && (await isEmpty(tx, departments))) {
      await tx.insert(departments).values(departmentRows).onConflictDoNothing({ target: departments.code });
    }

    const departmentIds = await idsByCode(
      tx,
      departments,
      positionSeed.map((row) => row.departmentCode),
    );
    const positionRows = withParentIds(
      positionSeed,
      (row) => row.departmentCode,
      departmentIds,
      (row, departmentId) => ({ code: row.code, name: row.name, departmentId }),
    );
    if (positionRows.length > 0 && (await isEmpty(tx, positions))) {
      await tx.insert(positions).values(positionRows).onConflictDoNothing({ target: positions.code });
    }

    const headOfficeRows = withParentIds(
      headOfficeSeed,
      (row) => row.provinceCode,
      provinceIds,
      (row, provinceId) => ({ code: row.code, name: row.name, class: row.class, provinceId }),
    );
    if (headOfficeRows.length > 0 && (await isEmpty(tx, headOffices))) {
      await tx.insert(headOffices).values(headOfficeRows).onConflictDoNothing({ target: headOffices.code });
    }
  });
};
