import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { childArea } from '../../../src/domain/areas/child.area';
import type { TAuthUser } from '../../auth/service';
import { attachments, childInfos } from '../../db/schema';
import { notFound } from '../../errors';
import { childOriginsVisible, originsSealed } from './sealedOrigins';

/** The child of a route whose address is a child id (`/child-infos/family/:id`). */
export const childInParams = (request: FastifyRequest) => ({
  childId: (request.params as { id: number }).id,
});

/** The child of a route whose address is one of its documents (`/child-infos/file/:documentId`). */
export const childOfDocumentParam =
  (param: string) =>
  (request: FastifyRequest): { documentId: number } => ({
    documentId: (request.params as Record<string, number>)[param],
  });

/**
 * The office scope on the child's own routes (family, files, photo, histories), which are not the
 * resource engine's: before the handler, a child (or a document's child) of another office than a
 * provincial user's answers 404, as if it did not exist. A route declares which child its address
 * names with `config.childOf`. A child that does not exist at all is left to the handler's own 404.
 */
export const registerChildScope = (app: FastifyInstance): void => {
  app.addHook('preHandler', async (request) => {
    const childOf = request.routeOptions.config.childOf;
    const user = request.user;
    if (!childOf || !user) return;
    // After the office scope (a child of another office is not found, sealed or not).
    if (user.officeScope === null) return sealedCheck(request, user);
    const target = childOf(request);
    const [row] =
      'childId' in target
        ? await app.db
            .select({ office: childInfos.headOfficeId })
            .from(childInfos)
            .where(eq(childInfos.id, target.childId))
        : await app.db
            .select({ office: childInfos.headOfficeId })
            .from(attachments)
            .innerJoin(childInfos, eq(childInfos.id, attachments.entityId))
            .where(and(eq(attachments.id, target.documentId), eq(attachments.entity, childArea.entity)));
    if (row && row.office !== user.officeScope) throw notFound();
    await sealedCheck(request, user);
  });

  /** A route about the child's origins (`config.origins`), of a sealed child not opened: 403. */
  const sealedCheck = async (request: FastifyRequest, user: TAuthUser) => {
    const { childOf, origins } = request.routeOptions.config;
    if (!origins || !childOf) return;
    const target = childOf(request);
    if ('childId' in target && !(await childOriginsVisible(app.db, user, target.childId, app.now())))
      throw originsSealed();
  };
};
