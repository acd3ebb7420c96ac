import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { constants, deflateRawSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childInfos, headOffices, importRuns, provinces } from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/childStatus';
import { yearsBefore } from '../../src/domain/resources/child';
import { file, multipart } from './support/multipart';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Workbooks made to hurt the import (issue 35), built here byte by byte: a part hidden from the
 * central directory (a 1 GiB sheet of strings the old stream reader parsed), parts overlapping or
 * listed twice, five of them at once; and files of the wrong kind. Each is refused fast with the
 * server's memory barely moving and the server answering meanwhile; nothing of any import, refused
 * or accepted, is left in the temporary directory.
 */

let t: TTestApp;
let clerk: string;
let tempDir: string;
const previousTempDir = process.env.TMPDIR;
const today = () => isoDateIn(new Date(t.clock.now()));

const headers = ['Code', 'Sex', 'Family name (Latin)', 'Given name (Latin)', 'Date of birth', 'Head office'];
const childRow = (given: string) => [null, 'female', 'Hostile', given, yearsBefore(today(), 4), 'HO-HOSTILE'];

/** An .xlsx of the children's headers and these rows, as exceljs (and Excel) saves it. */
const workbookOf = async (rows: unknown[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Children');
  [headers, ...rows].forEach((row, index) => {
    sheet.getRow(index + 1).values = row as ExcelJS.CellValue[];
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const dryRun = (bytes: Buffer, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/upload/children/dry-run',
    ...(({ payload, headers: formHeaders }) => ({
      payload,
      headers: { authorization: `Bearer ${clerk}`, locale, ...formHeaders },
    }))(multipart([file('children.xlsx', bytes)])),
  });
const commit = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/upload/children/commit',
    payload: { token },
    headers: { authorization: `Bearer ${clerk}`, locale: 'en' },
  });
const childCount = async () =>
  (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(childInfos))[0].n;

// A zip's records, written as the tests need them (sizes given; CRCs are not what is tested).
const localHeader = (name: string, method: number, compressed: number, size: number) => {
  const nameBytes = Buffer.from(name);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(method, 8);
  header.writeUInt32LE(compressed, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(nameBytes.length, 26);
  return Buffer.concat([header, nameBytes]);
};
const centralHeader = (name: string, method: number, compressed: number, size: number, localAt: number) => {
  const nameBytes = Buffer.from(name);
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(method, 10);
  header.writeUInt32LE(compressed, 20);
  header.writeUInt32LE(size, 24);
  header.writeUInt16LE(nameBytes.length, 28);
  header.writeUInt32LE(localAt, 42);
  return Buffer.concat([header, nameBytes]);
};

/**
 * A copy of a zip with `inserted` bytes put just before its central directory, and directory
 * entries added (made knowing where the inserted bytes start).
 */
const withInserted = (
  zip: Buffer,
  inserted: Buffer,
  entries: (insertedAt: number) => Buffer[] = () => [],
) => {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryAt = zip.readUInt32LE(end + 16);
  const added = entries(directoryAt);
  const eocd = Buffer.from(zip.subarray(end));
  eocd.writeUInt16LE(count + added.length, 8);
  eocd.writeUInt16LE(count + added.length, 10);
  eocd.writeUInt32LE(directorySize + added.reduce((sum, entry) => sum + entry.length, 0), 12);
  eocd.writeUInt32LE(directoryAt + inserted.length, 16);
  return Buffer.concat([
    zip.subarray(0, directoryAt),
    inserted,
    zip.subarray(directoryAt, directoryAt + directorySize),
    ...added,
    eocd,
  ]);
};

/**
 * 1 GiB of shared strings deflated to about a megabyte, without deflating a gigabyte here: one
 * megabyte of `<si>` elements compressed with a full flush (no reference reaches before it) is
 * repeated 1,024 times, after the opening of the part, and an empty last block ends the stream.
 */
const sharedStringsBomb = () => {
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const opening = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
  );
  const element = '<si><t>bomb</t></si>';
  // Whole elements, so the repeated megabyte joins up as XML.
  const megabyte = Buffer.from(element.repeat(Math.ceil((1024 * 1024) / element.length)));
  const repeated = deflateRawSync(megabyte, flush);
  const data = Buffer.concat([
    deflateRawSync(opening, flush),
    ...Array.from({ length: 1024 }, () => repeated),
    Buffer.from([0x03, 0x00]),
  ]);
  return { data, size: opening.length + 1024 * megabyte.length };
};

/** A workbook with a 1 GiB `xl/sharedStrings.xml` that has a local header and no directory entry. */
const hiddenEntryBomb = (base: Buffer) => {
  const bomb = sharedStringsBomb();
  return withInserted(
    base,
    Buffer.concat([localHeader('xl/sharedStrings.xml', 8, bomb.data.length, bomb.size), bomb.data]),
  );
};

/** A workbook with a part listed inside another one's data: two directory entries over the same bytes. */
const overlappingEntries = (base: Buffer) => {
  const innerData = Buffer.from('<inner/>');
  const inner = Buffer.concat([
    localHeader('xl/media/inner.xml', 0, innerData.length, innerData.length),
    innerData,
  ]);
  const outerName = 'xl/media/outer.xml';
  return withInserted(
    base,
    Buffer.concat([localHeader(outerName, 0, inner.length, inner.length), inner]),
    (at) => [
      centralHeader(outerName, 0, inner.length, inner.length, at),
      centralHeader('xl/media/inner.xml', 0, innerData.length, innerData.length, at + 30 + outerName.length),
    ],
  );
};

/** A workbook whose directory lists its first part twice. */
const duplicatedEntry = (base: Buffer) => {
  const end = base.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const directoryAt = base.readUInt32LE(end + 16);
  const first = base.subarray(directoryAt, directoryAt + 46 + base.readUInt16LE(directoryAt + 28));
  return withInserted(base, Buffer.alloc(0), () => [Buffer.from(first)]);
};

/** The dry runs kept behind this token. */
const runsOfToken = async (token: string) =>
  (await t.app.db.select({ token: importRuns.token }).from(importRuns).where(eq(importRuns.token, token)))
    .length;
/** Everything in the temporary directory now. */
const tempFiles = async () => (await readdir(tempDir, { recursive: true })).sort();

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('clerk', [
    'adoptive_children:read',
    'adoptive_children:write',
    'adoptive_children:update',
  ]);
  clerk = (await t.signIn('clerk', userPassword)).accessToken;
  const [province] = await t.app.db.select().from(provinces).orderBy(provinces.code).limit(1);
  await t.app.db.insert(headOffices).values({
    code: 'HO-HOSTILE',
    name: { kh: 'ការិយាល័យសាកល្បង', en: 'Hostile office' },
    class: 'provincial',
    provinceId: province.id,
  });
  // The temporary directory of this process from now on: whatever a request leaves there shows.
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'ab-import-temp-'));
  process.env.TMPDIR = tempDir;
});

