import fastifyMultipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attachmentMaxBytes,
  attachmentsPerUpload,
  type TAttachment,
  ZAttachment,
} from '../../src/domain/attachments';
import { idParam } from '../../src/domain/rules';
import type { TDbOrTx } from '../audit';
import { attachments } from '../db/schema';
import { fieldErrors } from '../errors';
import { fileAreas, type TStoredFileKey } from '../files/fileStore';
import { downloadName, storedFileResponse } from '../files/sendStoredFile';
import { imageExtensions, isGeneratedName, type TUploadRule } from '../files/storeFile';
import { dataOf, errorResponses, ZErrorBody } from '../http/schemas';
import { currentUser } from '../plugins/permissions';
import { multipartBody, ZBinary } from '../plugins/responses';
import {
  attachmentStore,
  checkUploads,
  storedFileAnswer,
  type TAttachmentRow,
  type TKeptUpload,
  uploadTitle,
} from './attachmentStore';
import type { TAttachmentBinding } from './binding';

const rule: TUploadRule = {
  maxBytes: attachmentMaxBytes,
  extensions: { ...imageExtensions, 'application/pdf': 'pdf' },
  typeMessage: (t, label) => t.server.documentType({ label }),
  sizeMessage: (t, label) => t.server.documentSize({ label }),
};
const ZRecordParams = z.object({ id: idParam() });
const ZAttachmentParams = z.object({ attachmentId: idParam() });
/** A row as the API answers it: the stored name left out, the sender's name only a label. */
const answerOf = (row: TAttachmentRow, createdByName: string | null): TAttachment => ({
  id: row.id,
  entityId: row.entityId,
  slot: row.slot,
  ...storedFileAnswer(row, createdByName),
});

/** The stored files of a record's attachments (for its removal). */
export const attachmentFilesOf = async (
  db: TDbOrTx,
  entity: string,
  id: number,
): Promise<TStoredFileKey[]> => {
  const rows = await db
    .select({ storedName: attachments.storedName })
    .from(attachments)
    .where(and(eq(attachments.entity, entity), eq(attachments.entityId, id)));
  return rows
    .map((row) => row.storedName)
    .filter(isGeneratedName)
    .map((name) => ({ area: fileAreas.attachments, name }));
};

/** Removes a record's attachment rows in its delete's transaction (the files go after the commit). */
export const removeAttachmentRows = (db: TDbOrTx, entity: string, id: number) =>
  db.delete(attachments).where(and(eq(attachments.entity, entity), eq(attachments.entityId, id)));

/**
 * A record type's file routes, from its binding (the attachments engine): upload one or several
 * files (all or nothing, each checked by content like a child's documents), list them, download one
 * (named from the record's code), remove one. Each change is audited, so the record's timeline
 * tells it.
 */
export const attachmentRoutes =
  (binding: TAttachmentBinding): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: {
        fileSize: attachmentMaxBytes + 1,
        files: attachmentsPerUpload,
        fields: 10,
        parts: attachmentsPerUpload + 10,
      },
    });
    const { apiBase } = binding;
    const tags = [binding.tag];
    const answers = binding.readPermission;
    const store = attachmentStore(app, binding);

    const slotOf = (value: string | undefined): string | null => {
      if (value === undefined || value.trim() === '') return null;
      const slot = value.trim();
      if (!binding.slots?.includes(slot)) throw fieldErrors((t) => t.validation.invalid({ label: 'slot' }));
      return slot;
    };

    app.get(
      `${apiBase}/attachments/:id`,
      {
        config: { permission: binding.readPermission },
        schema: {
          tags,
          summary: 'The record\u2019s files, oldest first',
          params: ZRecordParams,
          response: { 200: dataOf(z.array(ZAttachment)), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { id } = request.params;
        await store.recordOf(app.db, id, currentUser(request));
        const rows = await store.list(app.db, id);
        return { data: rows.map((row) => answerOf(row, row.createdByName ?? null)) };
      },
    );

    app.post(
      `${apiBase}/attachments/:id`,
      {
        config: { permission: binding.writePermission, answers },
        schema: {
          tags,
          summary: 'Attach 1 to 10 files to the record (all or nothing)',
          description:
            `multipart/form-data with 1 to ${attachmentsPerUpload} files (a PDF or an image by content, ` +
            `at most ${attachmentMaxBytes.toLocaleString('en')} bytes each), an optional \`title\` and ` +
            `an optional \`slot\`${binding.slots ? ` (${binding.slots.join(', ')})` : ''}.`,
          consumes: ['multipart/form-data'],
          multipartBody: multipartBody({
            file: z.array(ZBinary).min(1).max(attachmentsPerUpload),
            title: z.string().max(200).optional(),
            ...(binding.slots ? { slot: z.enum(binding.slots as [string, ...string[]]).optional() } : {}),
          }),
          params: ZRecordParams,
          response: {
            201: dataOf(z.array(ZAttachment)),
            ...errorResponses(400, 401, 403, 404),
            409: ZErrorBody,
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const actor = currentUser(request);
        await store.recordOf(app.db, id, actor);
        const limits = { files: attachmentsPerUpload, fileSize: attachmentMaxBytes + 1 };
        const rows = await store.saveUploads(request, limits, 'file', async (form, keep) => {
          const slot = slotOf(form.fields.slot);
          const title = uploadTitle(form) ?? null;
          const checked = await checkUploads(form, rule, 'file', form.files.length > 1);
          const kept: TKeptUpload[] = [];
          for (const upload of checked) kept.push({ upload, storedName: await keep(upload), title });
          const answer = await app.db.transaction(async (tx) => {
            // The record is held against removal while its files are added.
            await store.recordOf(tx, id, actor, true);
            return store.insert(tx, id, actor.id, kept, slot);
          });
          return { answer };
        });
        return reply.status(201).send({ data: rows.map((row) => answerOf(row, actor.name)) });
      },
    );

    app.get(
      `${apiBase}/attachment/:attachmentId`,
      {
        config: { permission: binding.readPermission },
        schema: {
          tags,
          summary: 'Download a file (named from the record\u2019s code, never the sender\u2019s name)',
          params: ZAttachmentParams,
          response: { 200: storedFileResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const row = await store.attachmentOf(app.db, request.params.attachmentId, currentUser(request));
        const what = `${row.slot ?? 'document'}-${row.id}`;
        return store.send(reply, request, row.storedName, downloadName(row.code, what, row.storedName));
      },
    );

    app.delete(
      `${apiBase}/attachment/:attachmentId`,
      {
        config: { permission: binding.writePermission, answers },
        schema: {
          tags,
          summary: 'Remove a file from the record',
          params: ZAttachmentParams,
          response: { 200: dataOf(z.object({ id: z.number().int() })), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { attachmentId } = request.params;
        const actor = currentUser(request);
        const removed = await app.db.transaction(async (tx) => {
          const row = await store.attachmentOf(tx, attachmentId, actor, true);
          await store.remove(tx, row, actor.id);
          return row;
        });
        await store.removeFiles(request, [removed.storedName]);
        return { data: { id: attachmentId } };
      },
    );
  };
