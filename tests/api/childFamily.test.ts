import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, childFamilies, childInfos } from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/childStatus';
import { yearsBefore } from '../../src/domain/resources/child';
import { createTestApp, type TTestApp, userPassword } from './testApp';

let t: TTestApp;
let headOfficeId: number;
let today: string;
const tokens = {} as Record<'caseworker' | 'reader' | 'writerOnly', string>;
let childSeq = 0;

const newChild = async () => {
  childSeq += 1;
  const [row] = await t.app.db
    .insert(childInfos)
    .values({
      code: `CH-FAM-${String(childSeq).padStart(6, '0')}`,
      familyNameKh: 'សុខ',
      givenNameKh: 'ចន្ទា',
      sex: 'female',
      dateOfBirth: yearsBefore(today, 6),
      headOfficeId,
    })
    .returning({ id: childInfos.id });
  return row.id;
};

const family = {
  father: {
    familyName: 'សុខ',
    givenName: 'វណ្ណា',
    nameScript: 'khmer',
    vitalStatus: 'deceased',
    dateOfBirth: '1985-04-12',
    occupation: 'Farmer',
  },
  mother: {
    familyName: 'Chan',
    givenName: 'Sophea',
    nameScript: 'latin',
    vitalStatus: 'alive',
    address: 'Phum Thmei, Takeo',
    phone: '+855 12 345 678',
  },
  siblings: [
    { name: 'Sok Dara', sex: 'male', dateOfBirth: '2012-01-30', livingWith: 'Grandmother' },
    { name: 'Sok Malis', sex: 'female' },
  ],
  contactNotes: 'The mother visits once a month.',
};

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  childId: number,
  payload?: unknown,
  { token = tokens.caseworker, query = '' } = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1/child-infos/family/${childId}${query}`,
    headers: { ...t.bearer(token), locale: 'en' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** The family row (or none) and its audit rows: what a refused request must leave as it was. */
const stateOf = async (childId: number) => {
  const rows = await t.app.db.select().from(childFamilies).where(eq(childFamilies.childId, childId));
  const [audit] = await t.app.db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.entity, 'child_family'));
  return { rows, audit: audit.n };
};

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('caseworker', ['adoptive_children:read', 'adoptive_children:update']);
  await t.createUser('reader', ['adoptive_children:read']);
  await t.createUser('writerOnly', [
    'adoptive_children:write',
    'adoptive_children:update',
    'adoptive_children:delete',
  ]);
  for (const username of ['caseworker', 'reader', 'writerOnly'] as const) {
    tokens[username] = (await t.signIn(username, userPassword)).accessToken;
  }
  headOfficeId = await t.createHeadOffice('HO-FAMILY');
  today = isoDateIn(new Date(t.clock.now()));
}, 60_000);
afterAll(() => t?.close());

describe('family of a child', () => {
  it('is null until recorded, then created, read, changed and removed', async () => {
    const childId = await newChild();
    const empty = await call('GET', childId);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ data: null });

    const created = await call('POST', childId, family);
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({ childId, version: 1, ...family });
    const auditAfterCreate = (await stateOf(childId)).audit;

    const read = await call('GET', childId, undefined, { token: tokens.reader });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(data);

    // Only the parts sent change: the father is removed, siblings replaced, the mother kept.
    const patched = await call('PATCH', childId, {
      version: 1,
      father: null,
      siblings: [{ name: 'Sok Dara', sex: 'male', notes: 'At school in Phnom Penh' }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      version: 2,
      father: null,
      mother: family.mother,
      siblings: [{ name: 'Sok Dara', sex: 'male', notes: 'At school in Phnom Penh' }],
      contactNotes: family.contactNotes,
    });
    expect((await stateOf(childId)).audit).toBe(auditAfterCreate + 1);

    const removed = await call('DELETE', childId, undefined, { query: '?version=2' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual({ id: data.id });
    expect((await call('GET', childId)).json()).toEqual({ data: null });
    expect((await stateOf(childId)).audit).toBe(auditAfterCreate + 2);
    expect((await call('DELETE', childId)).statusCode).toBe(404);
  });

  it('takes an empty family (what is known is recorded later)', async () => {
    const childId = await newChild();
    const created = await call('POST', childId, {});
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      father: null,
      mother: null,
      siblings: [],
      contactNotes: null,
    });
  });

  it('refuses a second family with 409', async () => {
    const childId = await newChild();
    expect((await call('POST', childId, family)).statusCode).toBe(201);
    const before = await stateOf(childId);
    const again = await call('POST', childId, { contactNotes: 'Another' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already recorded/);
    expect(await stateOf(childId)).toEqual(before);
  });

  it('refuses a stale PATCH or DELETE with 409 and changes nothing', async () => {
    const childId = await newChild();
    await call('POST', childId, family);
    expect((await call('PATCH', childId, { version: 1, contactNotes: 'First' })).statusCode).toBe(200);
    const before = await stateOf(childId);
    const stale = await call('PATCH', childId, { version: 1, contactNotes: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed by someone else/);
    expect((await call('DELETE', childId, undefined, { query: '?version=1' })).statusCode).toBe(409);
    expect(await stateOf(childId)).toEqual(before);
    const missingVersion = await call('PATCH', childId, { contactNotes: 'Third' });
    expect(missingVersion.statusCode).toBe(400);
    expect(missingVersion.json().errors).toEqual(['version is required.']);
  });

  it('answers 404 for an unknown child, and PATCH of a family not recorded yet', async () => {
    const missing = 2_147_483_000;
    expect((await call('GET', missing)).statusCode).toBe(404);
    expect((await call('POST', missing, family)).statusCode).toBe(404);
    expect((await call('PATCH', missing, { version: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', missing)).statusCode).toBe(404);
    const childId = await newChild();
    expect((await call('PATCH', childId, { version: 1, contactNotes: 'x' })).statusCode).toBe(404);
  });
});

describe('validation', () => {
  const refused = async (payload: unknown, errors: string[] | RegExp) => {
    const childId = await newChild();
    const before = await stateOf(childId);
    const response = await call('POST', childId, payload);
    expect(response.statusCode, response.body).toBe(400);
    if (Array.isArray(errors)) expect(response.json().errors).toEqual(errors);
    else expect(response.json().errors.join(' | ')).toMatch(errors);
    expect(await stateOf(childId)).toEqual(before);
  };

  it('requires the names and the vital status of a parent given', () =>
    refused({ mother: { familyName: '  ', vitalStatus: 'alive' } }, [
      'mother.familyName can not be blank.',
      'mother.givenName is required.',
    ]));

  it('refuses an unknown vital status, sex or name script', async () => {
    await refused({ father: { ...family.father, vitalStatus: 'missing' } }, [
      'father.vitalStatus is not valid.',
    ]);
    await refused({ siblings: [{ name: 'Dara', sex: 'other' }] }, ['siblings.sex is not valid.']);
    await refused({ father: { ...family.father, nameScript: 'greek' } }, ['father.nameScript is not valid.']);
  });

  it('refuses more than 20 siblings', () =>
    refused(
      { siblings: Array.from({ length: 21 }, (_, index) => ({ name: `Sibling ${index}`, sex: 'male' })) },
      [
        // The shared maximum-length message (spec section 5), said of the list.
        'siblings must be at most 20 characters long.',
      ],
    ));

  it('refuses dates of birth in the future and impossible days', async () => {
    const next = new Date(`${today}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const tomorrow = next.toISOString().slice(0, 10);
    await refused(
      {
        mother: { ...family.mother, dateOfBirth: tomorrow },
        siblings: [{ name: 'A', sex: 'male', dateOfBirth: tomorrow }],
      },
      [
        `mother.dateOfBirth cannot be in the future: today is ${today}.`,
        `siblings.dateOfBirth cannot be in the future: today is ${today}.`,
      ],
    );
    await refused({ father: { ...family.father, dateOfBirth: '1985-02-30' } }, [
      'father.dateOfBirth is not valid.',
    ]);
  });

  it('refuses an unreadable phone, unknown fields and over-long notes', async () => {
    await refused({ mother: { ...family.mother, phone: 'call me' } }, ['mother.phone is not valid.']);
    // The shared error handler names an unknown key's object, not the key.
    await refused({ grandfather: { familyName: 'X' } }, ['body is not valid.']);
    await refused({ contactNotes: 'x'.repeat(2001) }, ['contactNotes must be at most 2000 characters long.']);
  });

  it('refuses a future date on PATCH too', async () => {
    const childId = await newChild();
    await call('POST', childId, family);
    const before = await stateOf(childId);
    const response = await call('PATCH', childId, {
      version: 1,
      siblings: [{ name: 'B', sex: 'female', dateOfBirth: '2999-01-01' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatch(/^siblings\.dateOfBirth /);
    expect(await stateOf(childId)).toEqual(before);
  });
});

describe('permissions', () => {
  it('refuses writes to a user without adoptive_children:update, changing nothing', async () => {
    const childId = await newChild();
    await call('POST', childId, family);
    const before = await stateOf(childId);
    const reader = { token: tokens.reader };
    expect((await call('POST', await newChild(), family, reader)).statusCode).toBe(403);
    expect((await call('PATCH', childId, { version: 1, contactNotes: 'x' }, reader)).statusCode).toBe(403);
    expect((await call('DELETE', childId, undefined, reader)).statusCode).toBe(403);
    expect(await stateOf(childId)).toEqual(before);
  });

  it('refuses reading to a user without adoptive_children:read', async () => {
    const childId = await newChild();
    const response = await call('GET', childId, undefined, { token: tokens.writerOnly });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('No Permission.');
  });
});
