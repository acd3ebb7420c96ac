import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { THeadOfficeClass } from '../../../src/domain/resources/headOffice';
import type { TTranslatable } from '../../../src/domain/translatable';
import { auditColumns, idColumn, versionColumn } from './common';
import { provinces } from './reference';

/** Organization -> department -> position, the hierarchy a user's job is placed in. */
export const organizations = pgTable('organizations', {
  ...idColumn,
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<TTranslatable>().notNull(),
  ...versionColumn,
  ...auditColumns,
});

export const departments = pgTable(
  'departments',
  {
    ...idColumn,
    code: text('code').notNull().unique(),
    name: jsonb('name').$type<TTranslatable>().notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    ...versionColumn,
    ...auditColumns,
  },
  (table) => [index('departments_organization_idx').on(table.organizationId)],
);

export const positions = pgTable(
  'positions',
  {
    ...idColumn,
    code: text('code').notNull().unique(),
    name: jsonb('name').$type<TTranslatable>().notNull(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    ...versionColumn,
    ...auditColumns,
  },
  (table) => [index('positions_department_idx').on(table.departmentId)],
);

/** The national office and the provincial offices that hold the case files. */
export const headOffices = pgTable(
  'head_offices',
  {
    ...idColumn,
    code: text('code').notNull().unique(),
    name: jsonb('name').$type<TTranslatable>().notNull(),
    class: text('class').$type<THeadOfficeClass>().notNull(),
    provinceId: integer('province_id')
      .notNull()
      .references(() => provinces.id, { onDelete: 'restrict' }),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    ...versionColumn,
    ...auditColumns,
  },
  (table) => [index('head_offices_province_idx').on(table.provinceId)],
);
