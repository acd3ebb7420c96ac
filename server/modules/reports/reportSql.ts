import { type SQL, sql } from 'drizzle-orm';
import { addMonths } from '../../../src/domain/addMonths';
import { matchingStageNames } from '../../../src/domain/matchingStage';
import type { TReportAgeBand } from '../../../src/domain/reports/reportQuery';
import { matchingStages } from '../../../src/domain/workflows/matching.workflow';

/** The SQL pieces the reports, their kept summaries and the dashboard count with. */

export const bandYears: Record<TReportAgeBand, [number, number]> = {
  '0-2': [0, 2],
  '3-5': [3, 5],
  '6-11': [6, 11],
  '12-17': [12, 17],
};

/** An age band as birth days: born after `from` (exclusive) and on or before `to`, on `today`. */
export const bandBirthDays = (band: TReportAgeBand, today: string) => {
  const [youngest, oldest] = bandYears[band];
  return { after: addMonths(today, -12 * (oldest + 1)), upTo: addMonths(today, -12 * youngest) };
};

/** The SQL of a child's age band on `today` (null past 17), by its birth day `birth`. */
export const ageBandSql = (today: string, birth: SQL = sql`c.date_of_birth`): SQL => {
  const cases = (Object.keys(bandYears) as TReportAgeBand[]).map((band) => {
    const { after, upTo } = bandBirthDays(band, today);
    return sql`when ${birth} > ${after}::date and ${birth} <= ${upTo}::date then ${band}`;
  });
  return sql`(case ${sql.join(cases, sql` `)} end)`;
};

/**
 * The birth days an age band's boundary falls on, on `today` (each in a month of its own): in any
 * other birth month every child has the same band, so the kept counts by birth month are exact there.
 */
export const bandBoundaryDays = (today: string): string[] => [
  ...new Set(
    (Object.keys(bandYears) as TReportAgeBand[]).flatMap((band) => {
      const { after, upTo } = bandBirthDays(band, today);
      return [after, upTo];
    }),
  ),
];

export const hasDisabilitySql = sql`exists (select 1 from child_disabilities d where d.child_id = c.id)`;

export const stageOfSql = (status: SQL): SQL =>
  sql`(case ${sql.join(
    matchingStageNames.map(
      (stage) =>
        sql`when ${status} in (${sql.join(
          matchingStages[stage].map((one) => sql`${one}`),
          sql`, `,
        )}) then ${stage}`,
    ),
    sql` `,
  )} end)`;

export { rowsOf } from '../../db/rowsOf';

export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
