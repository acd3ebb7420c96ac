import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import { ensureRole, upsertUser } from '../../server/db/fixtures';
import { roles } from '../../server/db/schema';
import type { TRoutePermissionEntry } from '../../server/types';
import { permissionCatalogue } from '../../src/domain/permissionCatalogue';
import {
  developerOnlyPermission,
  superAdminRoleName,
  superUserOnlyPermission,
} from '../../src/domain/permissions';
import { adminPassword, createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * The authorisation matrix (issue 4), generated from the server's own route table: every /api/v1
 * route, whatever issue added it, is checked against the rules of spec section 6 without being
 * listed here. A user lacking a route's permission (while holding every other one) gets 403 and the
 * database is unchanged; a user holding exactly that permission is not refused; `admin`, the Super
 * Admin role and `developer` pass every ordinary check; `for_developer` lets only `developer` in.
 */

const catalogue = permissionCatalogue.map((entry) => entry.name);
const refused = new Set([401, 403]);
/** An id no row has: a check that must not be refused must not destroy anything either. */
const missingId = '2147483000';
/** Tables whose rows a refused request could have touched (sessions and sign-in counters aside). */
const ignoredTables = new Set(['refresh_tokens', 'sign_in_failures']);
const methodOrder = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

let t: TTestApp;
let routes: TRoutePermissionEntry[] = [];
let probeRoleId: number;
let tables: string[] = [];
const tokens = {} as Record<'probe' | 'admin' | 'chief' | 'developer', string>;

/** A path with its parameters filled: `id` from the caller, the others with values that parse. */
const fill = (url: string, id: string) =>
  url.replace(/:(\w+)\??/g, (_match, name: string) => {
    if (name === 'class') return 'national';
    if (name === 'locale') return 'kh';
    if (name === 'file') return 'missing.png';
    return id;
  });

const call = (route: TRoutePermissionEntry, token: string | undefined, id: string) =>
  t.app.inject({
    method: route.method as 'GET',
    url: fill(route.url, id),
    headers: token ? t.bearer(token) : {},
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  ((result as { rows?: Record<string, unknown>[] }).rows ?? result) as Record<string, unknown>[];

/**
 * Every table's row count and newest row version, in one statement: equal fingerprints mean nothing
 * was written. A committed insert or update leaves a row whose `xmin` (the transaction that wrote
 * it) is newer than any before; a delete lowers the count. (A hash of every row's text read the
 * gazetteer's 16,000 places twice a route: 100 of the test's 120 s.)
 */
const fingerprint = async (): Promise<string> => {
  const rows = rowsOf(
    await t.app.db.execute(
      sql.raw(
        tables
          .map(
            (table) =>
              `select '${table}' as t, count(*)::text as n, coalesce(max(x.xmin::text::bigint), 0)::text as v from "${table}" x`,
          )
          .join(' union all '),
      ),
    ),
  );
  return rows.map((row) => `${row.t}:${row.n}:${row.v}`).join(',');
};

const label = (route: TRoutePermissionEntry) => `${route.method} ${route.url} (${route.permission})`;
const ordered = (list: TRoutePermissionEntry[]) =>
  [...list].sort((a, b) => methodOrder.indexOf(a.method) - methodOrder.indexOf(b.method));
const byPermission = (permission: string) => routes.filter((route) => route.permission === permission);
const catalogueRoutes = () => routes.filter((route) => catalogue.includes(route.permission));
/** Whether the route table holds this call (a spec path, without /api/v1) with exactly this permission. */
const has = (method: string, url: string, permission: string) =>
  routes.some((r) => r.method === method && r.url === `/api/v1${url}` && r.permission === permission);

beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.routePermissions.filter((route) => route.method !== 'OPTIONS');
  tables = rowsOf(
    await t.app.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    ),
  )
    .map((row) => String(row.table_name))
    .filter((table) => !ignoredTables.has(table));

  const passwordHash = await hashPassword(userPassword);
  probeRoleId = await ensureRole(t.app.db, 'Probe', []);
  await upsertUser(t.app.db, { username: 'probe', name: 'Probe', passwordHash, roleId: probeRoleId });
  const [superAdmin] = await t.app.db.select().from(roles).where(eq(roles.roleName, superAdminRoleName));
  await upsertUser(t.app.db, { username: 'chief', name: 'Chief', passwordHash, roleId: superAdmin.id });
  await upsertUser(t.app.db, { username: 'developer', name: 'Developer', passwordHash, roleId: null });
  for (const username of ['probe', 'chief', 'developer'] as const) {
    tokens[username] = (await t.signIn(username, userPassword)).accessToken;
  }
  tokens.admin = (await t.signIn('admin', adminPassword)).accessToken;
}, 60_000);
afterAll(() => t?.close());

