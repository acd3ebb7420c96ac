import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog } from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/programmeTime';
import { yearsBefore } from '../../src/domain/resources/child';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * DESIGN.md section 7, issue 12: a child's timeline from the audit log, newest first: its own
 * changes (which fields, from what to what), its status actions with their date and reason, its
 * family and documents; and who opened it, shown only to a reader allowed to see the access log.
 */
let t: TTestApp;
let today: string;
let officeId: number;
const tokens = {} as Record<'clerk' | 'admin', string>;

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, token = tokens.clerk, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...t.bearer(token), locale: 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

type TEntry = {
  kind: string;
  entity: string;
  action: string;
  user: { name: string } | null;
  changes: { field: string; from: unknown; to: unknown }[];
  payload: Record<string, unknown> | null;
};

beforeAll(async () => {
  t = await createTestApp();
  today = isoDateIn(new Date(t.clock.now()));
  officeId = await t.createHeadOffice('HO-TIMELINE');
  await t.createUser(
    'clerk',
    ['adoptive_children:read', 'adoptive_children:write', 'adoptive_children:update'],
    { name: 'Clerk Dara' },
  );
  tokens.clerk = (await t.signIn('clerk', userPassword)).accessToken;
  tokens.admin = (await t.signIn('admin', 'admin-pass-123')).accessToken;
}, 60_000);
afterAll(() => t?.close());

describe('a child’s timeline', () => {
  it('tells its changes, newest first, and who opened it to those allowed', async () => {
    const created = await api('POST', '/child-infos', tokens.clerk, {
      familyNameKh: 'សុខ',
      givenNameKh: 'ចន្ទា',
      familyNameEn: 'Sok',
      givenNameEn: 'Chanthea',
      sex: 'female',
      dateOfBirth: yearsBefore(today, 4),
      dateOfBirthEstimated: false,
      headOfficeId: officeId,
      disabilityIds: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const child = created.json().data as { id: number; version: number };
    const renamed = await api('PATCH', `/child-infos/${child.id}`, tokens.clerk, {
      version: child.version,
      givenNameEn: 'Chantha',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const confirmed = await api('PATCH', `/child-infos/confirm-adoption/${child.id}`, tokens.clerk, {
      id: child.id,
      date: today,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const family = await api('POST', `/child-infos/family/${child.id}`, tokens.clerk, {
      siblings: [{ name: 'Sok Dara', sex: 'male' }],
    });
    expect(family.statusCode, family.body).toBe(201);

    // Opened by the clerk and (twice) by the administrator: two access rows, not three.
    await api('GET', `/child-infos/${child.id}`, tokens.clerk);
    await api('GET', `/child-infos/${child.id}`, tokens.admin);
    await api('GET', `/child-infos/${child.id}`, tokens.admin);
    // Written in batches (issue 37): what a second's flush writes, written now.
    await t.app.accessLog.flush();
    const opened = await t.app.db.select().from(accessLog).where(eq(accessLog.entityId, child.id));
    expect(opened).toHaveLength(2);

    const clerkView = await api('GET', `/child-infos/timeline/${child.id}`);
    expect(clerkView.statusCode, clerkView.body).toBe(200);
    const entries = clerkView.json().data as TEntry[];
    expect(entries.map((entry) => `${entry.entity}:${entry.action}`)).toEqual([
      'child_family:create',
      'child_infos:confirm-adoption',
      'child_infos:update',
      'child_infos:create',
    ]);
    expect(entries.every((entry) => entry.kind === 'audit' && entry.user?.name === 'Clerk Dara')).toBe(true);
    const update = entries[2];
    // The field a person edited, not the whole name derived from it, nor the version.
    expect(update.changes).toEqual([{ field: 'givenNameEn', from: 'Chanthea', to: 'Chantha' }]);
    expect(entries[1].payload).toEqual({ date: today });

    // A reader granted audit_logs:read sees who opened it, as the administrator does.
    await t.createUser('auditor', ['adoptive_children:read', 'audit_logs:read'], { name: 'Auditor Sophea' });
    const auditor = (await t.signIn('auditor', userPassword)).accessToken;
    const auditorView = (await api('GET', `/child-infos/timeline/${child.id}`, auditor)).json()
      .data as TEntry[];
    expect(auditorView.filter((entry) => entry.kind === 'access').length).toBeGreaterThanOrEqual(2);
    // The administrator (allowed to see the access log) also sees who opened it.
    const adminView = (await api('GET', `/child-infos/timeline/${child.id}`, tokens.admin)).json()
      .data as TEntry[];
    expect(
      adminView
        .filter((entry) => entry.kind === 'access')
        .map((entry) => entry.user?.name)
        .sort(),
    ).toEqual(['Administrator', 'Clerk Dara'].sort());
  });

  it('is 404 for a child that does not exist, and refused without the read permission', async () => {
    expect((await api('GET', '/child-infos/timeline/999999')).statusCode).toBe(404);
    await t.createUser('outsider', ['users:read']);
    const outsider = (await t.signIn('outsider', userPassword)).accessToken;
    expect((await api('GET', '/child-infos/timeline/1', outsider)).statusCode).toBe(403);
  });
});
