import { sql } from 'drizzle-orm';
import type { TReportBreakdownRow } from '../../../src/domain/reports/reportAnswer';
import type { TTranslatable } from '../../../src/domain/translatable';
import type { TDbOrTx } from '../../audit';

type TGroupedCount = { grp: string | null; status: string; n: unknown };

const count = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/**
 * A breakdown's rows from counts grouped by (group, status): one row a group (in `order`, else
 * sorted), each status counted under `{prefix}.{status}`. Both reports break their records down so.
 */
export const statusBreakdownRows = (
  rows: readonly TGroupedCount[],
  statuses: readonly string[],
  prefix: string,
  name: (id: string) => TTranslatable,
  order?: readonly string[],
): TReportBreakdownRow[] =>
  (order ?? [...new Set(rows.map((row) => row.grp).filter((id): id is string => id !== null))].sort()).map(
    (id) => ({
      id,
      name: name(id),
      values: Object.fromEntries(
        statuses.map((status) => [
          `${prefix}.${status}`,
          count(rows.find((row) => row.grp === id && row.status === status)?.n),
        ]),
      ),
    }),
  );

/** Every province's name by its id as text (the province breakdown's names). */
export const provinceNamesOf = async (db: TDbOrTx): Promise<Map<string, TTranslatable>> => {
  const result = await db.execute(sql`select id, name from provinces`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    id: number;
    name: TTranslatable;
  }[];
  return new Map(rows.map((row) => [String(row.id), row.name]));
};
