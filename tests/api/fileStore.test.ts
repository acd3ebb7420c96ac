import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfOfSize } from '../../scripts/bench/largePdf';
import { type TApp } from '../../server/app';
import { rowsOf } from '../../server/db/rowsOf';
import { chunkBytes, fileAreas } from '../../server/files/fileStore';
import { filesDirectory } from '../../server/files/filesDirectory';
import { moveFilesToDatabase } from '../../server/files/filesToDatabase';
import { thumbnailName } from '../../server/files/storeFile';
import { childDocumentsOf, childPhotoOf } from './support/childDocuments';
import { file, multipart } from './support/multipart';
import { insertChild, registeredChild } from './support/recordFixtures';
import { secondApp } from './support/secondApp';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Issue 36, 'Files in the database when DATABASE_URL is set': on PostgreSQL an uploaded document,
 * photo and its thumbnail are kept in `stored_files` and its chunks (nothing on disk), served
 * byte-identical by this process and by a second one with its own DATA_DIR, and removed with their
 * rows; `npm run files:to-database` copies what an older server left on disk and checks it. On the
 * embedded database files stay on disk as before.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let t: TTestApp;
let token: string;
let headOfficeId: number;
/** A document of two and a half chunks: the chunking and the stream are both exercised. */
let pdf: Buffer;
const closing: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  pdf = await pdfOfSize(Math.round(chunkBytes * 2.5));
  t = await createTestApp();
  await t.createUser('editor', [
    'adoptive_children:read',
    'adoptive_children:update',
    'adoptive_children:delete',
  ]);
  token = (await t.signIn('editor', userPassword)).accessToken;
  headOfficeId = await t.createHeadOffice('HO-STORE');
}, 60_000);
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  await t?.close();
});

const call = (
  app: TApp,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: ReturnType<typeof multipart>,
) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    payload: body?.payload,
    headers: { ...t.bearer(token), ...body?.headers, locale: 'en' },
  });

const uploadDocument = async (childId: number) => {
  const response = await call(
    t.app,
    'POST',
    `/child-infos/upload-files/${childId}`,
    multipart([file('scan.pdf', pdf, 'files', 'application/pdf')]),
  );
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await childDocumentsOf(t.app.db, childId);
  return row;
};

