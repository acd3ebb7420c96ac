import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { TDbOrTx } from '../audit';
import { statusHistory, users } from '../db/schema';

/**
 * The status history of some records of one area, each step with who took it: the workflow's
 * history route (one record, newest first) and the printable report's matchings (oldest first).
 */
export const statusHistoryOf = async (
  db: TDbOrTx,
  entity: string,
  entityIds: readonly number[],
  order: 'newestFirst' | 'oldestFirst',
) => {
  if (entityIds.length === 0) return [];
  const by = order === 'newestFirst' ? desc : asc;
  const rows = await db
    .select({
      id: statusHistory.id,
      entityId: statusHistory.entityId,
      action: statusHistory.action,
      fromStatus: statusHistory.fromStatus,
      toStatus: statusHistory.toStatus,
      payload: statusHistory.payload,
      userId: statusHistory.userId,
      userName: users.name,
      at: statusHistory.at,
    })
    .from(statusHistory)
    .leftJoin(users, eq(users.id, statusHistory.userId))
    .where(and(eq(statusHistory.entity, entity), inArray(statusHistory.entityId, [...entityIds])))
    .orderBy(by(statusHistory.at), by(statusHistory.id));
  return rows.map(({ userId, userName, at, ...row }) => ({
    ...row,
    // A deleted user leaves the step without a name: the history keeps the action anyway.
    user: userId !== null && userName !== null ? { id: userId, name: userName } : null,
    at: at.toISOString(),
  }));
};
