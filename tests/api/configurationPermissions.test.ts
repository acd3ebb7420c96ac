import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages } from '../../server/db/schema';
import { configurationBindings } from '../../server/modules/configuration/configurationBindings';
import type { TResourceBinding } from '../../server/resources/resourceBinding';
import type { TRoutePermissionEntry } from '../../server/types';
import { apiPrefix } from '../../src/domain/constants';
import { adminPassword, createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Permission enforcement on every configuration route (issue 3), found by walking the app's route
 * table rather than listed by hand: a route added later is checked without touching this file.
 */

type TRoute = TRoutePermissionEntry & { binding: TResourceBinding };
type TBody = Record<string, unknown>;
type TName = { kh: string; en: string };

const configurationResources = new Set<string>(
  configurationBindings.map((binding) => binding.definition.permission),
);
const bindingOf = (url: string) =>
  configurationBindings.find((binding) => {
    const base = `${apiPrefix}${binding.definition.apiBase}`;
    return url === base || url.startsWith(`${base}/`);
  });
const methodOrder = ['GET', 'POST', 'PATCH', 'DELETE'];

let t: TTestApp;
let adminToken: string;
const tokens = {} as Record<'nobody' | 'holder', string>;
/** Routes guarded by a configuration permission, deletes last so the rows they remove are not needed again. */
let guarded: TRoute[] = [];
/** The options lists under the configuration resources, open to any signed-in user. */
let lookups: TRoute[] = [];
/** Per resource name: the row `:id` stands for (no other record points at it, so a delete can succeed). */
const victims: Record<string, number> = {};
/** Per resource name: a valid create body (a fresh code each call) and a valid change. */
const bodies: Record<string, { create: () => TBody; patch: TBody }> = {};

const name = (en: string): TName => ({ kh: `ឈ្មោះ ${en}`, en });
let serial = 0;
const code = (prefix: string) => {
  serial += 1;
  return `${prefix}${serial}`;
};

const create = async (base: string, body: TBody): Promise<number> => {
  const response = await t.app.inject({
    method: 'POST',
    url: `${apiPrefix}${base}`,
    payload: body,
    headers: t.bearer(adminToken),
  });
  if (response.statusCode !== 201) throw new Error(`POST ${base} failed: ${response.body}`);
  return response.json().data.id;
};

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await t.signIn('admin', adminPassword)).accessToken;
  await t.createUser('nobody', []);
  await t.createUser('holder', []);
  tokens.nobody = (await t.signIn('nobody', userPassword)).accessToken;
  tokens.holder = (await t.signIn('holder', userPassword)).accessToken;

  const all = t.app.routePermissions.flatMap((entry) => {
    const binding = bindingOf(entry.url);
    return binding ? [{ ...entry, binding }] : [];
  });
  guarded = all
    .filter((route) => configurationResources.has(route.permission.split(':')[0]))
    .sort((a, b) => methodOrder.indexOf(a.method) - methodOrder.indexOf(b.method));
  lookups = all.filter((route) => route.permission === 'authenticated');

  // Parents of the rows below; never deleted here.
  const countriesResponse = await t.app.inject({
    method: 'GET',
    url: `${apiPrefix}/states/countries`,
    headers: t.bearer(adminToken),
  });
  const countryId: number = countriesResponse.json().data[0].id;
  const provinceId = await create('/provinces', { code: 'CPP', name: name('Parent province') });
  const districtId = await create('/districts', { code: 'CPD', name: name('Parent district'), provinceId });
  const communeId = await create('/communes', { code: 'CPC', name: name('Parent commune'), districtId });
  const organizationId = await create('/organizations', { code: 'CPO', name: name('Parent organization') });
  const departmentId = await create('/departments', {
    code: 'CPDP',
    name: name('Parent department'),
    organizationId,
  });

  const translatable = (prefix: string, extra: TBody = {}) => ({
    create: () => ({ code: code(prefix), name: name('Created'), ...extra }),
    patch: { name: name('Changed') },
  });
  Object.assign(bodies, {
    province: translatable('CXP'),
    state: translatable('CXS', { countryId }),
    district: translatable('CXD', { provinceId }),
    commune: translatable('CXC', { districtId }),
    village: translatable('CXV', { communeId }),
    address: { create: () => ({ communeId, detail: 'House 1' }), patch: { detail: 'House 2' } },
    organization: translatable('CXO'),
    department: translatable('CXDP', { organizationId }),
    position: translatable('CXPS', { departmentId }),
    headOffice: translatable('CXHO', { provinceId, class: 'provincial' }),
    // Both API codes (kh, en) are seeded, so a created language is a duplicate: any status but 401/403 will do.
    language: {
      create: () => ({ code: 'en', name: 'English', localizations: [] }),
      patch: { name: 'English (UK)' },
    },
  });
  for (const binding of configurationBindings) {
    const resource = binding.definition.name;
    if (resource === 'language') continue;
    victims[resource] = await create(binding.definition.apiBase, bodies[resource].create());
  }
  // The API accepts only the two seeded codes; a deletable language has to come from the table.
  const [language] = await t.app.db
    .insert(languages)
    .values({ code: 'xx', name: 'Test language' })
    .returning({ id: languages.id });
  victims.language = language.id;
});
afterAll(() => t?.close());

