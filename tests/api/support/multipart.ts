import { randomBytes } from 'node:crypto';

export type TPart = {
  field?: string;
  filename?: string;
  bytes?: Buffer;
  contentType?: string;
  value?: string;
};

/** A multipart/form-data body as a browser's FormData sends it: files and text fields. */
export const multipart = (parts: TPart[]) => {
  const boundary = `----form${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (part.bytes) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

export const file = (filename: string, bytes: Buffer, field = 'file', contentType?: string): TPart => ({
  field,
  filename,
  bytes,
  contentType,
});
