import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { z } from 'zod';
import { isStorableText } from '../../src/domain/rules';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import { fieldErrors } from '../errors';
import type { TFileStore } from './fileStore';
import { reencodeImage } from './imageContent';
import { checkPdf } from './pdfContent';

/**
 * The image types accepted, by sniffed MIME type, with the extension stored. SVG is not accepted: it
 * can carry script. APNG is a PNG that animates and is stored as one.
 */
export const imageExtensions: Record<string, string> = {
  'image/png': 'png',
  'image/apng': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The content type a stored file is served with, by the extension its generated name carries. */
export const contentTypeOfExtension: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/**
 * Names this code generates: 32 hex digits and a known extension, or a photo's thumbnail (its name
 * with `-thumb.webp`). Nothing else is ever opened.
 */
const generatedName = /^[0-9a-f]{32}(\.(png|jpg|webp|gif|pdf)|-thumb\.webp)$/;
export const isGeneratedName = (name: string | null | undefined): name is string =>
  typeof name === 'string' && generatedName.test(name);

/**
 * The thumbnail kept beside a child's photo: derived from the photo's stored name, so no column
 * records it and removing the photo knows what else to remove.
 */
export const thumbnailName = (photoName: string) => photoName.replace(/\.[a-z]+$/, '-thumb.webp');

/** A new generated name: 32 random hex digits and the extension. */
export const newName = (extension: string) => `${randomBytes(16).toString('hex')}.${extension}`;
const temporaryName = () => `.upload-${randomBytes(8).toString('hex')}.tmp`;

/** One file part of a multipart request, streamed to a temporary file in the target directory. */
export type TReceivedUpload = {
  field: string;
  /** The name the client gave it, for the download's Content-Disposition; never used as a path. */
  originalName: string;
  temporaryPath: string;
  size: number;
  /** The parser stopped at its size limit: the file was larger still. */
  truncated: boolean;
};

export type TReceivedForm = {
  files: TReceivedUpload[];
  /** The text fields, first value of each. */
  fields: Record<string, string>;
  /** Removes every temporary file still held (call it in `finally`). */
  discard: () => Promise<void>;
};

export type TUploadLimits = { files: number; fileSize: number; fields?: number };

/**
 * Control and bidirectional formatting characters (C0, DEL, C1, the Unicode bidi embeddings,
 * overrides, isolates and marks): a right-to-left override makes `cod.exe` read as `exe.doc`.
 */
export const unsafeNameCharacters = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu;

/**
 * A client's file name, reduced to a label safe to keep and show: no path, no control or bidi
 * characters. It is only ever shown; downloads are named from the record (`downloadName`).
 */
export const cleanName = (name: string | undefined) => {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(unsafeNameCharacters, '').trim();
  return cleaned.slice(0, 255) || 'file';
};

const multipartErrorCodes = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * A text field sent beside files (a title, a slot, a kind, a version): one line a person typed or a
 * form set, so no control character (C0, DEL, C1: a NUL PostgreSQL cannot store, an escape
 * sequence a log or terminal would obey, a line break no title input makes) and nothing unstorable.
 */
export const ZMultipartText = z.string().refine((value) => !/\p{Cc}/u.test(value) && isStorableText(value), {
  params: { rule: 'controlCharacter' },
});

/**
 * The first text field the rule refuses, as a field message (the field's own name first), or
 * nothing. A field name is shown only without its own control characters.
 */
const refusedTextField = (fields: Record<string, string>) => {
  for (const [name, value] of Object.entries(fields)) {
    if (!ZMultipartText.safeParse(value).success) {
      const label = name.replace(unsafeNameCharacters, '') || 'body';
      return (t: TranslationFunctions) => t.validation.controlCharacter({ label });
    }
  }
  return undefined;
};

/**
 * Reads a multipart request: each file is streamed to a hidden temporary file in `directory` (never
 * held whole in memory), each text field kept. A body that is not multipart, too many files or
 * fields, or a malformed body is a 400 with a field message; the temporary files are removed then.
 * `fileSize` is the largest size accepted plus one byte, so "too big" is seen as `truncated`.
 */
export const receiveUploads = async (
  request: FastifyRequest,
  directory: string,
  limits: TUploadLimits,
  label: string,
): Promise<TReceivedForm> => {
  const files: TReceivedUpload[] = [];
  const temporaries: string[] = [];
  const discard = async () => {
    await Promise.all(temporaries.splice(0).map((file) => rm(file, { force: true })));
  };
  if (!request.isMultipart()) throw fieldErrors((t) => t.validation.required({ label }));
  const fields: Record<string, string> = {};
  const fieldLimit = limits.fields ?? 10;
  try {
    await mkdir(directory, { recursive: true });
    // The plugin is registered with `throwFileSizeLimit: false`: an oversized file ends up truncated.
    const parts = request.parts({
      limits: {
        files: limits.files,
        fileSize: limits.fileSize,
        fields: fieldLimit,
        parts: limits.files + fieldLimit,
        fieldSize: 4000,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const temporaryPath = path.join(directory, temporaryName());
        temporaries.push(temporaryPath);
        const output = createWriteStream(temporaryPath, { flags: 'wx' });
        await pipeline(part.file, output);
        files.push({
          field: part.fieldname,
          originalName: cleanName(part.filename),
          temporaryPath,
          size: output.bytesWritten,
          truncated: part.file.truncated,
        });
      } else if (!(part.fieldname in fields)) {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    await discard();
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') {
      throw fieldErrors((t) => t.server.filesTooMany({ label, max: limits.files }));
    }
    if (code && multipartErrorCodes.has(code)) {
      throw fieldErrors((t) => t.validation.invalid({ label: 'body' }));
    }
    // Malformed multipart (cut off, bad boundary): the client's fault, not a 500.
    if (code?.startsWith('FST_') || (error as Error).message?.includes('multipart')) {
      throw fieldErrors((t) => t.validation.invalid({ label: 'body' }));
    }
    throw error;
  }
  // Before any file is checked or kept: a refused field leaves nothing behind.
  const refusal = refusedTextField(fields);
  if (refusal) {
    await discard();
    throw fieldErrors(refusal);
  }
  return { files, fields, discard };
};

/** What an upload must be: a size limit, the accepted types (by content) and the messages. */
export type TUploadRule = {
  maxBytes: number;
  /** Sniffed MIME type -> extension stored. */
  extensions: Record<string, string>;
  typeMessage: (t: TranslationFunctions, label: string) => string;
  sizeMessage: (t: TranslationFunctions, label: string) => string;
};

export type TCheckedUpload = TReceivedUpload & { mimeType: string; extension: string };

/**
 * Checks one received file against a rule: not empty, not over the limit, and of an accepted type
 * by its content (whatever its name or declared type says). Answers the checked file or the field
 * message that refuses it.
 */
export const checkUpload = async (
  upload: TReceivedUpload,
  rule: TUploadRule,
  label: string,
): Promise<TCheckedUpload | ((t: TranslationFunctions) => string)> => {
  if (upload.size === 0 && !upload.truncated) return (t) => t.validation.fileEmpty({ label });
  if (upload.truncated || upload.size > rule.maxBytes) return (t) => rule.sizeMessage(t, label);
  const sniffed = await fileTypeFromFile(upload.temporaryPath);
  const sniffedExtension = sniffed ? rule.extensions[sniffed.mime] : undefined;
  if (!sniffed || !sniffedExtension) return (t) => rule.typeMessage(t, label);
  const bytes = await readFile(upload.temporaryPath);
  if (sniffedExtension === 'pdf') {
    const refusal = await checkPdf(bytes);
    if (refusal) return (t) => refusal(t, label);
    return { ...upload, mimeType: 'application/pdf', extension: 'pdf' };
  }
  // An image is decoded and written again: only its pixels are kept.
  const image = await reencodeImage(bytes, sniffedExtension);
  if (typeof image === 'function') return (t) => image(t, label);
  await writeFile(upload.temporaryPath, image.bytes);
  return {
    ...upload,
    size: image.bytes.length,
    mimeType: contentTypeOfExtension[image.extension],
    extension: image.extension,
  };
};

/** Keeps a checked file (its temporary file moved into the store) under a generated name and answers it. */
export const keepUpload = async (files: TFileStore, area: string, upload: TCheckedUpload) => {
  const name = newName(upload.extension);
  await files.put(area, name, upload.temporaryPath);
  return name;
};
