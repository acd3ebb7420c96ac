import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { logoMaxBytes } from '../../src/domain/generalInformation';
import { fieldErrors } from '../errors';
import { fileAreas, type TFileStore } from './fileStore';
import { reencodeImage } from './imageContent';
import { imageExtensions, newName } from './storeFile';

/** The multipart field and the label of its messages ('file size should be less than 2 MB!'). */
export const imageField = 'file';

export type TCheckedImage = { bytes: Buffer; extension: string };

/**
 * Refuses an empty file, one over 2,000,000 bytes, one whose content is not a PNG, JPEG, WebP or GIF
 * (whatever its name or declared type says) and one that does not decode or has too many pixels;
 * answers the image written again (no metadata, nothing after the pixels, PNG transparency kept).
 * `truncated` is the upload parser's flag that it stopped reading at its limit.
 */
export const checkImage = async (bytes: Buffer, truncated = false): Promise<TCheckedImage> => {
  if (bytes.length === 0 && !truncated)
    throw fieldErrors((t) => t.validation.fileEmpty({ label: imageField }));
  if (truncated || bytes.length > logoMaxBytes) {
    throw fieldErrors((t) => t.validation.imageSize({ label: imageField }));
  }
  const sniffed = await fileTypeFromBuffer(bytes);
  const extension = sniffed ? imageExtensions[sniffed.mime] : undefined;
  if (!extension) throw fieldErrors((t) => t.validation.imageType({ label: imageField }));
  const image = await reencodeImage(bytes, extension);
  if (typeof image === 'function') throw fieldErrors((t) => image(t, imageField));
  return image;
};

/**
 * The one file of a multipart request, checked. The upload parser reads one byte past the limit
 * (see `uploadLimits`), so "too big" is answered here as a field message rather than a bare 413.
 */
export const receiveImage = async (request: FastifyRequest): Promise<TCheckedImage> => {
  if (!request.isMultipart()) throw fieldErrors((t) => t.validation.required({ label: imageField }));
  const part = await request.file({ throwFileSizeLimit: false });
  if (!part) throw fieldErrors((t) => t.validation.required({ label: imageField }));
  const bytes = await part.toBuffer();
  return checkImage(bytes, part.file.truncated);
};

/** Limits for @fastify/multipart on routes that take one image. */
export const uploadLimits = { fileSize: logoMaxBytes + 1, files: 1, fields: 10, parts: 11 };

/** Keeps a checked image (a logo) under a random name with its sniffed extension and answers that name. */
export const storeImage = async (files: TFileStore, image: TCheckedImage): Promise<string> => {
  const name = newName(image.extension);
  await files.put(fileAreas.logos, name, image.bytes);
  return name;
};

/** Removes a stored logo by the name a record held; a name with a path in it is ignored. */
export const removeStoredFile = async (files: TFileStore, name: string | null | undefined) => {
  if (name) await files.remove(fileAreas.logos, name);
};
