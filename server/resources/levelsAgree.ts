import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDbOrTx } from '../audit';
import { fieldErrors } from '../errors';
import { directSession, type TWriteSession } from './writeSession';

/** One level of a hierarchy in a record: `field` holds a row of `table` whose `parentColumn` must equal `parentField`. */
export type THierarchyLevel = {
  field: string;
  table: PgTable & { id: PgColumn };
  parentColumn: PgColumn;
  parentField: string;
};

/**
 * A `consistency` hook for records that name several levels of one hierarchy (an address's
 * village, commune, district and province; a user's position, department and organisation): each
 * level given lies in the level above it, else a 400 on that field. A level not given is skipped (a
 * missing row is already the `parents` check's 400). Each level is read through the write's
 * session (batched when many records are written together).
 */
export const levelsAgree =
  (levels: readonly THierarchyLevel[]) =>
  async (
    db: TDbOrTx,
    record: Record<string, unknown>,
    session: TWriteSession = directSession(db),
  ): Promise<void> => {
    for (const level of levels) {
      const id = record[level.field];
      const parentId = record[level.parentField];
      if (typeof id !== 'number' || typeof parentId !== 'number') continue;
      const row = await session.valueOf(level.parentColumn, id);
      if (row && row.value !== parentId) {
        throw fieldErrors((t) => t.server.notInParent({ field: level.field, parent: level.parentField }));
      }
    }
  };
