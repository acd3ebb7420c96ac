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
/** More parts than any workbook has (sheets, styles, relations...): a crafted archive. */
const maxEntries = 2_000;

const refused = (key: 'importNotWorkbook' | 'importEncrypted') => new ApiError(400, key);
const unpackedTooLarge = () =>
  new ApiError(400, 'importUnpacked', { max: workbookMaxUnpackedBytes / 1024 / 1024, rows: workbookMaxRows });

/** The End Of Central Directory record's offset, searched from the end (a comment may follow it). */
const endOfCentralDirectory = (bytes: Buffer): number => {
  const last = Math.max(0, bytes.length - 65_557);
  for (let at = bytes.length - 22; at >= last; at -= 1) if (bytes.readUInt32LE(at) === 0x06054b50) return at;
  return -1;
};

type TZipEntry = { name: string; method: number; compressed: number; size: number; dataAt: number };

/** The archive's parts as its central directory lists them; null when the directory is not sound. */
const zipEntries = (bytes: Buffer): TZipEntry[] | null => {
  const end = endOfCentralDirectory(bytes);
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  const directoryAt = bytes.readUInt32LE(end + 16);
  // Zip64 markers: no workbook under 20 MB needs them.
  if (count === 0xffff || directoryAt === 0xffffffff) return null;
  if (count > maxEntries) throw unpackedTooLarge();
  const entries: TZipEntry[] = [];
  let at = directoryAt;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const flags = bytes.readUInt16LE(at + 8);
    // Bit 0: the part is encrypted (a zip password; Excel's own password makes a CFB file instead).
    if (flags & 1) throw refused('importEncrypted');
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localAt = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    if (localAt + 30 > bytes.length || bytes.readUInt32LE(localAt) !== 0x04034b50) return null;
    const dataAt = localAt + 30 + bytes.readUInt16LE(localAt + 26) + bytes.readUInt16LE(localAt + 28);
    if (dataAt + compressed > bytes.length) return null;
    entries.push({ name, method, compressed, size, dataAt });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
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

/**
 * A workbook's bytes before anything parses them (issue 25): an .xlsx by content (a renamed PDF,
 * an old .xls, a Word file are refused), not a password-protected workbook (Excel keeps those in a
 * CFB container), and an archive that unpacks to a bounded size: the sizes its directory declares
 * add up to at most `workbookMaxUnpackedBytes`, and each part inflates to no more than declared (a
 * zip bomb lies in its directory or in its data; either is caught before the parser sees it).
 */
export const checkWorkbookBytes = async (bytes: Buffer): Promise<void> => {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.ext === 'cfb') throw refused('importEncrypted');
  if (type?.ext !== 'xlsx') throw refused('importNotWorkbook');
  const entries = zipEntries(bytes);
  if (!entries) throw refused('importNotWorkbook');
  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > workbookMaxUnpackedBytes) throw unpackedTooLarge();
  for (const entry of entries) {
    const data = bytes.subarray(entry.dataAt, entry.dataAt + entry.compressed);
    if (entry.method === 0) {
      if (entry.compressed !== entry.size) throw refused('importNotWorkbook');
    } else if (entry.method === 8) {
      const outcome = await inflatesWithin(data, entry.size);
      if (outcome === 'over') throw unpackedTooLarge();
      if (outcome === 'broken') throw refused('importNotWorkbook');
    } else throw refused('importNotWorkbook');
  }
};
