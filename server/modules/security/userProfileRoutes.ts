import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZProfile, ZProfileInput } from '../../../src/domain/profile';
import { writeAudit } from '../../audit';
import { hashPassword, verifyPassword } from '../../auth/password';
import { endUserSessions } from '../../auth/sessions';
import { clearFailures, recordFailure, throttledForMs, throttleKeys } from '../../auth/throttle';
import { users } from '../../db/schema';
import { ApiError, fieldErrors, unauthenticated } from '../../errors';
import { dataOf, errorResponses } from '../../http/schemas';
import { currentUser } from '../../plugins/permissions';

/** The signed-in user's own profile (issue 4): their name and their password. */
export const userProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/admin/user-profile',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['users'],
        summary:
          'Change your own name and, with your current password, your password (your other sessions end)',
        body: ZProfileInput,
        response: { 200: dataOf(ZProfile), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { name, oldPassword, newPassword } = request.body;
      const changesPassword = newPassword !== undefined;
      let passwordHash: string | undefined;
      if (changesPassword) {
        // Guessing the current password from an open session counts like guessing it at sign-in.
        const keys = throttleKeys(actor.username, request.ip);
        const waitMs = await throttledForMs(app.db, keys, app.now());
        if (waitMs > 0) {
          const waitS = Math.ceil(waitMs / 1000);
          throw new ApiError(
            429,
            'tooManyAttempts',
            { minutes: Math.ceil(waitS / 60) },
            { 'retry-after': String(waitS) },
          );
        }
        const [stored] = await app.db
          .select({ passwordHash: users.passwordHash })
          .from(users)
          .where(eq(users.id, actor.id));
        if (!stored) throw unauthenticated();
        if (!(await verifyPassword(oldPassword ?? '', stored.passwordHash))) {
          await recordFailure(app.db, keys, app.now());
          throw fieldErrors((t) => t.server.wrongOldPassword({ field: 'oldPassword' }));
        }
        await clearFailures(app.db, keys);
        passwordHash = await hashPassword(newPassword);
      }

      const updated = await app.db.transaction(async (tx) => {
        const [before] = await tx
          .select({ id: users.id, name: users.name, username: users.username })
          .from(users)
          .where(eq(users.id, actor.id));
        if (!before) throw unauthenticated();
        const [after] = await tx
          .update(users)
          .set({
            name,
            ...(passwordHash ? { passwordHash } : {}),
            version: sql`${users.version} + 1`,
            updatedBy: actor.id,
            updatedAt: new Date(),
          })
          .where(eq(users.id, actor.id))
          .returning({ id: users.id, name: users.name, username: users.username });
        // A new password ends every other session (a stolen one among them); this one goes on.
        if (passwordHash) await endUserSessions(tx, actor.id, { keepFamilyId: actor.familyId });
        await writeAudit(tx, {
          userId: actor.id,
          entity: 'users',
          entityId: actor.id,
          action: 'profile',
          before,
          after: { ...after, passwordChanged: changesPassword },
        });
        return after;
      });
      return { data: updated };
    },
  );
};
