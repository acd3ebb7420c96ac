import { z } from 'zod';
import { parentArea } from '../areas/parent.area';
import { peopleNames, type TPersonName } from '../personName';
import type { TFieldDef, TResourceDefinition } from '../resource';
import { areaAddress } from '../resourceAddresses';
import { isoDay, numberBetween, optionalText, requiredId } from '../rules';
import { parentStatuses } from '../workflows/parent.workflow';
import { childAgeBands, childSexes, yearsBefore } from './child';
import { daysFilter, officeProvinceFilter } from './reportFilters';

/**
 * A parent application (DESIGN.md section 5 'Parent application'): one or two applicants, their
 * address and household, the terms of approval that feed matching, the assessment checklist, the
 * head office responsible and the status of parent.machine. Applicant fields are flat columns
 * (`applicant1FamilyNameKh`...) so that lists, search and the form treat them like any field.
 */
export const applicantTypes = ['couple', 'single'] as const;
export type TApplicantType = (typeof applicantTypes)[number];
export const preferredSexes = ['any', ...childSexes] as const;
/** Whether a child with a disability is accepted: no, yes (any), or yes for the named ones. */
export const disabilityAcceptances = ['no', 'yes', 'named'] as const;
/** The assessment checklist: each item a date (here) and a document (the attachments, slot = item). */
export const checklistItems = [
  'homeStudy',
  'policeRecord',
  'medicalReport',
  'references',
  'training',
] as const;
export type TChecklistItem = (typeof checklistItems)[number];
/** The date field of a checklist item: `homeStudyOn`. */
export const checklistDateKey = (item: TChecklistItem) => `${item}On` as const;
/** The list's approval filter: approvals ending within this many days are 'expiring'. */
export const approvalExpiringDays = 30;
/** `waiting`: accepted, the approval holding, in no matching under way (issue 24's families waiting). */
export const approvalStates = ['expiring', 'expired', 'waiting'] as const;
/** The widest range of a child's age a family may ask for: children are under 18. */
export const childAgeMax = 17;
/** The most children one application may ask to take in at once (a sibling group). */
export const childrenCountMax = 6;

const optionalId = () => requiredId().nullable().optional();
const ZIsoDay = isoDay();
const optionalDay = () => ZIsoDay.nullable().optional();
const name = () => optionalText(100).nullable().optional();
/** Digits, spaces, +, -, parentheses: what people write phone numbers with. */
const ZPhone = optionalText(30).refine((value) => /^[0-9+()\-\s]*$/.test(value));

export const applicantNumbers = [1, 2] as const;
export type TApplicantNumber = (typeof applicantNumbers)[number];

/** An applicant's name fields (family and given, Khmer and Latin), without the `applicant{n}` prefix. */
export const applicantNameFields = ['FamilyNameKh', 'GivenNameKh', 'FamilyNameEn', 'GivenNameEn'] as const;

/** The fields one applicant has, in form order, without the `applicant{n}` prefix. */
export const applicantFieldNames = [
  ...applicantNameFields,
  'Sex',
  'DateOfBirth',
  'NationalityId',
  'IdNumber',
  'Occupation',
  'Education',
  'Phone',
] as const;

/** `applicant2GivenNameEn`. */
export const applicantKey = (n: TApplicantNumber, field: (typeof applicantFieldNames)[number]) =>
  `applicant${n}${field}`;

const applicantShape = (n: TApplicantNumber) => ({
  [applicantKey(n, 'FamilyNameKh')]: name(),
  [applicantKey(n, 'GivenNameKh')]: name(),
  [applicantKey(n, 'FamilyNameEn')]: name(),
  [applicantKey(n, 'GivenNameEn')]: name(),
  // The first applicant's sex and date of birth are required (a refinement below: the object stays
  // extendable); the second's only for a couple (the server's rule).
  [applicantKey(n, 'Sex')]: z.enum(childSexes).nullable().optional(),
  [applicantKey(n, 'DateOfBirth')]: optionalDay(),
  [applicantKey(n, 'NationalityId')]: optionalId(),
  [applicantKey(n, 'IdNumber')]: optionalText(50).nullable().optional(),
  [applicantKey(n, 'Occupation')]: optionalText(200).nullable().optional(),
  [applicantKey(n, 'Education')]: optionalText(200).nullable().optional(),
  [applicantKey(n, 'Phone')]: ZPhone.nullable().optional(),
});

