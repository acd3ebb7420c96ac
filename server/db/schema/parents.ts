import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, versionColumn } from './common';
import { duplicateGivenKey } from './duplicateKeys';
import { communes, districts, villages } from './geography';
import { nameSortKeys } from './nameSortKeys';
import { headOffices } from './organisation';
import { countries, provinces } from './reference';

/** One applicant's columns (`applicant1_family_name_kh`...): flat, so lists and search read them. */
const applicantColumns = <N extends 1 | 2>(n: N) => {
  const column = (name: string) => `applicant${n}_${name}`;
  return {
    [`applicant${n}FamilyNameKh`]: text(column('family_name_kh')),
    [`applicant${n}GivenNameKh`]: text(column('given_name_kh')),
    [`applicant${n}FamilyNameEn`]: text(column('family_name_en')),
    [`applicant${n}GivenNameEn`]: text(column('given_name_en')),
    [`applicant${n}Sex`]: text(column('sex')),
    [`applicant${n}DateOfBirth`]: date(column('date_of_birth'), { mode: 'string' }),
    [`applicant${n}NationalityId`]: integer(column('nationality_id')).references(() => countries.id, {
      onDelete: 'restrict',
    }),
    [`applicant${n}IdNumber`]: text(column('id_number')),
    [`applicant${n}Occupation`]: text(column('occupation')),
    [`applicant${n}Education`]: text(column('education')),
    [`applicant${n}Phone`]: text(column('phone')),
  } as Record<
    `applicant${N}${'FamilyNameKh' | 'GivenNameKh' | 'FamilyNameEn' | 'GivenNameEn' | 'Sex' | 'IdNumber' | 'Occupation' | 'Education' | 'Phone'}`,
    ReturnType<typeof text>
  > &
    Record<`applicant${N}DateOfBirth`, ReturnType<typeof date<'string'>>> &
    Record<`applicant${N}NationalityId`, ReturnType<typeof integer>>;
};

