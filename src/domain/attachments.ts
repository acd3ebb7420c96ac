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

/** One file as the API answers it (the stored name never leaves the server). */
export const ZAttachment = z.object({
  id: z.number().int(),
  entityId: z.number().int(),
  slot: z.string().nullable(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  title: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: z.number().int().nullable(),
  /** The name of the user who uploaded it, when that user still exists. */
  createdByName: z.string().nullable(),
});
export type TAttachment = z.infer<typeof ZAttachment>;
