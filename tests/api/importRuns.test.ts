import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TApp } from '../../server/app';
import { childInfos, importRuns } from '../../server/db/schema';
import { createImportRuns, importClaimStaleMs, importRunLifetimeMs } from '../../server/upload/importRuns';
import { isoDateIn } from '../../src/domain/childStatus';
import { yearsBefore } from '../../src/domain/resources/child';
import { file, multipart } from './support/multipart';
import { secondApp } from './support/secondApp';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Issue 36, 'Import runs in the database': a dry run's token and checked workbook are a row of
 * `import_runs`, so its errors workbook and its commit work on any process sharing the database.
 * On both drivers: a commit claims the run once, a failed one gives it back, a finished one spends
 * the token, an expired run is unknown and goes at the next dry run. On PostgreSQL also across two
 * apps on one database (each its own DATA_DIR); PGlite is one process per data directory.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;

let t: TTestApp;
let clerk: string;
const closing: (() => Promise<unknown>)[] = [];

const unknownToken = 'This check is not known or has expired: send the workbook again.';
const headers = ['Code', 'Sex', 'Family name (Latin)', 'Given name (Latin)', 'Date of birth', 'Head office'];
const childRow = (given: string, sex = 'female') => [
  null,
  sex,
  'Runs',
  given,
  yearsBefore(isoDateIn(new Date(t.clock.now())), 5),
  'HO-RUNS',
];

