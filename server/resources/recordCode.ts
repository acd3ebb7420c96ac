import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TDbOrTx } from '../audit';
import { auditLog } from '../db/schema';

/** The table whose records carry codes of a stem: its audit entity and its code column. */
export type TCodeTarget = { entity: string; code: PgColumn };

/**
 * The greatest number given under `stem` (0 when none): of the table's codes, and of the codes of
 * deleted records (kept in the audit log; migration 0025's partial index reads only the deletes).
 * Codes of a stem all have six digits, so the greatest code holds the greatest number.
 */
export const greatestCodeNumber = async (db: TDbOrTx, target: TCodeTarget, stem: string): Promise<number> => {
  const escaped = stem.replace(/[\\%_]/g, (char) => `\\${char}`);
  const [last] = await db
    .select({ code: target.code })
    .from(target.code.table)
    .where(and(like(target.code, `${escaped}%`), sql`${target.code} ~ '[0-9]{6}$'`))
    .orderBy(desc(target.code))
    .limit(1);
  const deletedCode = sql<string>`${auditLog.before} ->> 'code'`;
  const [lastDeleted] = await db
    .select({ code: deletedCode })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, target.entity),
        // Written out, not a parameter: the partial index's condition (migration 0025) is then seen to hold.
        sql`${auditLog.action} = 'delete'`,
        sql`${deletedCode} like ${`${escaped}%`}`,
        sql`${deletedCode} ~ '[0-9]{6}$'`,
      ),
    )
    .orderBy(desc(deletedCode))
    .limit(1);
  const greatest = [last?.code as string | undefined, lastDeleted?.code].filter(Boolean).sort().at(-1);
  return greatest ? Number(greatest.slice(-6)) : 0;
};

/** The code of `number` under `stem`: `{stem}{000042}`. */
export const recordCodeOf = (stem: string, number: number) => `${stem}${String(number).padStart(6, '0')}`;

/**
 * The next free code `{stem}{000001}` of a record table (a child's `CH-2026-`, an application's
 * `PA-2026-`). A deleted record's code (kept in the audit log) is never given again: papers may
 * already carry it. Callers creating a record hold `lockRecordCodes` first (a write's session,
 * server/resources/writeSession.ts, does both).
 */
export const nextRecordCode = async (db: TDbOrTx, target: TCodeTarget, stem: string): Promise<string> =>
  recordCodeOf(stem, (await greatestCodeNumber(db, target, stem)) + 1);

/**
 * Two creates at the same moment would compute the same next code: a transaction-scoped advisory
 * lock takes them one after the other (released at commit, when the first code is visible).
 */
export const lockRecordCodes = (db: TDbOrTx, entity: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${entity}.code`}))`);
