import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors';
import { fileResponse } from '../plugins/responses';
import type { TFileStore } from './fileStore';
import { contentTypeOfExtension, isGeneratedName } from './storeFile';

/**
 * The name a download is saved under: built from the record's code, what the file is and the
 * extension of its sniffed (and, for images, re-encoded) type — never the sender's name or
 * extension. E.g. `CH-2026-000123-document-3.pdf`, `PA-2026-000004-homeStudy-12.pdf`.
 */
export const downloadName = (recordCode: string, what: string, storedName: string) => {
  const stem = recordCode.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 64) || 'record';
  const extension = storedName.slice(storedName.lastIndexOf('.') + 1);
  return `${stem}-${what}.${extension}`;
};

/**
 * `attachment; filename="ascii"; filename*=UTF-8''...` (RFC 6266/5987). Files people uploaded are
 * always attachments: a browser that opens the address saves them, never renders them.
 */
export const contentDisposition = (name: string) => {
  const fallback = name.replace(/[^A-Za-z0-9._-]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
};

/** The content type of a stored file, from the extension its generated name carries. */
export const storedContentType = (name: string) =>
  contentTypeOfExtension[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** The success of a route answering a stored file: the file itself, of one of the stored types. */
export const storedFileResponse = fileResponse(
  'The file itself (its type by content), as an attachment',
  ...new Set(Object.values(contentTypeOfExtension)),
);

/**
 * Sends a stored file (streamed from the store, disk or database) with headers that keep a browser
 * from running or caching it; 404 when it is gone.
 */
export const sendStoredFile = async (
  reply: FastifyReply,
  request: FastifyRequest,
  files: TFileStore,
  area: string,
  name: string,
  downloadAs: string,
) => {
  if (!isGeneratedName(name)) throw notFound();
  const file = await files.open(area, name);
  if (!file) {
    request.log.warn({ file: name, store: files.kind }, 'a stored file a record points at is missing');
    throw notFound();
  }
  return reply
    .type(storedContentType(name))
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(downloadAs))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
    .send(file.stream);
};
