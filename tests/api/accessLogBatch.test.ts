import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { accessLog } from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/programmeTime';
import { yearsBefore } from '../../src/domain/resources/child';
import { adminPassword, createTestApp, type TTestApp } from './testApp';

/**
 * Issue 37: the first read of a record by a user is written to the access log in batches, not by
 * the read itself; the timeline shows it right after, and a normal stop writes every one noted.
 */
let t: TTestApp | undefined;
afterAll(() => t?.close());

type TEntry = { kind: string; user: { name: string } | null };

describe('the access log, written in batches', () => {
  it('shows a read in the timeline at once, and keeps it through a normal stop', async () => {
    // A database that outlives the app: persisted PGlite under DATA_DIR, or the PostgreSQL one.
    t = await createTestApp(
      process.env.TEST_DATABASE_URL ? {} : { databaseUrl: undefined, memoryTemplate: undefined },
    );
    const { app } = t;
    const officeId = await t.createHeadOffice('HO-ACCESS');
    const admin = (await t.signIn('admin', adminPassword)).accessToken;
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url: `/api/v1${url}`, headers: { ...t?.bearer(admin), locale: 'en' }, payload });
    const today = isoDateIn(new Date(t.clock.now()));
    const child = (kh: string, en: string, years: number) => ({
      familyNameKh: kh,
      givenNameKh: 'ចន្ទា',
      familyNameEn: en,
      givenNameEn: 'Chanthea',
      sex: 'female',
      dateOfBirth: yearsBefore(today, years),
      dateOfBirthEstimated: false,
      headOfficeId: officeId,
      disabilityIds: [],
    });
    const created = [
      await call('POST', '/child-infos', child('សុខ', 'Sok', 4)),
      await call('POST', '/child-infos', child('ហេង', 'Heng', 9)),
    ];
    for (const answer of created) expect(answer.statusCode, answer.body).toBe(201);
    const [first, second] = created.map((answer) => answer.json().data as { id: number });

    // Read, then the timeline at once: the opening is there.
    expect((await call('GET', `/child-infos/${first.id}`)).statusCode).toBe(200);
    const timeline = (await call('GET', `/child-infos/timeline/${first.id}`)).json().data as TEntry[];
    expect(timeline.filter((entry) => entry.kind === 'access').map((entry) => entry.user?.name)).toEqual([
      'Administrator',
    ]);

    // Read, then a normal stop right away: the row is written before the database closes.
    expect((await call('GET', `/child-infos/${second.id}`)).statusCode).toBe(200);
    await app.close();
    const reopened = await buildApp({ ...t.config, backupSchedule: false }, { announce: () => {} });
    try {
      const rows = await reopened.db.select().from(accessLog).where(eq(accessLog.entityId, second.id));
      expect(rows.map((row) => row.entity)).toEqual(['child_infos']);
    } finally {
      await reopened.close();
    }
  });
});
