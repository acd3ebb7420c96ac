import { createInflateRaw } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { ApiError } from '../errors';

/** The largest workbook taken (issue 25): a larger one is a 413. */
export const workbookMaxBytes = 20 * 1024 * 1024;
/** The most data rows one workbook may hold. */
export const workbookMaxRows = 10_000;
/**
 * What a workbook may unpack to, all its parts together: a 10,000-row workbook of the widest
 * template unpacks to about 40 MB; a zip bomb declares (or inflates to) far more.
 */
export const workbookMaxUnpackedBytes = 200 * 1024 * 1024;
/**
 * The text the reader keeps in memory, each kind at most this (issue 35): the shared strings part
 * (cached whole by exceljs) as it unpacks, and the text of the data rows kept. A 10,000-row workbook
 * of the widest template with its reference sheets holds about 10 MB; a workbook declaring 190 MB
 * of strings honestly (600 KB sent) grew the server by 540 MB.
 */
export const workbookMaxTextBytes = 32 * 1024 * 1024;
export const tooMuchText = () =>
  new ApiError(400, 'importText', { max: workbookMaxTextBytes / 1024 / 1024, rows: workbookMaxRows });
/** More parts than any workbook has (sheets, styles, relations...): a crafted archive. */
const maxEntries = 2_000;

type TRefusal =
  | 'importNotWorkbook'
  | 'importEncrypted'
  | 'importOldExcel'
  | 'importOpenDocument'
  | 'importBinaryWorkbook'
  | 'importMalformed';
const refused = (key: TRefusal) => new ApiError(400, key);
export const unpackedTooLarge = () =>
  new ApiError(400, 'importUnpacked', { max: workbookMaxUnpackedBytes / 1024 / 1024, rows: workbookMaxRows });

/** One part of a checked archive, as its central directory lists it (and its local header agrees). */
export type TWorkbookPart = {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressed: number;
  /** Its unpacked size as declared, and as checked by inflating it. */
  size: number;
  crc: number;
  /** Where its data starts in the file. */
  dataAt: number;
};

/**
 * A workbook whose archive was checked: the parser reads these parts of these bytes and nothing
 * else (`workbookParts`), so it reads the workbook as it was checked.
 */
export type TCheckedWorkbook = { bytes: Buffer; parts: TWorkbookPart[] };

const signatures = {
  local: 0x04034b50,
  central: 0x02014b50,
  end: 0x06054b50,
  descriptor: 0x08074b50,
};

/** The End Of Central Directory record's offset, searched from the end (a comment may follow it). */
const endOfCentralDirectory = (bytes: Buffer): number => {
  const last = Math.max(0, bytes.length - 65_557);
  for (let at = bytes.length - 22; at >= last; at -= 1)
    if (bytes.readUInt32LE(at) === signatures.end) return at;
  return -1;
};

/**
 * The archive's parts as its central directory lists them, refused unless the file is exactly
 * those parts one after the other: a streaming reader (exceljs reads local headers, not the
 * directory) must find nothing the directory does not list. So each local header agrees with its
 * directory entry (name, method, flags, sizes), no name is listed twice, and the parts, read in
 * file order, follow each other with no byte between them (a hidden part), none overlapping or
 * shared (parts reusing each other's data: a bomb), the last ending where the directory starts and
 * the directory ending where its end record starts.
 * Null when the directory itself cannot be read (a damaged file).
 */
