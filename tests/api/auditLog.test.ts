import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * The audit screen's API (issue 12, DESIGN.md section 7): `GET /audit-logs` for holders of
 * `audit_logs:read`, newest first, filtered by user, record, action and period, searchable; the
 * fields an update changed named; nothing of it can be written.
 */
let t: TTestApp;
const tokens = {} as Record<'auditor' | 'writer' | 'outsider', string>;
let writerId: number;

const get = (url: string, token = tokens.auditor) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...t.bearer(token), locale: 'en' } });

type TEntry = {
  id: number;
  at: string;
  action: string;
  entity: string;
  entityId: number;
  changes: string | null;
  user: { name: string } | null;
};

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('auditor', ['audit_logs:read']);
  writerId = (
    await t.createUser('writer', ['provinces:read', 'provinces:write', 'provinces:update'], {
      name: 'Keo Writer',
    })
  ).id;
  await t.createUser('outsider', ['provinces:read']);
  for (const name of ['auditor', 'writer', 'outsider'] as const)
    tokens[name] = (await t.signIn(name, userPassword)).accessToken;
}, 60_000);
afterAll(() => t?.close());

describe('the audit log', () => {
  it('lists who changed what, newest first, with the fields an update changed', async () => {
    const headers = t.bearer(tokens.writer);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/provinces',
      headers,
      payload: { code: 'AUD', name: { kh: 'សវនកម្ម', en: 'Audit' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json().data;
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/provinces/${id}`,
      headers,
      payload: { name: { kh: 'សវនកម្ម', en: 'Audited' }, version },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const response = await get(`/audit-logs?take=5&userId=${writerId}`);
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json().data as TEntry[];
    expect(entries.map((entry) => [entry.action, entry.entity, entry.entityId])).toEqual([
      ['update', 'provinces', id],
      ['create', 'provinces', id],
    ]);
    expect(entries[0]).toMatchObject({ changes: 'name', user: { name: 'Keo Writer' } });
    expect(Date.parse(entries[0].at)).toBeGreaterThanOrEqual(Date.parse(entries[1].at));
  });

  it('filters by record, action and period, and finds by who or which record', async () => {
    const codes = async (query: string) =>
      ((await get(`/audit-logs?take=100${query}`)).json().data as TEntry[]).map(
        (entry) => `${entry.entity}:${entry.action}`,
      );
    expect(new Set(await codes('&entity=provinces&action=create'))).toEqual(new Set(['provinces:create']));
    expect((await codes('&period=today')).length).toBeGreaterThan(0);
    expect(await codes('&search=Keo%20Writer')).toEqual(['provinces:update', 'provinces:create']);
    expect((await get('/audit-logs?period=forever')).statusCode).toBe(400);
    const users = (await get('/audit-logs/users')).json().data as { name: string }[];
    expect(users.map((user) => user.name)).toContain('Keo Writer');
  });

  it('is refused without audit_logs:read, and nothing of it can be written', async () => {
    expect((await get('/audit-logs', tokens.outsider)).statusCode).toBe(403);
    expect((await get('/audit-logs/users', tokens.outsider)).statusCode).toBe(403);
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: method === 'POST' ? '/api/v1/audit-logs' : '/api/v1/audit-logs/1',
        headers: t.bearer(tokens.auditor),
        payload: {},
      });
      expect(response.statusCode, method).toBe(404);
    }
  });
});
