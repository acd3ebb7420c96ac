import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attachmentMaxBytes,
  attachmentsPerUpload,
  type TAttachment,
  ZAttachment,
} from '../../src/domain/attachments';
import { idParam } from '../../src/domain/rules';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import { type TDbOrTx, writeAudit } from '../audit';
import type { TAuthUser } from '../auth/service';
import { attachments, users } from '../db/schema';
import { fieldErrors, notFound } from '../errors';
import { downloadName, sendStoredFile, storedFileResponse } from '../files/sendStoredFile';
import {
  checkUpload,
  cleanName,
  filesDirectory,
  imageExtensions,
  isGeneratedName,
  keepUpload,
  receiveUploads,
  removeFileIn,
  type TCheckedUpload,
  type TUploadRule,
} from '../files/storeFile';
import { currentUser } from '../plugins/permissions';
import { multipartBody, ZBinary } from '../plugins/responses';
import { officeCondition } from '../resources/officeScope';
import { dataOf, errorResponses, ZErrorBody } from '../routes/schemas';
import type { TAttachmentBinding } from './binding';

/** Every record's attachments live in one directory: DATA_DIR/files/attachments. */
export const attachmentsDirectory = (dataDir: string) => path.join(filesDirectory(dataDir), 'attachments');

const rule: TUploadRule = {
  maxBytes: attachmentMaxBytes,
  extensions: { ...imageExtensions, 'application/pdf': 'pdf' },
  typeMessage: (t, label) => t.server.childDocumentType({ label }),
  sizeMessage: (t, label) => t.server.childDocumentSize({ label }),
};
const ZRecordParams = z.object({ id: idParam() });
const ZAttachmentParams = z.object({ attachmentId: idParam() });
const ZTitleField = z.string().trim().max(200);

const columns = {
  id: attachments.id,
  entityId: attachments.entityId,
  slot: attachments.slot,
  storedName: attachments.storedName,
  originalName: attachments.originalName,
  mimeType: attachments.mimeType,
  size: attachments.size,
  title: attachments.title,
  version: attachments.version,
  createdAt: attachments.createdAt,
  createdBy: attachments.createdBy,
};
type TRow = typeof attachments.$inferSelect extends infer R
  ? Pick<R, Extract<keyof R, keyof typeof columns>>
  : never;

/** A row as the API answers it: the stored name left out, the sender's name only a label. */
const answerOf = (row: TRow, createdByName: string | null): TAttachment => ({
  id: row.id,
  entityId: row.entityId,
  slot: row.slot,
  originalName: cleanName(row.originalName),
  mimeType: row.mimeType,
  size: row.size,
  title: row.title,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  createdByName,
});

/** What the audit log keeps of a file: enough for a timeline to name it, never the stored name. */
const auditOf = (row: TRow, entity: string) => ({
  entity,
  entityId: row.entityId,
  slot: row.slot,
  originalName: row.originalName,
  title: row.title,
  mimeType: row.mimeType,
  size: row.size,
});