/** The probe user's role holds exactly these (read fresh by the server on the next request). */
const probeHolds = (names: readonly string[]) => ensureRole(t.app.db, 'Probe', names);

describe('the authorisation matrix of every API route', () => {
  it('covers the whole API, and every route declares a permission the catalogue knows', () => {
    expect(routes.length).toBeGreaterThan(100);
    const known = new Set([
      'public',
      'authenticated',
      developerOnlyPermission,
      superUserOnlyPermission,
      ...catalogue,
    ]);
    expect(routes.filter((route) => !known.has(route.permission)).map(label)).toEqual([]);
    // The calls of issue 4 are all there, each with its permission.
    const expected: [string, string, string][] = [
      ['GET', '/roles/search', 'roles:read'],
      ['GET', '/roles/:id/permissions', 'assign_permissions:read'],
      ['POST', '/roles/mapping-role-permission', 'assign_permissions:write'],
      ['GET', '/permissions', 'assign_permissions:read'],
      ['POST', '/roles', 'roles:write'],
      ['PATCH', '/roles/:id', 'roles:write'],
      ['DELETE', '/roles/:id', 'roles:delete'],
      ['POST', '/admin/permission', 'permissions:write'],
      ['PUT', '/admin/permission/:id', 'permissions:update'],
      ['DELETE', '/admin/permission/:id', 'permissions:delete'],
      ['GET', '/admin/group', 'groups:read'],
      ['PUT', '/admin/group/:id', 'groups:update'],
      ['POST', '/users', 'users:write'],
      ['PATCH', '/users/:id', 'users:write'],
      ['DELETE', '/users/:id', 'users:delete'],
      ['GET', '/users/all-users-without-admin', 'users:read'],
      ['GET', '/users/get-roles', 'authenticated'],
      ['GET', '/users/head-offices/:class', 'authenticated'],
      ['PUT', '/admin/user-profile', 'authenticated'],
      ['GET', '/admin/system-menu', developerOnlyPermission],
      ['PUT', '/admin/system-menu/:id', developerOnlyPermission],
      ['POST', '/admin/system-menu/create-sub-system/:id', developerOnlyPermission],
      ['GET', '/admin/system-menu/show-sub-menu/:id', developerOnlyPermission],
      ['PUT', '/admin/system-menu/update-sub-menu/:id', developerOnlyPermission],
      ['POST', '/admin/system-menu/delete-sub-menu/:id', developerOnlyPermission],
    ];
    expect(expected.filter(([method, url, permission]) => !has(method, url, permission))).toEqual([]);
  });

  it('has the calls of issue 5 (spec section 7, Child infos), each with its permission', () => {
    const expected: [string, string, string][] = [
      ['POST', '/child-infos', 'adoptive_children:write'],
      ['GET', '/child-infos/:id', 'adoptive_children:read'],
      ['PATCH', '/child-infos/:id', 'adoptive_children:update'],
      ['DELETE', '/child-infos/:id', 'adoptive_children:delete'],
      // The family is part of the file a caseworker edits: every write needs :update, removal too.
      ['GET', '/child-infos/family/:id', 'adoptive_children:read'],
      ['POST', '/child-infos/family/:id', 'adoptive_children:update'],
      ['PATCH', '/child-infos/family/:id', 'adoptive_children:update'],
      ['DELETE', '/child-infos/family/:id', 'adoptive_children:update'],
      // The status actions live on the edit page, which the spec guards with :update.
      ['PATCH', '/child-infos/confirm-adoption/:id', 'adoptive_children:update'],
      ['PATCH', '/child-infos/unconfirmed-adoption/:id', 'adoptive_children:update'],
      ['PATCH', '/child-infos/re-adoption/:id', 'adoptive_children:update'],
      ['PATCH', '/child-infos/long-term/:id', 'adoptive_children:update'],
      ['PATCH', '/child-infos/international/:id', 'adoptive_children:update'],
      // Bulk action (issue 26): each child goes through the edit form's update path.
      ['POST', '/child-infos/bulk/move-head-office', 'adoptive_children:update'],
      // Form lookups are names only, open to any signed-in user like the configuration lookups.
      ['GET', '/child-infos/countries', 'authenticated'],
      ['GET', '/child-infos/provinces', 'authenticated'],
      ['GET', '/child-infos/districts/:id', 'authenticated'],
      ['GET', '/child-infos/head-office-user', 'authenticated'],
      ['GET', '/child-infos/head-offices', 'authenticated'],
      // The next code is only of use to someone creating a record.
      ['GET', '/child-infos/get-child-doc-number', 'adoptive_children:write'],
      ['POST', '/child-infos/upload-file/:id', 'adoptive_children:update'],
      ['POST', '/child-infos/update-file/:id', 'adoptive_children:update'],
      ['POST', '/child-infos/upload-files/:id', 'adoptive_children:update'],
      ['DELETE', '/child-infos/remove-file/:id', 'adoptive_children:update'],
      ['GET', '/adoptive-matching/histories/:id', 'adoptive_children:read'],
      ['GET', '/family-types', 'authenticated'],
      ['GET', '/living-with', 'authenticated'],
      ['GET', '/keeping-reasons', 'authenticated'],
      ['GET', '/child-disabilities', 'authenticated'],
      ['GET', '/health-status', 'authenticated'],
    ];
    expect(expected.filter(([method, url, permission]) => !has(method, url, permission))).toEqual([]);
  });

  it('has the calls of issue 14 (spec section 7, Service after adoption), each with its permission', () => {
    const read = 'post_adoption_services:read';
    const update = 'post_adoption_services:update';
    const expected: [string, string, string][] = [
      ['GET', '/service-after-adoption', read],
      ['GET', '/service-after-adoption/:id', read],
      ['POST', '/service-after-adoption', 'post_adoption_services:write'],
      ['PATCH', '/service-after-adoption/:id', update],
      ['DELETE', '/service-after-adoption/:id', 'post_adoption_services:delete'],
      // The actions live on the service's page, which the spec guards with :update.
      ['PATCH', '/service-after-adoption/confirm-service/:id', update],
      ['PATCH', '/service-after-adoption/reject-service/:id', update],
      ['PATCH', '/service-after-adoption/back-to-pending/:id', update],
      ['GET', '/service-after-adoption/status-history/:id', read],
      ['GET', '/service-after-adoption/allowed-actions/:id', read],
      ['GET', '/service-after-adoption/timeline/:id', read],
      ['GET', '/service-after-adoption/export', read],
      // The create form's adopted children name records: read, not any signed-in user.
      ['GET', '/service-after-adoption/adoptive-childs', read],
      ['GET', '/service-after-adoption/officers', read],
      ['GET', '/service-after-adoption/head-offices', 'authenticated'],
      ['GET', '/service-after-adoption/provinces', 'authenticated'],
      ['GET', '/service-after-adoption/attachments/:id', read],
      ['POST', '/service-after-adoption/attachments/:id', update],
      ['GET', '/service-after-adoption/attachment/:attachmentId', read],
      ['DELETE', '/service-after-adoption/attachment/:attachmentId', update],
      // Bulk actions (issue 26): each row goes through the edit form's update path.
      ['POST', '/service-after-adoption/bulk/assign-officer', update],
      ['POST', '/service-after-adoption/bulk/replan', update],
    ];
    expect(expected.filter(([method, url, permission]) => !has(method, url, permission))).toEqual([]);
    // And no other route of the area than these.
    const listed = new Set(expected.map(([method, url]) => `${method} /api/v1${url}`));
    expect(
      routes
        .filter((route) => route.url.startsWith('/api/v1/service-after-adoption'))
        .map((route) => `${route.method} ${route.url}`)
        .filter((route) => !listed.has(route) && !route.startsWith('HEAD ')),
    ).toEqual([]);
  });

  it('refuses every route but the public ones without a token (401)', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.permission !== 'public')) {
      const response = await call(route, undefined, '1');
      if (response.statusCode !== 401) failures.push(`${label(route)} answered ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('never refuses a public route for want of a permission', async () => {
    const failures: string[] = [];
    for (const route of byPermission('public')) {
      const response = await call(route, undefined, missingId);
      if (response.statusCode === 403) failures.push(label(route));
    }
    expect(failures).toEqual([]);
  });

  it('refuses a user holding every permission but the one a route needs: 403, nothing changed', async () => {
    const failures: string[] = [];
    const permissions = [...new Set(catalogueRoutes().map((route) => route.permission))];
    for (const permission of permissions) {
      await probeHolds(catalogue.filter((name) => name !== permission));
      for (const route of ordered(byPermission(permission))) {
        const before = await fingerprint();
        // A real id (1 exists in most tables): were the check missing, the write would show.
        const response = await call(route, tokens.probe, '1');
        if (response.statusCode !== 403) failures.push(`${label(route)} answered ${response.statusCode}`);
        else if ((await fingerprint()) !== before) failures.push(`${label(route)} changed the database`);
        else if (response.json().message !== 'No Permission.') failures.push(`${label(route)} message`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('lets a user holding exactly a route’s permission through', async () => {
    const failures: string[] = [];
    const permissions = [...new Set(catalogueRoutes().map((route) => route.permission))];
    for (const permission of permissions) {
      await probeHolds([permission]);
      for (const route of ordered(byPermission(permission))) {
        const response = await call(route, tokens.probe, missingId);
        if (refused.has(response.statusCode))
          failures.push(`${label(route)} answered ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('lets any signed-in user, even one holding nothing, call the `authenticated` routes', async () => {
    await probeHolds([]);
    const failures: string[] = [];
    for (const route of ordered(byPermission('authenticated'))) {
      // Never the current session's own logout: the probe's token is needed below.
      if (route.url.endsWith('/auth/logout')) continue;
      const response = await call(route, tokens.probe, missingId);
      if (refused.has(response.statusCode)) failures.push(`${label(route)} answered ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets `admin`, the Super Admin role and `developer` through every ordinary route', async () => {
    const failures: string[] = [];
    for (const who of ['admin', 'chief', 'developer'] as const) {
      for (const route of ordered(catalogueRoutes())) {
        const response = await call(route, tokens[who], missingId);
        if (refused.has(response.statusCode))
          failures.push(`${who}: ${label(route)} answered ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('keeps `for_developer` routes to the developer: admin, Super Admin and a holder of everything get 403', async () => {
    const developerRoutes = ordered(byPermission(developerOnlyPermission));
    expect(developerRoutes.length).toBeGreaterThan(0);
    await probeHolds(catalogue);
    const failures: string[] = [];
    for (const who of ['admin', 'chief', 'probe'] as const) {
      for (const route of developerRoutes) {
        const before = await fingerprint();
        const response = await call(route, tokens[who], '1');
        if (response.statusCode !== 403)
          failures.push(`${who}: ${label(route)} answered ${response.statusCode}`);
        else if ((await fingerprint()) !== before)
          failures.push(`${who}: ${label(route)} changed the database`);
      }
    }
    for (const route of developerRoutes) {
      const response = await call(route, tokens.developer, missingId);
      if (refused.has(response.statusCode))
        failures.push(`developer: ${label(route)} answered ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
