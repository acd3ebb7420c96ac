import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { headOffices, users } from '../db/schema';
import { dataOf, errorResponses } from '../http/schemas';
import { currentUser } from '../plugins/permissions';

const ZTranslatable = z.object({ kh: z.string(), en: z.string() });
const ZHeadOfficeOfUser = z.object({
  id: z.number().int(),
  code: z.string(),
  name: ZTranslatable,
  class: z.string(),
});

/**
 * `GET {path}`: the signed-in user's head office, or null (spec section 7: `/child-infos/...` and
 * `/parent-infos/head-office-user`), the default head office of a new record of `what`.
 */
export const headOfficeOfUserRoute =
  (path: string, tags: string[], what: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      path,
      {
        config: { permission: 'authenticated' },
        schema: {
          tags,
          summary: `The signed-in user's head office (the default of a new ${what}'s), or null`,
          response: { 200: dataOf(ZHeadOfficeOfUser.nullable()), ...errorResponses(401) },
        },
      },
      async (request) => {
        const [office] = await app.db
          .select({
            id: headOffices.id,
            code: headOffices.code,
            name: headOffices.name,
            class: headOffices.class,
          })
          .from(users)
          .innerJoin(headOffices, eq(headOffices.id, users.headOfficeId))
          .where(eq(users.id, currentUser(request).id))
          .limit(1);
        return { data: office ?? null };
      },
    );
  };
