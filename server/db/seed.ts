import { eq, inArray, sql } from 'drizzle-orm';
import { permissionCatalogue } from '../../src/domain/permissionCatalogue';
import { adminUsername, superAdminRoleName } from '../../src/domain/permissions';
import { shippedViews } from '../../src/domain/savedViews';
import { isMenuGroup, sidebarMenu } from '../../src/domain/sidebarMenu';
import { generatePassword, hashPassword } from '../auth/password';
import type { TDb } from './client';
import {
  countries,
  generalInformation,
  groups,
  languages,
  permissions,
  provinces,
  referenceItems,
  rolePermissions,
  roles,
  savedViews,
  systemMenus,
  users,
} from './schema';
import { seedConfiguration } from './seedConfiguration';
import { countrySeed } from './seedData/countries';
import { permissionGroupSeed } from './seedData/permissionGroups';
import { provinceSeed } from './seedData/provinces';
import { referenceListSeed } from './seedData/referenceLists';

export type TSeedResult = {
  /** Set only on the start that created the admin user. */
  adminCreated?: { password: string; generated: boolean };
};

const seedPermissions = async (db: TDb) => {
  await db
    .insert(permissions)
    .values(permissionCatalogue.map(({ name, resource, action, area }) => ({ name, resource, action, area })))
    .onConflictDoUpdate({
      target: permissions.name,
      set: {
        resource: sql`excluded.resource`,
        action: sql`excluded.action`,
        area: sql`excluded.area`,
      },
      // Touch a row only when the catalogue changed it, so a re-seed leaves rows as they are.
      setWhere: sql`(${permissions.resource}, ${permissions.action}, ${permissions.area}) is distinct from (excluded.resource, excluded.action, excluded.area)`,
    });
};

/**
 * One permission group per area of the catalogue, and each catalogue permission without a group
 * put in its area's group (an admin's later regrouping stays).
 */
const seedPermissionGroups = async (db: TDb) => {
  await db
    .insert(groups)
    .values(permissionGroupSeed.map((group) => ({ ...group })))
    .onConflictDoNothing({ target: groups.code });
  await db.execute(
    sql`update ${permissions} set group_id = ${groups.id} from ${groups} where ${permissions.groupId} is null and ${groups.code} = ${permissions.area}`,
  );
};

/** The Super Admin role, mapped to the whole catalogue so the role screens show it complete. */
const seedSuperAdminRole = async (db: TDb): Promise<number> => {
  await db
    .insert(roles)
    .values({ roleName: superAdminRoleName })
    .onConflictDoNothing({ target: roles.roleName });
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleName, superAdminRoleName));
  const catalogueNames = permissionCatalogue.map((entry) => entry.name);
  const rows = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.name, catalogueNames));
  if (rows.length > 0) {
    await db
      .insert(rolePermissions)
      .values(rows.map((row) => ({ roleId: role.id, permissionId: row.id })))
      .onConflictDoNothing();
  }
  return role.id;
};

/**
 * Creates `admin` when missing. The password applies only at creation: a later start never resets a
 * password the administrator may have changed.
 */
