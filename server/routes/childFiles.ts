import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
} from '../../src/domain/childFiles';
import { idParam, maxDatabaseInt } from '../../src/domain/rules';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import { type TDbOrTx, writeAudit } from '../audit';
import { attachments, childInfos, users } from '../db/schema';
import { fieldErrors, notFound, staleVersion } from '../errors';
import { childFilesDirectory } from '../files/childFilesDirectory';
import { thumbnailOf } from '../files/imageContent';
import { downloadName, sendStoredFile, storedContentType, storedFileResponse } from '../files/sendStoredFile';
import {
  checkUpload,
  cleanName,
  imageExtensions,
  isGeneratedName,
  keepUpload,
  receiveUploads,
  removeFileIn,
  type TCheckedUpload,
  type TReceivedForm,
  type TUploadRule,
  thumbnailName,
} from '../files/storeFile';
import { childInParams, childOfDocumentParam } from '../modules/children/childScope';
import { currentUser } from '../plugins/permissions';
import { multipartBody, ZBinary } from '../plugins/responses';
import { dataOf, errorResponses, ZErrorBody } from './schemas';

/** A child's files: DATA_DIR/files/children, apart from the logos the public route serves. */

const photoRule: TUploadRule = {
  maxBytes: childPhotoMaxBytes,
  extensions: imageExtensions,
  typeMessage: (t, label) => t.validation.imageType({ label }),
  sizeMessage: (t, label) => t.validation.imageSize({ label }),
};
const documentRule: TUploadRule = {
  maxBytes: childDocumentMaxBytes,
  extensions: { ...imageExtensions, 'application/pdf': 'pdf' },
  typeMessage: (t, label) => t.server.childDocumentType({ label }),
  sizeMessage: (t, label) => t.server.childDocumentSize({ label }),
};
/** One byte past the largest file accepted, so "too big" is seen (as truncated), not cut silently. */
const parserFileSize = Math.max(childPhotoMaxBytes, childDocumentMaxBytes) + 1;

const ZId = idParam();
const ZChildParams = z.object({ id: ZId });
const ZDocumentParams = z.object({ documentId: ZId });
const ZKindQuery = z.object({ kind: ZChildFileKind.optional() });
const ZRemoved = z.object({ id: z.number().int() });
const ZVersionField = z.coerce.number().int().positive().max(maxDatabaseInt);
const ZTitleField = z.string().trim().max(200);

const writeResponses = { ...errorResponses(400, 401, 403, 404), 409: ZErrorBody };
const fileResponses = { 200: storedFileResponse, ...errorResponses(401, 403, 404) };

/**
 * A child's documents are attachments of the child (the attachments engine's table, keyed by
 * `('child_infos', child id)`), served by the spec's own routes below and kept in the children's
 * directory; the photo is the child's attachment in the `photo` slot. The documents' audit rows keep
 * the entity `child_documents` they always had.
 */
const childEntity = 'child_infos';
/** The slot of the child's photo among its attachments; documents have none. */
export const photoSlot = 'photo';
const childDocument = and(eq(attachments.entity, childEntity), isNull(attachments.slot));
const childPhoto = and(eq(attachments.entity, childEntity), eq(attachments.slot, photoSlot));

const documentColumns = {
  id: attachments.id,
  childId: attachments.entityId,
  storedName: attachments.storedName,
  originalName: attachments.originalName,
  mimeType: attachments.mimeType,
  size: attachments.size,
  title: attachments.title,
  version: attachments.version,
  createdAt: attachments.createdAt,
  createdBy: attachments.createdBy,
  updatedAt: attachments.updatedAt,
};
type TDocumentRow = {
  id: number;
  childId: number;
  storedName: string;
  originalName: string;
  mimeType: string;
  size: number;
  title: string | null;
  version: number;
  createdAt: Date;
  createdBy: number | null;
  updatedAt: Date;
};

/**
 * A row as the API answers it: dates as ISO strings, the stored name left out. The sender's file
 * name is only a label (cleaned again for rows kept before control and bidi characters were
 * stripped); downloads are named from the record.
 */
