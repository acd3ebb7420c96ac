import { z } from 'zod';
import { attachmentMaxBytes, attachmentsPerUpload, attachmentTypes, storedFileFields } from './attachments';
import { imageUploadLimitBytes } from './constants';

/**
 * A child's photo and documents (issue 5). The spec names four calls (upload-file, update-file,
 * upload-files, remove-file); the photo goes through the first and the last with `kind=photo`.
 */

/** A photo: an image (PNG, JPEG, WebP, GIF by content) of at most 2,000,000 bytes. */
export const childPhotoMaxBytes = imageUploadLimitBytes;
/** A document: a PDF or an image (by content) of at most 10,000,000 bytes (a scanned certificate). */
export const childDocumentMaxBytes = attachmentMaxBytes;
/** `upload-files` takes at most this many documents at once. */
export const childDocumentsPerUpload = attachmentsPerUpload;
/** A document's types are any attachment's. */
export const childDocumentTypes = attachmentTypes;
export const childPhotoTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const childFileKinds = ['photo', 'document'] as const;
export const ZChildFileKind = z.enum(childFileKinds);
export type TChildFileKind = z.infer<typeof ZChildFileKind>;

/** One document of a child's file as the API answers it. */
export const ZChildDocument = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  ...storedFileFields,
  /** A document on the child's origins: sealed with them once the adoption is completed (issue 27). */
  origin: z.boolean(),
  updatedAt: z.string(),
});
export type TChildDocument = z.infer<typeof ZChildDocument>;

/**
 * The body of `PATCH /child-infos/document-origin/{documentId}`: marks a document already kept as an
 * origin document or not, without replacing its file (issue 27); `version` as read (stale -> 409).
 */
export const ZDocumentOrigin = z.object({
  origin: z.boolean(),
  version: z.number().int().positive().optional(),
});
export type TDocumentOrigin = z.infer<typeof ZDocumentOrigin>;

/** The child after a photo change: `version` is the child record's new version. */
export const ZChildPhotoState = z.object({
  childId: z.number().int(),
  hasPhoto: z.boolean(),
  version: z.number().int(),
});
export type TChildPhotoState = z.infer<typeof ZChildPhotoState>;
