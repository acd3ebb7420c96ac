import { inArray } from 'drizzle-orm';
import type { TDb } from './client';
import { seedGazetteer } from './gazetteer';
import { countries, departments, headOffices, organizations, positions, provinces, states } from './schema';
import { departmentSeed, headOfficeSeed, organizationSeed, positionSeed } from './seedData/organisation';
import { stateSeed } from './seedData/states';

type TSeededTable =
  | typeof states
  | typeof organizations
  | typeof departments
  | typeof positions
  | typeof headOffices;

type TParentTable = typeof countries | typeof provinces | typeof organizations | typeof departments;

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
 * The configuration hierarchy's starting data: the gazetteer's districts, communes and villages
 * (loaded when its edition changed, see gazetteer.ts), states, organisations, departments, positions
 * and head offices. Idempotent and cheap enough for every start: one insert and at most one parent
 * look-up per level; rows whose code exists are left as they are, so an administrator's edits are
 * never overwritten, and a level whose table has rows is not seeded again (a deleted row stays
 * deleted). Runs after provinces and countries are seeded.
 */
export const seedConfiguration = async (db: TDb) => {
  await db.transaction(async (tx) => {
    await seedGazetteer(tx);
    const provinceIds = await idsByCode(
      tx,
      provinces,
      headOfficeSeed.map((row) => row.provinceCode),
    );

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