const workbookOf = async (rows: unknown[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Children');
  [headers, ...rows].forEach((row, index) => {
    sheet.getRow(index + 1).values = row as ExcelJS.CellValue[];
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const dryRun = async (app: TApp, rows: unknown[][]) => {
  const body = multipart([file('children.xlsx', await workbookOf(rows))]);
  return app.inject({
    method: 'POST',
    url: '/api/v1/upload/children/dry-run',
    payload: body.payload,
    headers: { authorization: `Bearer ${clerk}`, locale: 'en', ...body.headers },
  });
};
const commit = (app: TApp, token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/upload/children/commit',
    payload: { token },
    headers: { authorization: `Bearer ${clerk}`, locale: 'en' },
  });
const errorsOf = (app: TApp, token: string) =>
  app.inject({
    method: 'GET',
    url: `/api/v1/upload/children/errors/${token}`,
    headers: { authorization: `Bearer ${clerk}`, locale: 'en' },
  });

/** What a reader sees of an errors workbook: each row's values and each cell's note and fill. */
const contentOf = async (bytes: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[] = [];
  sheet.eachRow((row, number) => {
    const cells: unknown[] = [];
    row.eachCell((cell, column) =>
      cells.push({
        column,
        value: cell.value,
        note: cell.note ? String(cell.note) : null,
        fill: (cell.fill as { fgColor?: { argb?: string } } | undefined)?.fgColor?.argb ?? null,
      }),
    );
    rows.push({ number, cells });
  });
  return rows;
};

const childrenNamed = async (given: string) =>
  (
    await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(childInfos)
      .where(eq(childInfos.givenNameEn, given))
  )[0].n;
const runRow = async (token: string) =>
  (await t.app.db.select().from(importRuns).where(eq(importRuns.token, token)))[0];

beforeAll(async () => {
  t = await createTestApp();
  await t.createHeadOffice('HO-RUNS');
  await t.createUser('clerk', ['adoptive_children:read', 'adoptive_children:write']);
  clerk = (await t.signIn('clerk', userPassword)).accessToken;
}, 60_000);
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  await t?.close();
});

describe('a dry run kept in the database', () => {
  it('is a row of its user and resource with an expiry; the commit deletes it with the records it writes', async () => {
    const checked = await dryRun(t.app, [childRow('Kept')]);
    expect(checked.statusCode, checked.body).toBe(200);
    const { token } = checked.json().data;
    const row = await runRow(token);
    expect(row).toMatchObject({ resource: 'children', claimedAt: null, claimedBy: null });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(importRunLifetimeMs);
    const committed = await commit(t.app, token);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json().data.created).toHaveLength(1);
    expect(await runRow(token)).toBeUndefined();
    const again = await commit(t.app, token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(unknownToken);
    expect((await errorsOf(t.app, token)).statusCode).toBe(404);
  });

  it('is given back by a commit that fails: its errors workbook and a later commit still find it', async () => {
    const checked = await dryRun(t.app, [childRow('Failing', 'x')]);
    const { token } = checked.json().data;
    const refused = await commit(t.app, token);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await runRow(token)).toMatchObject({ claimedAt: null, claimedBy: null });
    expect((await errorsOf(t.app, token)).statusCode).toBe(200);
    expect((await commit(t.app, token)).statusCode).toBe(400);
  });

  it('is not there while another commit holds it: neither committed nor its errors downloaded', async () => {
    const { token } = (await dryRun(t.app, [childRow('Held')])).json().data;
    await t.app.db
      .update(importRuns)
      .set({ claimedAt: new Date(t.clock.now()), claimedBy: 'elsewhere:1:abc' })
      .where(eq(importRuns.token, token));
    const refused = await commit(t.app, token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(unknownToken);
    expect((await errorsOf(t.app, token)).statusCode).toBe(404);
    expect(await childrenNamed('Held')).toBe(0);
    // The other commit gave it back (it failed): it is there again.
    await t.app.db
      .update(importRuns)
      .set({ claimedAt: null, claimedBy: null })
      .where(eq(importRuns.token, token));
    expect((await commit(t.app, token)).statusCode).toBe(200);
    expect(await childrenNamed('Held')).toBe(1);
  });

  it('a claim left by a process that stopped mid-commit holds 10 minutes, then the run may be committed (once)', async () => {
    const { token } = (await dryRun(t.app, [childRow('Crashed')])).json().data;
    await t.app.db
      .update(importRuns)
      .set({ claimedAt: new Date(t.clock.now()), claimedBy: 'gone:1:abc' })
      .where(eq(importRuns.token, token));
    t.clock.advance(importClaimStaleMs - 60_000);
    expect((await commit(t.app, token)).statusCode).toBe(404);
    t.clock.advance(2 * 60_000);
    expect((await commit(t.app, token)).statusCode).toBe(200);
    expect(await childrenNamed('Crashed')).toBe(1);
    expect((await commit(t.app, token)).statusCode).toBe(404);
    expect(await childrenNamed('Crashed')).toBe(1);
  });

  it('a commit slower than its claim, taken over meanwhile, is rolled back at its end: the other commit is the one', async () => {
    const { token } = (await dryRun(t.app, [childRow('Slow')])).json().data;
    const [row] = await t.app.db.select().from(importRuns).where(eq(importRuns.token, token));
    const runs = createImportRuns(t.app.db, t.clock.now);
    const slow = await runs.claim(token, row.userId, row.resource);
    t.clock.advance(importClaimStaleMs + 60_000);
    const other = await runs.claim(token, row.userId, row.resource);
    expect(slow && other).toBeTruthy();
    await expect(t.app.db.transaction((tx) => slow?.done(tx) ?? Promise.resolve())).rejects.toThrow(
      'importTokenUnknown',
    );
    await t.app.db.transaction((tx) => other?.done(tx) ?? Promise.resolve());
    expect(await runRow(token)).toBeUndefined();
  });

  it('two commits of one token at once: one writes, the other is answered the unknown check', async () => {
    const { token } = (await dryRun(t.app, [childRow('Twice A'), childRow('Twice B')])).json().data;
    const answers = await Promise.all([commit(t.app, token), commit(t.app, token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expect(answers.find((answer) => answer.statusCode === 404)?.json().message).toBe(unknownToken);
    expect(await childrenNamed('Twice A')).toBe(1);
    expect(await childrenNamed('Twice B')).toBe(1);
  });
});

describe.runIf(onPostgres)('two processes on one PostgreSQL database', () => {
  let b: TApp;
  beforeAll(async () => {
    b = await secondApp(t, closing);
  }, 60_000);

  it('checked on A: its errors workbook downloaded on B is the one A gives', async () => {
    const checked = await dryRun(t.app, [childRow('Shown'), childRow('Wrong', 'x')]);
    expect(checked.statusCode, checked.body).toBe(200);
    const { token } = checked.json().data;
    const onA = await errorsOf(t.app, token);
    const onB = await errorsOf(b, token);
    expect(onA.statusCode, onA.body).toBe(200);
    expect(onB.statusCode, onB.body).toBe(200);
    const content = await contentOf(onB.rawPayload);
    expect(content).toEqual(await contentOf(onA.rawPayload));
    // The bad row marked, as the check found it on A.
    expect(JSON.stringify(content)).toContain('"x"');
  });

  it('checked on A, committed on B: the records are written; the token is spent on either', async () => {
    const { token } = (await dryRun(t.app, [childRow('Across One'), childRow('Across Two')])).json().data;
    const committed = await commit(b, token);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json().data.created).toHaveLength(2);
    expect(await childrenNamed('Across One')).toBe(1);
    for (const app of [t.app, b]) {
      const again = await commit(app, token);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(unknownToken);
      expect((await errorsOf(app, token)).statusCode).toBe(404);
    }
  });

  it('committed at once on A and B: one writes, the other is answered the unknown check', async () => {
    const { token } = (await dryRun(t.app, [childRow('Raced One'), childRow('Raced Two')])).json().data;
    const answers = await Promise.all([commit(t.app, token), commit(b, token)]);
    expect(answers.map((answer) => answer.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([
      200, 404,
    ]);
    expect(answers.find((answer) => answer.statusCode === 404)?.json().message).toBe(unknownToken);
    expect(await childrenNamed('Raced One')).toBe(1);
    expect(await childrenNamed('Raced Two')).toBe(1);
    expect(await runRow(token)).toBeUndefined();
  });

  it('a commit that fails on B gives the run back to A', async () => {
    const { token } = (await dryRun(t.app, [childRow('Given Back', 'x')])).json().data;
    expect((await commit(b, token)).statusCode).toBe(400);
    expect((await errorsOf(t.app, token)).statusCode).toBe(200);
  });
});

// Last: it moves the clock past the lifetime.
describe('an expired dry run', () => {
  it('is the unknown check on every process, and goes at the next dry run', async () => {
    const { token } = (await dryRun(t.app, [childRow('Expired')])).json().data;
    const apps = onPostgres ? [t.app, await secondApp(t, closing)] : [t.app];
    t.clock.advance(importRunLifetimeMs - 60_000);
    clerk = (await t.signIn('clerk', userPassword)).accessToken;
    // A minute before its end it is still there.
    for (const app of apps) expect((await errorsOf(app, token)).statusCode).toBe(200);
    t.clock.advance(60_000);
    for (const app of apps) {
      const errors = await errorsOf(app, token);
      expect(errors.statusCode).toBe(404);
      expect(errors.json().message).toBe(unknownToken);
      const committed = await commit(app, token);
      expect(committed.statusCode).toBe(404);
      expect(committed.json().message).toBe(unknownToken);
    }
    expect(await childrenNamed('Expired')).toBe(0);
    expect(await runRow(token)).toBeDefined();
    const next = await dryRun(apps[apps.length - 1], [childRow('After Expiry')]);
    expect(next.statusCode, next.body).toBe(200);
    expect(await runRow(token)).toBeUndefined();
    expect(await runRow(next.json().data.token)).toBeDefined();
  });
});
