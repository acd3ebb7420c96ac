import fastifyMultipart from '@fastify/multipart';
import { eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { childArea } from '../../../src/domain/areas/child.area';
import {
  childDocumentMaxBytes,
  childDocumentsPerUpload,
  childPhotoMaxBytes,
  type TChildDocument,
  type TChildFileKind,
  type TChildPhotoState,
  ZChildDocument,
  ZChildFileKind,
  ZChildPhotoState,
  ZDocumentOrigin,
} from '../../../src/domain/childFiles';
import { idParam } from '../../../src/domain/rules';
import {
  attachmentStore,
  checkUploads,
  storedFileAnswer,
  type TAttachmentRow,
  type TKeptUpload,
  uploadOrigin,
  uploadTitle,
  uploadVersion,
} from '../../attachments/attachmentStore';
import type { TAttachmentBinding } from '../../attachments/binding';
import { type TDbOrTx, writeAudit } from '../../audit';
import type { TAuthUser } from '../../auth/service';
import { attachments, childInfos, users } from '../../db/schema';
import { fieldErrors, notFound, staleVersion } from '../../errors';
import { fileAreas } from '../../files/fileStore';
import { downloadName, storedContentType, storedFileResponse } from '../../files/sendStoredFile';
import {
  imageExtensions,
  isGeneratedName,
  type TReceivedForm,
  type TUploadRule,
} from '../../files/storeFile';
import { dataOf, errorResponses, ZErrorBody } from '../../http/schemas';
import { currentUser } from '../../plugins/permissions';
import { multipartBody, ZBinary } from '../../plugins/responses';
import { childInParams, childOfDocumentParam } from './childScope';
import { childOriginsVisible, originsSealed } from './sealedOrigins';

/** The slot of the child's photo among its attachments; documents have none. */
export const photoSlot = 'photo';

/**
 * A child's documents and photo on the attachments engine: attachments of the child (keyed by
 * `('child_infos', child id)`), kept in the children's directory (DATA_DIR/files/children, apart from
 * the logos the public route serves); the photo is the one file of the `photo` slot. The documents'
 * audit rows keep the entity `child_documents` and the row they always had. The spec's own routes
 * below are a route table over the engine's store.
 */
export const childFilesBinding: TAttachmentBinding = {
  entity: 'child_infos',
  apiBase: childArea.apiBase,
  tag: 'child infos',
  table: childInfos,
  columns: { id: childInfos.id, code: childInfos.code },
  officeColumn: childInfos.headOfficeId,
  readPermission: 'adoptive_children:read',
  writePermission: 'adoptive_children:update',
  slots: [photoSlot],
  area: fileAreas.children,
  audit: {
    entity: 'child_documents',
    of: (row) => ({
      id: row.id,
      childId: row.entityId,
      storedName: row.storedName,
      originalName: row.originalName,
      mimeType: row.mimeType,
      size: row.size,
      title: row.title,
      origin: row.origin,
      version: row.version,
      createdAt: row.createdAt,
      createdBy: row.createdBy,
      updatedAt: row.updatedAt,
    }),
  },
};

const photoRule: TUploadRule = {
  maxBytes: childPhotoMaxBytes,
  extensions: imageExtensions,
  typeMessage: (t, label) => t.validation.imageType({ label }),
  sizeMessage: (t, label) => t.validation.imageSize({ label }),
};
const documentRule: TUploadRule = {
  maxBytes: childDocumentMaxBytes,
  extensions: { ...imageExtensions, 'application/pdf': 'pdf' },
  typeMessage: (t, label) => t.server.documentType({ label }),
  sizeMessage: (t, label) => t.server.documentSize({ label }),
};
/** One byte past the largest file accepted, so "too big" is seen (as truncated), not cut silently. */
const parserFileSize = Math.max(childPhotoMaxBytes, childDocumentMaxBytes) + 1;

const ZId = idParam();
const ZChildParams = z.object({ id: ZId });
const ZDocumentParams = z.object({ documentId: ZId });
const ZKindQuery = z.object({ kind: ZChildFileKind.optional() });
const ZRemoved = z.object({ id: z.number().int() });

const writeResponses = { ...errorResponses(400, 401, 403, 404), 409: ZErrorBody };
const fileResponses = { 200: storedFileResponse, ...errorResponses(401, 403, 404) };
/** A document is a file of the child in no slot. */
const documentOnly = isNull(attachments.slot);

/** A row as the API answers it (the stored-file fields of any attachment); downloads are named from the record. */
const documentAnswer = (row: TAttachmentRow, createdByName: string | null = null): TChildDocument => ({
  id: row.id,
  childId: row.entityId,
  ...storedFileAnswer(row, createdByName),
  origin: row.origin,
  updatedAt: row.updatedAt.toISOString(),
});

/** The kind asked for: the `kind` query parameter or multipart field (both must agree), else a document. */
const kindOf = (queryKind: TChildFileKind | undefined, form: TReceivedForm): TChildFileKind => {
  const fieldValue = form.fields.kind;
  if (fieldValue === undefined) return queryKind ?? 'document';
  const parsed = ZChildFileKind.safeParse(fieldValue.trim());
  if (!parsed.success || (queryKind && queryKind !== parsed.data)) {
    throw fieldErrors((t) => t.validation.invalid({ label: 'kind' }));
  }
  return parsed.data;
};

/** The spec's child file routes (spec section 7), a route table over the attachments engine. */
export const childFileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, so only these routes take multipart bodies; each call narrows the limits.
  await app.register(fastifyMultipart, {
    // An oversized file is read up to the limit and marked truncated, then refused with a field message.
    throwFileSizeLimit: false,
    limits: {
      fileSize: parserFileSize,
      files: childDocumentsPerUpload,
      fields: 10,
      parts: childDocumentsPerUpload + 10,
    },
  });
  const store = attachmentStore(app, childFilesBinding);
  /** A document as this user may reach it: an origin document of a sealed child not opened is 403. */
  const unsealedDocument = async <T extends TAttachmentRow>(
    row: T,
    user: TAuthUser,
    // Inside a transaction, its own: PGlite's one connection waits on the transaction otherwise.
    db: TDbOrTx = app.db,
  ): Promise<T> => {
    if (row.origin && !(await childOriginsVisible(db, user, row.entityId, app.now()))) throw originsSealed();
    return row;
  };
  const limits = (files: number) => ({ files, fileSize: parserFileSize });

  /**
   * Points the child's photo at `photo` (or at nothing): the engine's `photo` slot. The child's
   * version goes up (the photo is part of its record) and its audit row tells the change. Answers
   * the state and the file replaced.
   */
  const setPhoto = async (
    request: FastifyRequest,
    childId: number,
    photo: TKeptUpload | null,
    version?: number,
  ) => {
    const actor = currentUser(request).id;
    const name = photo?.storedName ?? null;
    return app.db.transaction(async (tx) => {
      const [child] = await tx
        .select({ id: childInfos.id, version: childInfos.version })
        .from(childInfos)
        .where(eq(childInfos.id, childId))
        .for('update');
      if (!child) throw notFound();
      if (version !== undefined && version !== child.version) throw staleVersion();
      const { previous, changed } = await store.putInSlot(tx, childId, photoSlot, actor, photo);
      if (!changed) {
        return { state: { childId, hasPhoto: name !== null, version: child.version }, previous: null };
      }
      const [after] = await tx
        .update(childInfos)
        .set({ version: sql`${childInfos.version} + 1`, updatedBy: actor, updatedAt: new Date() })
        .where(eq(childInfos.id, childId))
        .returning({ id: childInfos.id, version: childInfos.version });
      await writeAudit(tx, {
        userId: actor,
        entity: 'child_infos',
        entityId: childId,
        action: name ? 'upload-photo' : 'remove-photo',
        before: { ...child, photo: previous },
        after: { ...after, photo: name },
      });
      return { state: { childId, hasPhoto: name !== null, version: after.version }, previous };
    });
  };

  /** Adds documents to a child in one transaction (the child held against removal meanwhile), each audited. */
  const addDocuments = (request: FastifyRequest, childId: number, files: TKeptUpload[]) => {
    const actor = currentUser(request);
    return app.db.transaction(async (tx) => {
      await store.recordOf(tx, childId, actor, true);
      return store.insert(tx, childId, actor.id, files, null);
    });
  };

  const uploadDescription =
    'multipart/form-data. `kind` (query parameter or form field; default `document`): ' +
    '`photo` replaces the child\u2019s photo: one image (PNG, JPEG, WebP or GIF by content) of at most ' +
    '2,000,000 bytes; the previous photo file is deleted after the change is saved; answers ' +
    '`{childId, hasPhoto, version}` (the child\u2019s new version; an optional `version` field is checked, ' +
    'stale -> 409). `document` adds one document: a PDF or an image (by content) of at most ' +
    '10,000,000 bytes, optional `title` field (200 characters); answers the document. The file goes in ' +
    'the field `file`. An empty file, a wrong type (e.g. a renamed executable) or an oversized file ' +
    'is a 400 with a message on the field.';

  app.post(
    `${childArea.apiBase}/upload-file/:id`,
    {
      config: {
        permission: 'adoptive_children:update',
        answers: 'adoptive_children:read',
        childOf: childInParams,
      },
      schema: {
        tags: ['child infos'],
        summary: 'Upload the child\u2019s photo (kind=photo) or one document (kind=document, default)',
        description: uploadDescription,
        consumes: ['multipart/form-data'],
        multipartBody: multipartBody({
          file: ZBinary,
          kind: ZChildFileKind.optional(),
          title: z.string().max(200).optional(),
          origin: z.enum(['true', 'false']).optional(),
          version: z.number().int().positive().optional(),
        }),
        params: ZChildParams,
        querystring: ZKindQuery,
        response: { 200: dataOf(z.union([ZChildDocument, ZChildPhotoState])), ...writeResponses },
      },
    },
    async (request) => {
      const childId = request.params.id;
      const actor = currentUser(request);
      await store.recordOf(app.db, childId, actor);
      const answer = await store.saveUploads<TChildPhotoState | TChildDocument>(
        request,
        limits(1),
        'file',
        async (form, keep) => {
          if (kindOf(request.query.kind, form) === 'photo') {
            const version = uploadVersion(form);
            const [upload] = await checkUploads(form, photoRule, 'file', false);
            const storedName = await keep(upload, { thumbnail: true });
            const { state, previous } = await setPhoto(request, childId, { upload, storedName }, version);
            return { answer: state, replaced: previous };
          }
          const title = uploadTitle(form);
          const origin = uploadOrigin(form);
          const [upload] = await checkUploads(form, documentRule, 'file', false);
          const storedName = await keep(upload);
          const [row] = await addDocuments(request, childId, [{ upload, storedName, title, origin }]);
          return { answer: documentAnswer(row, actor.name) };
        },
      );
      return { data: answer };
    },
  );

  app.post(
    `${childArea.apiBase}/upload-files/:id`,
    {
      config: {
        permission: 'adoptive_children:update',
        answers: 'adoptive_children:read',
        childOf: childInParams,
      },
      schema: {
        tags: ['child infos'],
        summary: 'Upload several documents at once (all or nothing)',
        description:
          `multipart/form-data with 1 to ${childDocumentsPerUpload} files (any field name, e.g. \`files\`), ` +
          'each a PDF or an image (by content) of at most 10,000,000 bytes. If any file is refused, none is ' +
          'kept and the 400 names every refused file. Answers the new documents in the order sent.',
        consumes: ['multipart/form-data'],
        multipartBody: multipartBody({
          files: z.array(ZBinary).min(1).max(childDocumentsPerUpload),
          kind: z.literal('document').optional(),
          origin: z.enum(['true', 'false']).optional(),
        }),
        params: ZChildParams,
        response: { 200: dataOf(z.array(ZChildDocument)), ...writeResponses },
      },
    },
    async (request) => {
      const childId = request.params.id;
      const actor = currentUser(request);
      await store.recordOf(app.db, childId, actor);
      const rows = await store.saveUploads(
        request,
        limits(childDocumentsPerUpload),
        'files',
        async (form, keep) => {
          if (form.fields.kind !== undefined && form.fields.kind.trim() !== 'document') {
            throw fieldErrors((t) => t.validation.invalid({ label: 'kind' }));
          }
          // `origin=true`: every document sent is on the child's origins (issue 27).
          const origin = uploadOrigin(form);
          const documents = await checkUploads(form, documentRule, 'files', true);
          const files: TKeptUpload[] = [];
          for (const upload of documents) files.push({ upload, storedName: await keep(upload), origin });
          const inserted = await addDocuments(request, childId, files);
          // In the order sent.
          const order = new Map(files.map((file, index) => [file.storedName, index]));
          inserted.sort((a, b) => (order.get(a.storedName) ?? 0) - (order.get(b.storedName) ?? 0));
          return { answer: inserted };
        },
      );
      return { data: rows.map((row) => documentAnswer(row, actor.name)) };
    },
  );

  app.post(
    `${childArea.apiBase}/update-file/:id`,
    {
      config: {
        permission: 'adoptive_children:update',
        answers: 'adoptive_children:read',
        childOf: childOfDocumentParam('id'),
      },
      schema: {
        tags: ['child infos'],
        summary: 'Replace a document\u2019s content (`:id` is the document id)',
        description:
          'multipart/form-data: the new file in `file` (a PDF or an image by content, at most 10,000,000 ' +
          'bytes), optional `title` (empty clears it) and `version` (the document\u2019s version as read; ' +
          'stale -> 409). The previous file is deleted after the change is saved.',
        consumes: ['multipart/form-data'],
        multipartBody: multipartBody({
          file: ZBinary,
          title: z.string().max(200).optional(),
          origin: z.enum(['true', 'false']).optional(),
          version: z.number().int().positive().optional(),
        }),
        params: ZChildParams,
        response: { 200: dataOf(ZChildDocument), ...writeResponses },
      },
    },
    async (request) => {
      const documentId = request.params.id;
      const actor = currentUser(request);
      await unsealedDocument(await store.attachmentOf(app.db, documentId, actor, false, documentOnly), actor);
      const row = await store.saveUploads(request, limits(1), 'file', async (form, keep) => {
        const version = uploadVersion(form);
        const title = uploadTitle(form);
        const origin = uploadOrigin(form);
        const [upload] = await checkUploads(form, documentRule, 'file', false);
        const storedName = await keep(upload);
        return app.db.transaction(async (tx) => {
          const before = await store.attachmentOf(tx, documentId, actor, true, documentOnly);
          const file = { upload, storedName, title, origin };
          const after = await store.replace(tx, before, actor.id, file, version);
          return { answer: after, replaced: before.storedName };
        });
      });
      const [creator] = row.createdBy
        ? await app.db.select({ name: users.name }).from(users).where(eq(users.id, row.createdBy))
        : [];
      return { data: documentAnswer(row, creator?.name ?? null) };
    },
  );

  app.patch(
    `${childArea.apiBase}/document-origin/:documentId`,
    {
      config: {
        permission: 'adoptive_children:update',
        answers: 'adoptive_children:read',
        childOf: childOfDocumentParam('documentId'),
      },
      schema: {
        tags: ['child infos'],
        summary: 'Mark a document as an origin document, or not, without replacing its file',
        description:
          'Body `{ origin, version? }` (`version`: the document\u2019s version as read; stale -> 409). An ' +
          'origin document is sealed with the child\u2019s origins once its adoption is completed ' +
          '(issue 27). An origin document of a sealed child this user has not opened answers 403, as ' +
          'its download: nobody unmarks what they may not see. The change is on the child\u2019s timeline.',
        params: ZDocumentParams,
        body: ZDocumentOrigin,
        response: { 200: dataOf(ZChildDocument), ...writeResponses },
      },
    },
    async (request) => {
      const { documentId } = request.params;
      const { origin, version } = request.body;
      const actor = currentUser(request);
      const row = await app.db.transaction(async (tx) => {
        const before = await unsealedDocument(
          await store.attachmentOf(tx, documentId, actor, true, documentOnly),
          actor,
          tx,
        );
        return store.setOrigin(tx, before, actor.id, origin, version);
      });
      const [creator] = row.createdBy
        ? await app.db.select({ name: users.name }).from(users).where(eq(users.id, row.createdBy))
        : [];
      return { data: documentAnswer(row, creator?.name ?? null) };
    },
  );

  app.delete(
    `${childArea.apiBase}/remove-file/:id`,
    {
      config: {
        permission: 'adoptive_children:update',
        answers: 'adoptive_children:read',
        childOf: (request) =>
          (request.query as { kind?: string }).kind === 'photo'
            ? childInParams(request)
            : childOfDocumentParam('id')(request),
      },
      schema: {
        tags: ['child infos'],
        summary: 'Remove a document (`:id` is the document id), or with kind=photo the child\u2019s photo',
        description:
          'Without `kind` (or `kind=document`) `:id` is a document id: the row and its file are removed; ' +
          'answers `{id}`. With `kind=photo`, `:id` is the child id: the photo is removed (the child\u2019s ' +
          'version goes up; removing a photo that is not there changes nothing); answers ' +
          '`{childId, hasPhoto, version}`.',
        params: ZChildParams,
        querystring: ZKindQuery,
        response: { 200: dataOf(z.union([ZRemoved, ZChildPhotoState])), ...writeResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (request.query.kind === 'photo') {
        const { state, previous } = await setPhoto(request, id, null);
        await store.removeFiles(request, [previous]);
        return { data: state };
      }
      const actor = currentUser(request);
      const removed = await app.db.transaction(async (tx) => {
        const before = await unsealedDocument(
          await store.attachmentOf(tx, id, actor, true, documentOnly),
          actor,
          tx,
        );
        await store.remove(tx, before, actor.id);
        return before;
      });
      await store.removeFiles(request, [removed.storedName]);
      return { data: { id } };
    },
  );

  app.get(
    `${childArea.apiBase}/files/:id`,
    {
      config: { permission: 'adoptive_children:read', childOf: childInParams },
      schema: {
        tags: ['child infos'],
        summary: 'The child\u2019s documents, oldest first',
        params: ZChildParams,
        response: { 200: dataOf(z.array(ZChildDocument)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const childId = request.params.id;
      await store.recordOf(app.db, childId, currentUser(request));
      const rows = await store.list(app.db, childId, null);
      // A sealed child's origin documents are not listed to a reader who has not opened them.
      const shown = (await childOriginsVisible(app.db, currentUser(request), childId, app.now()))
        ? rows
        : rows.filter((row) => !row.origin);
      return { data: shown.map((row) => documentAnswer(row, row.createdByName ?? null)) };
    },
  );

  app.get(
    `${childArea.apiBase}/file/:documentId`,
    {
      config: { permission: 'adoptive_children:read', childOf: childOfDocumentParam('documentId') },
      schema: {
        tags: ['child infos'],
        summary: 'Download a document (as an attachment named from the record)',
        description:
          'Answers the file itself with its sniffed type, named `{child code}-document-{id}.{ext}` ' +
          '(never the sender\u2019s name), or 404 JSON.',
        params: ZDocumentParams,
        response: fileResponses,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await unsealedDocument(
        await store.attachmentOf(app.db, request.params.documentId, user, false, documentOnly),
        user,
      );
      const downloadAs = downloadName(row.code, `document-${row.id}`, row.storedName);
      return store.send(reply, request, row.storedName, downloadAs);
    },
  );

  /** The child's stored photo and code; 404 when it has none (or a name this server never gave). */
  const storedPhoto = async (id: number) => {
    const row = await store.slotFileOf(app.db, id, photoSlot);
    if (!row?.storedName || !isGeneratedName(row.storedName)) throw notFound();
    if (!storedContentType(row.storedName).startsWith('image/')) throw notFound();
    return { photo: row.storedName, code: row.code };
  };

  /** The photo's two routes (the image and the list's avatar) differ in their words and the file sent. */
  const photoRoute = (
    path: string,
    summary: string,
    description: string,
    file: (request: FastifyRequest, photo: string) => Promise<string>,
    suffix: string,
  ) =>
    app.get(
      `${childArea.apiBase}/${path}/:id`,
      {
        config: { permission: 'adoptive_children:read', childOf: childInParams },
        schema: {
          tags: ['child infos'],
          summary,
          description,
          params: ZChildParams,
          response: fileResponses,
        },
      },
      async (request, reply) => {
        const row = await storedPhoto(request.params.id);
        const name = await file(request, row.photo);
        return store.send(reply, request, name, downloadName(row.code, suffix, name));
      },
    );

  photoRoute(
    'photo',
    'The child\u2019s photo, 404 when there is none',
    'Answers the image itself (an attachment named `{child code}-photo.{ext}`), or 404 JSON. It needs ' +
      'a bearer token: a client shows it from a blob, not from an <img src>.',
    async (_request, photo) => photo,
    'photo',
  );

  photoRoute(
    'thumbnail',
    'A 96 px square of the child\u2019s photo (the list\u2019s avatar), 404 when there is none',
    'Answers a small WebP (an attachment named `{child code}-photo-thumbnail.webp`), or 404 JSON. ' +
      'Same permission as the photo; a list shows it instead of downloading every full photo.',
    // A photo kept before thumbnails existed gets one the first time a list asks for it.
    (request, photo) => store.thumbnailOf(request, photo),
    'photo-thumbnail',
  );
};
