import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { maxDatabaseInt } from '../../src/domain/rules';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import { type TDbOrTx, writeAudit } from '../audit';
import type { TAuthUser } from '../auth/service';
import { attachments, users } from '../db/schema';
import { fieldErrors, notFound, staleVersion } from '../errors';
import { fileAreas, readStoredFile } from '../files/fileStore';
import { thumbnailOf } from '../files/imageContent';
import { sendStoredFile } from '../files/sendStoredFile';
import {
  checkUpload,
  cleanName,
  isGeneratedName,
  keepUpload,
  receiveUploads,
  type TCheckedUpload,
  type TReceivedForm,
  type TUploadLimits,
  type TUploadRule,
  thumbnailName,
} from '../files/storeFile';
import { officeCondition } from '../resources/officeScope';
import type { TAttachmentBinding, TAttachmentRow } from './binding';

export type { TAttachmentRow } from './binding';

export const attachmentColumns = {
  id: attachments.id,
  entityId: attachments.entityId,
  slot: attachments.slot,
  storedName: attachments.storedName,
  originalName: attachments.originalName,
  mimeType: attachments.mimeType,
  size: attachments.size,
  title: attachments.title,
  origin: attachments.origin,
  version: attachments.version,
  createdAt: attachments.createdAt,
  createdBy: attachments.createdBy,
  updatedAt: attachments.updatedAt,
};
/**
 * The fields every stored file answers (an attachment, a child's document; `storedFileFields` in
 * src/domain/attachments.ts): dates as ISO strings, the stored name left out. The sender's file name
 * is only a label (cleaned again for rows kept before control and bidi characters were stripped).
 */
export const storedFileAnswer = (row: TAttachmentRow, createdByName: string | null) => ({
  originalName: cleanName(row.originalName),
  mimeType: row.mimeType,
  size: row.size,
  title: row.title,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  createdByName,
});

/** A file kept in the store, waiting for its row. */
export type TKeptUpload = {
  upload: TCheckedUpload;
  storedName: string;
  title?: string | null;
  /** An origin document (a child's, issue 27); unchanged when undefined on a replace. */
  origin?: boolean;
};
/** Keeps a checked upload under a generated name (an image's thumbnail beside it when asked). */
export type TKeep = (upload: TCheckedUpload, options?: { thumbnail?: boolean }) => Promise<string>;

/** What the audit log keeps of a file by default: enough for a timeline to name it, never the stored name. */
const defaultAuditOf = (entity: string) => (row: TAttachmentRow) => ({
  entity,
  entityId: row.entityId,
  slot: row.slot,
  originalName: row.originalName,
  title: row.title,
  mimeType: row.mimeType,
  size: row.size,
});

const ZVersionField = z.coerce.number().int().positive().max(maxDatabaseInt);
const ZTitleField = z.string().trim().max(200);

/** The optional `version` field: the record's version as the client read it (stale -> 409). */
export const uploadVersion = (form: TReceivedForm): number | undefined => {
  const value = form.fields.version;
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = ZVersionField.safeParse(value.trim());
  if (!parsed.success) throw fieldErrors((t) => t.validation.invalid({ label: 'version' }));
  return parsed.data;
};

/** The optional `title` field of an upload: trimmed, empty means none, at most 200 characters. */
/** The `origin` field of a form (`true`/`false`; absent: undefined), else a 400 on it. */
export const uploadOrigin = (form: TReceivedForm): boolean | undefined => {
  const value = form.fields.origin?.trim();
  if (value === undefined || value === '') return undefined;
  if (value !== 'true' && value !== 'false')
    throw fieldErrors((t) => t.validation.invalid({ label: 'origin' }));
  return value === 'true';
};

export const uploadTitle = (form: TReceivedForm): string | null | undefined => {
  const value = form.fields.title;
  if (value === undefined) return undefined;
  const parsed = ZTitleField.safeParse(value);
  if (!parsed.success) throw fieldErrors((t) => t.validation.maxLength({ label: 'title', n: 200 }));
  return parsed.data === '' ? null : parsed.data;
};

/**
 * Checks every received file against the rule; all must pass (one bad file refuses the whole upload,
 * with a message for each bad one). No file at all is a `required` message on `label`; with
 * `nameInLabel` each message names the file too.
 */
