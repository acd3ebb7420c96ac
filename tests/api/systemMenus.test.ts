import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, permissions, systemMenus } from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { permissionCatalogue } from '../../src/domain/permissionCatalogue';
import { superAdminRoleName } from '../../src/domain/permissions';
import { adminPassword, createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * System menus and their sub-menus (issue 4, spec section 7 'Menus'): developer-only throughout,
 * two levels like the sidebar, versioned edits, validation a developer can act on, the menu search
 * following every edit, and a restart (re-seed) that keeps the developer's edits.
 */

type TMenu = Record<string, unknown> & {
  id: number;
  parentId: number | null;
  version: number;
  subMenuCount: number;
  title: { kh: string; en: string };
  to: string | null;
  permission: string | null;
  sortOrder: number;
};
type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

let t: TTestApp;
const tokens = {} as Record<'developer' | 'admin' | 'chief' | 'everything' | 'reader', string>;

const call = (
  token: string | undefined,
  method: TMethod,
  url: string,
  payload?: Record<string, unknown>,
  locale?: 'kh' | 'en',
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload,
    headers: { ...(token ? t.bearer(token) : {}), ...(locale ? { locale } : {}) },
  });
const dev = (method: TMethod, url: string, payload?: Record<string, unknown>, locale?: 'kh' | 'en') =>
  call(tokens.developer, method, url, payload, locale);

const body = (en: string, extra: Record<string, unknown> = {}) => ({
  title: { kh: `ម៉ឺនុយ ${en}`, en },
  to: '',
  permission: '',
  sortOrder: 5,
  icon: '',
  ...extra,
});

const createMenu = async (en: string, extra: Record<string, unknown> = {}): Promise<TMenu> => {
  const response = await dev('POST', '/admin/system-menu', body(en, extra));
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().data;
};
const createSubMenu = async (parentId: number, en: string, extra: Record<string, unknown> = {}) => {
  const response = await dev('POST', `/admin/system-menu/create-sub-system/${parentId}`, body(en, extra));
  if (response.statusCode !== 201) throw new Error(`create sub-menu failed: ${response.body}`);
  return response.json().data as TMenu;
};
const getMenu = async (id: number) => (await dev('GET', `/admin/system-menu/${id}`)).json().data as TMenu;
const subMenusOf = async (id: number) =>
  (await dev('GET', `/admin/system-menu/show-sub-menu/${id}`)).json().data as TMenu[];
const seeded = async (key: string) => {
  const [row] = await t.app.db.select().from(systemMenus).where(eq(systemMenus.key, key));
  return row;
};

/** Every menu and the audit count: equal snapshots mean a request changed nothing. */
const snapshot = async () => ({
  menus: await t.app.db.select().from(systemMenus).orderBy(asc(systemMenus.id)),
  audit: (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n,
});
const auditOf = (entityId: number) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'system_menus'), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id));
const searchMenu = async (token: string, search: string) =>
  (await call(token, 'GET', `/admin/search-menu?search=${encodeURIComponent(search)}`)).json().data as {
    id: number;
    to: string;
    menu_title: { en: string };
  }[];

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('developer', []);
  await t.createUser('chief', [], { roleName: superAdminRoleName });
  await t.createUser(
    'everything',
    permissionCatalogue.map((entry) => entry.name),
  );
  await t.createUser('reader', ['users:read', 'roles:read']);
  for (const username of ['developer', 'chief', 'everything', 'reader'] as const) {
    tokens[username] = (await t.signIn(username, userPassword)).accessToken;
  }
  tokens.admin = (await t.signIn('admin', adminPassword)).accessToken;
}, 60_000);
afterAll(() => t?.close());

