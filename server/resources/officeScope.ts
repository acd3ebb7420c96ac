import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TAuthUser } from '../auth/service';
import { fieldErrors } from '../errors';

/**
 * DESIGN.md section 7: a user of a provincial head office sees and acts on the records of that
 * office only (`TAuthUser.officeScope`); for them the others do not exist (404). The condition
 * that keeps a query within the user's office, or undefined when they see all (or the records are
 * not kept by office).
 */
export const officeCondition = (
  column: PgColumn | undefined,
  user: Pick<TAuthUser, 'officeScope'>,
): SQL | undefined => (column && user.officeScope !== null ? eq(column, user.officeScope) : undefined);

/** A record written for another office than the user's own is refused on that field (400). */
export const assertOwnOffice = (
  field: string | undefined,
  value: unknown,
  user: Pick<TAuthUser, 'officeScope'>,
): void => {
  if (!field || user.officeScope === null || value === undefined) return;
  if (value !== user.officeScope) throw fieldErrors((t) => t.server.otherOffice({ field }));
};
