import type { TDb } from './db/client';
import { auditLog } from './db/schema';

/** A transaction or the database itself: audit rows are written in the transaction of the change. */
export type TDbOrTx = TDb | Parameters<Parameters<TDb['transaction']>[0]>[0];

export type TAuditEntry = {
  userId: number | null;
  /** Table name, e.g. `districts`. */
  entity: string;
  entityId: number | null;
  action: 'create' | 'update' | 'delete' | (string & {});
  before?: unknown;
  after?: unknown;
};

/** The audit row of one change, as inserted (one at a time, or many together by the bulk import). */
export const auditValues = (entry: TAuditEntry) => ({
  userId: entry.userId,
  entity: entry.entity,
  entityId: entry.entityId,
  action: entry.action,
  before: entry.before ?? null,
  after: entry.after ?? null,
  createdBy: entry.userId,
  updatedBy: entry.userId,
});

/** Who changed what and when, with the record before and after (DESIGN.md section 5). */
export const writeAudit = async (db: TDbOrTx, entry: TAuditEntry) => {
  await db.insert(auditLog).values(auditValues(entry));
};