const storedRow = async (area: string, name: string) => {
  const rows = await rowsOf<{ size: string | number; sha256: string; chunks: number }>(
    t.app.db,
    sql`select size, sha256, (select count(*)::int from stored_file_chunks c
      where c.area = f.area and c.name = f.name) as chunks
      from stored_files f where area = ${area} and name = ${name}`,
  );
  return rows[0];
};
const chunkCount = async (area: string, name: string) =>
  (
    await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from stored_file_chunks where area = ${area} and name = ${name}`,
    )
  )[0].n;

/** The files on disk under DATA_DIR/files (temporary ones included, directories not). */
const diskFiles = async (dataDir = t.config.dataDir) =>
  (await readdir(filesDirectory(dataDir), { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.runIf(onPostgres)('files in PostgreSQL (DATABASE_URL set)', () => {
  it('keeps an uploaded document in the database, not on disk, and serves it byte-identical from any process', async () => {
    expect(t.app.files.kind).toBe('database');
    const childId = (await insertChild(t.app.db, registeredChild(headOfficeId), { prefix: 'STORE' })).id;
    const row = await uploadDocument(childId);
    expect(await storedRow(fileAreas.children, row.storedName)).toEqual({
      size: expect.anything(),
      sha256: sha256(pdf),
      chunks: 3,
    });
    expect(Number((await storedRow(fileAreas.children, row.storedName)).size)).toBe(pdf.length);
    // Received and checked in a temporary file, which is gone: nothing kept on disk.
    expect(await diskFiles()).toEqual([]);

    const here = await call(t.app, 'GET', `/child-infos/file/${row.id}`);
    expect(here.statusCode).toBe(200);
    expect(here.headers['content-length']).toBe(String(pdf.length));
    expect(here.rawPayload.equals(pdf)).toBe(true);

    const other = await secondApp(t, closing);
    const there = await call(other, 'GET', `/child-infos/file/${row.id}`);
    expect(there.statusCode).toBe(200);
    expect(there.rawPayload.equals(pdf)).toBe(true);
    expect(await diskFiles(other.config.dataDir)).toEqual([]);
  });

  it("makes a photo's thumbnail from the stored photo and serves both from another process", async () => {
    const childId = (await insertChild(t.app.db, registeredChild(headOfficeId), { prefix: 'STORE' })).id;
    const upload = await call(
      t.app,
      'POST',
      `/child-infos/upload-file/${childId}?kind=photo`,
      multipart([file('me.png', png, 'file', 'image/png')]),
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const photo = (await childPhotoOf(t.app.db, childId)).photo as string;
    expect(await storedRow(fileAreas.children, photo)).toMatchObject({ chunks: 1 });
    expect(await storedRow(fileAreas.children, thumbnailName(photo))).toMatchObject({ chunks: 1 });

    const other = await secondApp(t, closing);
    const thumbnail = await call(other, 'GET', `/child-infos/thumbnail/${childId}`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const served = await call(other, 'GET', `/child-infos/photo/${childId}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await diskFiles()).toEqual([]);
  });

  it('removes the rows and chunks with the document, and with a deleted child its photo and thumbnail', async () => {
    const childId = (await insertChild(t.app.db, registeredChild(headOfficeId), { prefix: 'STORE' })).id;
    const row = await uploadDocument(childId);
    expect(await chunkCount(fileAreas.children, row.storedName)).toBe(3);
    expect((await call(t.app, 'DELETE', `/child-infos/remove-file/${row.id}`)).statusCode).toBe(200);
    expect(await storedRow(fileAreas.children, row.storedName)).toBeUndefined();
    expect(await chunkCount(fileAreas.children, row.storedName)).toBe(0);
    expect((await call(t.app, 'GET', `/child-infos/file/${row.id}`)).statusCode).toBe(404);

    await call(
      t.app,
      'POST',
      `/child-infos/upload-file/${childId}?kind=photo`,
      multipart([file('me.png', png, 'file', 'image/png')]),
    );
    const photo = (await childPhotoOf(t.app.db, childId)).photo as string;
    const deleted = await call(t.app, 'DELETE', `/child-infos/${childId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storedRow(fileAreas.children, photo)).toBeUndefined();
    expect(await storedRow(fileAreas.children, thumbnailName(photo))).toBeUndefined();
  });

  it('files:to-database copies what is on disk once, checks each by SHA-256, and finds a corrupt copy', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ab-files-move-'));
    closing.push(() => rm(dataDir, { recursive: true, force: true }));
    const root = filesDirectory(dataDir);
    const names = {
      logo: `${'1'.repeat(32)}.png`,
      document: `${'2'.repeat(32)}.pdf`,
      attachment: `${'3'.repeat(32)}.pdf`,
    };
    await mkdir(path.join(root, fileAreas.children), { recursive: true });
    await mkdir(path.join(root, fileAreas.attachments), { recursive: true });
    await writeFile(path.join(root, names.logo), png);
    await writeFile(path.join(root, fileAreas.children, names.document), pdf);
    await writeFile(path.join(root, fileAreas.attachments, names.attachment), Buffer.from('%PDF-1.4 small'));
    // A temporary file an interrupted upload left: never moved.
    await writeFile(path.join(root, fileAreas.children, '.upload-0000.tmp'), 'partial');

    const first = await moveFilesToDatabase(dataDir, t.app.files);
    expect(first.ok).toBe(true);
    expect(
      first.areas.map(({ area, onDisk, copied, skipped, verified }) => [
        area,
        onDisk,
        copied,
        skipped,
        verified,
      ]),
    ).toEqual([
      ['', 1, 1, 0, 1],
      ['attachments', 1, 1, 0, 1],
      ['children', 1, 1, 0, 1],
    ]);
    // Left on disk, and now served from the database.
    // (Buffers compared with equals: a deep toEqual of megabytes takes seconds.)
    expect((await readFile(path.join(root, fileAreas.children, names.document))).equals(pdf)).toBe(true);
    expect(await storedRow(fileAreas.children, names.document)).toMatchObject({
      sha256: sha256(pdf),
      chunks: 3,
    });
    expect(await storedRow(fileAreas.children, '.upload-0000.tmp')).toBeUndefined();

    const again = await moveFilesToDatabase(dataDir, t.app.files);
    expect(again.ok).toBe(true);
    expect(again.areas.map((area) => [area.copied, area.skipped, area.verified])).toEqual([
      [0, 1, 1],
      [0, 1, 1],
      [0, 1, 1],
    ]);

    // A chunk altered in the database: its recorded checksum still matches, the bytes read back do not.
    await t.app.db.execute(
      sql`update stored_file_chunks set bytes = ${Buffer.from('not the scan')}
        where area = ${fileAreas.children} and name = ${names.document} and seq = 1`,
    );
    const corrupt = await moveFilesToDatabase(dataDir, t.app.files);
    expect(corrupt.ok).toBe(false);
    expect(corrupt.areas.find((area) => area.area === fileAreas.children)?.mismatched).toEqual([
      names.document,
    ]);
  });
});

describe.skipIf(onPostgres)('files on disk (the embedded database)', () => {
  it('keeps an uploaded document under DATA_DIR/files/children as before, with no row', async () => {
    expect(t.app.files.kind).toBe('disk');
    const childId = (await insertChild(t.app.db, registeredChild(headOfficeId), { prefix: 'STORE' })).id;
    const row = await uploadDocument(childId);
    const onDisk = await readFile(path.join(filesDirectory(t.config.dataDir), 'children', row.storedName));
    expect(onDisk.equals(pdf)).toBe(true);
    expect(await rowsOf(t.app.db, sql`select name from stored_files`)).toEqual([]);
    const served = await call(t.app, 'GET', `/child-infos/file/${row.id}`);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    await expect(moveFilesToDatabase(t.config.dataDir, t.app.files)).rejects.toThrow(/not the database/);
  });
});
