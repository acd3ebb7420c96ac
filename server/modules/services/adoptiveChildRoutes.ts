import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceArea } from '../../../src/domain/areas/service.area';
import { personName } from '../../../src/domain/personName';
import { adoptiveMatchings, childInfos } from '../../db/schema';
import { dataOf, errorResponses } from '../../http/schemas';
import { currentUser } from '../../plugins/permissions';
import { officeCondition } from '../../resources/officeScope';
import { fullName } from '../../resources/recordSql';

const ZAdoptedChild = z.object({
  /** The child's id: what a new service's `childId` takes. */
  id: z.number().int(),
  code: z.string(),
  /** The name a picker shows, in both languages (either script when only one is recorded). */
  name: z.object({ kh: z.string(), en: z.string() }),
  /** The completed matching a new service for this child follows (the latest, were there several). */
  matchingId: z.number().int(),
  matchingCode: z.string(),
  /** The keep approval's day: no service is given before it. */
  adoptedOn: z.string(),
});

/**
 * The create form's child picker (issue 14, spec section 7 'Service after adoption'):
 * `GET /service-after-adoption/adoptive-childs`, the adopted children the user may see, each with
 * the completed matching a new service follows (as `POST /service-after-adoption` finds it from a
 * `childId`: the child's latest completion), ordered by code. Out of the user's office neither the
 * child nor its matching is offered.
 */
export const adoptiveChildRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${serviceArea.apiBase}/adoptive-childs`,
    {
      config: { permission: 'post_adoption_services:read' },
      schema: {
        tags: ['service after adoption'],
        summary: 'Adopted children, each with its completed matching: who a service can be added for',
        response: { 200: dataOf(z.array(ZAdoptedChild)), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // One row per child (its latest completion first), the children in code order.
      const rows = await app.db
        .selectDistinctOn([childInfos.code, childInfos.id], {
          id: childInfos.id,
          code: childInfos.code,
          nameKh: fullName(childInfos.familyNameKh, childInfos.givenNameKh),
          nameEn: fullName(childInfos.familyNameEn, childInfos.givenNameEn),
          matchingId: adoptiveMatchings.id,
          matchingCode: adoptiveMatchings.code,
          adoptedOn: adoptiveMatchings.completedOn,
        })
        .from(childInfos)
        .innerJoin(adoptiveMatchings, eq(adoptiveMatchings.childId, childInfos.id))
        .where(
          and(
            eq(childInfos.status, 'adopted'),
            eq(adoptiveMatchings.status, 'completed'),
            isNotNull(adoptiveMatchings.completedOn),
            officeCondition(childInfos.headOfficeId, user),
            officeCondition(adoptiveMatchings.headOfficeId, user),
          ),
        )
        .orderBy(
          asc(childInfos.code),
          asc(childInfos.id),
          desc(adoptiveMatchings.completedOn),
          desc(adoptiveMatchings.id),
        );
      return {
        data: rows.map(({ nameKh, nameEn, adoptedOn, ...row }) => ({
          ...row,
          name: {
            kh: personName({ kh: nameKh, en: nameEn }, 'kh') || row.code,
            en: personName({ kh: nameKh, en: nameEn }, 'en') || row.code,
          },
          adoptedOn: adoptedOn ?? '',
        })),
      };
    },
  );
};