// Optional texts take null too: an edit clears a value by sending null.
export const ZParentInput = z
  .object({
    applicantType: z.enum(applicantTypes),
    ...applicantShape(1),
    ...applicantShape(2),
    provinceId: optionalId(),
    districtId: optionalId(),
    communeId: optionalId(),
    villageId: optionalId(),
    addressDetail: optionalText(500).nullable().optional(),
    marriageDate: optionalDay(),
    monthlyIncome: numberBetween(0, 1_000_000_000).nullable().optional(),
    ownChildren: numberBetween(0, 30).int().nullable().optional(),
    headOfficeId: requiredId(),
    applicationDate: ZIsoDay,
    preferredSex: z.enum(preferredSexes),
    ageFrom: numberBetween(0, childAgeMax).int().nullable().optional(),
    ageTo: numberBetween(0, childAgeMax).int().nullable().optional(),
    childrenCount: numberBetween(1, childrenCountMax).int(),
    disabilityAccepted: z.enum(disabilityAcceptances),
    acceptedDisabilityIds: z.array(requiredId()).max(20),
    homeStudyOn: optionalDay(),
    policeRecordOn: optionalDay(),
    medicalReportOn: optionalDay(),
    referencesOn: optionalDay(),
    trainingOn: optionalDay(),
    notes: optionalText(4000).nullable().optional(),
  })
  .strict();
export type TParentInput = z.infer<typeof ZParentInput>;

type TApplicantRecord = Partial<Record<string, unknown>>;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** An applicant named in at least one script: Khmer (family and given) or Latin (family and given). */
export const applicantHasWholeName = (record: TApplicantRecord, n: TApplicantNumber): boolean =>
  Boolean(
    (text(record[applicantKey(n, 'FamilyNameKh')]) && text(record[applicantKey(n, 'GivenNameKh')])) ||
      (text(record[applicantKey(n, 'FamilyNameEn')]) && text(record[applicantKey(n, 'GivenNameEn')])),
  );

/** Whether anything of an applicant is filled in (a single applicant's application has no second). */
export const applicantHasAnything = (record: TApplicantRecord, n: TApplicantNumber): boolean =>
  applicantFieldNames.some((field) => {
    const value = record[applicantKey(n, field)];
    return value !== null && value !== undefined && value !== '';
  });

/** An applicant's name in one script (`family given`), '' when not recorded. */
export const applicantName = (record: TApplicantRecord, n: TApplicantNumber, script: 'Kh' | 'En'): string =>
  [text(record[`applicant${n}FamilyName${script}`]), text(record[`applicant${n}GivenName${script}`])]
    .filter(Boolean)
    .join(' ');

/** The applicants' names in one script, `A & B` for a couple. */
export const applicantsName = (record: TApplicantRecord, script: 'Kh' | 'En'): string =>
  applicantNumbers
    .map((n) => applicantName(record, n, script))
    .filter(Boolean)
    .join(' & ');

/** Each applicant's name in both scripts, for `peopleNames`. */
export const applicantNames = (record: TApplicantRecord): TPersonName[] =>
  applicantNumbers.map((n) => ({ kh: applicantName(record, n, 'Kh'), en: applicantName(record, n, 'En') }));

/** Whether an applicant born on `dateOfBirth` is at least `minimumAge` on `today` (yyyy-mm-dd). */
export const isOldEnoughToAdopt = (dateOfBirth: string, today: string, minimumAge: number): boolean =>
  dateOfBirth <= yearsBefore(today, minimumAge);

/** The badge colour of each status in the list and on the page. */
export const parentStatusTones = parentArea.statuses;

/** The gazetteer's levels are thousands of places: searched on the server, never all sent. */
const searchedPlaces = new Set(['districts', 'communes', 'villages']);

const placeLookup = (path: string, dependsOn?: string) =>
  dependsOn
    ? {
        path: `${parentArea.apiBase}/${path}/{id}`,
        dependsOn,
        queryKey: 'id',
        inPath: true,
        search: searchedPlaces.has(path),
      }
    : { path: `${parentArea.apiBase}/${path}` };

const notInFuture = (today: string) => ({ max: today });