export const checkUploads = async (
  form: TReceivedForm,
  rule: TUploadRule,
  label: string,
  nameInLabel: boolean,
) => {
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

/**
 * The attachments engine's store of one record type (its binding): the files on disk and their rows
 * in the one `attachments` table, each change audited. `attachmentRoutes` and a record's own file
 * routes (the child's spec routes) are route tables over it.
 */
export const attachmentStore = (app: FastifyInstance, binding: TAttachmentBinding) => {
  const { entity } = binding;
  const auditEntity = binding.audit?.entity ?? 'attachments';
  const auditOf = binding.audit?.of ?? defaultAuditOf(entity);
  // Every record's attachments are kept in one area (DATA_DIR/files/attachments on disk) unless its
  // binding says.
  const area = binding.area ?? fileAreas.attachments;
  /** The record's files in a slot, or (`null`) in none. */
  const inSlot = (slot: string | null) =>
    slot === null ? isNull(attachments.slot) : eq(attachments.slot, slot);

  /** Removes files no row points at any more (or never did), with their thumbnails; a failure is logged. */
  const removeFiles = async (request: FastifyRequest, names: (string | null | undefined)[]) => {
    const all = names.filter(isGeneratedName).flatMap((name) => [name, thumbnailName(name)]);
    for (const name of new Set(all)) {
      await app.files.remove(area, name).catch((error: unknown) => {
        request.log.warn({ err: error, file: name }, 'could not remove an attachment');
      });
    }
  };

  /**
   * Keeps an image's thumbnail beside it, made from the stored image's bytes (the store never shows
   * one half written).
   */
  const writeThumbnail = async (imageName: string) => {
    const image = await readStoredFile(app.files, area, imageName);
    if (!image) throw new Error(`no stored image ${imageName} to make a thumbnail of`);
    await app.files.put(area, thumbnailName(imageName), await thumbnailOf(image));
  };

  const audit = (
    tx: TDbOrTx,
    actor: number,
    action: 'create' | 'update' | 'delete' | 'mark-origin' | 'unmark-origin',
    id: number,
    change: { before?: TAttachmentRow; after?: TAttachmentRow },
  ) =>
    writeAudit(tx, {
      userId: actor,
      entity: auditEntity,
      entityId: id,
      action,
      ...(change.before ? { before: auditOf(change.before) } : {}),
      ...(change.after ? { after: auditOf(change.after) } : {}),
    });

  return {
    area,
    removeFiles,

    /** The record as the user may see it (its code), held against removal when `lock`; else 404. */
    recordOf: async (db: TDbOrTx, id: number, user: TAuthUser, lock = false) => {
      const query = db
        .select({ id: binding.columns.id, code: binding.columns.code })
        .from(binding.table)
        .where(and(eq(binding.columns.id, id), officeCondition(binding.officeColumn, user)));
      const [row] = (await (lock ? query.for('share') : query)) as { id: number; code: string }[];
      if (!row) throw notFound();
      return row;
    },

    /** An attachment of a record the user may see (and `where`), with that record's code; else 404. */
    attachmentOf: async (db: TDbOrTx, attachmentId: number, user: TAuthUser, lock = false, where?: SQL) => {
      const query = db
        .select({ ...attachmentColumns, code: binding.columns.code })
        .from(attachments)
        .innerJoin(binding.table, eq(binding.columns.id, attachments.entityId))
        .where(
          and(
            eq(attachments.id, attachmentId),
            eq(attachments.entity, entity),
            officeCondition(binding.officeColumn, user),
            where,
          ),
        );
      const [row] = (await (lock ? query.for('update', { of: attachments }) : query)) as (TAttachmentRow & {
        code: string;
      })[];
      if (!row) throw notFound();
      return row;
    },

    /** The record's files (in `slot` when given: `null` is none), oldest first, with who added each. */
    list: async (db: TDbOrTx, recordId: number, slot?: string | null) =>
      db
        .select({ ...attachmentColumns, createdByName: users.name })
        .from(attachments)
        .leftJoin(users, eq(users.id, attachments.createdBy))
        .where(
          and(
            eq(attachments.entity, entity),
            eq(attachments.entityId, recordId),
            slot === undefined ? undefined : inSlot(slot),
          ),
        )
        .orderBy(asc(attachments.createdAt), asc(attachments.id)),

    /**
     * Receives a multipart body and hands it to `save`, which checks the files, keeps each with `keep`
     * and saves the rows that point at them. The parser's temporary files always go; the files kept go
     * again unless `save` succeeds, so a refused or failed change leaves nothing behind; the file it
     * `replaced` goes once it is saved.
     */
    saveUploads: async <T>(
      request: FastifyRequest,
      limits: TUploadLimits,
      fileField: string,
      save: (form: TReceivedForm, keep: TKeep) => Promise<{ answer: T; replaced?: string | null }>,
    ): Promise<T> => {
      const form = await receiveUploads(request, app.files.workDirectory(area), limits, fileField);
      const kept: string[] = [];
      const keep: TKeep = async (upload, options = {}) => {
        const name = await keepUpload(app.files, area, upload);
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
    },

    /** Adds rows for files kept (in `slot`, `null` for none), each audited; in the caller's transaction. */
    insert: async (
      tx: TDbOrTx,
      recordId: number,
      actor: number,
      files: TKeptUpload[],
      slot: string | null,
    ) => {
      if (files.length === 0) return [];
      const inserted = (await tx
        .insert(attachments)
        .values(
          files.map(({ upload, storedName, title, origin }) => ({
            entity,
            entityId: recordId,
            slot,
            storedName,
            originalName: upload.originalName,
            mimeType: upload.mimeType,
            size: upload.size,
            title: title ?? null,
            origin: origin ?? false,
            createdBy: actor,
            updatedBy: actor,
          })),
        )
        .returning(attachmentColumns)) as TAttachmentRow[];
      for (const row of inserted) await audit(tx, actor, 'create', row.id, { after: row });
      return inserted;
    },

    /**
     * Replaces a file's content (and its title unless `undefined`), its version checked when given
     * (stale -> 409); audited. Answers the row and the stored name replaced.
     */
    replace: async (
      tx: TDbOrTx,
      before: TAttachmentRow,
      actor: number,
      file: TKeptUpload,
      version: number | undefined,
    ) => {
      if (version !== undefined && version !== before.version) throw staleVersion();
      const [after] = (await tx
        .update(attachments)
        .set({
          storedName: file.storedName,
          originalName: file.upload.originalName,
          mimeType: file.upload.mimeType,
          size: file.upload.size,
          ...(file.title === undefined ? {} : { title: file.title }),
          ...(file.origin === undefined ? {} : { origin: file.origin }),
          version: sql`${attachments.version} + 1`,
          updatedBy: actor,
          updatedAt: new Date(),
        })
        .where(eq(attachments.id, before.id))
        .returning(attachmentColumns)) as TAttachmentRow[];
      await audit(tx, actor, 'update', before.id, { before, after });
      return after;
    },

    /**
     * Marks a file as an origin document or not (a child's, issue 27) without touching its content,
     * its version checked when given (stale -> 409); audited as `mark-origin` / `unmark-origin`.
     * Marking it as it already is changes nothing (no version, no audit row).
     */
    setOrigin: async (
      tx: TDbOrTx,
      before: TAttachmentRow,
      actor: number,
      origin: boolean,
      version: number | undefined,
    ) => {
      if (version !== undefined && version !== before.version) throw staleVersion();
      if (before.origin === origin) return before;
      const [after] = (await tx
        .update(attachments)
        .set({ origin, version: sql`${attachments.version} + 1`, updatedBy: actor, updatedAt: new Date() })
        .where(eq(attachments.id, before.id))
        .returning(attachmentColumns)) as TAttachmentRow[];
      await audit(tx, actor, origin ? 'mark-origin' : 'unmark-origin', before.id, { before, after });
      return after;
    },

    /** Removes a file's row, audited; in the caller's transaction (the file goes after the commit). */
    remove: async (tx: TDbOrTx, row: TAttachmentRow, actor: number) => {
      await tx.delete(attachments).where(eq(attachments.id, row.id));
      await audit(tx, actor, 'delete', row.id, { before: row });
    },

    /**
     * Puts `file` (or nothing) in a slot that holds one file (a photo), in the caller's transaction and
     * unaudited: the record audits it as its own change. Answers the stored name replaced (`null` for
     * none) and whether anything changed.
     */
    putInSlot: async (
      tx: TDbOrTx,
      recordId: number,
      slot: string,
      actor: number,
      file: TKeptUpload | null,
    ) => {
      const [current] = await tx
        .select({ id: attachments.id, storedName: attachments.storedName })
        .from(attachments)
        .where(and(eq(attachments.entity, entity), eq(attachments.entityId, recordId), inSlot(slot)));
      const previous = current?.storedName ?? null;
      if (previous === (file?.storedName ?? null)) return { previous, changed: false };
      if (current) await tx.delete(attachments).where(eq(attachments.id, current.id));
      if (file)
        await tx.insert(attachments).values({
          entity,
          entityId: recordId,
          slot,
          storedName: file.storedName,
          originalName: file.upload.originalName,
          mimeType: file.upload.mimeType,
          size: file.upload.size,
          createdBy: actor,
          updatedBy: actor,
        });
      return { previous, changed: true };
    },

    /** The stored name of the one file in a record's slot and the record's code, or undefined. */
    slotFileOf: async (db: TDbOrTx, recordId: number, slot: string) => {
      const [row] = (await db
        .select({ storedName: attachments.storedName, code: binding.columns.code })
        .from(binding.table)
        .innerJoin(
          attachments,
          and(eq(attachments.entity, entity), inSlot(slot), eq(attachments.entityId, binding.columns.id)),
        )
        .where(eq(binding.columns.id, recordId))) as { storedName: string; code: string }[];
      return row;
    },

    /** Sends a stored file as an attachment named `downloadAs`. */
    send: (reply: FastifyReply, request: FastifyRequest, name: string, downloadAs: string) =>
      sendStoredFile(reply, request, app.files, area, name, downloadAs),

    /** An image's thumbnail name, made now for an image kept before thumbnails existed. */
    thumbnailOf: async (request: FastifyRequest, imageName: string) => {
      const name = thumbnailName(imageName);
      if (!(await app.files.exists(area, name))) {
        await writeThumbnail(imageName).catch((error: unknown) => {
          request.log.warn({ err: error, file: imageName }, 'could not make a photo thumbnail');
        });
      }
      return name;
    },
  };
};
