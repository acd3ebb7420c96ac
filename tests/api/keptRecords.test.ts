import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptiveMatchings, childInfos, parentInfos, postAdoptionServices } from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/programmeTime';
import {
  insertApplication,
  insertChild,
  insertCompletedMatching,
  insertMatching,
  insertService,
  pendingApplication,
} from './support/recordFixtures';
import { adminPassword, createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Issue 27, 'Nothing erased that must be kept' (DESIGN.md section 7): an adopted child, an
 * application that adopted, a completed or rejected matching and a given service are never deleted,
 * by an explicit rule whose 409 says the law keeps the record (not a reference's or a workflow's
 * message), for a super user as for a user holding the delete permission; the record stays. A record
 * of each kind that the law does not keep still deletes.
 */

let t: TTestApp;
let today: string;
let officeId: number;
const tokens = {} as Record<'admin' | 'deleter', string>;
const options = () => ({ prefix: 'KEPT', today });

beforeAll(async () => {
  t = await createTestApp();
  today = isoDateIn(new Date(t.clock.now()));
  officeId = await t.createHeadOffice('HO-KEPT');
  tokens.admin = (await t.signIn('admin', adminPassword)).accessToken;
  // Every delete permission of the four areas, and their reads; no head office: every record.
  await t.createUser('deleter', [
    'adoptive_children:read',
    'adoptive_children:delete',
    'adoptive_parents:read',
    'adoptive_parents:delete',
    'matchings:read',
    'matchings:delete',
    'post_adoption_services:read',
    'post_adoption_services:delete',
  ]);
  tokens.deleter = (await t.signIn('deleter', userPassword)).accessToken;
}, 60_000);
afterAll(() => t?.close());

const remove = (url: string, token: string, locale: 'kh' | 'en') =>
  t.app.inject({ method: 'DELETE', url: `/api/v1${url}`, headers: { ...t.bearer(token), locale } });

const exists = async (table: PgTable, id: number) => {
  const idColumn = (table as unknown as typeof childInfos).id;
  return (await t.app.db.select({ id: idColumn }).from(table).where(eq(idColumn, id))).length === 1;
};

const tail = 'Correct it by editing; the timeline keeps every change.';
const khmerTail = 'សូមកែតម្រូវវាដោយការកែប្រែ កាលប្បវត្តិរក្សាទុករាល់ការផ្លាស់ប្ដូរ។';
const lawKeeps = 'This record is kept by law';
const khmerLawKeeps = 'កំណត់ត្រានេះត្រូវបានរក្សាទុកតាមច្បាប់៖';

type TKeptCase = {
  kind: string;
  url: string;
  table: PgTable;
  make: () => Promise<number>;
  english: string;
  khmer: string;
};

const keptCases: TKeptCase[] = [
  {
    kind: 'an adopted child',
    url: '/child-infos',
    table: childInfos,
    make: async () =>
      (await insertCompletedMatching(t.app.db, { headOfficeId: officeId }, options())).childId,
    english: `${lawKeeps}: an adopted child cannot be deleted. ${tail}`,
    khmer: `${khmerLawKeeps} កុមារដែលបានសុំជាកុមារធម៌ មិនអាចលុបបានទេ។ ${khmerTail}`,
  },
  {
    // Adopted once, back in the programme since (RE_ADOPTION): its adoption is still the law's.
    kind: 'a child adopted once who re-entered the programme',
    url: '/child-infos',
    table: childInfos,
    make: async () =>
      (
        await insertCompletedMatching(
          t.app.db,
          { headOfficeId: officeId, child: { status: 'registered' } },
          options(),
        )
      ).childId,
    english: `${lawKeeps}: an adopted child cannot be deleted. ${tail}`,
    khmer: `${khmerLawKeeps} កុមារដែលបានសុំជាកុមារធម៌ មិនអាចលុបបានទេ។ ${khmerTail}`,
  },
  {
    kind: 'an application that adopted',
    url: '/parent-infos',
    table: parentInfos,
    make: async () =>
      (await insertCompletedMatching(t.app.db, { headOfficeId: officeId }, options())).parentId,
    english: `${lawKeeps}: an application that adopted cannot be deleted. ${tail}`,
    khmer: `${khmerLawKeeps} ពាក្យស្នើសុំដែលបានសុំកុមារធម៌រួច មិនអាចលុបបានទេ។ ${khmerTail}`,
  },
  {
    kind: 'a completed matching',
    url: '/adoptive-matching',
    table: adoptiveMatchings,
    make: async () => (await insertCompletedMatching(t.app.db, { headOfficeId: officeId }, options())).id,
    english: `${lawKeeps}: a completed or rejected matching cannot be deleted. ${tail}`,
    khmer: `${khmerLawKeeps} ការផ្គូផ្គងដែលបានបញ្ចប់ ឬបានបដិសេធ មិនអាចលុបបានទេ។ ${khmerTail}`,
  },
  {
    kind: 'a rejected matching',
    url: '/adoptive-matching',
    table: adoptiveMatchings,
    make: async () =>
      (
        await insertMatching(
          t.app.db,
          {
            headOfficeId: officeId,
            status: 'rejected',
            child: { status: 'adoptable' },
            parent: { status: 'accepted' },
          },
          options(),
        )
      ).id,
    english: `${lawKeeps}: a completed or rejected matching cannot be deleted. ${tail}`,
    khmer: `${khmerLawKeeps} ការផ្គូផ្គងដែលបានបញ្ចប់ ឬបានបដិសេធ មិនអាចលុបបានទេ។ ${khmerTail}`,
  },
  {
    kind: 'a given service',
    url: '/service-after-adoption',
    table: postAdoptionServices,
    make: async () => {
      const matching = await insertCompletedMatching(t.app.db, { headOfficeId: officeId }, options());
      return (await insertService(t.app.db, matching, { status: 'confirmed', actualDate: today }, options()))
        .id;
    },
    english: `${lawKeeps}: a given service cannot be deleted. ${tail}`,
    khmer: `${khmerLawKeeps} សេវាដែលបានផ្ដល់រួច មិនអាចលុបបានទេ។ ${khmerTail}`,
  },
];

describe('records the law keeps are never deleted', () => {
  for (const { kind, url, table, make, english, khmer } of keptCases) {
    it(`refuses to delete ${kind} with 409 saying the law keeps it, for a super user and a deleter, in both languages`, async () => {
      const id = await make();
      for (const who of ['admin', 'deleter'] as const) {
        const refused = await remove(`${url}/${id}`, tokens[who], 'en');
        expect(refused.statusCode, `${who}: ${refused.body}`).toBe(409);
        expect(refused.json()).toEqual({ statusCode: 409, message: english });
        const khmerRefused = await remove(`${url}/${id}`, tokens[who], 'kh');
        expect(khmerRefused.statusCode, who).toBe(409);
        expect(khmerRefused.json().message).toBe(khmer);
      }
      expect(await exists(table, id)).toBe(true);
      // Still there through the API too.
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/v1${url}/${id}`,
        headers: t.bearer(tokens.admin),
      });
      expect(read.statusCode).toBe(200);
    });
  }
});

describe('records the law does not keep still delete', () => {
  const deletable = [
    {
      kind: 'a registered child',
      url: '/child-infos',
      table: childInfos,
      make: async () =>
        (await insertChild(t.app.db, { headOfficeId: officeId, status: 'registered' }, options())).id,
    },
    {
      kind: 'a pending application',
      url: '/parent-infos',
      table: parentInfos,
      make: async () =>
        (await insertApplication(t.app.db, { headOfficeId: officeId, ...pendingApplication }, options())).id,
    },
    {
      kind: 'a proposed matching',
      url: '/adoptive-matching',
      table: adoptiveMatchings,
      make: async () => (await insertMatching(t.app.db, { headOfficeId: officeId }, options())).id,
    },
    {
      kind: 'a pending service',
      url: '/service-after-adoption',
      table: postAdoptionServices,
      make: async () => {
        const matching = await insertCompletedMatching(t.app.db, { headOfficeId: officeId }, options());
        return (await insertService(t.app.db, matching, {}, options())).id;
      },
    },
  ];
  for (const { kind, url, table, make } of deletable) {
    it(`deletes ${kind} for a user holding the delete permission`, async () => {
      const id = await make();
      const deleted = await remove(`${url}/${id}`, tokens.deleter, 'en');
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await exists(table, id)).toBe(false);
    });
  }
});

describe('no other way round', () => {
  it("lets only the engine's delete, which asks the law's rule, use an area's delete permission", () => {
    // A bulk delete or a workflow 'delete' added later would hold `{area}:delete` too: it must then
    // go through the engine's delete (recordWrites) or ask `refuseKeptRecord` itself.
    const bases: Record<string, string> = {
      adoptive_children: '/child-infos',
      adoptive_parents: '/parent-infos',
      matchings: '/adoptive-matching',
      post_adoption_services: '/service-after-adoption',
    };
    for (const [permission, base] of Object.entries(bases)) {
      const routes = t.app.routePermissions
        .filter((route) => route.permission === `${permission}:delete`)
        .map((route) => `${route.method} ${route.url}`);
      expect(routes, permission).toEqual([`DELETE /api/v1${base}/:id`]);
    }
  });
});