const applicantFields = (n: TApplicantNumber): TFieldDef[] => {
  const section = `applicant${n}`;
  const key = (field: (typeof applicantFieldNames)[number]) => applicantKey(n, field);
  return [
    { key: key('FamilyNameKh'), label: 'familyNameKh', kind: 'text', section },
    { key: key('GivenNameKh'), label: 'givenNameKh', kind: 'text', section },
    { key: key('FamilyNameEn'), label: 'familyNameEn', kind: 'text', section },
    { key: key('GivenNameEn'), label: 'givenNameEn', kind: 'text', section },
    { key: key('Sex'), label: 'sex', kind: 'select', options: childSexes, required: n === 1, section },
    {
      key: key('DateOfBirth'),
      label: 'dateOfBirth',
      kind: 'date',
      required: n === 1,
      section,
      dateRange: notInFuture,
    },
    {
      key: key('NationalityId'),
      label: 'nationality',
      kind: 'lookup',
      lookup: placeLookup('countries'),
      section,
    },
    { key: key('IdNumber'), label: 'idNumber', kind: 'text', section },
    { key: key('Occupation'), label: 'occupation', kind: 'text', section },
    { key: key('Education'), label: 'education', kind: 'text', section },
    { key: key('Phone'), label: 'phone', kind: 'text', section },
  ];
};

