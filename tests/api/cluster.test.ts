import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { restoreBackup } from '../../server/backups/restoreBackup';
import { loadConfig } from '../../server/config';
import { createScratchDatabase } from '../../server/db/scratchDatabase';
import { isoDateIn } from '../../src/domain/childStatus';
import { yearsBefore } from '../../src/domain/resources/child';
import { file, multipart } from './support/multipart';
import { spawnServer } from './support/serverProcess';
import { adminPassword } from './testApp';

/**
 * Issue 36, 'Done when': two real server processes on one PostgreSQL database, each with a
 * DATA_DIR of its own (nothing shared on disk but BACKUP_DIR), the same JWT_SECRET, requests
 * alternating between them as a load balancer sends them. What one process wrote the other serves:
 * a sign-in, a child, its documents and photo (files in the database), an import's dry run (kept in
 * the database), a backup (listed from the database, its archive in the shared BACKUP_DIR, made one
 * at a time across the cluster). PostgreSQL only: PGlite is one process per data directory.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
});

const tempDir = async (prefix: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `ab-cluster-${prefix}-`));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
};
const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A client of one process: JSON or multipart bodies, `locale: en`, the bearer token when given. */
type TClient = {
  name: string;
  base: string;
  call: (
    method: 'GET' | 'POST',
    url: string,
    options?: { token?: string; json?: unknown; form?: ReturnType<typeof multipart> },
  ) => Promise<Response>;
};
const clientOf = (name: string, base: string): TClient => ({
  name,
  base,
  call: (method, url, { token, json, form } = {}) =>
    fetch(`${base}/api/v1${url}`, {
      method,
      headers: {
        locale: 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(form?.headers ?? {}),
      },
      body: form ? new Uint8Array(form.payload) : json === undefined ? undefined : JSON.stringify(json),
    }),
});
/** The answer's JSON, failing with its body when the status is not `status`. */
const expectStatus = async (response: Response, status: number) => {
  const text = await response.text();
  expect(response.status, `${response.url}: ${text}`).toBe(status);
  return text ? JSON.parse(text) : undefined;
};
const bytesOf = async (response: Response) => {
  expect(response.status, response.url).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

/** An .xlsx with the import's English headers and these rows, as Excel saves it. */
const importHeaders = [
  'Code',
  'Sex',
  'Family name (Latin)',
  'Given name (Latin)',
  'Date of birth',
  'Head office',
];
const workbookOf = async (rows: unknown[][]) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  [importHeaders, ...rows].forEach((row, index) => {
    sheet.getRow(index + 1).values = row as ExcelJS.CellValue[];
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

let a: TClient;
let b: TClient;
let backupDir: string;
let jwtSecret: string;
let token: string;
let officeId: number;
let officeCode: string;
let child: { id: number; code: string };
let pdf: Buffer;
let documentId: number;
let photo: Buffer;
let archive: Buffer | undefined;

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL database', () => {
  it('started at once on an empty database, both become ready', async () => {
    const database = await createScratchDatabase(adminUrl as string, 'ab_cluster');
    cleanups.push(database.drop);
    backupDir = await tempDir('backups');
    jwtSecret = randomBytes(32).toString('base64url');
    const starting = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const env: NodeJS.ProcessEnv = {
          ...process.env,
          DATABASE_URL: database.databaseUrl,
          DATA_DIR: await tempDir(`data-${name}`),
          BACKUP_DIR: backupDir,
          JWT_SECRET: jwtSecret,
          ADMIN_PASSWORD: adminPassword,
          BACKUP_SCHEDULE: 'off',
          PORT: '0',
          HOST: '127.0.0.1',
        };
        delete env.MEMORY_TEMPLATE;
        const server = spawnServer('server/main.ts', env);
        // Stopped before the database is dropped (cleanups run last first).
        cleanups.push(() => server.stop());
        return { name, server };
      }),
    );
    const [first, second] = await Promise.all(
      starting.map(async ({ name, server }) => clientOf(name, await server.listening)),
    );
    [a, b] = [first, second];
    for (const client of [a, b]) {
      const ready = await fetch(`${client.base}/health/ready`);
      expect(ready.status, `${client.name}: ${await ready.clone().text()}`).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready', database: 'ok', migrations: 'done' });
    }
  }, 240_000);

  it('honours on B a sign-in made on A, and lists on B the child created on A', async () => {
    const signedIn = await expectStatus(
      await a.call('POST', '/auth/sign-in', { json: { username: 'admin', password: adminPassword } }),
      200,
    );
    token = signedIn.data.accessToken;
    officeCode = 'HO-CLUSTER';
    const province = await expectStatus(
      await b.call('POST', '/provinces', {
        token,
        json: { code: 'CL-P1', name: { kh: 'ខេត្តចង្កោម', en: 'Cluster province' } },
      }),
      201,
    );
    const office = await expectStatus(
      await a.call('POST', '/head-offices', {
        token,
        json: {
          code: officeCode,
          name: { kh: 'ការិយាល័យចង្កោម', en: 'Cluster office' },
          class: 'national',
          provinceId: province.data.id,
        },
      }),
      201,
    );
    officeId = office.data.id;
    const created = await expectStatus(
      await a.call('POST', '/child-infos', {
        token,
        json: {
          familyNameKh: 'សុខ',
          givenNameKh: 'ចន្ទា',
          familyNameEn: 'Sok',
          givenNameEn: 'Cluster',
          sex: 'female',
          dateOfBirth: yearsBefore(isoDateIn(new Date()), 4),
          dateOfBirthEstimated: false,
          headOfficeId: officeId,
          disabilityIds: [],
        },
      }),
      201,
    );
    child = { id: created.data.id, code: created.data.code };
    const listed = await expectStatus(
      await b.call('GET', `/child-infos?search=${encodeURIComponent(child.code)}`, { token }),
      200,
    );
    expect(listed.data.map((row: { id: number }) => row.id)).toEqual([child.id]);
  }, 120_000);

  it('serves on B the document and the photo uploaded on A: same bytes, and the thumbnail', async () => {
    const document = await PDFDocument.create();
    document.addPage([200, 200]);
    pdf = Buffer.from(await document.save());
    const uploaded = await expectStatus(
      await a.call('POST', `/child-infos/upload-file/${child.id}`, {
        token,
        form: multipart([
          { field: 'title', value: 'Birth certificate' },
          file('birth.pdf', pdf, 'file', 'application/pdf'),
        ]),
      }),
      200,
    );
    documentId = uploaded.data.id;
    const image = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    await expectStatus(
      await a.call('POST', `/child-infos/upload-file/${child.id}?kind=photo`, {
        token,
        form: multipart([file('photo.png', image, 'file', 'image/png')]),
      }),
      200,
    );

    const listed = await expectStatus(await b.call('GET', `/child-infos/files/${child.id}`, { token }), 200);
    expect(listed.data.map((row: { id: number }) => row.id)).toEqual([documentId]);
    expect(sha256(await bytesOf(await b.call('GET', `/child-infos/file/${documentId}`, { token })))).toBe(
      sha256(pdf),
    );
    // The photo as stored (re-encoded by the server): A's bytes, served by B.
    photo = await bytesOf(await a.call('GET', `/child-infos/photo/${child.id}`, { token }));
    expect(sha256(await bytesOf(await b.call('GET', `/child-infos/photo/${child.id}`, { token })))).toBe(
      sha256(photo),
    );
    const thumbnail = await b.call('GET', `/child-infos/thumbnail/${child.id}`, { token });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toMatch(/^image\//);
    expect((await sharp(await bytesOf(thumbnail)).metadata()).width).toBeGreaterThan(0);
  }, 120_000);

  it("finds on B an import's dry run made on A: its errors workbook, and its commit", async () => {
    const born = yearsBefore(isoDateIn(new Date()), 5);
    const checked = await expectStatus(
      await a.call('POST', '/upload/children/dry-run', {
        token,
        form: multipart([
          file(
            'children.xlsx',
            await workbookOf([
              [null, 'female', 'Import', 'Cluster Good', born, officeCode],
              [null, 'x', 'Import', 'Cluster Bad', born, officeCode],
            ]),
          ),
        ]),
      }),
      200,
    );
    expect(checked.data).toMatchObject({ rows: 2, valid: 1 });

    const errors = await b.call('GET', `/upload/children/errors/${checked.data.token}`, { token });
    expect(errors.status).toBe(200);
    expect(errors.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytesOf(errors)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(3).getCell(4).value).toBe('Cluster Bad');
    expect(String(sheet.getRow(3).getCell(7).value)).toContain('"x"');

    // B has the run: a check that found errors is refused as such (400), not as unknown (404).
    const refused = await expectStatus(
      await b.call('POST', '/upload/children/commit', { token, json: { token: checked.data.token } }),
      400,
    );
    expect(refused.message).toMatch(/1 row\(s\) have errors/);

    // The person corrects the errors workbook B gave back; checked on A, committed on B.
    sheet.getRow(3).getCell(2).value = 'female';
    const corrected = await expectStatus(
      await a.call('POST', '/upload/children/dry-run', {
        token,
        form: multipart([file('children-errors.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()))]),
      }),
      200,
    );
    expect(corrected.data).toMatchObject({ rows: 2, valid: 2, errors: [] });
    const committed = await expectStatus(
      await b.call('POST', '/upload/children/commit', { token, json: { token: corrected.data.token } }),
      200,
    );
    expect(committed.data.created).toHaveLength(2);
    const [goodCode] = committed.data.created as string[];
    const onA = await expectStatus(
      await a.call('GET', `/child-infos?search=${encodeURIComponent(goodCode)}`, { token }),
      200,
    );
    expect(onA.data).toEqual([expect.objectContaining({ code: goodCode, givenNameEn: 'Cluster Good' })]);
  }, 120_000);

  it('lists on B the backup made on A and downloads it from the shared BACKUP_DIR', async () => {
    const made = await expectStatus(await a.call('POST', '/admin/backups', { token }), 201);
    const { name } = made.data as { name: string };
    const listed = await expectStatus(await b.call('GET', '/admin/backups', { token }), 200);
    expect(listed.data).toContainEqual(
      expect.objectContaining({ name, state: 'done', size: made.data.size }),
    );
    const downloaded = await bytesOf(await b.call('GET', `/admin/backups/${name}`, { token }));
    expect(sha256(downloaded)).toBe(sha256(await readFile(path.join(backupDir, name))));
    archive = downloaded;
  }, 120_000);

  it('restores, from that archive, the document and the photo with their content', async () => {
    expect(archive, 'the backup of the case before').toBeDefined();
    const archiveFile = path.join(await tempDir('archive'), 'backup.tar.gz');
    await writeFile(archiveFile, archive as Buffer);
    const target = await createScratchDatabase(adminUrl as string, 'ab_cluster_restore');
    cleanups.push(target.drop);
    const dataDir = await tempDir('restored');
    await restoreBackup(archiveFile, { dataDir, databaseUrl: target.databaseUrl });

    // A server on the restored database answers the document and the photo, wherever it keeps them.
    const app = await buildApp(
      loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: target.databaseUrl,
        BACKUP_DIR: path.join(dataDir, 'backups'),
        JWT_SECRET: jwtSecret,
        BACKUP_SCHEDULE: 'off',
      }),
      { announce: () => {} },
    );
    cleanups.push(() => app.close());
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { username: 'admin', password: adminPassword },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const headers = { authorization: `Bearer ${signedIn.json().data.accessToken}` };
    const served = await app.inject({
      method: 'GET',
      url: `/api/v1/child-infos/file/${documentId}`,
      headers,
    });
    expect(served.statusCode, served.body).toBe(200);
    expect(sha256(served.rawPayload)).toBe(sha256(pdf));
    const servedPhoto = await app.inject({
      method: 'GET',
      url: `/api/v1/child-infos/photo/${child.id}`,
      headers,
    });
    expect(servedPhoto.statusCode).toBe(200);
    expect(sha256(servedPhoto.rawPayload)).toBe(sha256(photo));
  }, 180_000);

  it('makes one backup at a time across the cluster: asked at once on A and B, one 201 and one 409', async () => {
    // Two backups that did not overlap (the first done before the second asked) would both be 201:
    // asked again, up to three times; a 409 must come, and nothing but 201 and 409.
    const seen: number[][] = [];
    for (let attempt = 0; attempt < 3 && !seen.some((pair) => pair.includes(409)); attempt += 1) {
      const answers = await Promise.all(
        [a, b].map((client) => client.call('POST', '/admin/backups', { token })),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      seen.push(statuses);
      const refused = answers.find((answer) => answer.status === 409);
      if (refused) expect((await refused.json()).message).toBeTruthy();
    }
    expect(
      seen.flat().every((status) => status === 201 || status === 409),
      JSON.stringify(seen),
    ).toBe(true);
    expect(seen.at(-1), JSON.stringify(seen)).toEqual([201, 409]);
  }, 180_000);
});