const documentAnswer = (row: TDocumentRow, createdByName: string | null = null): TChildDocument => ({
  id: row.id,
  childId: row.childId,
  originalName: cleanName(row.originalName),
  mimeType: row.mimeType,
  size: row.size,
  title: row.title,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  createdByName,
  updatedAt: row.updatedAt.toISOString(),
});

/** A document's row, locked until the change is saved (404 when there is none). */
const lockedDocument = async (tx: TDbOrTx, id: number) => {
  const [row] = await tx
    .select(documentColumns)
    .from(attachments)
    .where(and(eq(attachments.id, id), childDocument))
    .for('update');
  if (!row) throw notFound();
  return row;
};

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

/** The optional `version` field: the record's version as the client read it (stale -> 409). */
const versionOf = (form: TReceivedForm): number | undefined => {
  const value = form.fields.version;
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = ZVersionField.safeParse(value.trim());
  if (!parsed.success) throw fieldErrors((t) => t.validation.invalid({ label: 'version' }));
  return parsed.data;
};

/** The optional `title` field of a document: trimmed, empty means none, at most 200 characters. */
const titleOf = (form: TReceivedForm): string | null | undefined => {
  const value = form.fields.title;
  if (value === undefined) return undefined;
  const parsed = ZTitleField.safeParse(value);
  if (!parsed.success) throw fieldErrors((t) => t.validation.maxLength({ label: 'title', n: 200 }));
  return parsed.data === '' ? null : parsed.data;
};

/**
 * Checks every received file against the rule; all must pass (one bad file refuses the whole
 * upload, with a message for each bad one). No file at all is a `required` message on `label`.
 */
