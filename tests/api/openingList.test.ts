import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminPassword, createTestApp, type TTestApp } from './testApp';

/**
 * Issue 11: the first page of a list without search or filter runs from statements built once and
 * kept prepared. What it answers must be what a freshly built query answers: rows written since,
 * each sort, order, page size and language its own.
 */

let t: TTestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signIn('admin', adminPassword)).accessToken;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const page = async (query: string, locale = 'en') => {
  const response = await t.app.inject({
    url: `/api/v1/provinces?${query}`,
    headers: { ...t.bearer(token), locale },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    data: { code: string; name: { en: string; kh: string } }[];
    paginateMeta: { itemCount: number };
  };
};

it('answers rows written after it was first asked, in each sort and order', async () => {
  const before = await page('page=1&take=5&sort=code&order=desc');
  const ascending = await page('page=1&take=5&sort=code&order=asc');
  expect(ascending.data.map((row) => row.code)).not.toEqual(before.data.map((row) => row.code));

  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/provinces',
    headers: t.bearer(token),
    payload: { code: '99', name: { kh: 'ខេត្តថ្មី', en: 'Zzz New Province' } },
  });
  expect(created.statusCode).toBe(201);

  const after = await page('page=1&take=5&sort=code&order=desc');
  expect(after.paginateMeta.itemCount).toBe(before.paginateMeta.itemCount + 1);
  expect(after.data[0].code).toBe('99');
  expect((await page('page=1&take=5&sort=code&order=asc')).data).toEqual(ascending.data);
});

it('a different page size, the default sort and the other language each get their own answer', async () => {
  expect((await page('page=1&take=3&sort=code')).data).toHaveLength(3);
  expect((await page('page=1&take=7&sort=code')).data).toHaveLength(7);
  const byDefault = await page('page=1&take=5');
  const byCodeDesc = await page('page=1&take=5&sort=code&order=desc');
  expect(byDefault.data).toHaveLength(5);
  expect(byDefault.data).not.toEqual(byCodeDesc.data);
  const byNameEn = await page('page=1&take=30&sort=name', 'en');
  const byNameKh = await page('page=1&take=30&sort=name', 'kh');
  const sorted = (names: string[], locale: string) => [...names].sort((a, b) => a.localeCompare(b, locale));
  expect(byNameEn.data.map((row) => row.name.en)).not.toEqual(byNameKh.data.map((row) => row.name.en));
  expect(byNameEn.data.map((row) => row.name.en)[0]).toBe(
    sorted(
      byNameEn.data.map((row) => row.name.en),
      'en',
    )[0],
  );
});
