import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../../server/audit';
import { translators } from '../../server/plugins/locale';
import { formatDate } from '../../src/domain/dateFormat';
import { isoDateIn } from '../../src/domain/programmeTime';
import { checklistDone, insertApplication, pendingApplication } from './support/recordFixtures';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * The audit screen's API (issue 12, DESIGN.md section 7): `GET /audit-logs` for holders of
 * `audit_logs:read`, newest first, filtered by user, record, action and period, searchable; the
 * fields an update changed named; nothing of it can be written.
 */
let t: TTestApp;
const tokens = {} as Record<'auditor' | 'writer' | 'outsider' | 'caseworker', string>;
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
  code: string | null;
  details: {
    from?: string;
    to?: string;
    payload?: Record<string, unknown>;
    values?: Record<string, unknown[]>;
  } | null;
  user: { name: string } | null;
};

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('auditor', ['audit_logs:read']);
  writerId = (
    await t.createUser(
      'writer',
      ['provinces:read', 'provinces:write', 'provinces:update', 'provinces:delete'],
      {
        name: 'Keo Writer',
      },
    )
  ).id;
  await t.createUser('outsider', ['provinces:read']);
  await t.createUser(
    'caseworker',
    ['adoptive_parents:read', 'adoptive_parents:update', 'system_settings:read', 'system_settings:update'],
    { name: 'Sok Caseworker' },
  );
  for (const name of ['auditor', 'writer', 'outsider', 'caseworker'] as const)
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

describe('the audit log in words (issue 22)', () => {
  const today = isoDateIn(new Date());
  let application: { id: number; code: string };
  beforeAll(async () => {
    const office = await t.createHeadOffice('HO-AUD');
    // Eligible on its checklist: one user accepts it (issue 35).
    application = await insertApplication(t.app.db, {
      ...pendingApplication,
      headOfficeId: office,
      ...checklistDone(today),
    });
    const headers = t.bearer(tokens.caseworker);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/parent-infos/${application.id}`,
      headers,
    });
    const accepted = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/parent-infos/accept-parents-adoption/${application.id}`,
      headers,
      payload: { date: today, version: read.json().data.version },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Four-eyes turned off: a change an auditor must be able to find and read.
    const settings = await t.app.inject({ method: 'GET', url: '/api/v1/admin/system-setting', headers });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/system-setting',
      headers,
      payload: { ...settings.json().data, fourEyes: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A record deleted since: its entries keep its code.
    const writer = t.bearer(tokens.writer);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/provinces',
      headers: writer,
      payload: { code: 'GONE', name: { kh: 'លុប', en: 'Gone' } },
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/provinces/${created.json().data.id}`,
      headers: writer,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
  }, 60_000);

  const entries = async (query: string) => {
    const response = await get(`/audit-logs?take=100${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as TEntry[];
  };

  it('names a record by its code, a deleted one too, and tells what a workflow step changed', async () => {
    const [step] = await entries(`&entity=parent_infos&action=accept-parents-adoption`);
    expect(step).toMatchObject({
      entityId: application.id,
      code: application.code,
      details: { from: 'pending', to: 'accepted', payload: { date: today } },
    });
    const deleted = await entries('&entity=provinces&action=delete');
    expect(deleted.map((entry) => entry.code)).toContain('GONE');
    // Found by its code too.
    expect((await entries(`&search=${application.code}`)).map((entry) => entry.action)).toContain(
      'accept-parents-adoption',
    );
  });

  it("names a deleted record's workflow steps by the code its deletion recorded", async () => {
    // A matching's step, then its deletion (the engine keeps the deleted row in `before`); the step
    // itself recorded no code, and the record is gone.
    const gone = 2_000_000_001;
    const step = { status: 'adoptionPending', version: 2 };
    await writeAudit(t.app.db, {
      userId: writerId,
      entity: 'adoptive_matchings',
      entityId: gone,
      action: 'pending-adoption',
      before: { status: 'proposed', version: 1 },
      after: { ...step, payload: { date: today } },
    });
    await writeAudit(t.app.db, {
      userId: writerId,
      entity: 'adoptive_matchings',
      entityId: gone,
      action: 'delete',
      before: { id: gone, code: 'MA-GONE-000001', ...step },
    });
    const rows = await entries(`&entity=adoptive_matchings&userId=${writerId}`);
    expect(rows.map((entry) => [entry.action, entry.code])).toEqual([
      ['delete', 'MA-GONE-000001'],
      ['pending-adoption', 'MA-GONE-000001'],
    ]);
  });

  it('filters every action and every record type, services and system settings included', async () => {
    expect((await get('/audit-logs?entity=post_adoption_services')).statusCode).toBe(200);
    expect((await get('/audit-logs?action=confirm-test')).statusCode).toBe(200);
    expect((await get('/audit-logs?action=MATCHED')).statusCode).toBe(200);
    const [setting] = await entries('&entity=system_settings&action=update');
    expect(setting).toMatchObject({
      user: { name: 'Sok Caseworker' },
      details: { values: { fourEyes: [true, false] } },
    });
    expect(setting.changes).toBe('fourEyes');
  });

  it('exports the filtered entries as a workbook in the reader’s words, in both languages', async () => {
    for (const locale of ['en', 'kh'] as const) {
      const words = translators[locale];
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/audit-logs/export?format=xlsx&userId=',
        headers: { ...t.bearer(tokens.auditor), locale },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/audit-log-\d{4}-\d{2}-\d{2}\.xlsx/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      const rows = sheet.getSheetValues().slice(1) as unknown[][];
      const headings = rows[0].slice(1);
      expect(headings).toEqual([
        words.fields.at(),
        words.fields.user(),
        words.fields.action(),
        words.fields.entity(),
        words.fields.recordCode(),
        words.fields.changes(),
        words.fields.changedValues(),
      ]);
      const step = rows.find((row) => row[5] === application.code);
      expect(step, locale).toBeDefined();
      expect(step?.slice(3, 5)).toEqual([
        words.areas.parent.workflow.actions.acceptParentsAdoption(),
        words.options.entity.parent_infos(),
      ]);
      expect(String(step?.[7])).toContain(
        words.audit.statusChange({
          from: words.options.status.pending(),
          to: words.options.status.accepted(),
        }),
      );
      expect(String(step?.[7])).toContain(formatDate(today));
      const setting = rows.find((row) => row[4] === words.options.entity.system_settings());
      expect(setting?.[6]).toBe(words.generalInformation.fourEyes());
      expect(String(setting?.[7])).toBe(
        words.audit.settingChange({
          name: words.generalInformation.fourEyes(),
          from: words.generalInformation.fourEyesOn(),
          to: words.generalInformation.fourEyesOff(),
        }),
      );
    }
  });
});
