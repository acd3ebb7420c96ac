import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TTranslatable } from '../../../src/domain/translatable';
import { auditColumns, idColumn, versionColumn } from './common';
import { departments, headOffices, organizations, positions } from './organisation';

export const roles = pgTable('roles', {
  ...idColumn,
  roleName: text('role_name').notNull().unique(),
  description: text('description'),
  ...versionColumn,
  ...auditColumns,
});

/** Groups gather the catalogue on the assign-permission screen; seeded one per area (`code`). */
export const groups = pgTable('groups', {
  ...idColumn,
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<TTranslatable>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  ...versionColumn,
  ...auditColumns,
});

/** The catalogue of `resource:action` strings (seeded from src/domain/permissionCatalogue.ts). */
export const permissions = pgTable('permissions', {
  ...idColumn,
  name: text('name').notNull().unique(),
  resource: text('resource').notNull(),
  action: text('action').notNull(),
  area: text('area').notNull(),
  groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
  ...versionColumn,
  ...auditColumns,
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    ...auditColumns,
  },
  (table) => [primaryKey({ columns: [table.roleId, table.permissionId] })],
);

export const users = pgTable(
  'users',
  {
    ...idColumn,
    username: text('username').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'restrict' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'restrict' }),
    positionId: integer('position_id').references(() => positions.id, { onDelete: 'restrict' }),
    headOfficeId: integer('head_office_id').references(() => headOffices.id, { onDelete: 'restrict' }),
    ...versionColumn,
    ...auditColumns,
  },
  (table) => [
    // `Admin` and `admin` are the same user.
    uniqueIndex('users_username_lower_unique').on(sql`lower(${table.username})`),
    index('users_role_id_idx').on(table.roleId),
  ],
);
