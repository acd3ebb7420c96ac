import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TApp } from '../../server/app';
import { backupDirOf } from '../../server/backups/backupStore';
import { rowsOf } from '../../server/db/rowsOf';
import { createScratchDatabase } from '../../server/db/scratchDatabase';
import { formatInstant } from '../../src/domain/dateFormat';
import type { TJobRun } from '../../src/domain/jobs';
import { permissionCatalogue } from '../../src/domain/permissionCatalogue';
import { secondApp } from './support/secondApp';
import { adminPassword, createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Issue 36, 'Jobs run once per cluster': the timers (the scheduled backup; the report summaries'
 * refresh until issue 37 kept them by triggers) run once per slot however many processes share the database, their runs are recorded
 * and listed to super users (`GET /admin/jobs`), and processes started at once on an empty
 * PostgreSQL database all come up (migrations under a lock). Two apps on one database on
 * PostgreSQL only: PGlite is one process per data directory.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;

let t: TTestApp;
let admin: string;
let everything: string;
const closing: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser(
    'everything',
    permissionCatalogue.map((entry) => entry.name),
  );
  everything = (await t.signIn('everything', userPassword)).accessToken;
  admin = (await t.signIn('admin', adminPassword)).accessToken;
}, 60_000);
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  await t?.close();
});

/** The clock moves by days: a token signed before has expired. */
const freshAdmin = async () => {
  admin = (await t.signIn('admin', adminPassword)).accessToken;
  return admin;
};