afterAll(async () => {
  if (previousTempDir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTempDir;
  await rm(tempDir, { recursive: true, force: true });
  await t?.close();
});

describe('a workbook is parsed only as it was checked', () => {
  it('refuses a part the central directory does not list (a hidden 1 GiB sheet of strings) in under a second, the memory barely moving', async () => {
    const bomb = hiddenEntryBomb(await workbookOf([childRow('Bomb')]));
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    const { answer: response, cpuMs } = await withCpuTime(() => dryRun(bomb));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(/damaged or was altered: its parts are cut short, hidden/);
    expect(cpuMs).toBeLessThan(1000);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    const khmer = await dryRun(bomb, 'kh');
    expect(khmer.json().message).toMatch(/ខូច/);
  });

  it('refuses parts that overlap, and a part listed twice', async () => {
    const base = await workbookOf([childRow('Overlap')]);
    // The unchanged workbook is taken: what is refused is the archive's shape alone.
    expect((await dryRun(base)).statusCode).toBe(200);
    const before = await childCount();
    for (const crafted of [overlappingEntries(base), duplicatedEntry(base)]) {
      const { answer: response, cpuMs } = await withCpuTime(() => dryRun(crafted));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(/hidden, repeated or overlapping/);
      expect(cpuMs).toBeLessThan(1000);
    }
    expect(await childCount()).toBe(before);
  });

  it('refuses five bombs sent at once while it still answers a list, the memory barely moving', async () => {
    const bombs = await Promise.all(
      Array.from({ length: 5 }, async (_unused, index) =>
        hiddenEntryBomb(await workbookOf([childRow(`B${index}`)])),
      ),
    );
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const started = performance.now();
    const timed = async <T>(work: Promise<T>) => {
      const answer = await work;
      return { answer, took: performance.now() - started };
    };
    try {
      const [list, ...refusals] = await Promise.all([
        timed(
          t.app.inject({
            method: 'GET',
            url: '/api/v1/child-infos?page=1&pageSize=5',
            headers: { authorization: `Bearer ${clerk}`, locale: 'en' },
          }),
        ),
        ...bombs.map((bomb) => timed(dryRun(bomb))),
      ]);
      peak = Math.max(peak, process.memoryUsage().rss);
      expect(list.answer.statusCode, list.answer.body).toBe(200);
      for (const refusal of refusals) {
        expect(refusal.answer.statusCode, refusal.answer.body).toBe(400);
        expect(refusal.took).toBeLessThan(1000 * 5);
      }
      expect(peak - before).toBeLessThan(100 * 1024 * 1024);
    } finally {
      clearInterval(sampler);
    }
  });
});

/**
 * What `work` answers and the processor time this process spent meanwhile (every thread, zlib's
 * too): unlike the time on the clock it does not grow with the machine's load. 1.0003 s on the
 * clock failed the 1 s bound once at a load of 14 on 2 cores (issue 38, h27); unpacking the hidden
 * gigabyte would take seconds of processor time.
 */
const withCpuTime = async <T>(work: () => Promise<T>) => {
  const started = process.cpuUsage();
  const answer = await work();
  const { user, system } = process.cpuUsage(started);
  return { answer, cpuMs: (user + system) / 1000 };
};

/** A workbook without shared strings, as a streaming writer may save one. */
const inlineWorkbook = async (rows: unknown[][]) => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = book.addWorksheet('Children');
  for (const row of [headers, ...rows]) sheet.addRow(row).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
};

