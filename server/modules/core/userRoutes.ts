import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZUserInfo } from '../../../src/domain/auth';
import { adminUsername, developerUsername, superAdminRoleName } from '../../../src/domain/permissions';
import { roles, users } from '../../db/schema';
import { dataOf, errorResponses } from '../../http/schemas';
import { currentUser } from '../../plugins/permissions';

const ZUserItem = z.object({ id: z.number().int(), username: z.string(), name: z.string() });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/info',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user with current roles and permissions',
        response: { 200: dataOf(ZUserInfo), ...errorResponses(401) },
      },
    },
    async (request) => {
      const { id, name, username, roles, permissions } = currentUser(request);
      return { data: { id, name, username, roles, permissions } };
    },
  );

  app.get(
    '/users/all-users-without-admin',
    {
      config: { permission: 'users:read' },
      schema: {
        tags: ['users'],
        summary: 'Active users other than admin, developer and holders of the Super Admin role, by name',
        response: { 200: dataOf(z.array(ZUserItem)), ...errorResponses(401, 403) },
      },
    },
    async () => {
      const rows = await app.db
        .select({ id: users.id, username: users.username, name: users.name })
        .from(users)
        .leftJoin(roles, eq(roles.id, users.roleId))
        .where(
          and(
            eq(users.active, true),
            notInArray(sql`lower(${users.username})`, [adminUsername, developerUsername]),
            // A user without a role has no role name: `is distinct from` keeps them.
            sql`${roles.roleName} is distinct from ${superAdminRoleName}`,
          ),
        )
        .orderBy(asc(users.name), asc(users.id));
      return { data: rows };
    },
  );
};
