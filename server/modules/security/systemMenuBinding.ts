import { eq, isNull, sql } from 'drizzle-orm';
import { permissionCatalogue } from '../../../src/domain/permissionCatalogue';
import { developerOnlyPermission } from '../../../src/domain/permissions';
import { systemMenuResource } from '../../../src/domain/resources/systemMenu';
import type { TDbOrTx } from '../../audit';
import { permissions, systemMenus } from '../../db/schema';
import { ApiError, fieldErrors } from '../../errors';
import type { TResourceBinding } from '../../resources/resourceBinding';
import type { TWriteContext } from '../../resources/writeContext';

/**
 * The outer row's id, qualified by hand: Drizzle writes a column of a one-table query as a bare
 * `"id"`, which inside the count's subquery would mean the sub-menu's own id.
 */
const outerId = sql.raw('"system_menus"."id"');

/** A menu as the API answers it (the list, the record and the sub-menu routes alike). */
export const systemMenuSelection = {
  id: systemMenus.id,
  parentId: systemMenus.parentId,
  title: systemMenus.title,
  to: systemMenus.to,
  permission: systemMenus.permission,
  sortOrder: systemMenus.sortOrder,
  icon: systemMenus.icon,
  subMenuCount: sql<number>`(select count(*)::int from ${systemMenus} as sub where sub.parent_id = ${outerId})`,
  version: systemMenus.version,
  updatedAt: systemMenus.updatedAt,
};

export type TSystemMenuRow = {
  id: number;
  parentId: number | null;
  subMenuCount: number;
  version: number;
} & Record<string, unknown>;

export const findSystemMenu = async (db: TDbOrTx, id: number): Promise<TSystemMenuRow | undefined> => {
  const [row] = await db.select(systemMenuSelection).from(systemMenus).where(eq(systemMenus.id, id)).limit(1);
  return row as TSystemMenuRow | undefined;
};

const cataloguePermissions = new Set(permissionCatalogue.map((entry) => entry.name));

/**
 * A menu's permission must be one somebody can hold: the catalogue's, a row an administrator added
 * to the permissions table, or `for_developer`. A typo would hide the menu from everybody.
 */
export const checkMenuPermission = async (db: TDbOrTx, permission: unknown) => {
  if (typeof permission !== 'string' || permission === '') return;
  if (permission === developerOnlyPermission || cataloguePermissions.has(permission)) return;
  const [row] = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.name, permission))
    .limit(1);
  if (!row) throw fieldErrors((t) => t.server.unknownMenuPermission({ value: permission }));
};

/** The body as columns: an empty target, permission or icon is stored as null (none). */
export const systemMenuColumns = (body: Record<string, unknown>): Record<string, unknown> => {
  const columns = { ...body };
  for (const key of ['to', 'permission', 'icon'] as const) {
    if (columns[key] === '') columns[key] = null;
  }
  return columns;
};

/**
 * Deleting a menu that still has sub-menus is refused (409) rather than cascaded: one click on a
 * group would otherwise remove every entry under it. The row lock makes a sub-menu created at the
 * same moment wait, so the count is the one the delete acts on.
 */
const refuseWhileSubMenus = async ({ db, before }: TWriteContext) => {
  const id = before?.id as number;
  await db.select({ id: systemMenus.id }).from(systemMenus).where(eq(systemMenus.id, id)).for('update');
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(systemMenus)
    .where(eq(systemMenus.parentId, id));
  if (count > 0) throw new ApiError(409, 'menuHasSubMenus', { count });
};

/** The top-level system menus at `/admin/system-menu`; sub-menus have routes of their own (systemMenuRoutes.ts). */
export const systemMenuBinding: TResourceBinding = {
  definition: systemMenuResource,
  table: systemMenus,
  selection: systemMenuSelection,
  search: [
    sql`${systemMenus.title}->>'kh'`,
    sql`${systemMenus.title}->>'en'`,
    systemMenus.to,
    systemMenus.permission,
  ],
  sort: {
    title: (locale) => sql`${systemMenus.title}->>${locale}`,
    to: systemMenus.to,
    permission: systemMenus.permission,
    sortOrder: systemMenus.sortOrder,
  },
  listWhere: isNull(systemMenus.parentId),
  guard: async (context) => {
    if (context.mode === 'delete') return refuseWhileSubMenus(context);
    await checkMenuPermission(context.db, context.body.permission);
  },
  toColumns: async ({ body }) => systemMenuColumns(body),
};

/** System menus on the resource machinery (issue 4). */
export const systemMenuBindings: TResourceBinding[] = [systemMenuBinding];