describe('what the reader keeps in memory is bounded', () => {
  it('refuses a workbook whose shared strings, declared honestly, are more than any workbook holds', async () => {
    const base = await inlineWorkbook([childRow('Strings')]);
    // A workbook without shared strings is read as it is, and leaves nothing on disk.
    const before = await tempFiles();
    const plain = await dryRun(base);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data).toMatchObject({ rows: 1, valid: 1 });
    expect(await tempFiles()).toEqual(before);
    const flush = { finishFlush: constants.Z_FULL_FLUSH };
    const element = `<si><t>${'s'.repeat(20)}</t></si>`;
    const megabyte = Buffer.from(element.repeat(Math.ceil((1024 * 1024) / element.length)));
    const repeated = deflateRawSync(megabyte, flush);
    const opening = Buffer.from('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">');
    const closing = Buffer.from('</sst>');
    const data = Buffer.concat([
      deflateRawSync(opening, flush),
      ...Array.from({ length: 33 }, () => repeated),
      deflateRawSync(closing),
    ]);
    const size = opening.length + 33 * megabyte.length + closing.length;
    const name = 'xl/sharedStrings.xml';
    const strings = withInserted(
      base,
      Buffer.concat([localHeader(name, 8, data.length, size), data]),
      (at) => [centralHeader(name, 8, data.length, size, at)],
    );
    expect(strings.length).toBeLessThan(1024 * 1024);
    const response = await dryRun(strings);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(/holds more than 32 MB of text/);
  });
});

