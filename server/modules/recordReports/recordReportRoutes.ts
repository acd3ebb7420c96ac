import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { matchingArea } from '../../../src/domain/areas/matching.area';
import { hasPermission } from '../../../src/domain/permissions';
import { recordReportKinds, ZRecordReport } from '../../../src/domain/recordReport';
import { idParam } from '../../../src/domain/rules';
import { adoptiveMatchings, childInfos, parentInfos, postAdoptionServices } from '../../db/schema';
import { notFound } from '../../errors';
import { dataOf, errorResponses } from '../../http/schemas';
import { currentUser } from '../../plugins/permissions';
import { applicantNamesSql, childNamesSql } from '../../resources/recordSql';
import { statusHistoryOf } from '../../workflows/statusHistory';

const params = z.object({ kind: z.enum(recordReportKinds), id: idParam() });

/**
 * `GET /record-reports/{child|parent}/{id}` (issue 24): the matchings of one child or one
 * application for its printable report, each with its whole status history (oldest first) and its
 * services after adoption. The client reads the record and its own status history from their
 * routes; the lists would need one call per matching and have no filter by application, hence
 * this one. `matchings:read`; services only for a user who may read them. Office scope: a record
 * of another office than a provincial user's is a 404, and only that office's matchings are listed.
 */
export const recordReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/record-reports/:kind/:id',
    {
      config: { permission: 'matchings:read' },
      schema: {
        tags: ['reports'],
        summary:
          "One child's or one application's matchings for its printable report: each with its status history and services",
        params,
        response: { 200: dataOf(ZRecordReport), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { kind, id } = request.params;
      const table = kind === 'child' ? childInfos : parentInfos;
      const [record] = await app.db
        .select({ office: table.headOfficeId })
        .from(table)
        .where(eq(table.id, id));
      if (!record || (user.officeScope !== null && record.office !== user.officeScope)) throw notFound();

      const matchings = await app.db
        .select({
          id: adoptiveMatchings.id,
          code: adoptiveMatchings.code,
          status: adoptiveMatchings.status,
          proposedDate: adoptiveMatchings.proposedDate,
          trialStart: adoptiveMatchings.trialStart,
          trialEnd: adoptiveMatchings.trialEnd,
          warrantNumber: adoptiveMatchings.warrantNumber,
          warrantedOn: adoptiveMatchings.warrantedOn,
          keepRequestedOn: adoptiveMatchings.keepRequestedOn,
          completedOn: adoptiveMatchings.completedOn,
          rejectedOn: adoptiveMatchings.rejectedOn,
          rejectionReason: adoptiveMatchings.rejectionReason,
          childId: childInfos.id,
          childCode: childInfos.code,
          childName: childNamesSql,
          parentId: parentInfos.id,
          parentCode: parentInfos.code,
          applicants: applicantNamesSql,
        })
        .from(adoptiveMatchings)
        .innerJoin(childInfos, eq(childInfos.id, adoptiveMatchings.childId))
        .innerJoin(parentInfos, eq(parentInfos.id, adoptiveMatchings.parentId))
        .where(
          and(
            eq(kind === 'child' ? adoptiveMatchings.childId : adoptiveMatchings.parentId, id),
            user.officeScope === null ? undefined : eq(adoptiveMatchings.headOfficeId, user.officeScope),
          ),
        )
        .orderBy(asc(adoptiveMatchings.proposedDate), asc(adoptiveMatchings.id));
      const ids = matchings.map((matching) => matching.id);

      const steps = await statusHistoryOf(app.db, matchingArea.entity, ids, 'oldestFirst');
      const servicesShown = hasPermission(user, 'post_adoption_services:read');
      const services =
        ids.length && servicesShown
          ? await app.db
              .select({
                id: postAdoptionServices.id,
                matchingId: postAdoptionServices.matchingId,
                code: postAdoptionServices.code,
                serviceType: postAdoptionServices.serviceType,
                plannedDate: postAdoptionServices.plannedDate,
                actualDate: postAdoptionServices.actualDate,
                status: postAdoptionServices.status,
                concern: postAdoptionServices.concern,
                findings: postAdoptionServices.findings,
              })
              .from(postAdoptionServices)
              .where(inArray(postAdoptionServices.matchingId, ids))
              .orderBy(asc(postAdoptionServices.plannedDate), asc(postAdoptionServices.id))
          : [];

      return {
        data: {
          servicesShown,
          matchings: matchings.map(
            ({ childId, childCode, childName, parentId, parentCode, applicants, ...matching }) => ({
              ...matching,
              child: { id: childId, code: childCode, name: childName },
              parent: { id: parentId, code: parentCode, applicants },
              history: steps
                .filter((step) => step.entityId === matching.id)
                .map(({ entityId: _entity, ...step }) => step),
              services: services
                .filter((service) => service.matchingId === matching.id)
                .map(({ matchingId: _matching, ...service }) => service),
            }),
          ),
        },
      };
    },
  );
};
