import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TDbOrTx } from '../audit';
import { auditLog } from '../db/schema';

/**
 * The next free code `{stem}{000001}` of a record table (a child's `CH-2026-`, an application's
 * `PA-2026-`). Codes of a stem all have six digits, so the greatest code holds the greatest
 * number. A deleted record's code (kept in the audit log) is never given again: papers may
 * already carry it. Callers creating a record hold `lockRecordCodes` first.
 */
export const nextRecordCode = async (
  db: TDbOrTx,
  target: { entity: string; code: PgColumn },
  stem: string,
): Promise<string> => {
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
        eq(auditLog.action, 'delete'),
        sql`${deletedCode} like ${`${escaped}%`}`,
        sql`${deletedCode} ~ '[0-9]{6}$'`,
      ),
    )
    .orderBy(desc(deletedCode))
    .limit(1);
  const greatest = [last?.code as string | undefined, lastDeleted?.code].filter(Boolean).sort().at(-1);
  const number = greatest ? Number(greatest.slice(-6)) + 1 : 1;
  return `${stem}${String(number).padStart(6, '0')}`;
};

/**
 * Two creates at the same moment would compute the same next code: a transaction-scoped advisory
 * lock takes them one after the other (released at commit, when the first code is visible).
 */
export const lockRecordCodes = (db: TDbOrTx, entity: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${entity}.code`}))`);
