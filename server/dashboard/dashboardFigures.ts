import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TAreaDefinition } from '../../src/domain/areas/area';
import type { TDashboardFigure } from '../../src/domain/dashboard';
import type { TDbOrTx } from '../audit';
import type { TAuthUser } from '../auth/service';
import { rowsOf } from '../db/rowsOf';

/**
 * How the modules' dashboard cards count (server/dashboard/dashboardCard.ts): a figure with the
 * area's list that shows exactly what it counts, counts by status, each figure's own count, and
 * the kept summaries' counts, all within the user's office.
 */

/** The area's list, filtered by the parameters it already reads. */
const listPath = (area: TAreaDefinition, query: Record<string, string>): string =>
  `${area.routeBase}?${new URLSearchParams(query).toString()}`;

/** A figure and the area's list that shows exactly what it counts. */
export const figure = (
  area: TAreaDefinition,
  key: string,
  value: number | undefined,
  query: Record<string, string>,
): TDashboardFigure => ({ key, value: value ?? 0, listPath: listPath(area, query) });

/** The area's statuses (its badge tones name them), each with its count (0 when none). */
export const byStatus = (
  area: TAreaDefinition,
  rows: readonly { status: string; value: number }[],
): TDashboardFigure[] =>
  Object.keys(area.statuses ?? {}).map((status) =>
    figure(area, status, rows.find((row) => row.status === status)?.value, { status }),
  );

/** The kept summary's rows (server/modules/reports/reportSummaries.ts) in the user's office. */
export const keptInOffice = (user: TAuthUser) =>
  user.officeScope === null ? sql`true` : sql`s.head_office_id = ${user.officeScope}`;

/** Statuses' counts from a kept summary table, in the user's office. */
export const keptByStatus = async (db: TDbOrTx, user: TAuthUser, table: string) =>
  (
    await rowsOf<{ status: string; value: string }>(
      db,
      sql`select s.status, sum(s.n) as value from ${sql.identifier(table)} s where ${keptInOffice(user)} group by s.status`,
    )
  ).map((row) => ({ status: row.status, value: Number(row.value) }));

/**
 * Each figure's own count in one statement: a scalar subquery per figure, so that each reads only
 * its range of an index (one scan with `count(*) filter (…)` reads every row any of them might count).
 */
export const countEach = async <K extends string>(
  db: TDbOrTx,
  table: PgTable,
  conditions: Record<K, SQL | undefined>,
): Promise<Record<K, number>> => {
  const [row] = await rowsOf<Record<K, number>>(
    db,
    sql`select ${sql.join(
      Object.entries<SQL | undefined>(conditions).map(
        ([key, condition]) =>
          sql`(select count(*) from ${table} where ${condition})::int as ${sql.identifier(key)}`,
      ),
      sql`, `,
    )}`,
  );
  return row;
};