const idColumn = (route: TRoute) => (getTableColumns(route.binding.table) as Record<string, PgColumn>).id;

/** The table's row count and the victim row: what a refused request must leave as it was. */
const snapshot = async (route: TRoute) => {
  const { table, definition } = route.binding;
  const [{ rows }] = await t.app.db.select({ rows: sql<number>`count(*)::int` }).from(table);
  const victim = await t.app.db
    .select()
    .from(table)
    .where(eq(idColumn(route), victims[definition.name]));
  return { rows, victim };
};

/** The route called with a real id and, for writes, a body that would succeed. */
const call = async (route: TRoute, token: string | undefined) => {
  const resource = route.binding.definition.name;
  const url = route.url.replace(':id', String(victims[resource]));
  expect(url, route.url).not.toContain(':');
  let payload: TBody | undefined;
  if (route.method === 'POST') payload = bodies[resource].create();
  if (route.method === 'PATCH') {
    const { victim } = await snapshot(route);
    payload = { ...bodies[resource].patch, version: (victim[0]?.version as number | undefined) ?? 1 };
  }
  return t.app.inject({
    method: route.method as 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url,
    payload,
    headers: token ? t.bearer(token) : {},
  });
};

const label = (route: TRoute) => `${route.method} ${route.url} (${route.permission})`;

describe('the route table', () => {
  it('holds read, write, update and delete routes of every configuration resource, and their lookups', () => {
    for (const { definition } of configurationBindings) {
      const base = `${apiPrefix}${definition.apiBase}`;
      for (const [method, url, action] of [
        ['GET', base, 'read'],
        ['GET', `${base}/:id`, 'read'],
        ['POST', base, 'write'],
        ['PATCH', `${base}/:id`, 'update'],
        ['DELETE', `${base}/:id`, 'delete'],
      ]) {
        expect(
          guarded.some(
            (route) =>
              route.method === method &&
              route.url === url &&
              route.permission === `${definition.permission}:${action}`,
          ),
          `${method} ${url}`,
        ).toBe(true);
      }
    }
    expect(guarded.length).toBeGreaterThanOrEqual(configurationBindings.length * 5);
    expect(lookups.map((route) => route.url).sort()).toEqual(
      [
        '/communes/districts',
        '/departments/organizations',
        '/districts/provinces',
        '/head-offices/provinces',
        '/positions/departments',
        '/states/countries',
        '/villages/communes',
      ].map((path) => `${apiPrefix}${path}`),
    );
    for (const { definition } of configurationBindings)
      expect(bodies[definition.name], definition.name).toBeDefined();
  });
});

describe('permission enforcement', () => {
  it('answers 401 to every configuration route without a token', async () => {
    const wrong: string[] = [];
    for (const route of [...guarded, ...lookups]) {
      const response = await call(route, undefined);
      if (response.statusCode !== 401) wrong.push(`${label(route)}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a user without permissions, and a refused write changes nothing', async () => {
    const wrong: string[] = [];
    for (const route of guarded) {
      const before = await snapshot(route);
      expect(before.victim, label(route)).toHaveLength(1);
      const response = await call(route, tokens.nobody);
      if (response.statusCode !== 403) wrong.push(`${label(route)}: ${response.statusCode}`);
      else expect(response.json(), label(route)).toEqual({ statusCode: 403, message: 'No Permission.' });
      expect(await snapshot(route), label(route)).toEqual(before);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a user holding the other actions of the same resource only', async () => {
    const wrong: string[] = [];
    for (const route of guarded) {
      const [resource, action] = route.permission.split(':');
      const others = ['read', 'write', 'update', 'delete'].filter((other) => other !== action);
      await t.createUser(
        'holder',
        others.map((other) => `${resource}:${other}`),
      );
      const before = await snapshot(route);
      const response = await call(route, tokens.holder);
      if (response.statusCode !== 403) wrong.push(`${label(route)}: ${response.statusCode}`);
      expect(await snapshot(route), label(route)).toEqual(before);
    }
    expect(wrong).toEqual([]);
  });

  it('answers the options lists to any signed-in user', async () => {
    for (const route of lookups) {
      const response = await call(route, tokens.nobody);
      expect(response.statusCode, label(route)).toBe(200);
      expect(Array.isArray(response.json().data), label(route)).toBe(true);
    }
  });

  // Last: the holder's writes create, change and delete rows.
  it('lets through a user holding exactly the route permission', async () => {
    const wrong: string[] = [];
    const notSucceeded: string[] = [];
    for (const route of guarded) {
      await t.createUser('holder', [route.permission]);
      const response = await call(route, tokens.holder);
      const { statusCode } = response;
      if (statusCode === 401 || statusCode === 403 || statusCode >= 500) {
        wrong.push(`${label(route)}: ${statusCode} ${response.body}`);
      }
      // The requests the refusals above were checked with are ones that succeed when allowed.
      const languageCreate = route.method === 'POST' && route.binding.definition.name === 'language';
      if (!languageCreate && (statusCode < 200 || statusCode > 201)) {
        notSucceeded.push(`${label(route)}: ${statusCode} ${response.body}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(notSucceeded).toEqual([]);
  });
});
