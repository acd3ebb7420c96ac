import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { createGunzip, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackupService } from '../../server/backups/backupService';
import {
  backupDirOf,
  makeBackup,
  type TBackupDatabase,
  writeArchive,
} from '../../server/backups/backupStore';
import { journalOf, manifestPath, type TBackupManifest } from '../../server/backups/manifest';
import { RestoreRefusedError, restoreBackup, type TRestoreTarget } from '../../server/backups/restoreBackup';
import { snapshotPglite } from '../../server/backups/snapshot';
import { addText, createTarWriter, readTar } from '../../server/backups/tar';
import { migrationsFolder, openDatabase } from '../../server/db/client';
import { rowsOf } from '../../server/db/rowsOf';
import { jobRuns } from '../../server/db/schema';
import { createScratchDatabase } from '../../server/db/scratchDatabase';
import { interruptedRunError } from '../../server/jobs/jobRuns';
import { isoDateIn } from '../../src/domain/childStatus';
import { formatInstant } from '../../src/domain/dateFormat';
import { permissionCatalogue } from '../../src/domain/permissionCatalogue';
import { yearsBefore } from '../../src/domain/resources/child';
import { addDays } from '../../src/domain/serviceSchedule';
import { file, multipart } from './support/multipart';
import { adminPassword, createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Backups that restore (issue 27): super users only; an archive whose manifest matches what it
 * holds; a backup taken while children are being written restores every child acknowledged before
 * it started, with the manifest's counts and files; a damaged archive, a non-empty target and a
 * newer version are refused without writing anything. On PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */

let t: TTestApp;
let admin: string;
let everything: string;
let headOfficeId: number;
const scratch: { drop: () => Promise<void> }[] = [];
const temporary: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser(
    'everything',
    permissionCatalogue.map((entry) => entry.name),
  );
  everything = (await t.signIn('everything', userPassword)).accessToken;
  admin = (await t.signIn('admin', adminPassword)).accessToken;
  headOfficeId = await t.createHeadOffice('HO-BACKUP');
}, 60_000);
afterAll(async () => {
  await t?.close();
  for (const database of scratch) await database.drop();
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

const api = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...(token ? t.bearer(token) : {}), locale: 'en', ...headers },
  });