/** A parent application (DESIGN.md section 5); `status` is parent.machine's state. */
export const parentInfos = pgTable(
  'parent_infos',
  {
    ...idColumn,
    /** e.g. `PA-2026-000042`: generated, unique. */
    code: text('code').notNull().unique(),
    applicantType: text('applicant_type').notNull(),
    ...applicantColumns(1),
    ...applicantColumns(2),
    provinceId: integer('province_id').references(() => provinces.id, { onDelete: 'restrict' }),
    districtId: integer('district_id').references(() => districts.id, { onDelete: 'restrict' }),
    communeId: integer('commune_id').references(() => communes.id, { onDelete: 'restrict' }),
    villageId: integer('village_id').references(() => villages.id, { onDelete: 'restrict' }),
    addressDetail: text('address_detail'),
    marriageDate: date('marriage_date', { mode: 'string' }),
    monthlyIncome: integer('monthly_income'),
    ownChildren: integer('own_children'),
    headOfficeId: integer('head_office_id')
      .notNull()
      .references(() => headOffices.id, { onDelete: 'restrict' }),
    applicationDate: date('application_date', { mode: 'string' }).notNull(),
    preferredSex: text('preferred_sex').notNull().default('any'),
    ageFrom: integer('age_from'),
    ageTo: integer('age_to'),
    childrenCount: integer('children_count').notNull().default(1),
    disabilityAccepted: text('disability_accepted').notNull().default('no'),
    /** Ids of the child_disabilities reference list, when `disabilityAccepted` is `named`. */
    acceptedDisabilityIds: jsonb('accepted_disability_ids').$type<number[]>().notNull().default([]),
    homeStudyOn: date('home_study_on', { mode: 'string' }),
    policeRecordOn: date('police_record_on', { mode: 'string' }),
    medicalReportOn: date('medical_report_on', { mode: 'string' }),
    referencesOn: date('references_on', { mode: 'string' }),
    trainingOn: date('training_on', { mode: 'string' }),
    notes: text('notes'),
    status: text('status').notNull().default('pending'),
    decisionDate: date('decision_date', { mode: 'string' }),
    decisionReason: text('decision_reason'),
    approvedUntil: date('approved_until', { mode: 'string' }),
    /** Why an application that failed eligibility was accepted anyway (issue 22); null when it needed none. */
    acceptanceJustification: text('acceptance_justification'),
    /** The application this one was merged into (issue 35): hidden, never deleted; its GET is 410. */
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => parentInfos.id, {
      onDelete: 'restrict',
    }),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    /** The codes of the applications merged into this one (the list's search finds them). */
    formerCodes: text('former_codes'),
    /**
     * Who asked, and when, that the application be accepted though it fails eligibility (issue 35):
     * four-eyes refuses them the decision; the work queue shows the request to the others.
     */
    acceptanceRequestedBy: integer('acceptance_requested_by'),
    acceptanceRequestedAt: timestamp('acceptance_requested_at', { withTimezone: true }),
    ...versionColumn,
    ...auditColumns,
  },
  (table) => [
    index('parent_infos_status_idx').on(table.status),
    index('parent_infos_head_office_idx').on(table.headOfficeId),
    index('parent_infos_province_idx').on(table.provinceId),
    index('parent_infos_approved_until_idx').on(table.approvedUntil),
    index('parent_infos_approval_idx').on(table.status, table.approvedUntil, table.headOfficeId),
    // The dashboard's approvals expiring and expired count the unmerged ones only: an index-only
    // range (migration 0038).
    index('parent_infos_approval_current_idx')
      .on(table.status, table.approvedUntil, table.headOfficeId)
      .where(sql`${table.mergedIntoId} is null`),
    // The work queue's approvals ending of one office, in its order (migration 0037).
    index('parent_infos_office_approval_idx').on(
      table.headOfficeId,
      table.status,
      table.approvedUntil,
      table.id,
    ),
    // The matchings' list sorted by applicants walks this (nameSortKeys.ts).
    index('parent_infos_applicants_sort_idx').on(nameSortKeys.applicants(table)),
    // The duplicate check's (issue 35, migration 0029): each applicant's sex and birth date, the
    // same with the given name, the id number.
    ...([1, 2] as const).flatMap((n) => [
      index(`parent_infos_dup_given_kh_${n}_idx`).on(
        table[`applicant${n}Sex`],
        duplicateGivenKey.kh(table[`applicant${n}GivenNameKh`]),
        table[`applicant${n}DateOfBirth`],
      ),
      index(`parent_infos_dup_given_en_${n}_idx`).on(
        table[`applicant${n}Sex`],
        duplicateGivenKey.en(table[`applicant${n}GivenNameEn`]),
        table[`applicant${n}DateOfBirth`],
      ),
    ]),
    index('parent_infos_sex_birth_1_idx').on(table.applicant1Sex, table.applicant1DateOfBirth),
    index('parent_infos_sex_birth_2_idx').on(table.applicant2Sex, table.applicant2DateOfBirth),
    index('parent_infos_id_number_1_idx')
      .on(table.applicant1IdNumber)
      .where(sql`${table.applicant1IdNumber} is not null`),
    index('parent_infos_id_number_2_idx')
      .on(table.applicant2IdNumber)
      .where(sql`${table.applicant2IdNumber} is not null`),
    index('parent_infos_merged_into_idx')
      .on(table.mergedIntoId)
      .where(sql`${table.mergedIntoId} is not null`),
  ],
);

/** An application's household members (DESIGN.md 'Parent family'): one row per application. */
export const parentFamilies = pgTable('parent_family', {
  ...idColumn,
  parentId: integer('parent_id')
    .notNull()
    .unique()
    .references(() => parentInfos.id, { onDelete: 'cascade' }),
  members: jsonb('members').$type<Record<string, unknown>[]>().notNull().default([]),
  ...versionColumn,
  ...auditColumns,
});

/**
 * A file of any record (the attachments engine, DESIGN.md section 1): keyed by the record's table
 * and id, with an optional slot (a checklist item), stored under DATA_DIR/files/attachments.
 */
export const attachments = pgTable(
  'attachments',
  {
    ...idColumn,
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    slot: text('slot'),
    storedName: text('stored_name').notNull().unique(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    title: text('title'),
    /** A document on the child's origins (birth certificate...): sealed with them (migration 0027). */
    origin: boolean('origin').notNull().default(false),
    ...versionColumn,
    ...auditColumns,
  },
  (table) => [index('attachments_entity_idx').on(table.entity, table.entityId)],
);