const seedAdmin = async (
  db: TDb,
  roleId: number,
  adminPassword?: string,
): Promise<TSeedResult['adminCreated']> => {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, adminUsername));
  if (existing.length > 0) return undefined;
  const password = adminPassword ?? generatePassword();
  const inserted = await db
    .insert(users)
    .values({
      username: adminUsername,
      name: 'Administrator',
      passwordHash: await hashPassword(password),
      roleId,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0 ? { password, generated: adminPassword === undefined } : undefined;
};

const seedLanguagesAndGenerals = async (db: TDb) => {
  await db
    .insert(languages)
    .values([
      { code: 'kh', name: 'ខ្មែរ' },
      { code: 'en', name: 'English' },
    ])
    .onConflictDoNothing({ target: languages.code });
  await db
    .insert(generalInformation)
    .values([
      { key: 'app_name', value: { kh: 'ប្រព័ន្ធទិន្នន័យសុំកុមារធម៌', en: 'Child Adoption' } },
      { key: 'app_logo', value: null },
      { key: 'footer_logo', value: null },
    ])
    .onConflictDoNothing({ target: generalInformation.key });
};

type TMenuRow = {
  key: string;
  parentId: number | null;
  title: { kh: string; en: string };
  to: string | null;
  permission: string | null;
  sortOrder: number;
  icon: string | null;
};

/** Inserts one menu; returns its id. */
const insertMenu = async (db: TDb, row: TMenuRow): Promise<number> => {
  const [inserted] = await db.insert(systemMenus).values(row).returning({ id: systemMenus.id });
  return inserted.id;
};

/**
 * The sidebar of src/domain/sidebarMenu.ts: groups become parents, their entries sub-menus. Seeded
 * while the table is empty only: from then on the developer edits them on the system-menu screen,
 * and a later start must not undo those edits or bring back a deleted menu.
 */
const seedMenus = async (db: TDb) => {
  const [existing] = await db.select({ id: systemMenus.id }).from(systemMenus).limit(1);
  if (existing) return;
  for (const [index, item] of sidebarMenu.entries()) {
    const sortOrder = (index + 1) * 10;
    if (isMenuGroup(item)) {
      const parentId = await insertMenu(db, {
        key: item.key,
        parentId: null,
        title: item.title,
        to: null,
        permission: null,
        sortOrder,
        icon: item.icon,
      });
      for (const [childIndex, child] of item.children.entries()) {
        await insertMenu(db, {
          key: child.key,
          parentId,
          title: child.title,
          to: child.to,
          permission: child.permission,
          sortOrder: sortOrder + childIndex + 1,
          icon: child.icon,
        });
      }
    } else {
      await insertMenu(db, {
        key: item.key,
        parentId: null,
        title: item.title,
        to: item.to,
        permission: item.permission,
        sortOrder,
        icon: item.icon,
      });
    }
  }
};

/** Reference lists, countries and provinces: added when missing, never overwritten (admins edit them). */
export const seedReferenceData = async (db: TDb) => {
  const items = Object.entries(referenceListSeed).flatMap(([list, values]) =>
    values.map((value, index) => ({
      list: list as keyof typeof referenceListSeed,
      code: value.code,
      name: value.name,
      sortOrder: index + 1,
    })),
  );
  await db.insert(referenceItems).values(items).onConflictDoNothing();
  await db.insert(countries).values(countrySeed).onConflictDoNothing({ target: countries.code });
  const [cambodia] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'KH'));
  await db
    .insert(provinces)
    .values(provinceSeed.map((province) => ({ ...province, countryId: cambodia.id })))
    .onConflictDoNothing({ target: provinces.code });
};

/** Idempotent: running it again leaves the same rows. */
/**
 * The views shipped with the product ('My follow-ups', issue 26), under their key: a re-seed brings
 * their address up to date. Their names come from the dictionaries when they are read.
 */
const seedShippedViews = async (db: TDb) => {
  for (const view of shippedViews) {
    await db
      .insert(savedViews)
      .values({ shippedKey: view.key, list: view.list, name: view.key, query: view.query, shared: true })
      .onConflictDoUpdate({
        target: savedViews.shippedKey,
        set: { list: view.list, query: view.query },
        setWhere: sql`(${savedViews.list}, ${savedViews.query}) is distinct from (${view.list}, ${view.query})`,
      });
  }
};

export const seed = async (db: TDb, options: { adminPassword?: string } = {}): Promise<TSeedResult> => {
  await seedPermissions(db);
  await seedPermissionGroups(db);
  const superAdminRoleId = await seedSuperAdminRole(db);
  const adminCreated = await seedAdmin(db, superAdminRoleId, options.adminPassword);
  await seedLanguagesAndGenerals(db);
  await seedMenus(db);
  await seedReferenceData(db);
  await seedConfiguration(db);
  await seedShippedViews(db);
  return { adminCreated };
};