const createChild = async (n: number) => {
  const response = await api('POST', '/child-infos', admin, {
    familyNameKh: 'សុខ',
    givenNameKh: 'ចន្ទា',
    familyNameEn: 'Sok',
    givenNameEn: `Backup ${n}`,
    sex: 'female',
    // Each is another child, born a day apart (issue 35 refuses a likely duplicate).
    dateOfBirth: addDays(yearsBefore(isoDateIn(new Date()), 4), -n),
    dateOfBirthEstimated: false,
    headOfficeId,
    disabilityIds: [],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; version: number };
};

/** Every entry of a .tar.gz: name -> bytes. */
const entriesOf = async (archive: Buffer) => {
  const entries = new Map<string, Buffer>();
  await readTar(Readable.from([archive]).pipe(createGunzip()), async (entry, content) => {
    const chunks: Buffer[] = [];
    for await (const chunk of content) chunks.push(chunk);
    entries.set(entry.name, Buffer.concat(chunks));
  });
  return entries;
};
const manifestOf = async (archive: Buffer) =>
  JSON.parse(((await entriesOf(archive)).get(manifestPath) as Buffer).toString('utf8')) as TBackupManifest;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ab-backup-test-'));
  temporary.push(dir);
  return dir;
};
/** An empty target of the kind the test app runs on: a DATA_DIR, and an empty PostgreSQL database. */
const emptyTarget = async (): Promise<TRestoreTarget> => {
  const dataDir = await tempDir();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { dataDir };
  const database = await createScratchDatabase(adminUrl, 'ab_restore');
  scratch.push(database);
  return { dataDir, databaseUrl: database.databaseUrl };
};
const targetIsEmpty = async (target: TRestoreTarget) => {
  const empty = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;
  expect(empty(path.join(target.dataDir, 'files'))).toBe(true);
  if (!target.databaseUrl) return expect(empty(path.join(target.dataDir, 'db'))).toBe(true);
  const database = await openDatabase(target);
  try {
    const result = (await database.db.execute(
      sql`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    )) as unknown as { rows: { n: number }[] };
    expect(result.rows[0].n).toBe(0);
  } finally {
    await database.close();
  }
};

/** The archive with its manifest replaced by `changed` (the other entries as they are). */
const repackWith = async (archive: string, changed: TBackupManifest) => {
  const entries = await entriesOf(await readFile(archive));
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const tar = createTarWriter(sink);
  for (const [name, content] of entries)
    if (name !== manifestPath) await tar.add(name, content.length, content);
  await addText(tar, manifestPath, JSON.stringify(changed));
  await tar.finish();
  const out = path.join(await tempDir(), 'repacked.tar.gz');
  await writeFile(out, gzipSync(Buffer.concat(chunks)));
  return out;
};

const download = async (name: string) => {
  const response = await api('GET', `/admin/backups/${name}`, admin);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
  return response.rawPayload;
};

let archiveFile: string;

/** The app's database, but its snapshot fails (a full disk) and its lock is this process's alone. */
const failingDatabase = (message = 'No space left on device'): TBackupDatabase => ({
  db: t.app.db,
  driver: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
  withLock: async (_name, run) => ({ held: true, value: await run() }),
  snapshot: async () => {
    throw new Error(message);
  },
});

describe('backups', () => {
  it('are for super users only: 401 without a token, 403 for a user holding every permission', async () => {
    for (const [method, url] of [
      ['GET', '/admin/backups'],
      ['POST', '/admin/backups'],
      ['GET', '/admin/backups/backup-20260101-020000.tar.gz'],
    ] as const) {
      expect((await api(method, url)).statusCode).toBe(401);
      const refused = await api(method, url, everything);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('No Permission.');
    }
    expect((await api('GET', '/admin/backups/not-a-backup.txt', admin)).statusCode).toBe(404);
    expect((await api('GET', '/admin/backups/..%2Fjwt-secret', admin)).statusCode).toBe(404);
  });

  it('are made, listed done and downloaded as an archive whose manifest matches its content', async () => {
    const child = await createChild(0);
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const upload = multipart([file('photo.png', photo, 'file', 'image/png')]);
    const uploaded = await api(
      'POST',
      `/child-infos/upload-file/${child.id}?kind=photo`,
      admin,
      upload.payload,
      upload.headers,
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    const made = await api('POST', '/admin/backups', admin);
    expect(made.statusCode, made.body).toBe(201);
    const backup = made.json().data;
    expect(backup).toMatchObject({
      state: 'done',
      by: 'admin',
      name: expect.stringMatching(/^backup-\d{8}-\d{6}-[0-9a-f]{6}\.tar\.gz$/),
    });

    const list = await api('GET', '/admin/backups', admin);
    expect(list.json().data[0]).toMatchObject({ name: backup.name, state: 'done', size: backup.size });

    const archive = await download(backup.name);
    expect(archive.length).toBe(backup.size);
    const entries = await entriesOf(archive);
    const manifest = JSON.parse((entries.get(manifestPath) as Buffer).toString('utf8')) as TBackupManifest;
    expect(manifest.driver).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    const [{ n }] = (
      (await t.app.db.execute(sql`select count(*)::int as n from child_infos`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(manifest.tables.child_infos).toBe(n);
    expect(manifest.tables.users).toBeGreaterThanOrEqual(2);
    // The photo and its thumbnail: files of the archive, or on PostgreSQL (issue 36) rows of the
    // database's dump; and every entry's checksum is the content's.
    const photoFiles = manifest.entries.filter((entry) => entry.path.startsWith('files/children/')).length;
    if (t.app.files.kind === 'database') {
      expect(photoFiles).toBe(0);
      expect(manifest.tables.stored_files).toBeGreaterThanOrEqual(2);
    } else expect(photoFiles).toBe(2);
    for (const entry of manifest.entries)
      expect(sha256(entries.get(entry.path) as Buffer)).toBe(entry.sha256);
  }, 60_000);

  it('taken while children are written, restore every child acknowledged before it, with the counts and files of the manifest', async () => {
    const acknowledged: number[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 1; writing || acknowledged.length < 5; n += 1)
        acknowledged.push((await createChild(n)).id);
    })();
    while (acknowledged.length < 5) await new Promise((resolve) => setTimeout(resolve, 10));
    const before = [...acknowledged];
    const made = await api('POST', '/admin/backups', admin);
    const during = acknowledged.length - before.length;
    writing = false;
    await writer;
    expect(made.statusCode, made.body).toBe(201);
    archiveFile = path.join(await tempDir(), made.json().data.name);
    await writeFile(archiveFile, await download(made.json().data.name));
    const manifest = await manifestOf(await readFile(archiveFile));

    const target = await emptyTarget();
    const restored = await restoreBackup(archiveFile, target);
    expect(restored.tables).toEqual(manifest.tables);
    const database = await openDatabase(target);
    try {
      const ids = (
        (await database.db.execute(sql`select id from child_infos`)) as unknown as { rows: { id: number }[] }
      ).rows.map((row) => Number(row.id));
      expect(ids).toEqual(expect.arrayContaining(before));
      expect(ids.length).toBe(manifest.tables.child_infos);
    } finally {
      await database.close();
    }
    for (const entry of manifest.entries.filter((item) => item.path.startsWith('files/'))) {
      expect(sha256(await readFile(path.join(target.dataDir, entry.path)))).toBe(entry.sha256);
    }
    // Writes were acknowledged while the backup was being made: the server kept answering.
    expect(during).toBeGreaterThan(0);
    // A second restore into the now non-empty target is refused.
    await expect(restoreBackup(archiveFile, target)).rejects.toThrow(/not empty/);
  }, 240_000);

  it('refuses a damaged archive and changes nothing', async () => {
    const bytes = await readFile(archiveFile);
    const damaged = Buffer.from(bytes);
    damaged[Math.floor(damaged.length / 2)] ^= 0xff;
    const damagedFile = path.join(await tempDir(), 'damaged.tar.gz');
    await writeFile(damagedFile, damaged);
    const target = await emptyTarget();
    await expect(restoreBackup(damagedFile, target)).rejects.toThrow(RestoreRefusedError);
    await expect(restoreBackup(damagedFile, target)).rejects.toThrow(/damaged/);
    await targetIsEmpty(target);
  }, 60_000);

  it('refuses an archive made by a newer version, and one whose migration this version does not know', async () => {
    const manifest = await manifestOf(await readFile(archiveFile));
    const repack = (changed: TBackupManifest) => repackWith(archiveFile, changed);
    const target = await emptyTarget();
    await expect(
      restoreBackup(await repack({ ...manifest, productVersion: '99.0.0' }), target),
    ).rejects.toThrow(/made by version 99\.0\.0, newer than this one/);
    await expect(
      restoreBackup(
        await repack({ ...manifest, migration: { when: 9_999_999_999_999, tag: '9999_future' } }),
        target,
      ),
    ).rejects.toThrow(/9999_future/);
    await targetIsEmpty(target);
  }, 60_000);

  it('a restore that fails after loading (counts differ from the manifest) leaves the target as empty as it found it', async () => {
    const manifest = await manifestOf(await readFile(archiveFile));
    const miscounted = await repackWith(archiveFile, {
      ...manifest,
      tables: { ...manifest.tables, child_infos: (manifest.tables.child_infos ?? 0) + 1 },
    });
    const target = await emptyTarget();
    await expect(restoreBackup(miscounted, target)).rejects.toThrow(/counts differ from the manifest/);
    await targetIsEmpty(target);
    // Empty indeed: the archive as it was restores into it.
    const restored = await restoreBackup(archiveFile, target);
    expect(restored.tables.child_infos).toBe(manifest.tables.child_infos);
  }, 120_000);

  it('one at a time: two asked at once, one is made (201), the other refused (409) naming who makes it, in its language', async () => {
    const [first, second] = await Promise.all([
      api('POST', '/admin/backups', admin, undefined, { locale: 'en' }),
      api('POST', '/admin/backups', admin, undefined, { locale: 'kh' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json().holder).toEqual({
      by: 'admin',
      process: `${os.hostname()}:${process.pid}`,
      startedAt: expect.any(String),
    });
    const { startedAt } = refused.json().holder;
    expect(refused.json().message).toContain(`admin`);
    // The start as the product shows instants: day-month-year and the hour in Phnom Penh.
    expect(refused.json().message).toContain(formatInstant(startedAt));
    expect(refused.json().message).toMatch(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    expect(refused.json().message).not.toContain(startedAt);
    expect(refused.json().message).toMatch(
      refused === first ? /^A backup is already being made by admin/ : /^ការបម្រុងទុក/,
    );
    // Listed once: the one made.
    const made = (first.statusCode === 201 ? first : second).json().data;
    const list = (await api('GET', '/admin/backups', admin)).json().data as {
      name: string;
      startedAt: string;
    }[];
    expect(list.filter((backup) => backup.startedAt === made.startedAt).map((backup) => backup.name)).toEqual(
      [made.name],
    );
  }, 120_000);

  it('lists and serves an archive made before the list was in the database (its state file imported once)', async () => {
    const name = 'backup-20260102-020000.tar.gz';
    const dir = backupDirOf(t.config);
    await writeFile(path.join(dir, name), Buffer.from('an older archive'));
    await writeFile(
      path.join(dir, `${name}.json`),
      JSON.stringify({
        name,
        state: 'done',
        startedAt: '2026-01-02T02:00:00.000Z',
        finishedAt: '2026-01-02T02:01:00.000Z',
        size: 16,
        by: 'schedule',
        files: 0,
        rows: 10,
        pid: 1,
        hostname: 'old-host',
      }),
    );
    expect(await t.app.backups.importStateFiles()).toBe(1);
    expect(await t.app.backups.importStateFiles()).toBe(0);
    const list = (await api('GET', '/admin/backups', admin)).json().data;
    expect(list).toContainEqual(expect.objectContaining({ name, state: 'done', size: 16, by: 'schedule' }));
    expect((await download(name)).toString()).toBe('an older archive');
  });

  it('taken while a photo is replaced again and again, is made and restores the photo its database names', async () => {
    const child = await createChild(5000);
    const uploadPhoto = async (n: number) => {
      const photo = await sharp({
        create: { width: 8, height: 8, channels: 3, background: { r: n % 256, g: 8, b: 200 } },
      })
        .png()
        .toBuffer();
      const upload = multipart([file('photo.png', photo, 'file', 'image/png')]);
      const response = await api(
        'POST',
        `/child-infos/upload-file/${child.id}?kind=photo`,
        admin,
        upload.payload,
        upload.headers,
      );
      expect(response.statusCode, response.body).toBe(200);
    };
    await uploadPhoto(0);
    let replacing = true;
    let replaced = 0;
    const replacer = (async () => {
      for (let n = 1; replacing || replaced < 3; n += 1) {
        await uploadPhoto(n);
        replaced += 1;
      }
    })();
    while (replaced < 1) await new Promise((resolve) => setTimeout(resolve, 5));
    const made = await api('POST', '/admin/backups', admin);
    replacing = false;
    await replacer;
    expect(made.statusCode, made.body).toBe(201);
    const archive = path.join(await tempDir(), made.json().data.name);
    await writeFile(archive, await download(made.json().data.name));
    const target = await emptyTarget();
    await restoreBackup(archive, target);
    const database = await openDatabase(target);
    try {
      const photos = (
        (await database.db.execute(
          sql`select stored_name from attachments where entity = 'child_infos' and entity_id = ${child.id} and slot = 'photo'`,
        )) as unknown as { rows: { stored_name: string }[] }
      ).rows;
      expect(photos).toHaveLength(1);
      const names = [photos[0].stored_name, photos[0].stored_name.replace(/\.[a-z]+$/, '-thumb.webp')];
      if (database.driver === 'postgres') {
        // On PostgreSQL the files are rows of the dump (the database store, issue 36).
        const kept = await rowsOf<{ name: string }>(
          database.db,
          sql`select name from stored_files where area = 'children' and name in (${names[0]}, ${names[1]})`,
        );
        expect(kept.map((row) => row.name).sort()).toEqual([...names].sort());
      } else {
        const children = path.join(target.dataDir, 'files', 'children');
        for (const name of names) expect(existsSync(path.join(children, name)), name).toBe(true);
      }
    } finally {
      await database.close();
    }
  }, 180_000);

  it("puts a failed scheduled backup on the super users' work queue, and in the list with its reason", async () => {
    await expect(
      makeBackup({
        database: failingDatabase(),
        dataDir: t.config.dataDir,
        backupDir: backupDirOf(t.config),
        migrationsFolder,
        by: 'schedule',
        now: t.clock.now,
      }),
    ).rejects.toThrow('No space left on device');
    const list = await api('GET', '/admin/backups', admin);
    expect(list.json().data[0]).toMatchObject({
      state: 'failed',
      by: 'schedule',
      error: 'No space left on device',
    });
    const queue = await api('GET', '/work-queue', admin);
    expect(queue.json().data).toContainEqual(
      expect.objectContaining({ entity: 'backup', reason: 'backupFailed', title: 'No space left on device' }),
    );
    const others = await api('GET', '/work-queue', everything);
    expect(others.statusCode).toBe(200);
    expect(others.json().data.filter((item: { entity: string }) => item.entity === 'backup')).toEqual([]);
  });

  it('makes the scheduled backup once a day after its hour (clearing the failure), and removes archives older than the days kept', async () => {
    const nextMorning = new Date(t.clock.now());
    nextMorning.setDate(nextMorning.getDate() + 1);
    nextMorning.setHours(3, 0, 0, 0);
    t.clock.advance(nextMorning.getTime() - t.clock.now());
    const made = await t.app.backups.runDue();
    expect(made).toMatchObject({ state: 'done', by: 'schedule' });
    // Once a day: not again before tomorrow's 02:00.
    expect(await t.app.backups.runDue()).toBeUndefined();
    admin = (await t.signIn('admin', adminPassword)).accessToken;
    const queue = await api('GET', '/work-queue', admin);
    expect(queue.json().data.filter((item: { entity: string }) => item.entity === 'backup')).toEqual([]);

    // 15 days on: the next scheduled backup removes every archive older than the 14 days kept.
    t.clock.advance(15 * 86_400_000);
    const later = await t.app.backups.runDue();
    expect(later).toMatchObject({ state: 'done', by: 'schedule' });
    admin = (await t.signIn('admin', adminPassword)).accessToken;
    const list = (await api('GET', '/admin/backups', admin)).json().data as { name: string }[];
    expect(list.map((backup) => backup.name)).toEqual([later?.name]);
    expect(readdirSync(backupDirOf(t.config)).sort()).toEqual([later?.name]);
  }, 120_000);

  it('retries a failed scheduled backup within the hour, after 2, 4, 8, 16 and 30 minutes, each attempt a job run; the one that succeeds clears the failure', async () => {
    const failing = createBackupService({
      dataDir: t.config.dataDir,
      backupDir: backupDirOf(t.config),
      database: failingDatabase('The disk is full'),
      db: t.app.db,
      now: t.clock.now,
      log: () => t.app.log,
      jobs: t.app.jobs,
    });
    const nextMorning = new Date(t.clock.now());
    nextMorning.setDate(nextMorning.getDate() + 1);
    nextMorning.setHours(3, 0, 0, 0);
    t.clock.advance(nextMorning.getTime() - t.clock.now());
    const slot = new Date(t.clock.now());
    slot.setHours(2, 0, 0, 0);
    expect(await failing.runDue()).toMatchObject({
      state: 'failed',
      by: 'schedule',
      error: 'The disk is full',
    });
    for (const delay of [2, 4, 8, 16]) {
      // Not before its delay.
      t.clock.advance((delay - 1) * 60_000);
      expect(await failing.runDue()).toBeUndefined();
      t.clock.advance(60_000);
      expect(await failing.runDue()).toMatchObject({ state: 'failed' });
    }
    admin = (await t.signIn('admin', adminPassword)).accessToken;
    const queue = await api('GET', '/work-queue', admin);
    expect(queue.json().data).toContainEqual(
      expect.objectContaining({ entity: 'backup', reason: 'backupFailed', title: 'The disk is full' }),
    );
    t.clock.advance(29 * 60_000);
    expect(await t.app.backups.runDue()).toBeUndefined();
    t.clock.advance(60_000);
    expect(await t.app.backups.runDue()).toMatchObject({ state: 'done', by: 'schedule' });
    expect(await t.app.backups.runDue()).toBeUndefined();

    admin = (await t.signIn('admin', adminPassword)).accessToken;
    const runs = (await api('GET', '/admin/jobs?job=backup_schedule&limit=6', admin)).json().data as {
      slot: string;
      result: string;
    }[];
    const day = slot.toISOString();
    expect(runs.map((run) => [run.slot, run.result])).toEqual([
      [`${day} retry 5`, 'ok'],
      [`${day} retry 4`, 'failed'],
      [`${day} retry 3`, 'failed'],
      [`${day} retry 2`, 'failed'],
      [`${day} retry 1`, 'failed'],
      [day, 'failed'],
    ]);
    const cleared = await api('GET', '/work-queue', admin);
    expect(cleared.json().data.filter((item: { entity: string }) => item.entity === 'backup')).toEqual([]);
  }, 120_000);

  it('a scheduled attempt whose process stopped mid-run (left `running`) is recorded as interrupted, and the day is tried again after 2 minutes', async () => {
    const nextMorning = new Date(t.clock.now());
    nextMorning.setDate(nextMorning.getDate() + 1);
    nextMorning.setHours(3, 0, 0, 0);
    t.clock.advance(nextMorning.getTime() - t.clock.now());
    const slot = new Date(t.clock.now());
    slot.setHours(2, 0, 0, 0);
    const day = slot.toISOString();
    // What a server killed while making the day's backup leaves: its run claimed, never finished.
    await t.app.db
      .insert(jobRuns)
      .values({ job: 'backup_schedule', slot: day, startedAt: new Date(t.clock.now()), process: 'gone:1' });
    t.clock.advance(60_000);
    expect(await t.app.backups.runDue()).toBeUndefined();
    t.clock.advance(60_000);
    expect(await t.app.backups.runDue()).toMatchObject({ state: 'done', by: 'schedule' });
    admin = (await t.signIn('admin', adminPassword)).accessToken;
    const runs = (await api('GET', '/admin/jobs?job=backup_schedule&limit=2', admin)).json().data as {
      slot: string;
      result: string;
      error?: string;
    }[];
    expect(runs.map((run) => [run.slot, run.result, run.error])).toEqual([
      [`${day} retry 1`, 'ok', undefined],
      [day, 'failed', interruptedRunError],
    ]);
  }, 120_000);
});

/**
 * An archive an older version made (its database two migrations behind this one's: before the
 * sealed origins and the children's search text) restores, and the restore runs the migrations it
 * lacks: the restored child is found by the new search column and carries the new seal column.
 * PGlite only: on PostgreSQL the same `prepare()` runs after `pg_restore`.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('an older backup', () => {
  it('is restored and brought up to this version by the migrations it lacks', async () => {
    const journal = journalOf(migrationsFolder);
    const olderTag = '0026_saved_views';
    expect(journal.map((entry) => entry.tag)).toContain(olderTag);
    const older = path.join(await tempDir(), 'migrations');
    await cp(migrationsFolder, older, { recursive: true });
    const journalFile = path.join(older, 'meta', '_journal.json');
    const olderJournal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
    olderJournal.entries = olderJournal.entries.slice(
      0,
      olderJournal.entries.findIndex((entry) => entry.tag === olderTag) + 1,
    );
    await writeFile(journalFile, JSON.stringify(olderJournal));

    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      await migrate(drizzle({ client }), { migrationsFolder: older });
      await client.exec(`
        INSERT INTO provinces (code, name) VALUES ('12', '{"kh":"ភ្នំពេញ","en":"Phnom Penh"}');
        INSERT INTO head_offices (code, name, class, province_id) VALUES ('HO-OLD', '{"kh":"ក","en":"A"}', 'national', 1);
        INSERT INTO child_infos (code, family_name_en, given_name_en, sex, date_of_birth, head_office_id)
          VALUES ('CH-2025-000001', 'Chan', 'Dara', 'female', '2020-01-01', 1);
      `);
      const source = await tempDir();
      const name = 'backup-20250101-020000-000001.tar.gz';
      await writeArchive({
        dataDir: source,
        backupDir: backupDirOf({ dataDir: source }),
        name,
        driver: 'pglite',
        snapshot: (file, during) => snapshotPglite(client, file, during),
        migrationsFolder: older,
        createdAt: new Date(),
      });
      const archive = path.join(backupDirOf({ dataDir: source }), name);
      expect((await manifestOf(await readFile(archive))).migration.tag).toBe(olderTag);

      const target = { dataDir: await tempDir() };
      const restored = await restoreBackup(archive, target);
      expect(restored.migrated).toBe(true);
      const database = await openDatabase(target);
      try {
        const found = (await database.db.execute(
          sql`select code, sealed_at from child_infos where search_text ilike '%chan%dara%'`,
        )) as unknown as { rows: { code: string; sealed_at: unknown }[] };
        expect(found.rows).toEqual([{ code: 'CH-2025-000001', sealed_at: null }]);
      } finally {
        await database.close();
      }
    } finally {
      await client.close();
    }
  }, 120_000);
});