describe('no temporary file outlives its request', () => {
  it('leaves nothing after a workbook refused while its sheet is read, a dry run and a commit', async () => {
    const before = await tempFiles();
    // Refused in the middle of its sheet (the reader used to set the sheet aside in a file and leave it).
    const tooMany = await dryRun(
      await workbookOf(Array.from({ length: 10_001 }, (_row, index) => childRow(`M${index}`))),
    );
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json().message).toMatch(/more than 10000 rows/);
    expect(await tempFiles()).toEqual(before);

    const checked = await dryRun(await workbookOf([childRow('Kept One'), childRow('Kept Two')]));
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().data).toMatchObject({ rows: 2, valid: 2, errors: [] });
    expect(await tempFiles()).toEqual(before);
    const { token } = checked.json().data;
    expect(await runsOfToken(token)).toBe(1);
    const committed = await commit(token);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json().data.created).toHaveLength(2);
    expect(await tempFiles()).toEqual(before);
    // The dry run kept for its commit (a row of import_runs since issue 36) is gone with it.
    expect(await runsOfToken(token)).toBe(0);
  });
});

/** A CFB (OLE2) container whose directory names these streams, as Office writes one. */
const cfbWith = (streams: string[]) => {
  const bytes = Buffer.alloc(512 + 128 * (streams.length + 1));
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  bytes.writeUInt16LE(0xfffe, 28);
  bytes.writeUInt16LE(9, 30);
  ['Root Entry', ...streams].forEach((name, index) => {
    const at = 512 + 128 * index;
    bytes.write(name, at, 'utf16le');
    bytes.writeUInt16LE((name.length + 1) * 2, at + 64);
    bytes[at + 66] = index === 0 ? 5 : 2;
  });
  return bytes;
};

/** A zip of stored parts (an .ods, an .xlsb), as small as it can be. */
const storedZip = (parts: [string, string][]) => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let at = 0;
  for (const [name, text] of parts) {
    const data = Buffer.from(text);
    const local = Buffer.concat([localHeader(name, 0, data.length, data.length), data]);
    centrals.push(centralHeader(name, 0, data.length, data.length, at));
    locals.push(local);
    at += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(at, 16);
  return Buffer.concat([...locals, directory, end]);
};

describe('a file of the wrong kind is refused with what to do', () => {
  it('tells an old .xls renamed .xlsx, a workbook with a password, an .ods, an .xlsb and a cut-short download apart, in both languages', async () => {
    const whole = await workbookOf([childRow('Cut')]);
    const cases: [Buffer, RegExp, RegExp][] = [
      [whole.subarray(0, whole.length - 300), /damaged or was altered/, /ខូច/],
      [
        cfbWith(['Workbook', '\u0005SummaryInformation']),
        /Excel 97–2003 workbook \(\.xls\)/,
        /Excel 97–2003/,
      ],
      [cfbWith(['EncryptionInfo', 'EncryptedPackage']), /protected by a password/, /ពាក្យសម្ងាត់/],
      [cfbWith(['WordDocument']), /not an Excel workbook/, /មិនមែនជាសៀវភៅបញ្ជី/],
      [
        storedZip([
          ['mimetype', 'application/vnd.oasis.opendocument.spreadsheet'],
          ['content.xml', '<office:document-content/>'],
        ]),
        /OpenDocument spreadsheet \(\.ods\)/,
        /OpenDocument/,
      ],
      [
        storedZip([
          [
            '[Content_Types].xml',
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
              '<Override PartName="/xl/workbook.bin" ContentType="application/vnd.ms-excel.sheet.binary.macroEnabled.main"/></Types>',
          ],
          ['xl/workbook.bin', 'binary'],
        ]),
        /Excel binary workbook \(\.xlsb\)/,
        /\.xlsb/,
      ],
    ];
    for (const [bytes, english, khmer] of cases) {
      const response = await dryRun(bytes);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(english);
      expect((await dryRun(bytes, 'kh')).json().message).toMatch(khmer);
    }
  });
});
