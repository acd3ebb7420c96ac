import { randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';

/**
 * A valid one-page PDF of about `bytes` bytes (within a few hundred): the page and an unreferenced
 * stream of random bytes, as incompressible as a scan. The upload checks accept it (it parses, holds
 * no action). For the file store's tests and `npm run bench:files`.
 */
export const pdfOfSize = async (bytes: number): Promise<Buffer> => {
  const make = async (filler: number) => {
    const document = await PDFDocument.create({ updateMetadata: false });
    document.addPage([200, 200]);
    if (filler > 0) document.context.register(document.context.stream(randomBytes(filler)));
    return Buffer.from(await document.save({ useObjectStreams: false }));
  };
  const overhead = (await make(1)).length - 1;
  return make(Math.max(0, bytes - overhead - 16));
};
