import type { TDbOrTx } from '../audit';
import { ApiError, type TServerMessageKey } from '../errors';

/**
 * A record the law keeps (DESIGN.md section 7, issue 27): an adopted child, an application that
 * adopted, a completed or rejected matching, a given service. The resource engine's delete asks it
 * first, in its transaction with the row locked, for every caller and whatever the permission
 * (super users too): a mistake in a kept record is corrected by editing, which the timeline keeps.
 */
export type TKeptRule = {
  /** The record's `status` values in which it is kept (its area's `keptStatuses`). */
  statuses: readonly string[];
  /** The 409's message: names the kind of record, says it is corrected by editing. */
  reason: TServerMessageKey;
  /** Kept in another status too when this holds (a child adopted once who re-entered the programme). */
  alsoWhen?: (db: TDbOrTx, id: number) => Promise<boolean>;
};

/** Refuses (409, the rule's reason) to delete `record` when its rule keeps it. */
export const refuseKeptRecord = async (
  rule: TKeptRule | undefined,
  db: TDbOrTx,
  record: Record<string, unknown>,
): Promise<void> => {
  if (!rule) return;
  const kept =
    rule.statuses.includes(String(record.status)) || (await rule.alsoWhen?.(db, Number(record.id)));
  if (kept) throw new ApiError(409, rule.reason);
};