describe('developer-only', () => {
  /** Every route with a real target and a valid body: were the check missing, the write would show. */
  const routes = async (): Promise<[TMethod, string, Record<string, unknown>?][]> => {
    const group = await seeded('security');
    const child = await seeded('user');
    const top = await seeded('service');
    return [
      ['GET', '/admin/system-menu'],
      ['GET', `/admin/system-menu/${top.id}`],
      ['POST', '/admin/system-menu', body('Intruder')],
      ['PUT', `/admin/system-menu/${top.id}`, { ...body('Intruder'), version: top.version }],
      ['DELETE', `/admin/system-menu/${top.id}`],
      ['POST', `/admin/system-menu/create-sub-system/${group.id}`, body('Intruder')],
      ['GET', `/admin/system-menu/show-sub-menu/${group.id}`],
      [
        'PUT',
        `/admin/system-menu/update-sub-menu/${child.id}`,
        { ...body('Intruder'), version: child.version },
      ],
      ['POST', `/admin/system-menu/delete-sub-menu/${child.id}`],
    ];
  };

  it('answers 401 without a token, on every route, changing nothing', async () => {
    const before = await snapshot();
    for (const [method, url, payload] of await routes()) {
      expect((await call(undefined, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['admin (username admin)', 'admin'],
    ['a Super Admin role holder', 'chief'],
    ['a user holding every catalogue permission', 'everything'],
  ] as const)('refuses %s with 403 on every route, changing nothing', async (_who, user) => {
    const before = await snapshot();
    for (const [method, url, payload] of await routes()) {
      const response = await call(tokens[user], method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe('No Permission.');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets the developer read the list and a sub-menu list', async () => {
    expect((await dev('GET', '/admin/system-menu')).statusCode).toBe(200);
    const group = await seeded('security');
    expect((await dev('GET', `/admin/system-menu/show-sub-menu/${group.id}`)).statusCode).toBe(200);
  });
});

describe('the menu list', () => {
  it('lists the top level only, each with its number of sub-menus', async () => {
    const response = await dev('GET', '/admin/system-menu?take=1000');
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as TMenu[];
    expect(rows.every((row) => row.parentId === null)).toBe(true);
    const byEn = Object.fromEntries(rows.map((row) => [row.title.en, row]));
    expect(byEn.Security.subMenuCount).toBe(4);
    expect(byEn.Reports.subMenuCount).toBe(2);
    expect(byEn['Adoptive child'].subMenuCount).toBe(0);
    expect(rows.some((row) => row.title.en === 'User')).toBe(false);
    // Ordered by sortOrder by default.
    const orders = rows.map((row) => row.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('searches both title languages, the target and the permission', async () => {
    const titles = async (search: string) =>
      (
        (await dev('GET', `/admin/system-menu?search=${encodeURIComponent(search)}`)).json().data as TMenu[]
      ).map((row) => row.title.en);
    expect(await titles('Configuration')).toEqual(['Configuration']);
    expect(await titles('ការផ្គូផ្គង')).toEqual(['Adoptive matching']);
    expect(await titles('/service-after')).toEqual(['Service after adoption']);
    expect(await titles('adoptive_parents:read')).toEqual(['Adopted parents']);
    // A sub-menu's words do not bring up its group: the list is of top-level menus.
    expect(await titles('/security/user')).toEqual([]);
  });

  it('sorts by every sortable column and refuses an unknown sort', async () => {
    for (const sort of ['title', 'to', 'permission', 'sortOrder']) {
      const response = await dev('GET', `/admin/system-menu?sort=${sort}&order=desc`);
      expect(response.statusCode, sort).toBe(200);
    }
    const byTitle = (await dev('GET', '/admin/system-menu?sort=title&take=100')).json().data as TMenu[];
    const en = byTitle.map((row) => row.title.en);
    expect(en).toEqual([...en].sort((a, b) => a.localeCompare(b)));
    expect((await dev('GET', '/admin/system-menu?sort=subMenuCount')).statusCode).toBe(400);
  });
});

describe('menus', () => {
  it('creates a menu (empty target and permission stored as none), reads it, audits it', async () => {
    const menu = await createMenu('Help desk', { sortOrder: 900 });
    expect(menu).toMatchObject({ parentId: null, to: null, permission: null, icon: null, subMenuCount: 0 });
    expect(await getMenu(menu.id)).toMatchObject({ title: { en: 'Help desk' }, sortOrder: 900, version: 1 });
    const audit = await auditOf(menu.id);
    expect(audit.map((row) => row.action)).toEqual(['create']);
  });

  it('updates with PUT and the version; a stale version gets 409 and changes nothing', async () => {
    const menu = await createMenu('Archive', { to: '/archive', permission: 'users:read' });
    const response = await dev('PUT', `/admin/system-menu/${menu.id}`, {
      ...body('Archives'),
      to: '/archives',
      version: menu.version,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ title: { en: 'Archives' }, to: '/archives', version: 2 });
    const before = await snapshot();
    const stale = await dev('PUT', `/admin/system-menu/${menu.id}`, { ...body('Stale'), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed by someone else/);
    expect(await snapshot()).toEqual(before);
    expect((await auditOf(menu.id)).map((row) => row.action)).toEqual(['create', 'update']);
  });

  it('deletes a menu without sub-menus; 404 afterwards and for an unknown id', async () => {
    const menu = await createMenu('Temporary');
    expect((await dev('DELETE', `/admin/system-menu/${menu.id}`)).statusCode).toBe(200);
    expect((await dev('GET', `/admin/system-menu/${menu.id}`)).statusCode).toBe(404);
    expect((await dev('DELETE', `/admin/system-menu/${menu.id}`)).statusCode).toBe(404);
    expect((await dev('PUT', `/admin/system-menu/${menu.id}`, { ...body('X'), version: 1 })).statusCode).toBe(
      404,
    );
    expect((await auditOf(menu.id)).map((row) => row.action)).toEqual(['create', 'delete']);
  });

  it('refuses to delete a menu that still has sub-menus (409, says so), nothing changed', async () => {
    const menu = await createMenu('Group with children');
    await createSubMenu(menu.id, 'Child one', { to: '/child-one' });
    await createSubMenu(menu.id, 'Child two', { to: '/child-two' });
    const before = await snapshot();
    const response = await dev('DELETE', `/admin/system-menu/${menu.id}`, undefined, 'en');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'This menu still has 2 sub-menu(s). Delete them first, then the menu.',
    );
    const khmer = await dev('DELETE', `/admin/system-menu/${menu.id}`, undefined, 'kh');
    expect(khmer.json().message).toContain('ម៉ឺនុយរង 2');
    expect(await snapshot()).toEqual(before);
    // Once its sub-menus are gone, it can go.
    for (const sub of await subMenusOf(menu.id)) {
      expect((await dev('POST', `/admin/system-menu/delete-sub-menu/${sub.id}`)).statusCode).toBe(200);
    }
    expect((await dev('DELETE', `/admin/system-menu/${menu.id}`)).statusCode).toBe(200);
  });
});

describe('sub-menus', () => {
  it('creates sub-menus under a menu and lists them by order', async () => {
    const menu = await createMenu('Tools');
    const second = await createSubMenu(menu.id, 'Second', { to: '/tools/second', sortOrder: 20 });
    const first = await createSubMenu(menu.id, 'First', { to: '/tools/first', sortOrder: 10 });
    expect(first).toMatchObject({ parentId: menu.id, to: '/tools/first', permission: null, version: 1 });
    const list = await dev('GET', `/admin/system-menu/show-sub-menu/${menu.id}`);
    expect(list.statusCode).toBe(200);
    expect((list.json().data as TMenu[]).map((row) => row.id)).toEqual([first.id, second.id]);
    expect((await getMenu(menu.id)).subMenuCount).toBe(2);
    // A sub-menu is a menu: it can be read by id, but it is not in the top-level list.
    expect((await getMenu(first.id)).parentId).toBe(menu.id);
    const rows = (await dev('GET', '/admin/system-menu?search=Tools')).json().data as TMenu[];
    expect(rows.map((row) => row.id)).toEqual([menu.id]);
    expect((await auditOf(first.id)).map((row) => row.action)).toEqual(['create']);
  });

  it('keeps two levels: a sub-menu of a sub-menu is refused (409), nothing changed', async () => {
    const menu = await createMenu('Levels');
    const sub = await createSubMenu(menu.id, 'Level two', { to: '/level-two' });
    const before = await snapshot();
    const response = await dev(
      'POST',
      `/admin/system-menu/create-sub-system/${sub.id}`,
      body('Level three'),
      'en',
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/two levels/);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown parent or sub-menu, and for a top-level id on the sub-menu routes', async () => {
    const menu = await createMenu('Lonely');
    const before = await snapshot();
    expect(
      (await dev('POST', '/admin/system-menu/create-sub-system/2147483000', body('Orphan'))).statusCode,
    ).toBe(404);
    expect((await dev('GET', '/admin/system-menu/show-sub-menu/2147483000')).statusCode).toBe(404);
    for (const id of [2147483000, menu.id]) {
      const update = await dev('PUT', `/admin/system-menu/update-sub-menu/${id}`, {
        ...body('X'),
        version: 1,
      });
      expect(update.statusCode).toBe(404);
      expect((await dev('POST', `/admin/system-menu/delete-sub-menu/${id}`)).statusCode).toBe(404);
    }
    expect((await dev('GET', '/admin/system-menu/show-sub-menu/abc')).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect(await subMenusOf(menu.id)).toEqual([]);
  });

  it('updates a sub-menu with its version; a stale one gets 409 and changes nothing', async () => {
    const menu = await createMenu('Versions');
    const sub = await createSubMenu(menu.id, 'Draft', { to: '/draft' });
    const response = await dev('PUT', `/admin/system-menu/update-sub-menu/${sub.id}`, {
      ...body('Final', { to: '/final', permission: 'roles:read', sortOrder: 3 }),
      version: sub.version,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: sub.id,
      parentId: menu.id,
      title: { en: 'Final' },
      to: '/final',
      permission: 'roles:read',
      sortOrder: 3,
      version: 2,
    });
    const before = await snapshot();
    const stale = await dev('PUT', `/admin/system-menu/update-sub-menu/${sub.id}`, {
      ...body('Lost'),
      version: sub.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
    const missingVersion = await dev(
      'PUT',
      `/admin/system-menu/update-sub-menu/${sub.id}`,
      body('No version'),
    );
    expect(missingVersion.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    const audit = await auditOf(sub.id);
    expect(audit.map((row) => row.action)).toEqual(['create', 'update']);
    expect(audit[1].before).toMatchObject({ title: { en: 'Draft' } });
    expect(audit[1].after).toMatchObject({ title: { en: 'Final' } });
  });

  it('deletes a sub-menu', async () => {
    const menu = await createMenu('Deletions');
    const sub = await createSubMenu(menu.id, 'Doomed', { to: '/doomed' });
    const response = await dev('POST', `/admin/system-menu/delete-sub-menu/${sub.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: sub.id, title: { en: 'Doomed' } });
    expect(await subMenusOf(menu.id)).toEqual([]);
    expect((await dev('GET', `/admin/system-menu/${sub.id}`)).statusCode).toBe(404);
    expect((await auditOf(sub.id)).map((row) => row.action)).toEqual(['create', 'delete']);
  });
});

describe('validation', () => {
  const writes = async () => {
    const menu = await createMenu('Validated');
    const sub = await createSubMenu(menu.id, 'Validated child');
    return [
      (extra: Record<string, unknown>, locale: 'kh' | 'en') =>
        dev('POST', '/admin/system-menu', body('New', extra), locale),
      async (extra: Record<string, unknown>, locale: 'kh' | 'en') =>
        dev(
          'PUT',
          `/admin/system-menu/${menu.id}`,
          { ...body('Edit', extra), version: (await getMenu(menu.id)).version },
          locale,
        ),
      (extra: Record<string, unknown>, locale: 'kh' | 'en') =>
        dev('POST', `/admin/system-menu/create-sub-system/${menu.id}`, body('New child', extra), locale),
      async (extra: Record<string, unknown>, locale: 'kh' | 'en') =>
        dev(
          'PUT',
          `/admin/system-menu/update-sub-menu/${sub.id}`,
          { ...body('Edit child', extra), version: (await getMenu(sub.id)).version },
          locale,
        ),
    ];
  };

  it('refuses a target that does not start with / (both languages), changing nothing', async () => {
    const list = await writes();
    const before = await snapshot();
    for (const write of list) {
      const en = await write({ to: 'security/user' }, 'en');
      expect(en.statusCode).toBe(400);
      expect(en.json().errors).toContain(
        'to must start with / and contain only letters, digits, -, _ and /.',
      );
      const kh = await write({ to: 'https://example.org' }, 'kh');
      expect(kh.statusCode).toBe(400);
      expect(kh.json().errors).toContain('to ត្រូវតែចាប់ផ្ដើមដោយ / និងមានតែអក្សរ លេខ - _ និង / ប៉ុណ្ណោះ។');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a permission nobody can hold, naming it, changing nothing', async () => {
    const list = await writes();
    const before = await snapshot();
    for (const write of list) {
      const typo = await write({ permission: 'users:raed' }, 'en');
      expect(typo.statusCode).toBe(400);
      expect(typo.json().errors).toEqual([
        'permission "users:raed" is not a known permission. Use one from the permission list (e.g. users:read) or for_developer: a misspelt one would hide this menu from everybody.',
      ]);
      const khmer = await write({ permission: 'users:raed' }, 'kh');
      expect(khmer.json().errors[0]).toMatch(/^permission "users:raed" មិនមែនជាសិទ្ធិ/);
      const malformed = await write({ permission: 'Users Read' }, 'en');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors).toContain(
        'permission must read resource:action in lower case, e.g. users:read.',
      );
    }
    expect(await snapshot()).toEqual(before);
  });

  it('accepts for_developer and a permission an administrator added to the catalogue', async () => {
    await t.app.db
      .insert(permissions)
      .values({ name: 'archives:read', resource: 'archives', action: 'read', area: 'security' })
      .onConflictDoNothing();
    const list = await writes();
    for (const permission of ['for_developer', 'archives:read', 'matchings:approve']) {
      for (const write of list.slice(0, 3)) {
        const response = await write({ permission }, 'en');
        expect(response.statusCode, `${permission}: ${response.body}`).toBeLessThan(300);
        expect(response.json().data.permission).toBe(permission);
      }
    }
  });

  it('says which title is missing, and refuses a negative order', async () => {
    const [createTop, , createSub] = await writes();
    const before = await snapshot();
    for (const write of [createTop, createSub]) {
      const response = await write({ title: { kh: '', en: 'Only English' }, sortOrder: -1 }, 'en');
      expect(response.statusCode).toBe(400);
      const errors = response.json().errors as string[];
      expect(errors).toContain('title.kh is required.');
      expect(errors.some((message) => message.startsWith('sortOrder'))).toBe(true);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('the menu search follows the edits', () => {
  it('finds a renamed menu by its new title, hides one the caller may not open, forgets a deleted one', async () => {
    const user = await seeded('user');
    const found = async (search: string) => (await searchMenu(tokens.reader, search)).map((item) => item.id);
    expect(await found('User')).toContain(user.id);

    const renamed = await dev('PUT', `/admin/system-menu/update-sub-menu/${user.id}`, {
      title: { kh: 'គណនីបុគ្គលិក', en: 'Staff accounts' },
      to: user.to,
      permission: user.permission,
      sortOrder: user.sortOrder,
      icon: user.icon,
      version: user.version,
    });
    expect(renamed.statusCode).toBe(200);
    expect(await found('Staff accounts')).toEqual([user.id]);
    expect(await found('គណនីបុគ្គលិក')).toEqual([user.id]);
    expect((await searchMenu(tokens.reader, 'Staff')).map((item) => item.menu_title.en)).toEqual([
      'Staff accounts',
    ]);

    // A permission the reader lacks hides it from the reader, not from the admin.
    const locked = await dev('PUT', `/admin/system-menu/update-sub-menu/${user.id}`, {
      ...renamed.json().data,
      permission: 'matchings:approve',
      version: renamed.json().data.version,
    });
    expect(locked.statusCode).toBe(200);
    expect(await found('Staff accounts')).toEqual([]);
    expect((await searchMenu(tokens.admin, 'Staff accounts')).map((item) => item.id)).toEqual([user.id]);

    // A permission on the group hides its entries too.
    const role = await seeded('role');
    expect(await found('Role')).toContain(role.id);
    const group = await getMenu(role.parentId as number);
    const groupLocked = await dev('PUT', `/admin/system-menu/${group.id}`, {
      permission: 'for_developer',
      version: group.version,
    });
    expect(groupLocked.statusCode).toBe(200);
    expect(await found('Role')).not.toContain(role.id);
    expect((await searchMenu(tokens.developer, 'Role')).map((item) => item.id)).toContain(role.id);
    await dev('PUT', `/admin/system-menu/${group.id}`, { permission: '', version: group.version + 1 });
    expect(await found('Role')).toContain(role.id);

    // Deleted: gone for everybody.
    expect((await dev('POST', `/admin/system-menu/delete-sub-menu/${role.id}`)).statusCode).toBe(200);
    expect((await searchMenu(tokens.admin, 'Role')).map((item) => item.id)).not.toContain(role.id);
  });
});

describe('a restart keeps the developer’s edits', () => {
  it('re-running the seed keeps a renamed menu and does not bring back a deleted one', async () => {
    const matching = await seeded('matching');
    const renamed = await dev('PUT', `/admin/system-menu/${matching.id}`, {
      title: { kh: 'ការផ្គូផ្គង', en: 'Matches' },
      version: matching.version,
    });
    expect(renamed.statusCode).toBe(200);
    const reportChild = await seeded('report-child');
    expect((await dev('POST', `/admin/system-menu/delete-sub-menu/${reportChild.id}`)).statusCode).toBe(200);
    const child = await seeded('child');
    expect((await dev('DELETE', `/admin/system-menu/${child.id}`)).statusCode).toBe(200);
    const before = await t.app.db.select().from(systemMenus).orderBy(asc(systemMenus.id));

    await seed(t.app.db, { adminPassword });

    expect(await t.app.db.select().from(systemMenus).orderBy(asc(systemMenus.id))).toEqual(before);
    expect((await seeded('matching')).title).toEqual({ kh: 'ការផ្គូផ្គង', en: 'Matches' });
    expect(await seeded('report-child')).toBeUndefined();
    expect(await seeded('child')).toBeUndefined();
  });
});