const checkAll = async (form: TReceivedForm, rule: TUploadRule, label: string, nameInLabel: boolean) => {
  if (form.files.length === 0) throw fieldErrors((t) => t.validation.required({ label }));
  const checked: TCheckedUpload[] = [];
  const problems: ((t: TranslationFunctions) => string)[] = [];
  for (const upload of form.files) {
    // Named by the route's field, not the part's name the client chose, so the message lands on it.
    const fieldLabel = nameInLabel ? `${label} (${upload.originalName})` : label;
    const result = await checkUpload(upload, rule, fieldLabel);
    if (typeof result === 'function') problems.push(result);
    else checked.push(result);
  }
  if (problems.length > 0) throw fieldErrors(...problems);
  return checked;
};

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

  const directory = () => childFilesDirectory(app.config.dataDir);
  /** Removes files no record points at any more (or never did); a failure is logged, not answered. */
  const removeFiles = async (request: FastifyRequest, names: (string | null | undefined)[]) => {
    // A photo's thumbnail goes with it (a document has none: removing it changes nothing).
    const all = names.filter(isGeneratedName).flatMap((name) => [name, thumbnailName(name)]);
    for (const name of new Set(all)) {
      await removeFileIn(directory(), name).catch((error: unknown) => {
        request.log.warn({ err: error, file: name }, 'could not remove a child file');
      });
    }
  };

  /** Writes a photo's thumbnail beside it (to a temporary name first, so none is ever half written). */
  const writeThumbnail = async (photoName: string) => {
    const thumbnail = await thumbnailOf(await readFile(path.join(directory(), photoName)));
    const temporary = path.join(directory(), `.thumb-${randomBytes(8).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, thumbnail, { flag: 'wx' });
      await rename(temporary, path.join(directory(), thumbnailName(photoName)));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  };

  const childExists = async (id: number) => {
    const [row] = await app.db
      .select({ id: childInfos.id })
      .from(childInfos)
      .where(eq(childInfos.id, id))
      .limit(1);
    if (!row) throw notFound();
  };

  /** Sends a stored file of the children's directory. */
  const sendFile = (reply: FastifyReply, name: string, downloadAs: string, request: FastifyRequest) =>
    sendStoredFile(reply, request, directory(), name, downloadAs);

  /**
   * Points the child's photo at `name` (or at nothing): the photo is the child's attachment in the
   * `photo` slot. The child's version goes up (the photo is part of its record) and its audit row
   * tells the change. Answers the state and the file replaced.
   */
  const setPhoto = async (
    request: FastifyRequest,
    childId: number,
    photo: { name: string; upload: TCheckedUpload } | null,
    version?: number,
  ) => {
    const actor = currentUser(request).id;
    const name = photo?.name ?? null;
    return app.db.transaction(async (tx) => {
      const [child] = await tx
        .select({ id: childInfos.id, version: childInfos.version })
        .from(childInfos)
        .where(eq(childInfos.id, childId))
        .for('update');
      if (!child) throw notFound();
      if (version !== undefined && version !== child.version) throw staleVersion();
      const [current] = await tx
        .select({ id: attachments.id, storedName: attachments.storedName })
        .from(attachments)
        .where(and(childPhoto, eq(attachments.entityId, childId)));
      const previous = current?.storedName ?? null;
      if (previous === name) {
        return { state: { childId, hasPhoto: name !== null, version: child.version }, previous: null };
      }
      if (current) await tx.delete(attachments).where(eq(attachments.id, current.id));
      if (photo)
        await tx.insert(attachments).values({
          entity: childEntity,
          entityId: childId,
          slot: photoSlot,
          storedName: photo.name,
          originalName: photo.upload.originalName,
          mimeType: photo.upload.mimeType,
          size: photo.upload.size,
          createdBy: actor,
          updatedBy: actor,
        });
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

  /**
   * Receives a multipart body (at most `files` files; none is `required` on `fileField`) and hands it
   * to `save`, which checks the files, keeps each with `keep` and saves the rows that point at them.
   * The parser's temporary files always go; the files kept go again unless `save` succeeds, so a
   * refused or failed change leaves nothing behind; the file it `replaced` goes once it is saved.
   */
  const saveUploads = async <T>(
    request: FastifyRequest,
    files: number,
    fileField: string,
    save: (
      form: TReceivedForm,
      keep: (upload: TCheckedUpload, options?: { thumbnail?: boolean }) => Promise<string>,
    ) => Promise<{ answer: T; replaced?: string | null }>,
  ): Promise<T> => {
    const form = await receiveUploads(request, directory(), { files, fileSize: parserFileSize }, fileField);
    const kept: string[] = [];
    const keep = async (upload: TCheckedUpload, options: { thumbnail?: boolean } = {}) => {
      const name = await keepUpload(directory(), upload);
      kept.push(name);
      if (options.thumbnail) await writeThumbnail(name);
      return name;
    };
    try {
      const { answer, replaced } = await save(form, keep);
      kept.length = 0;
      await removeFiles(request, [replaced]);
      return answer;
    } finally {
      await form.discard();
      await removeFiles(request, kept);
    }
  };

  /** Adds documents to a child in one transaction (the child locked against removal meanwhile), each audited. */
  const addDocuments = async (
    childId: number,
    actor: number,
    files: { upload: TCheckedUpload; storedName: string; title?: string | null }[],
  ) =>
    app.db.transaction(async (tx) => {
      const [child] = await tx
        .select({ id: childInfos.id })
        .from(childInfos)
        .where(eq(childInfos.id, childId))
        .for('share');
      if (!child) throw notFound();
      const inserted = await tx
        .insert(attachments)
        .values(
          files.map(({ upload, storedName, title }) => ({
            entity: childEntity,
            entityId: childId,
            storedName,
            originalName: upload.originalName,
            mimeType: upload.mimeType,
            size: upload.size,
            title: title ?? null,
            createdBy: actor,
            updatedBy: actor,
          })),
        )
        .returning(documentColumns);
      for (const row of inserted) {
        await writeAudit(tx, {
          userId: actor,
          entity: 'child_documents',
          entityId: row.id,
          action: 'create',
          after: row,
        });
      }
      return inserted;
    });

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
    '/child-infos/upload-file/:id',
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
      await childExists(childId);
      const answer = await saveUploads<TChildPhotoState | TChildDocument>(
        request,
        1,
        'file',
        async (form, keep) => {
          if (kindOf(request.query.kind, form) === 'photo') {
            const version = versionOf(form);
            const [photo] = await checkAll(form, photoRule, 'file', false);
            const name = await keep(photo, { thumbnail: true });
            const { state, previous } = await setPhoto(request, childId, { name, upload: photo }, version);
            return { answer: state, replaced: previous };
          }
          const title = titleOf(form);
          const [document] = await checkAll(form, documentRule, 'file', false);
          const storedName = await keep(document);
          const [row] = await addDocuments(childId, actor.id, [{ upload: document, storedName, title }]);
          return { answer: documentAnswer(row, actor.name) };
        },
      );
      return { data: answer };
    },
  );

  app.post(
    '/child-infos/upload-files/:id',
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
        }),
        params: ZChildParams,
        response: { 200: dataOf(z.array(ZChildDocument)), ...writeResponses },
      },
    },
    async (request) => {
      const childId = request.params.id;
      const actor = currentUser(request);
      await childExists(childId);
      const rows = await saveUploads(request, childDocumentsPerUpload, 'files', async (form, keep) => {
        if (form.fields.kind !== undefined && form.fields.kind.trim() !== 'document') {
          throw fieldErrors((t) => t.validation.invalid({ label: 'kind' }));
        }
        const documents = await checkAll(form, documentRule, 'files', true);
        const files: { upload: TCheckedUpload; storedName: string }[] = [];
        for (const upload of documents) files.push({ upload, storedName: await keep(upload) });
        const inserted = await addDocuments(childId, actor.id, files);
        // In the order sent.
        const order = new Map(files.map((file, index) => [file.storedName, index]));
        inserted.sort((a, b) => (order.get(a.storedName) ?? 0) - (order.get(b.storedName) ?? 0));
        return { answer: inserted };
      });
      return { data: rows.map((row) => documentAnswer(row, actor.name)) };
    },
  );

  app.post(
    '/child-infos/update-file/:id',
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
          version: z.number().int().positive().optional(),
        }),
        params: ZChildParams,
        response: { 200: dataOf(ZChildDocument), ...writeResponses },
      },
    },
    async (request) => {
      const documentId = request.params.id;
      const actor = currentUser(request).id;
      const [existing] = await app.db
        .select({ id: attachments.id })
        .from(attachments)
        .where(and(eq(attachments.id, documentId), childDocument));
      if (!existing) throw notFound();
      const row = await saveUploads(request, 1, 'file', async (form, keep) => {
        const version = versionOf(form);
        const title = titleOf(form);
        const [document] = await checkAll(form, documentRule, 'file', false);
        const name = await keep(document);
        return app.db.transaction(async (tx) => {
          const before = await lockedDocument(tx, documentId);
          if (version !== undefined && version !== before.version) throw staleVersion();
          const [after] = await tx
            .update(attachments)
            .set({
              storedName: name,
              originalName: document.originalName,
              mimeType: document.mimeType,
              size: document.size,
              ...(title === undefined ? {} : { title }),
              version: sql`${attachments.version} + 1`,
              updatedBy: actor,
              updatedAt: new Date(),
            })
            .where(and(eq(attachments.id, documentId), childDocument))
            .returning(documentColumns);
          await writeAudit(tx, {
            userId: actor,
            entity: 'child_documents',
            entityId: documentId,
            action: 'update',
            before,
            after,
          });
          return { answer: after, replaced: before.storedName };
        });
      });
      const [creator] = row.createdBy
        ? await app.db.select({ name: users.name }).from(users).where(eq(users.id, row.createdBy))
        : [];
      return { data: documentAnswer(row, creator?.name ?? null) };
    },
  );

  app.delete(
    '/child-infos/remove-file/:id',
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
        await removeFiles(request, [previous]);
        return { data: state };
      }
      const actor = currentUser(request).id;
      const removed = await app.db.transaction(async (tx) => {
        const before = await lockedDocument(tx, id);
        await tx.delete(attachments).where(and(eq(attachments.id, id), childDocument));
        await writeAudit(tx, {
          userId: actor,
          entity: 'child_documents',
          entityId: id,
          action: 'delete',
          before,
        });
        return before;
      });
      await removeFiles(request, [removed.storedName]);
      return { data: { id } };
    },
  );

  app.get(
    '/child-infos/files/:id',
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
      await childExists(childId);
      const rows = await app.db
        .select({ ...documentColumns, createdByName: users.name })
        .from(attachments)
        .leftJoin(users, eq(users.id, attachments.createdBy))
        .where(and(eq(attachments.entityId, childId), childDocument))
        .orderBy(asc(attachments.createdAt), asc(attachments.id));
      return { data: rows.map((row) => documentAnswer(row, row.createdByName ?? null)) };
    },
  );

  app.get(
    '/child-infos/file/:documentId',
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
      const [row] = await app.db
        .select({ id: attachments.id, storedName: attachments.storedName, code: childInfos.code })
        .from(attachments)
        .innerJoin(childInfos, eq(childInfos.id, attachments.entityId))
        .where(and(eq(attachments.id, request.params.documentId), childDocument));
      if (!row) throw notFound();
      const downloadAs = downloadName(row.code, `document-${row.id}`, row.storedName);
      return sendFile(reply, row.storedName, downloadAs, request);
    },
  );

  /** The child's stored photo and code; 404 when it has none (or a name this server never gave). */
  const storedPhoto = async (id: number) => {
    const [row] = await app.db
      .select({ photo: attachments.storedName, code: childInfos.code })
      .from(childInfos)
      .innerJoin(attachments, and(childPhoto, eq(attachments.entityId, childInfos.id)))
      .where(eq(childInfos.id, id));
    if (!row?.photo || !isGeneratedName(row.photo)) throw notFound();
    if (!storedContentType(row.photo).startsWith('image/')) throw notFound();
    return { photo: row.photo, code: row.code };
  };

  app.get(
    '/child-infos/photo/:id',
    {
      config: { permission: 'adoptive_children:read', childOf: childInParams },
      schema: {
        tags: ['child infos'],
        summary: 'The child\u2019s photo, 404 when there is none',
        description:
          'Answers the image itself (an attachment named `{child code}-photo.{ext}`), or 404 JSON. It needs ' +
          'a bearer token: a client shows it from a blob, not from an <img src>.',
        params: ZChildParams,
        response: fileResponses,
      },
    },
    async (request, reply) => {
      const row = await storedPhoto(request.params.id);
      return sendFile(reply, row.photo, downloadName(row.code, 'photo', row.photo), request);
    },
  );

  app.get(
    '/child-infos/thumbnail/:id',
    {
      config: { permission: 'adoptive_children:read', childOf: childInParams },
      schema: {
        tags: ['child infos'],
        summary: 'A 96 px square of the child\u2019s photo (the list\u2019s avatar), 404 when there is none',
        description:
          'Answers a small WebP (an attachment named `{child code}-photo-thumbnail.webp`), or 404 JSON. ' +
          'Same permission as the photo; a list shows it instead of downloading every full photo.',
        params: ZChildParams,
        response: fileResponses,
      },
    },
    async (request, reply) => {
      const row = await storedPhoto(request.params.id);
      const name = thumbnailName(row.photo);
      const exists = await stat(path.join(directory(), name)).catch(() => null);
      // A photo kept before thumbnails existed gets one the first time a list asks for it.
      if (!exists) {
        await writeThumbnail(row.photo).catch((error: unknown) => {
          request.log.warn({ err: error, file: row.photo }, 'could not make a photo thumbnail');
        });
      }
      return sendFile(reply, name, downloadName(row.code, 'photo-thumbnail', name), request);
    },
  );
};
