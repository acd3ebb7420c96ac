import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communes, villages } from '../../server/db/schema';
import { createTestApp, type TTestApp } from './testApp';

let t: TTestApp;
let caseworker: Record<string, string>;
let communeId: number;
beforeAll(async () => {
  t = await createTestApp();
  // Place pickers are reference data: any signed-in user reads them, whatever their permissions.
  await t.createUser('picker', ['adoptive_children:read']);
  caseworker = t.bearer((await t.signIn('picker', 'user-pass-123')).accessToken);
  [{ id: communeId }] = await t.app.db
    .select({ id: communes.id })
    .from(communes)
    .where(eq(communes.code, '010201'));
});
afterAll(() => t?.close());

type TOption = { id: number; code: string; name: { kh: string; en: string } };

const options = async (path: string, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ url: `/api/v1${path}`, headers: { ...caseworker, ...headers } });
  return { status: response.statusCode, body: response.json() as { data: TOption[]; message?: string } };
};

describe('searching the places a picker offers', () => {
  it('finds villages of a commune by part of their Khmer name or Latin name, any case', async () => {
    const khmer = await options(`/child-infos/villages/${communeId}?q=${encodeURIComponent('អណ្ដូង')}`);
    expect(khmer.status).toBe(200);
    expect(khmer.body.data.map((row) => row.code)).toEqual(['01020116', '01020117', '01020118']);
    const latin = await options(`/parent-infos/villages/${communeId}?q=ou%20KAEUT`);
    expect(latin.body.data.map((row) => row.name.en)).toEqual(['Ou Andoung Kaeut']);
    const byCode = await options(`/child-infos/villages/${communeId}?q=0102011`);
    expect(byCode.body.data).toHaveLength(10);
    const none = await options(`/child-infos/villages/${communeId}?q=zzz`);
    expect(none.body.data).toEqual([]);
  });

  it('pages the options and answers the chosen one by id', async () => {
    const all = await options(`/child-infos/villages/${communeId}`);
    expect(all.body.data).toHaveLength(19);
    const first = await options(`/child-infos/villages/${communeId}?limit=5`);
    const second = await options(`/child-infos/villages/${communeId}?limit=5&offset=5`);
    expect(first.body.data.map((row) => row.code)).toEqual(all.body.data.slice(0, 5).map((row) => row.code));
    expect(second.body.data.map((row) => row.code)).toEqual(
      all.body.data.slice(5, 10).map((row) => row.code),
    );
    const [village] = await t.app.db.select().from(villages).where(eq(villages.code, '01020113'));
    const chosen = await options(`/child-infos/villages/${communeId}?selected=${village.id}`);
    expect(chosen.body.data).toEqual([
      { id: village.id, code: '01020113', name: { kh: 'អូរស្ងួត', en: 'Ou Snguot' } },
    ]);
  });

  it('keeps the cascade: a district search stays within its province', async () => {
    const response = await options('/child-infos/districts/1?q=a&limit=100');
    expect(response.body.data.length).toBeGreaterThan(0);
    for (const row of response.body.data) expect(row.code.startsWith('01'), row.code).toBe(true);
  });

  it('refuses a page too large or a bad offset with 400 in the request’s language, and strangers with 401', async () => {
    const english = await options(`/child-infos/villages/${communeId}?limit=5000`, { locale: 'en' });
    expect(english.status).toBe(400);
    const khmer = await options(`/child-infos/villages/${communeId}?offset=-1`, { locale: 'kh' });
    expect(khmer.status).toBe(400);
    expect(khmer.body.message).toMatch(/[\u1780-\u17FF]/u);
    const stranger = await t.app.inject({ url: `/api/v1/child-infos/villages/${communeId}?q=ou` });
    expect(stranger.statusCode).toBe(401);
  });
});