const jobsList = async (token?: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/jobs${query}`,
    headers: { ...(token ? t.bearer(token) : {}), locale: 'en' },
  });

/** Moves the shared clock to tomorrow at 03:00, after the default backup hour. */
const toTomorrowMorning = () => {
  const next = new Date(t.clock.now());
  next.setDate(next.getDate() + 1);
  next.setHours(3, 0, 0, 0);
  t.clock.advance(next.getTime() - t.clock.now());
};

const runsOf = async (job: string) =>
  rowsOf<{ slot: string; n: number }>(
    t.app.db,
    sql`select slot, count(*)::int as n from job_runs where job = ${job} group by slot order by slot`,
  );

describe('GET /admin/jobs', () => {
  it('is for super users only: 401 without a token, 403 for a user holding every permission; a bad limit is 400', async () => {
    expect((await jobsList()).statusCode).toBe(401);
    const refused = await jobsList(everything);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('No Permission.');
    expect((await jobsList(admin, '?limit=0')).statusCode).toBe(400);
    expect((await jobsList(admin, '?job=nothing')).statusCode).toBe(400);
  });

  it('lists a scheduled backup run: when, where, how long, result; a slot runs once', async () => {
    toTomorrowMorning();
    const made = await t.app.backups.runDue();
    expect(made).toMatchObject({ state: 'done', by: 'schedule' });
    const list = await jobsList(await freshAdmin(), '?job=backup_schedule');
    expect(list.statusCode, list.body).toBe(200);
    const [run] = list.json().data as TJobRun[];
    expect(run).toMatchObject({
      job: 'backup_schedule',
      result: 'ok',
      process: `${os.hostname()}:${process.pid}`,
    });
    // On the app's clock (moved to tomorrow morning), with the backup it made.
    expect(Math.abs(Date.parse(run.startedAt) - Date.parse(made?.startedAt ?? ''))).toBeLessThan(5_000);
    expect(run.finishedAt).toBeDefined();
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    // The slot is today at the backup hour: claimed, so no second run for it.
    const hour = new Date(t.clock.now());
    hour.setHours(2, 0, 0, 0);
    expect(run.slot).toBe(hour.toISOString());
    expect(await runsOf('backup_schedule')).toEqual([{ slot: hour.toISOString(), n: 1 }]);
  }, 60_000);

  // The reports' summaries are kept by triggers since issue 37: no refresh runs any more.
  it('a failed run is listed with its error', async () => {
    await expect(
      t.app.jobs.once('backup_schedule', 'a-failing-slot', async () => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    const [failed] = (await jobsList(await freshAdmin(), '?limit=1')).json().data as TJobRun[];
    expect(failed).toMatchObject({ slot: 'a-failing-slot', result: 'failed', error: 'disk full' });
  }, 60_000);
});

describe.runIf(onPostgres)('two processes on one PostgreSQL database', () => {
  it('make the scheduled backup once, whether their timers fire together or apart', async () => {
    const other = await secondApp(t, closing);
    toTomorrowMorning();
    const together = await Promise.all([t.app.backups.runDue(), other.backups.runDue()]);
    expect(together.filter((made) => made !== undefined)).toHaveLength(1);
    // The other's timer fires a little later: its own DATA_DIR holds no backup, the database says
    // the slot is done.
    expect(await other.backups.runDue()).toBeUndefined();
    expect(await t.app.backups.runDue()).toBeUndefined();
    const slot = new Date(t.clock.now());
    slot.setHours(2, 0, 0, 0);
    expect((await runsOf('backup_schedule')).filter((row) => row.slot === slot.toISOString())).toEqual([
      { slot: slot.toISOString(), n: 1 },
    ]);
    // Listed by either process.
    const listed = await other.inject({
      method: 'GET',
      url: '/api/v1/admin/jobs?job=backup_schedule&limit=1',
      headers: { authorization: `Bearer ${await freshAdmin()}` },
    });
    expect(listed.json().data[0]).toMatchObject({ slot: slot.toISOString(), result: 'ok' });
  }, 120_000);

  it('a backup made on one is listed and downloaded on the other (one BACKUP_DIR); two asked at once on both: one 201, one 409 naming who makes it', async () => {
    const other = await secondApp(t, closing, { backupDir: backupDirOf(t.config) });
    const token = await freshAdmin();
    const post = (app: TApp, locale: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/admin/backups',
        headers: { authorization: `Bearer ${token}`, locale },
      });
    const made = await post(t.app, 'en');
    expect(made.statusCode, made.body).toBe(201);
    const { name, size } = made.json().data;
    const listed = await other.inject({
      method: 'GET',
      url: '/api/v1/admin/backups',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(listed.json().data).toContainEqual(expect.objectContaining({ name, state: 'done', size }));
    const downloaded = await other.inject({
      method: 'GET',
      url: `/api/v1/admin/backups/${name}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.length).toBe(size);

    const together = await Promise.all([post(t.app, 'en'), post(other, 'kh')]);
    expect(together.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = together.find((answer) => answer.statusCode === 409);
    expect(refused?.json().holder).toEqual({
      by: 'admin',
      process: `${os.hostname()}:${process.pid}`,
      startedAt: expect.any(String),
    });
    expect(refused?.json().message).toContain(formatInstant(refused?.json().holder.startedAt));
    // The one made is listed by both, once.
    const winner = together.find((answer) => answer.statusCode === 201)?.json().data;
    for (const app of [t.app, other]) {
      const list = await app.inject({
        method: 'GET',
        url: '/api/v1/admin/backups',
        headers: { authorization: `Bearer ${token}` },
      });
      const names = (list.json().data as { name: string }[]).map((backup) => backup.name);
      expect(names.filter((each) => each === winner.name)).toHaveLength(1);
      expect(names).toContain(name);
    }
  }, 180_000);

  it('started at once on an empty database both come up ready', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const empty = await createScratchDatabase(adminUrl, 'ab_empty');
    const dirs = await Promise.all([1, 2].map(() => mkdtemp(path.join(os.tmpdir(), 'ab-empty-'))));
    closing.push(async () => {
      await empty.drop();
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    });
    const apps = await Promise.all(
      dirs.map((dataDir) =>
        buildApp(
          { ...t.config, dataDir, databaseUrl: empty.databaseUrl, memoryTemplate: undefined },
          { announce: () => {} },
        ),
      ),
    );
    closing.push(() => Promise.all(apps.map((app) => app.close())));
    for (const app of apps) {
      const ready = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
    }
    // Seeded once: one admin.
    const [{ n }] = await rowsOf<{ n: number }>(
      apps[0].db,
      sql`select count(*)::int as n from users where username = 'admin'`,
    );
    expect(n).toBe(1);
  }, 180_000);
});
