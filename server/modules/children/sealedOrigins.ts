import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { childArea } from '../../../src/domain/areas/child.area';
import { hasPermission } from '../../../src/domain/permissions';
import { idParam } from '../../../src/domain/rules';
import {
  originFields,
  originOpeningMinutes,
  originsVisible,
  sealedRecordsPermission,
  ZOpenOrigins,
  ZOriginOpening,
} from '../../../src/domain/sealedOrigins';
import type { TDbOrTx } from '../../audit';
import type { TAuthUser } from '../../auth/service';
import { accessLog, attachments, childInfos, originOpenings, provinces } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { dataOf, errorResponses } from '../../http/schemas';
import { currentUser } from '../../plugins/permissions';
import { officeCondition } from '../../resources/officeScope';
import type { TAnswerContext } from '../../resources/resourceBinding';
import type { TTimelineEntry } from '../../resources/timeline';

/** 403 with the words of a sealed child's origins. */
export const originsSealed = () => new ApiError(403, 'originsSealed');

/** Until when `user`'s latest opening of the child's origins lasts (null: none still open). */
export const openingUntil = async (db: TDbOrTx, userId: number, childId: number, now: number) => {
  const [row] = await db
    .select({ expiresAt: originOpenings.expiresAt })
    .from(originOpenings)
    .where(
      and(
        eq(originOpenings.userId, userId),
        eq(originOpenings.childId, childId),
        gt(originOpenings.expiresAt, new Date(now)),
      ),
    )
    .orderBy(desc(originOpenings.expiresAt))
    .limit(1);
  return row?.expiresAt ?? null;
};

/**
 * Whether `user` sees the origins of `childId` now (`originsVisible`): not sealed, or a holder of
 * `sealed_records:read` with an opening not expired. A child that does not exist counts as open
 * (its route answers its own 404).
 */
export const childOriginsVisible = async (db: TDbOrTx, user: TAuthUser, childId: number, now: number) => {
  const [child] = await db
    .select({ sealedAt: childInfos.sealedAt })
    .from(childInfos)
    .where(eq(childInfos.id, childId));
  if (!child || child.sealedAt === null) return true;
  const until = hasPermission(user, sealedRecordsPermission)
    ? await openingUntil(db, user.id, childId, now)
    : null;
  return originsVisible(user, child, until, now);
};

/** A row of the child's selection without its origins. */
const withoutOrigins = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).filter(([key]) => !(originFields as readonly string[]).includes(key)),
  );

/**
 * The child as one reader is answered (`answerFor` of the child's binding). The selection has left
 * a sealed child's origins out already (null); here they are made absent, and for one record read
 * by a user with an opening, read again and added back with `originsOpenUntil`. A list's rows never
 * carry them: an opening is for one record's page (docs/decisions.md, issue 27).
 */
export const childAnswerFor = async (
  rows: Record<string, unknown>[],
  { db, user, now, one }: TAnswerContext,
): Promise<Record<string, unknown>[]> => {
  if (!one || rows.length !== 1 || rows[0].sealed !== true)
    return rows.map((row) => (row.sealed === true ? withoutOrigins(row) : row));
  const [row] = rows;
  const id = Number(row.id);
  const until = hasPermission(user, sealedRecordsPermission)
    ? await openingUntil(db, user.id, id, now)
    : null;
  if (!originsVisible(user, { sealedAt: String(row.sealedAt) }, until, now)) return [withoutOrigins(row)];
  const [origins] = await db
    .select({
      birthProvinceId: childInfos.birthProvinceId,
      birthProvince: { id: provinces.id, name: provinces.name },
      birthDistrictId: childInfos.birthDistrictId,
      birthCommuneId: childInfos.birthCommuneId,
      birthVillageId: childInfos.birthVillageId,
    })
    .from(childInfos)
    .leftJoin(provinces, eq(provinces.id, childInfos.birthProvinceId))
    .where(eq(childInfos.id, id));
  return [{ ...row, ...origins, originsOpenUntil: until?.toISOString() ?? null }];
};

/** Of a child's audit row, the origins' changes: told only to a reader who sees the origins. */
const isOriginChange = (field: string) =>
  (originFields as readonly string[]).includes(field) ||
  (originFields as readonly string[]).includes(`${field}Id`);

/**
 * A sealed child's timeline for a reader who does not see its origins: the birthplace's changes,
 * the birth family's contents and the origin documents' names are left out (the entries stay:
 * that something changed, by whom and when, is not the origins).
 */
export const childTimelinePresent = async (
  entries: TTimelineEntry[],
  { db, id, user, now }: { db: TDbOrTx; id: number; user: TAuthUser; now: number },
): Promise<TTimelineEntry[]> => {
  if (await childOriginsVisible(db, user, id, now)) return entries;
  const originDocuments = new Set(
    (
      await db
        .select({ id: attachments.id })
        .from(attachments)
        .where(
          and(
            eq(attachments.entity, childArea.entity),
            eq(attachments.entityId, id),
            eq(attachments.origin, true),
          ),
        )
    ).map((row) => row.id),
  );
  return entries.flatMap((entry) => {
    if (entry.about === 'family') return [{ ...entry, subject: null, changes: [] }];
    if (entry.about === 'document') {
      const documentId = Number(entry.subject?.id);
      if (entry.subject?.origin === true || originDocuments.has(documentId)) return [];
      return [entry];
    }
    const changes = entry.changes.filter((change) => !isOriginChange(change.field));
    // An edit of the origins alone leaves nothing to tell.
    if (entry.action === 'update' && entry.changes.length > 0 && changes.length === 0) return [];
    return [{ ...entry, changes }];
  });
};

const ZParams = z.object({ id: idParam() });

/**
 * `PATCH /child-infos/open-origins/{id}` (issue 27): a holder of `sealed_records:read` opens a
 * sealed child's origins with a written reason, for `originOpeningMinutes`, for themselves only.
 * The opening is written to the access log with its reason (the child's timeline shows it to every
 * reader of the child). A child not sealed has nothing to open (409).
 */
export const sealedOriginsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    `${childArea.apiBase}/open-origins/:id`,
    {
      config: { permission: sealedRecordsPermission, answers: sealedRecordsPermission },
      schema: {
        tags: ['child'],
        summary: "Open a sealed child's origins for 30 minutes, with a written reason (logged)",
        description:
          'The birthplace, the birth family and the origin documents of a child whose adoption is ' +
          'completed are answered to this user until `expiresAt`; the reason, who and when go to the ' +
          "access log and the child's timeline. 409 when the child is not sealed.",
        params: ZParams,
        body: ZOpenOrigins,
        response: { 200: dataOf(ZOriginOpening), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const { reason } = request.body;
      const now = app.now();
      const openedAt = new Date(now);
      const expiresAt = new Date(now + originOpeningMinutes * 60_000);
      await app.db.transaction(async (tx) => {
        const [child] = await tx
          .select({ sealedAt: childInfos.sealedAt })
          .from(childInfos)
          .where(and(eq(childInfos.id, id), officeCondition(childInfos.headOfficeId, user)));
        if (!child) throw notFound();
        if (child.sealedAt === null) throw new ApiError(409, 'originsNotSealed');
        await tx.insert(originOpenings).values({ childId: id, userId: user.id, reason, openedAt, expiresAt });
        await tx
          .insert(accessLog)
          .values({ userId: user.id, entity: childArea.entity, entityId: id, at: openedAt, reason });
      });
      return {
        data: { childId: id, openedAt: openedAt.toISOString(), expiresAt: expiresAt.toISOString() },
      };
    },
  );
};
