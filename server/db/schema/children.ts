import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, versionColumn } from './common';
import { duplicateGivenKey } from './duplicateKeys';
import { communes, districts, villages } from './geography';
import { nameSortKeys } from './nameSortKeys';
import { headOffices } from './organisation';
import { countries, provinces, referenceItems } from './reference';

/** A child in care (DESIGN.md section 5 'Child'); `status` is the child machine's state. */
export const childInfos = pgTable(
  'child_infos',
  {
    ...idColumn,
    /** The doc number, e.g. `CH-2026-000123`: generated, unique. */
    code: text('code').notNull().unique(),
    familyNameKh: text('family_name_kh'),
    givenNameKh: text('given_name_kh'),
    familyNameEn: text('family_name_en'),
    givenNameEn: text('given_name_en'),
    sex: text('sex').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    dateOfBirthEstimated: boolean('date_of_birth_estimated').notNull().default(false),
    birthProvinceId: integer('birth_province_id').references(() => provinces.id, { onDelete: 'restrict' }),
    birthDistrictId: integer('birth_district_id').references(() => districts.id, { onDelete: 'restrict' }),
    birthCommuneId: integer('birth_commune_id').references(() => communes.id, { onDelete: 'restrict' }),
    birthVillageId: integer('birth_village_id').references(() => villages.id, { onDelete: 'restrict' }),
    nationalityId: integer('nationality_id').references(() => countries.id, { onDelete: 'restrict' }),
    headOfficeId: integer('head_office_id')
      .notNull()
      .references(() => headOffices.id, { onDelete: 'restrict' }),
    admittedOn: date('admitted_on', { mode: 'string' }),
    keepingReasonId: integer('keeping_reason_id').references(() => referenceItems.id, {
      onDelete: 'restrict',
    }),
    livingWithId: integer('living_with_id').references(() => referenceItems.id, { onDelete: 'restrict' }),
    familyTypeId: integer('family_type_id').references(() => referenceItems.id, { onDelete: 'restrict' }),
    healthStatusId: integer('health_status_id').references(() => referenceItems.id, { onDelete: 'restrict' }),
    healthNotes: text('health_notes'),
    notes: text('notes'),
    status: text('status').notNull().default('registered'),
    adoptionConfirmedOn: date('adoption_confirmed_on', { mode: 'string' }),
    /**
     * What the list's search looks in (childBinding.search), kept by the database (migration 0028):
     * a search's recheck reads one stored value instead of building it once per word and row, a
     * third of the cost of a two-word name at a million children (docs/performance.md).
     */
    // Migration 0029 added the codes merged into the record (`formerCodes`): a search by a merged
    // child's code finds the child it was merged into (issue 35).
    searchText: text('search_text').generatedAlwaysAs(
      sql`coalesce("code", '') || ' ' || coalesce("family_name_kh", '') || ' ' || coalesce("given_name_kh", '') || ' ' || coalesce("family_name_en", '') || ' ' || coalesce("given_name_en", '') || ' ' || coalesce("former_codes", '')`,
    ),
    /**
     * The child this record was merged into (issue 35, server/duplicates): a merged record is hidden
     * from lists, exports, the dashboard and reports, never deleted; `GET /child-infos/{id}` is 410.
     */
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => childInfos.id, {
      onDelete: 'restrict',
    }),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    /** The codes of the records merged into this one, space separated (the list's search finds them). */
    formerCodes: text('former_codes'),
    /**
     * When its adoption completed and its origins were sealed (migration 0027: a trigger on the
     * matchings sets it); null while they are open to every reader.
     */
    sealedAt: timestamp('sealed_at', { withTimezone: true }),
    ...versionColumn,
    ...auditColumns,
  },
  (table) => [
    index('child_infos_status_idx').on(table.status),
    index('child_infos_head_office_idx').on(table.headOfficeId),
    index('child_infos_birth_province_idx').on(table.birthProvinceId),
    // Exactly the expression the list's search builds (childBinding.search: the one column, in
    // coalesce): any other and PostgreSQL scans the table instead (docs/performance.md).
    index('child_infos_search_trgm_idx').using('gin', sql`(coalesce(${table.searchText}, '')) gin_trgm_ops`),
    // The matchings' list sorted by the child's name walks this (nameSortKeys.ts).
    index('child_infos_name_sort_idx').on(nameSortKeys.child(table)),
    // The duplicate check's (issue 35, migration 0029): sex and birth date; sex, given name, birth date.
    index('child_infos_sex_birth_idx').on(table.sex, table.dateOfBirth),
    index('child_infos_dup_given_kh_idx').on(
      table.sex,
      duplicateGivenKey.kh(table.givenNameKh),
      table.dateOfBirth,
    ),
    index('child_infos_dup_given_en_idx').on(
      table.sex,
      duplicateGivenKey.en(table.givenNameEn),
      table.dateOfBirth,
    ),
    index('child_infos_merged_into_idx').on(table.mergedIntoId).where(sql`${table.mergedIntoId} is not null`),
  ],
);

/** A child's disabilities (many, from the child_disabilities reference list). */
export const childDisabilities = pgTable(
  'child_disabilities',
  {
    childId: integer('child_id')
      .notNull()
      .references(() => childInfos.id, { onDelete: 'cascade' }),
    disabilityId: integer('disability_id')
      .notNull()
      .references(() => referenceItems.id, { onDelete: 'restrict' }),
    ...auditColumns,
  },
  (table) => [primaryKey({ columns: [table.childId, table.disabilityId] })],
);

/** Father, mother and siblings (DESIGN.md 'Child family'): one row per child, parts as JSON. */
export const childFamilies = pgTable('child_family', {
  ...idColumn,
  childId: integer('child_id')
    .notNull()
    .unique()
    .references(() => childInfos.id, { onDelete: 'cascade' }),
  father: jsonb('father').$type<Record<string, unknown> | null>(),
  mother: jsonb('mother').$type<Record<string, unknown> | null>(),
  siblings: jsonb('siblings').$type<Record<string, unknown>[]>().notNull().default([]),
  contactNotes: text('contact_notes'),
  ...versionColumn,
  ...auditColumns,
});

/**
 * A holder of `sealed_records:read` opened a sealed child's origins, with a reason (migration 0027):
 * they are shown to that user until `expires_at` (originOpeningMinutes after `opened_at`).
 */
export const originOpenings = pgTable(
  'origin_openings',
  {
    ...idColumn,
    childId: integer('child_id')
      .notNull()
      .references(() => childInfos.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    reason: text('reason').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('origin_openings_user_child_idx').on(table.userId, table.childId, table.expiresAt)],
);
