import type { Sharp, SharpConstructor } from 'sharp';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';

/**
 * Images people upload are decoded and written again (issue 10): what does not decode is refused,
 * and what is kept holds only pixels — no EXIF or GPS, no comment, no bytes after the image (an
 * image+HTML or image+ZIP polyglot loses its payload).
 */

/** At most 50 megapixels (a 48 MP phone photo passes); above that the header alone refuses it. */
export const maxImagePixels = 50_000_000;
/** The side of a child photo's thumbnail (a 32 px avatar on a 3x screen). */
export const thumbnailSide = 96;

/**
 * libvips is loaded with the first image, not at start (issue 11: a start loads only what serving
 * needs). One image at a time per libvips call and no cache: two cores are shared by everything else.
 */
let loadedSharp: Promise<SharpConstructor> | undefined;
const loadSharp = () =>
  (loadedSharp ??= import('sharp').then(({ default: sharp }: { default: SharpConstructor }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));

export type TImageExtension = 'png' | 'jpg' | 'webp';
export type TEncodedImage = { bytes: Buffer; extension: TImageExtension };
export type TImageRefusal = (t: TranslationFunctions, label: string) => string;

const refuseUnreadable: TImageRefusal = (t, label) => t.uploadCheck.imageUnreadable({ label });
const refusePixels: TImageRefusal = (t, label) =>
  t.uploadCheck.imagePixels({ label, max: maxImagePixels / 1_000_000 });

/** What each sniffed type is written as: GIF becomes a PNG of its first frame (a still image). */
const outputOf: Record<string, TImageExtension> = { png: 'png', jpg: 'jpg', webp: 'webp', gif: 'png' };

const decoder = async (bytes: Buffer): Promise<Sharp> =>
  (await loadSharp())(bytes, {
    // Refuses from the header, before any pixel is decoded: floods and decompression bombs.
    limitInputPixels: maxImagePixels,
    // A truncated or corrupt image makes libvips warn; that is a refusal, not a grey half-picture.
    failOn: 'warning',
    animated: false,
  });

/**
 * Decodes an image (sniffed as `sniffedExtension`) and writes it again, turned upright by its EXIF
 * orientation and without any metadata; PNG and WebP keep their transparency. Answers the new bytes
 * or the refusal (unreadable, too many pixels).
 */
export const reencodeImage = async (
  bytes: Buffer,
  sniffedExtension: string,
): Promise<TEncodedImage | TImageRefusal> => {
  const extension = outputOf[sniffedExtension];
  if (!extension) return refuseUnreadable;
  try {
    const metadata = await (await decoder(bytes)).metadata();
    const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
    if (pixels === 0) return refuseUnreadable;
    if (pixels > maxImagePixels) return refusePixels;
    const image = (await decoder(bytes)).rotate();
    const encoded =
      extension === 'jpg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : extension === 'webp'
          ? image.webp({ quality: 90 })
          : image.png({ compressionLevel: 7 });
    return { bytes: await encoded.toBuffer(), extension };
  } catch (error) {
    return /pixel limit/i.test((error as Error).message ?? '') ? refusePixels : refuseUnreadable;
  }
};

/** A small square WebP of an image already checked (the child list's avatar). */
export const thumbnailOf = async (bytes: Buffer): Promise<Buffer> =>
  (await decoder(bytes))
    .rotate()
    .resize(thumbnailSide, thumbnailSide, { fit: 'cover', position: 'attention' })
    .webp({ quality: 80 })
    .toBuffer();