export const parentResource = {
  ...areaAddress(parentArea),
  officeScope: 'headOfficeId',
  apiBase: parentArea.apiBase,
  schema: ZParentInput,
  formSections: ['application', 'applicant1', 'applicant2', 'address', 'household', 'terms', 'checklist'],
  // Issue 35: the form lists possible duplicates under the first applicant as the names are typed.
  duplicateCheck: {
    fields: applicantNumbers.flatMap((n) =>
      (
        [
          'FamilyNameKh',
          'GivenNameKh',
          'FamilyNameEn',
          'GivenNameEn',
          'Sex',
          'DateOfBirth',
          'IdNumber',
        ] as const
      ).map((field) => applicantKey(n, field)),
    ),
    askWhen: applicantNumbers.flatMap((n) => applicantNameFields.map((field) => applicantKey(n, field))),
    section: 'applicant1',
    mergeParts: {
      applicant1: applicantFieldNames.map((field) => applicantKey(1, field)),
      // A second applicant comes with the application's type (a couple or one person).
      applicant2: ['applicantType', ...applicantFieldNames.map((field) => applicantKey(2, field))],
      address: ['provinceId', 'districtId', 'communeId', 'villageId', 'addressDetail'],
      marriage: ['marriageDate'],
      income: ['monthlyIncome', 'ownChildren'],
      terms: [
        'preferredSex',
        'ageFrom',
        'ageTo',
        'childrenCount',
        'disabilityAccepted',
        'acceptedDisabilityIds',
      ],
      checklist: checklistItems.map(checklistDateKey),
      notes: ['notes'],
    },
  },
  recordPage: 'show',
  fields: [
    { key: 'code', kind: 'text', readOnly: true, hint: 'parentCode', section: 'application' },
    {
      key: 'applicantType',
      kind: 'select',
      options: applicantTypes,
      required: true,
      defaultValue: 'couple',
      section: 'application',
    },
    {
      key: 'applicationDate',
      kind: 'date',
      required: true,
      section: 'application',
      dateRange: notInFuture,
    },
    {
      key: 'headOfficeId',
      label: 'headOffice',
      kind: 'lookup',
      lookup: placeLookup('head-offices'),
      required: true,
      section: 'application',
    },
    ...applicantFields(1),
    ...applicantFields(2),
    {
      key: 'provinceId',
      label: 'province',
      kind: 'lookup',
      lookup: placeLookup('provinces'),
      section: 'address',
    },
    {
      key: 'districtId',
      label: 'district',
      kind: 'lookup',
      lookup: placeLookup('districts', 'provinceId'),
      section: 'address',
    },
    {
      key: 'communeId',
      label: 'commune',
      kind: 'lookup',
      lookup: placeLookup('communes', 'districtId'),
      section: 'address',
    },
    {
      key: 'villageId',
      label: 'village',
      kind: 'lookup',
      lookup: placeLookup('villages', 'communeId'),
      section: 'address',
    },
    { key: 'addressDetail', kind: 'textarea', section: 'address' },
    { key: 'marriageDate', kind: 'date', section: 'household', dateRange: notInFuture },
    { key: 'monthlyIncome', kind: 'number', hint: 'monthlyIncome', section: 'household' },
    { key: 'ownChildren', kind: 'number', section: 'household' },
    {
      key: 'preferredSex',
      kind: 'select',
      options: preferredSexes,
      required: true,
      defaultValue: 'any',
      section: 'terms',
    },
    { key: 'ageFrom', kind: 'number', hint: 'ageRange', section: 'terms' },
    { key: 'ageTo', kind: 'number', section: 'terms' },
    { key: 'childrenCount', kind: 'number', required: true, defaultValue: 1, section: 'terms' },
    {
      key: 'disabilityAccepted',
      kind: 'select',
      options: disabilityAcceptances,
      required: true,
      defaultValue: 'no',
      section: 'terms',
    },
    {
      key: 'acceptedDisabilityIds',
      label: 'acceptedDisabilities',
      kind: 'multiLookup',
      lookup: { path: '/child-disabilities' },
      defaultValue: [],
      hint: 'acceptedDisabilities',
      section: 'terms',
    },
    ...checklistItems.map(
      (item): TFieldDef => ({
        key: checklistDateKey(item),
        kind: 'date',
        section: 'checklist',
        dateRange: notInFuture,
      }),
    ),
    { key: 'notes', kind: 'textarea', section: 'checklist' },
  ],
  // What a caseworker scans for first (who, status, approval) before where and when: the head
  // office's long name comes last, where the grid's width may cut it.
  columns: [
    { key: 'code', kind: 'text', sortable: true, flex: 1.1, minWidth: 150 },
    { key: 'applicantsKh', kind: 'text', sortable: true, flex: 1.8 },
    { key: 'applicantsEn', kind: 'text', sortable: true, flex: 1.8 },
    { key: 'status', kind: 'badge', sortable: true, tones: parentStatusTones, flex: 0.9, minWidth: 120 },
    {
      key: 'approvedUntil',
      kind: 'date',
      sortable: true,
      // Only an accepted application's approval can run out (matched and adopted ones went on).
      expires: (row) => row.status === 'accepted',
      minWidth: 170,
    },
    { key: 'applicantType', kind: 'option', sortable: true, flex: 0.7, minWidth: 100 },
    { key: 'applicationDate', kind: 'date', sortable: true, minWidth: 120 },
    { key: 'province', path: 'province.name', kind: 'translatable', sortable: true },
    { key: 'headOffice', path: 'headOffice.name', kind: 'translatable', sortable: true, flex: 1.2 },
  ],
  filters: [
    { key: 'status', label: 'status', kind: 'select', options: parentStatuses },
    { key: 'applicantType', label: 'applicantType', kind: 'select', options: applicantTypes },
    { key: 'provinceId', label: 'province', kind: 'lookup', lookup: placeLookup('provinces') },
    { key: 'headOfficeId', label: 'headOffice', kind: 'lookup', lookup: placeLookup('head-offices') },
    { key: 'approval', label: 'approval', kind: 'select', options: approvalStates },
    { key: 'preferredSex', label: 'preferredSex', kind: 'select', options: preferredSexes },
    { key: 'ageBand', label: 'acceptsAge', kind: 'select', options: childAgeBands },
    // A report's figures (issue 24): its office's province, its days.
    officeProvinceFilter(`${parentArea.apiBase}/provinces`),
    // The parents' report's sex (issue 35): the first applicant's.
    {
      key: 'applicantSex',
      label: 'applicantSex',
      kind: 'select',
      options: ['male', 'female'],
      onlyWhenSet: true,
      optionText: (t, value) => (value === 'male' || value === 'female' ? t.options.sex[value]() : value),
    },
    daysFilter('receivedIn'),
    daysFilter('decidedIn'),
    daysFilter('matchedIn'),
  ],
  defaultSort: 'code',
  // The applicants in the reader's language (a translatable: breadcrumbs and the palette pick theirs).
  titleOf: (row) => ({
    kh: peopleNames(applicantNames(row), 'kh') || String(row.code ?? ''),
    en: peopleNames(applicantNames(row), 'en') || String(row.code ?? ''),
  }),
  // The code, and the names in the other script when they differ: what a caseworker recognises.
  subtitleOf: (row, locale) => {
    const other = peopleNames(applicantNames(row), locale === 'en' ? 'kh' : 'en');
    return [row.code, other === peopleNames(applicantNames(row), locale) ? '' : other]
      .filter(Boolean)
      .join(' · ');
  },
} satisfies TResourceDefinition;
