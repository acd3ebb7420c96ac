import { and, eq, isNull, ne } from 'drizzle-orm';
import type { TDbOrTx } from '../audit';
import { refreshTokens } from '../db/schema';

/**
 * Ends every session of a user at once: each refresh-token family of theirs is revoked, so their
 * refresh tokens stop working and `authenticate` refuses their access tokens (it checks the family).
 * `keepFamilyId` spares one session: the caller's own, when they change their own password.
 */
export const endUserSessions = async (
  db: TDbOrTx,
  userId: number,
  options: { keepFamilyId?: string } = {},
): Promise<void> => {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        options.keepFamilyId ? ne(refreshTokens.familyId, options.keepFamilyId) : undefined,
      ),
    );
};