const zipEntries = (bytes: Buffer): TWorkbookPart[] | null => {
  const end = endOfCentralDirectory(bytes);
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryAt = bytes.readUInt32LE(end + 16);
  // Zip64 markers: no workbook under 20 MB needs them.
  if (count === 0xffff || directoryAt === 0xffffffff) return null;
  if (count > maxEntries) throw unpackedTooLarge();
  if (bytes.readUInt16LE(end + 8) !== count || directoryAt + directorySize !== end)
    throw refused('importMalformed');
  const entries: (TWorkbookPart & { localAt: number; flags: number })[] = [];
  const names = new Set<string>();
  let at = directoryAt;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== signatures.central) return null;
    const flags = bytes.readUInt16LE(at + 8);
    // Bit 0: the part is encrypted (a zip password; Excel's own password makes a CFB file instead).
    if (flags & 1) throw refused('importEncrypted');
    const method = bytes.readUInt16LE(at + 10);
    const crc = bytes.readUInt32LE(at + 16);
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localAt = bytes.readUInt32LE(at + 42);
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    const name = nameBytes.toString('utf8');
    if (names.has(name)) throw refused('importMalformed');
    names.add(name);
    if (localAt + 30 > directoryAt || bytes.readUInt32LE(localAt) !== signatures.local) return null;
    const localFlags = bytes.readUInt16LE(localAt + 6);
    const localNameLength = bytes.readUInt16LE(localAt + 26);
    const localName = bytes.subarray(localAt + 30, localAt + 30 + localNameLength);
    // The local header must name the same part the same way: a streaming reader goes by it alone.
    if (
      !localName.equals(nameBytes) ||
      bytes.readUInt16LE(localAt + 8) !== method ||
      (localFlags & 0x1) !== 0 ||
      (!(localFlags & 0x8) &&
        (bytes.readUInt32LE(localAt + 18) !== compressed || bytes.readUInt32LE(localAt + 22) !== size))
    )
      throw refused('importMalformed');
    const dataAt = localAt + 30 + localNameLength + bytes.readUInt16LE(localAt + 28);
    if (dataAt + compressed > directoryAt) return null;
    // Bit 3 of the local header says a data descriptor follows the data (the directory's may differ).
    entries.push({ name, method, compressed, size, crc, dataAt, localAt, flags: localFlags });
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (at !== end) throw refused('importMalformed');

  // In file order, each part starts exactly where the one before ends.
  let next = 0;
  for (const entry of [...entries].sort((a, b) => a.localAt - b.localAt)) {
    if (entry.localAt !== next) throw refused('importMalformed');
    next = entry.dataAt + entry.compressed;
    if (entry.flags & 0x8) {
      // A data descriptor follows (its signature is optional): it must repeat the directory's values.
      const signed = next + 4 <= directoryAt && bytes.readUInt32LE(next) === signatures.descriptor;
      const values = signed ? next + 4 : next;
      if (
        values + 12 > directoryAt ||
        bytes.readUInt32LE(values) !== entry.crc ||
        bytes.readUInt32LE(values + 4) !== entry.compressed ||
        bytes.readUInt32LE(values + 8) !== entry.size
      )
        throw refused('importMalformed');
      next = values + 12;
    }
  }
  if (next !== directoryAt) throw refused('importMalformed');
  return entries.map(({ name, method, compressed, size, crc, dataAt }) => ({
    name,
    method,
    compressed,
    size,
    crc,
    dataAt,
  }));
};

/** Inflates one part without keeping it, refusing as soon as it yields more than it declared. */
const inflatesWithin = (data: Buffer, declared: number): Promise<'within' | 'over' | 'broken'> =>
  new Promise((resolve) => {
    const inflater = createInflateRaw();
    let produced = 0;
    let settled = false;
    const settle = (outcome: 'within' | 'over' | 'broken') => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      resolve(outcome);
    };
    inflater.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > declared) settle('over');
    });
    inflater.on('end', () => settle(produced === declared ? 'within' : 'broken'));
    inflater.on('error', () => settle('broken'));
    inflater.end(data);
  });

/** The name of each entry of a CFB (OLE2) container's directory, found at 128-byte steps. */
const cfbEntryNames = (bytes: Buffer): Set<string> => {
  const names = new Set<string>();
  for (let at = 512; at + 128 <= bytes.length; at += 128) {
    const nameLength = bytes.readUInt16LE(at + 64);
    const type = bytes[at + 66];
    if (nameLength < 4 || nameLength > 64 || nameLength % 2 !== 0 || ![1, 2, 5].includes(type)) continue;
    names.add(bytes.toString('utf16le', at, at + nameLength - 2));
  }
  return names;
};

/**
 * What a CFB container holds: Excel keeps a workbook protected by a password in one (its
 * `EncryptedPackage`), and Excel 97–2003 kept every workbook in one (its `Workbook` stream, `Book`
 * before Excel 97); a Word or Outlook file is neither.
 */
const cfbRefusal = (bytes: Buffer): TRefusal => {
  const names = cfbEntryNames(bytes);
  if (names.has('EncryptedPackage') || names.has('EncryptionInfo')) return 'importEncrypted';
  if (names.has('Workbook') || names.has('Book')) return 'importOldExcel';
  return 'importNotWorkbook';
};

/** Office Open XML spreadsheets exceljs reads as it reads an .xlsx (their macros are never run). */
const workbookTypes = new Set(['xlsx', 'xlsm', 'xltx', 'xltm']);

/**
 * A workbook's bytes before anything parses them (issue 25, issue 35): an .xlsx by content (a
 * renamed PDF, Word file or old .xls, an .ods, an .xlsb are refused, each with what to do), not
 * protected by a password, an archive whose local headers are exactly its directory (no hidden,
 * repeated or overlapping part), and one that unpacks to a bounded size: the sizes its directory
 * declares add up to at most `workbookMaxUnpackedBytes`, and each part inflates to exactly what it
 * declared (a zip bomb lies in its directory or in its data; either is caught before the parser
 * sees it). The parser then reads these parts only, counted again (`workbookParts`).
 */