/** The stored files of a record's attachments (for its removal), as absolute paths. */
export const attachmentFilesOf = async (db: TDbOrTx, entity: string, id: number, dataDir: string) => {
  const rows = await db
    .select({ storedName: attachments.storedName })
    .from(attachments)
    .where(and(eq(attachments.entity, entity), eq(attachments.entityId, id)));
  return rows
    .map((row) => row.storedName)
    .filter(isGeneratedName)
    .map((name) => path.join(attachmentsDirectory(dataDir), name));
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
    const { entity, apiBase } = binding;
    const tags = [binding.tag];
    const directory = () => attachmentsDirectory(app.config.dataDir);
    const answers = binding.readPermission;

    /** The record as the user may see it (its code), locked when changing its files; else 404. */
    const recordOf = async (db: TDbOrTx, id: number, user: TAuthUser, lock = false) => {
      const query = db
        .select({ id: binding.columns.id, code: binding.columns.code })
        .from(binding.table)
        .where(and(eq(binding.columns.id, id), officeCondition(binding.officeColumn, user)));
      const [row] = (await (lock ? query.for('share') : query)) as { id: number; code: string }[];
      if (!row) throw notFound();
      return row;
    };

    /** An attachment of a record the user may see, with that record's code; else 404. */
    const attachmentOf = async (db: TDbOrTx, attachmentId: number, user: TAuthUser, lock = false) => {
      const query = db
        .select({ ...columns, code: binding.columns.code })
        .from(attachments)
        .innerJoin(binding.table, eq(binding.columns.id, attachments.entityId))
        .where(
          and(
            eq(attachments.id, attachmentId),
            eq(attachments.entity, entity),
            officeCondition(binding.officeColumn, user),
          ),
        );
      const [row] = (await (lock ? query.for('update', { of: attachments }) : query)) as (TRow & {
        code: string;
      })[];
      if (!row) throw notFound();
      return row;
    };

    const removeFiles = async (request: FastifyRequest, names: string[]) => {
      for (const name of names.filter(isGeneratedName)) {
        await removeFileIn(directory(), name).catch((error: unknown) => {
          request.log.warn({ err: error, file: name }, 'could not remove an attachment');
        });
      }
    };

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
        await recordOf(app.db, id, currentUser(request));
        const rows = await app.db
          .select({ ...columns, createdByName: users.name })
          .from(attachments)
          .leftJoin(users, eq(users.id, attachments.createdBy))
          .where(and(eq(attachments.entity, entity), eq(attachments.entityId, id)))
          .orderBy(asc(attachments.createdAt), asc(attachments.id));
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
        await recordOf(app.db, id, actor);
        const form = await receiveUploads(
          request,
          directory(),
          { files: attachmentsPerUpload, fileSize: attachmentMaxBytes + 1 },
          'file',
        );
        const kept: string[] = [];
        try {
          const slot = slotOf(form.fields.slot);
          const titleField = ZTitleField.safeParse(form.fields.title ?? '');
          if (!titleField.success)
            throw fieldErrors((t) => t.validation.maxLength({ label: 'title', n: 200 }));
          const title = titleField.data === '' ? null : titleField.data;
          if (form.files.length === 0) throw fieldErrors((t) => t.validation.required({ label: 'file' }));
          const checked: TCheckedUpload[] = [];
          const problems: ((t: TranslationFunctions) => string)[] = [];
          for (const upload of form.files) {
            const label = form.files.length > 1 ? `file (${upload.originalName})` : 'file';
            const result = await checkUpload(upload, rule, label);
            if (typeof result === 'function') problems.push(result);
            else checked.push(result);
          }
          if (problems.length > 0) throw fieldErrors(...problems);
          const stored: { upload: TCheckedUpload; storedName: string }[] = [];
          for (const upload of checked) {
            const storedName = await keepUpload(directory(), upload);
            kept.push(storedName);
            stored.push({ upload, storedName });
          }
          const rows = await app.db.transaction(async (tx) => {
            // The record is held against removal while its files are added.
            await recordOf(tx, id, actor, true);
            const inserted = await tx
              .insert(attachments)
              .values(
                stored.map(({ upload, storedName }) => ({
                  entity,
                  entityId: id,
                  slot,
                  storedName,
                  originalName: upload.originalName,
                  mimeType: upload.mimeType,
                  size: upload.size,
                  title,
                  createdBy: actor.id,
                  updatedBy: actor.id,
                })),
              )
              .returning(columns);
            for (const row of inserted) {
              await writeAudit(tx, {
                userId: actor.id,
                entity: 'attachments',
                entityId: row.id,
                action: 'create',
                after: auditOf(row, entity),
              });
            }
            return inserted;
          });
          kept.length = 0;
          return reply.status(201).send({ data: rows.map((row) => answerOf(row, actor.name)) });
        } finally {
          await form.discard();
          await removeFiles(request, kept);
        }
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
        const row = await attachmentOf(app.db, request.params.attachmentId, currentUser(request));
        const what = `${row.slot ?? 'document'}-${row.id}`;
        return sendStoredFile(
          reply,
          request,
          directory(),
          row.storedName,
          downloadName(row.code, what, row.storedName),
        );
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
          const row = await attachmentOf(tx, attachmentId, actor, true);
          await tx.delete(attachments).where(eq(attachments.id, attachmentId));
          await writeAudit(tx, {
            userId: actor.id,
            entity: 'attachments',
            entityId: attachmentId,
            action: 'delete',
            before: auditOf(row, entity),
          });
          return row;
        });
        await removeFiles(request, [removed.storedName]);
        return { data: { id: attachmentId } };
      },
    );
  };
