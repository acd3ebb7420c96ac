import type { PDFDocument, PDFObject } from 'pdf-lib';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';

/**
 * A PDF people upload is kept only when it is a plain document (issue 10): one pdf-lib can parse,
 * not encrypted (its objects could not be inspected), with at least one page, and with nothing that
 * runs or carries other files: JavaScript (document, page, field or annotation actions, the names
 * tree, OpenAction, AA), Launch actions, embedded files, rich media (Flash and video players) and
 * XFA forms (which carry their own scripts). It is stored as sent: rewriting a PDF could change
 * what a legal document shows.
 */

export type TPdfRefusal = (t: TranslationFunctions, label: string) => string;

const refuseUnreadable: TPdfRefusal = (t, label) => t.uploadCheck.pdfUnreadable({ label });
const refuseEncrypted: TPdfRefusal = (t, label) => t.uploadCheck.pdfEncrypted({ label });
const refuseActive: TPdfRefusal = (t, label) => t.uploadCheck.pdfActive({ label });

/** Names that, as a key or as a value (`/S /JavaScript`, `/Type /EmbeddedFile`), refuse a PDF. */
const activeNames = [
  'JS',
  'JavaScript',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'RichMediaExecute',
  'RichMediaContent',
  'XFA',
];
type TPdfLib = typeof import('pdf-lib') & { activeNameObjects: Set<PDFObject> };
/** pdf-lib is loaded with the first PDF, not at start (issue 11: a start loads only what serving needs). */
let loadedPdfLib: Promise<TPdfLib> | undefined;
const loadPdfLib = () =>
  (loadedPdfLib ??= import('pdf-lib').then((lib) => ({
    ...lib,
    activeNameObjects: new Set<PDFObject>(activeNames.map((name) => lib.PDFName.of(name))),
  })));

/** True when an object (dictionaries, arrays and stream dictionaries inside it too) holds an active name. */
const holdsActiveName = (pdf: TPdfLib, object: PDFObject, seen = new Set<PDFObject>()): boolean => {
  const { PDFArray, PDFDict, PDFName, PDFStream, activeNameObjects } = pdf;
  if (seen.has(object)) return false;
  seen.add(object);
  if (object instanceof PDFName) return activeNameObjects.has(object);
  if (object instanceof PDFStream) return holdsActiveName(pdf, object.dict, seen);
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      if (activeNameObjects.has(key) || holdsActiveName(pdf, value, seen)) return true;
    }
    return false;
  }
  if (object instanceof PDFArray) {
    for (let index = 0; index < object.size(); index += 1) {
      if (holdsActiveName(pdf, object.get(index), seen)) return true;
    }
  }
  return false;
};

const delimiter = String.raw`(?=[\s/<>\[\]()%{}]|$)`;
/** Long names are looked for everywhere, uncompressed streams included (a plain object stream). */
const longNames = new RegExp(`/(JavaScript|Launch|EmbeddedFiles?|RichMedia\\w*|XFA)${delimiter}`);
/** `/JS` is short enough to occur by chance in compressed data: only outside streams. */
const shortNames = new RegExp(`/JS${delimiter}`);

/**
 * Belt and braces for objects the parser skipped (a broken cross-reference table, an object it
 * could not read): the raw bytes, with `#xx` escapes in names decoded, must not name an action.
 */
export const rawBytesNameActive = (bytes: Buffer): boolean => {
  const text = bytes
    .toString('latin1')
    .replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  if (longNames.test(text)) return true;
  const outsideStreams = text.replace(/\bstream\r?\n[\s\S]*?\bendstream\b/g, ' ');
  return shortNames.test(outsideStreams);
};

/** Answers nothing for an acceptable PDF, else the refusal. */
export const checkPdf = async (bytes: Buffer): Promise<TPdfRefusal | null> => {
  if (rawBytesNameActive(bytes)) return refuseActive;
  // Nothing but white space after the last end marker: no HTML or archive riding on the PDF
  // (an incremental update ends with its own marker, so it passes).
  const end = bytes.lastIndexOf('%%EOF');
  if (
    end < 0 ||
    bytes
      .subarray(end + 5)
      .toString('latin1')
      .trim() !== ''
  )
    return refuseUnreadable;
  const pdf = await loadPdfLib();
  let document: PDFDocument;
  try {
    document = await pdf.PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
  } catch {
    return refuseUnreadable;
  }
  if (document.isEncrypted) return refuseEncrypted;
  try {
    // Every indirect object, those pdf-lib unpacked from object streams included.
    for (const [, object] of document.context.enumerateIndirectObjects()) {
      if (holdsActiveName(pdf, object)) return refuseActive;
    }
    if (holdsActiveName(pdf, document.context.trailerInfo.Root ?? pdf.PDFName.of('Root')))
      return refuseActive;
    if (document.getPageCount() < 1) return refuseUnreadable;
  } catch {
    return refuseUnreadable;
  }
  return null;
};
