import { z } from 'zod';

/**
 * Files of any record (the attachments engine, DESIGN.md section 1): a parent application's
 * documents and checklist papers. Keyed by the record's table and id; a slot (a checklist item)
 * says what a file stands for. The same checks as a child's documents: a PDF or an image by its
 * content, at most 10,000,000 bytes, 10 at once.
 */
export const attachmentMaxBytes = 10_000_000;
export const attachmentsPerUpload = 10;
export const attachmentTypes = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
] as const;

/**
 * What the API answers of any stored file (an attachment, a child's document), between its ids and
 * its own fields: the stored name never leaves the server.
 */
export const storedFileFields = {
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  title: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: z.number().int().nullable(),
  /** The name of the user who uploaded it, when that user still exists. */
  createdByName: z.string().nullable(),
};

/** One file as the API answers it. */
export const ZAttachment = z.object({
  id: z.number().int(),
  entityId: z.number().int(),
  slot: z.string().nullable(),
  ...storedFileFields,
});
export type TAttachment = z.infer<typeof ZAttachment>;
