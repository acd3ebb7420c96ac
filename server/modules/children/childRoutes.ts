import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { childArea } from '../../../src/domain/areas/child.area';
import { isoDateIn } from '../../../src/domain/childStatus';
import { referenceItems } from '../../db/schema';
import type { TReferenceListName } from '../../db/schema/reference';
import { dataOf, errorResponses } from '../../http/schemas';
import { headOfficeOfUserRoute } from '../../resources/headOfficeOfUserRoute';
import { nextChildCode } from './childBinding';

const tags = ['child'];

/** The shared reference lookups of the child and parent forms (spec section 7), by path. */
const referenceLookups: [path: string, list: TReferenceListName][] = [
  ['/family-types', 'family_types'],
  ['/living-with', 'living_with'],
  ['/keeping-reasons', 'keeping_reasons'],
  ['/child-disabilities', 'child_disabilities'],
  ['/health-status', 'health_status'],
];

const ZTranslatable = z.object({ kh: z.string(), en: z.string() });
const ZOption = z.object({ id: z.number().int(), code: z.string(), name: ZTranslatable });

/** Child lookups, the next doc number, the user's head office (issue 5); the export is the engine's. */
export const childRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${childArea.apiBase}/get-child-doc-number`,
    {
      config: { permission: 'adoptive_children:write' },
      schema: {
        tags,
        summary: 'The code the next child record would get (informational: the create assigns it)',
        response: { 200: dataOf(z.object({ code: z.string() })), ...errorResponses(401, 403) },
      },
    },
    async () => {
      const year = isoDateIn(new Date(app.now())).slice(0, 4);
      return { data: { code: await nextChildCode(app.db, year) } };
    },
  );

  await app.register(headOfficeOfUserRoute(`${childArea.apiBase}/head-office-user`, tags, 'child'));

  for (const [path, list] of referenceLookups) {
    app.get(
      path,
      {
        config: { permission: 'authenticated' },
        schema: {
          tags,
          summary: `Active items of the ${list} reference list, in their order`,
          response: { 200: dataOf(z.array(ZOption)), ...errorResponses(401) },
        },
      },
      async () => {
        const rows = await app.db
          .select({ id: referenceItems.id, code: referenceItems.code, name: referenceItems.name })
          .from(referenceItems)
          .where(and(eq(referenceItems.list, list), eq(referenceItems.active, true)))
          .orderBy(asc(referenceItems.sortOrder), asc(referenceItems.code), asc(referenceItems.id));
        return { data: rows };
      },
    );
  }
};
