import type { PDFDocument, PDFObject } from 'pdf-lib';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';

/**
 * A PDF people upload is kept only when it is a plain document (issue 10): one pdf-lib can parse,
 * not encrypted (its objects could not be inspected), with at least one page, and with nothing that
 * runs or carries other files: JavaScript (document, page, field or annotation actions, the names
 * tree, OpenAction, AA), Launch actions, embedded files, rich media (Flash and video players) and
 * XFA forms (which carry their own scripts); and nothing that, by itself, reaches out when the PDF is
 * opened or read (issue 22): an open action or additional action (`/OpenAction`, `/AA`) that opens a
 * web address, submits a form, imports data or opens another file. A link the reader must click is
 * kept. It is stored as sent, so such PDFs are refused rather than cleaned: rewriting a PDF could change
 * what a legal document shows and breaks its signatures.
 */

export type TPdfRefusal = (t: TranslationFunctions, label: string) => string;

const refuseUnreadable: TPdfRefusal = (t, label) => t.uploadCheck.pdfUnreadable({ label });
const refuseEncrypted: TPdfRefusal = (t, label) => t.uploadCheck.pdfEncrypted({ label });
const refuseActive: TPdfRefusal = (t, label) => t.uploadCheck.pdfActive({ label });
const refuseOpensAddress: TPdfRefusal = (t, label) => t.uploadCheck.pdfOpensAddress({ label });

/**
 * Action types that reach outside the document: a web address, a form sent or data imported from a
 * file, another PDF (local or remote, or embedded). Run by a reader on its own when they are an
 * open action or an additional action.
 */
const reachingActionTypes = ['URI', 'SubmitForm', 'ImportData', 'GoToR', 'GoToE', 'Launch', 'JavaScript'];

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
type TPdfLib = typeof import('pdf-lib') & {
  activeNameObjects: Set<PDFObject>;
  reachingActionNames: Set<PDFObject>;
};
/** pdf-lib is loaded with the first PDF, not at start (issue 11: a start loads only what serving needs). */
let loadedPdfLib: Promise<TPdfLib> | undefined;
const loadPdfLib = () =>
  (loadedPdfLib ??= import('pdf-lib').then((lib) => ({
    ...lib,
    activeNameObjects: new Set<PDFObject>(activeNames.map((name) => lib.PDFName.of(name))),
    reachingActionNames: new Set<PDFObject>(reachingActionTypes.map((name) => lib.PDFName.of(name))),
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

/**
 * True when an action (a dictionary, inline or by reference), or one it chains to with `/Next`,
 * reaches outside the document. A destination (an array: show a page) is no action and passes.
 */
const actionReaches = (
  pdf: TPdfLib,
  document: PDFDocument,
  value: PDFObject | undefined,
  seen: Set<PDFObject>,
): boolean => {
  const { PDFArray, PDFDict, PDFName, PDFRef, reachingActionNames } = pdf;
  const action = value instanceof PDFRef ? document.context.lookup(value) : value;
  if (!action || seen.has(action)) return false;
  seen.add(action);
  if (!(action instanceof PDFDict)) return false;
  const type = action.get(PDFName.of('S'));
  if (
    type &&
    reachingActionNames.has(type instanceof PDFRef ? (document.context.lookup(type) ?? type) : type)
  )
    return true;
  const next = action.get(PDFName.of('Next'));
  const following = next instanceof PDFRef ? document.context.lookup(next) : next;
  if (following instanceof PDFArray) {
    for (let index = 0; index < following.size(); index += 1) {
      if (actionReaches(pdf, document, following.get(index), seen)) return true;
    }
    return false;
  }
  return actionReaches(pdf, document, following, seen);
};

/**
 * True when an object (and the dictionaries and arrays written inside it) holds an open action or
 * additional actions that reach outside the document. References are followed only from the action
 * entries: every indirect object is walked on its own.
 */
const opensAddress = (
  pdf: TPdfLib,
  document: PDFDocument,
  object: PDFObject,
  seen = new Set<PDFObject>(),
): boolean => {
  const { PDFArray, PDFDict, PDFName, PDFRef, PDFStream } = pdf;
  if (seen.has(object)) return false;
  seen.add(object);
  if (object instanceof PDFStream) return opensAddress(pdf, document, object.dict, seen);
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      if (key === PDFName.of('OpenAction') && actionReaches(pdf, document, value, new Set())) return true;
      if (key === PDFName.of('AA')) {
        const triggers = value instanceof PDFRef ? document.context.lookup(value) : value;
        if (triggers instanceof PDFDict) {
          for (const [, action] of triggers.entries()) {
            if (actionReaches(pdf, document, action, new Set())) return true;
          }
        }
      }
      if (opensAddress(pdf, document, value, seen)) return true;
    }
    return false;
  }
  if (object instanceof PDFArray) {
    for (let index = 0; index < object.size(); index += 1) {
      if (opensAddress(pdf, document, object.get(index), seen)) return true;
    }
  }
  return false;
};

/**
 * What may follow the last end marker: scanners and some writers leave padding, line ends or a
 * comment there, kept when the PDF parses. Markup or an archive there would make the file a second
 * thing as well (a PDF+HTML or PDF+ZIP polyglot), refused.
 */
const polyglotTail =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a ZIP's signature holds control bytes
  /<\s*(?:!doctype|html|head|body|script|svg|iframe|object|embed|meta|\?xml)|PK\x03\x04|%PDF-/i;

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
  // After the last end marker (an incremental update ends with its own), no HTML or archive riding
  // on the PDF; other bytes pass when what comes before parses.
  const end = bytes.lastIndexOf('%%EOF');
  if (end < 0 || polyglotTail.test(bytes.subarray(end + 5).toString('latin1'))) return refuseUnreadable;
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
    const seen = new Set<PDFObject>();
    for (const [, object] of document.context.enumerateIndirectObjects()) {
      if (opensAddress(pdf, document, object, seen)) return refuseOpensAddress;
    }
    if (document.getPageCount() < 1) return refuseUnreadable;
  } catch {
    return refuseUnreadable;
  }
  return null;
};