export const checkWorkbookBytes = async (bytes: Buffer): Promise<TCheckedWorkbook> => {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.ext === 'cfb') throw refused(cfbRefusal(bytes));
  if (type?.ext === 'ods' || type?.ext === 'ots') throw refused('importOpenDocument');
  const binary = (entries: TWorkbookPart[] | null) =>
    entries?.some((entry) => entry.name === 'xl/workbook.bin');
  if (!type || !workbookTypes.has(type.ext)) {
    // An Excel binary workbook is a zip of other parts: said apart from any other zip.
    const entries =
      type?.ext === 'zip'
        ? (() => {
            try {
              return zipEntries(bytes);
            } catch {
              return null;
            }
          })()
        : null;
    throw refused(binary(entries) ? 'importBinaryWorkbook' : 'importNotWorkbook');
  }
  // From here the file says it is a workbook: what does not hold together is a damaged one (a
  // download cut short, a crafted archive).
  const entries = zipEntries(bytes);
  if (!entries) throw refused('importMalformed');
  if (binary(entries)) throw refused('importBinaryWorkbook');
  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > workbookMaxUnpackedBytes) throw unpackedTooLarge();
  if (entries.some((entry) => entry.name === sharedStrings && entry.size > workbookMaxTextBytes))
    throw tooMuchText();
  for (const entry of entries) {
    const data = bytes.subarray(entry.dataAt, entry.dataAt + entry.compressed);
    if (entry.method === 0) {
      if (entry.compressed !== entry.size) throw refused('importMalformed');
    } else if (entry.method === 8) {
      const outcome = await inflatesWithin(data, entry.size);
      if (outcome === 'over') throw unpackedTooLarge();
      if (outcome === 'broken') throw refused('importMalformed');
    } else throw refused('importNotWorkbook');
  }
  return { bytes, parts: entries };
};

/** The parts the workbook reader reads, in the order that lets it read each sheet as it comes. */
const sharedStrings = 'xl/sharedStrings.xml';
const readerOrder = [
  'xl/_rels/workbook.xml.rels',
  'xl/workbook.xml',
  sharedStrings,
  'xl/styles.xml',
] as const;
const isSheet = (name: string) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name);

/** The checked parts the reader needs: the workbook's relations, its list of sheets, strings, styles, then the sheets. */
export const readerParts = (checked: TCheckedWorkbook): TWorkbookPart[] => [
  ...readerOrder.flatMap((name) => checked.parts.filter((part) => part.name === name)),
  ...checked.parts.filter((part) => isSheet(part.name)),
];

/** A zip local header for a part given stored (its data follows as it unpacks). */
const storedHeader = (part: TWorkbookPart): Buffer => {
  const name = Buffer.from(part.name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(signatures.local, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x0800, 6);
  header.writeUInt32LE(part.crc, 14);
  header.writeUInt32LE(part.size, 18);
  header.writeUInt32LE(part.size, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
};

/**
 * The archive the parser reads, made from the checked parts only (issue 35): each part the reader
 * needs, stored, its bytes inflated here from where the central directory says its data is and
 * counted as they go (a part that yields more than it declared, or the parts more than
 * `workbookMaxUnpackedBytes` together, stops the stream), then an end record. Nothing of the
 * file the directory does not list reaches the parser; and the workbook's relations, sheet list,
 * strings and styles come before the sheets, so the reader never sets a sheet aside in a
 * temporary file to wait for them.
 */
export async function* workbookParts(
  checked: TCheckedWorkbook,
  parts: readonly TWorkbookPart[] = readerParts(checked),
): AsyncGenerator<Buffer> {
  let total = 0;
  for (const part of parts) {
    yield storedHeader(part);
    const data = checked.bytes.subarray(part.dataAt, part.dataAt + part.compressed);
    if (part.method === 0) {
      total += data.length;
      if (data.length !== part.size) throw refused('importNotWorkbook');
      if (total > workbookMaxUnpackedBytes) throw unpackedTooLarge();
      yield data;
      continue;
    }
    const inflater = createInflateRaw();
    inflater.end(data);
    let produced = 0;
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        produced += chunk.length;
        total += chunk.length;
        if (produced > part.size || total > workbookMaxUnpackedBytes) throw unpackedTooLarge();
        if (part.name === sharedStrings && produced > workbookMaxTextBytes) throw tooMuchText();
        yield chunk;
      }
    } catch (error) {
      throw error instanceof ApiError ? error : refused('importNotWorkbook');
    } finally {
      inflater.destroy();
    }
    if (produced !== part.size) throw refused('importNotWorkbook');
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(signatures.end, 0);
  yield end;
}
