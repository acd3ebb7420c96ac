import { z } from 'zod';
import { childArea } from '../areas/child.area';
import { childStatuses } from '../childStatus';
import { personName, type TPersonName } from '../personName';
import type { TFilterDef, TResourceDefinition } from '../resource';
import { areaAddress } from '../resourceAddresses';
import { isoDay, optionalText, requiredId } from '../rules';
import { hasDisabilityFilter, officeProvinceFilter } from './reportFilters';

/**
 * A child record (DESIGN.md section 5 'Child'). Names are kept in Khmer and in Latin letters; a
 * record needs a whole name (family and given) in at least one of them.
 */
export const childSexes = ['male', 'female'] as const;
export type TChildSex = (typeof childSexes)[number];

/** How far back a new record's date of birth may go: a child is under 18. */
export const childMaxAgeYears = 18;

const optionalId = () => requiredId().nullable().optional();
/** A calendar day, yyyy-mm-dd (an impossible date such as 2026-02-30 is refused). */
const ZIsoDay = isoDay();

// Optional texts take null too: an edit clears a name or a note by sending null.
export const ZChildInput = z
  .object({
    familyNameKh: optionalText(100).nullable().optional(),
    givenNameKh: optionalText(100).nullable().optional(),
    familyNameEn: optionalText(100).nullable().optional(),
    givenNameEn: optionalText(100).nullable().optional(),
    sex: z.enum(childSexes),
    dateOfBirth: ZIsoDay,
    dateOfBirthEstimated: z.boolean(),
    birthProvinceId: optionalId(),
    birthDistrictId: optionalId(),
    birthCommuneId: optionalId(),
    birthVillageId: optionalId(),
    nationalityId: optionalId(),
    headOfficeId: requiredId(),
    admittedOn: ZIsoDay.nullable().optional(),
    keepingReasonId: optionalId(),
    livingWithId: optionalId(),
    familyTypeId: optionalId(),
    healthStatusId: optionalId(),
    disabilityIds: z.array(requiredId()).max(20),
    healthNotes: optionalText(2000).nullable().optional(),
    notes: optionalText(4000).nullable().optional(),
  })
  .strict();
export type TChildInput = z.infer<typeof ZChildInput>;

/** Names in at least one script: Khmer (family and given) or Latin (family and given). */
export const hasWholeName = (child: Partial<TChildInput>): boolean =>
  Boolean(
    (child.familyNameKh?.trim() && child.givenNameKh?.trim()) ||
      (child.familyNameEn?.trim() && child.givenNameEn?.trim()),
  );

/** yyyy-mm-dd `years` before `today` (yyyy-mm-dd), 29 February falling back to the 28th. */
export const yearsBefore = (today: string, years: number): string => {
  const [year, month, day] = today.split('-').map(Number);
  const target = new Date(Date.UTC(year - years, month - 1, day));
  if (target.getUTCMonth() !== month - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
};

/** The day after a yyyy-mm-dd day. */
const nextDay = (day: string): string => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
};

/** A new record's date of birth: not in the future, not 18 years or more before today. */
export const isNewChildBirthDate = (dateOfBirth: string, today: string): boolean =>
  dateOfBirth <= today && dateOfBirth > yearsBefore(today, childMaxAgeYears);

export const childStatusValues = childStatuses;

/** The list's age filter: whole years at today's date, ranges inclusive. */
export const childAgeBands = ['0-2', '3-5', '6-11', '12-17'] as const;
export type TChildAgeBand = (typeof childAgeBands)[number];

/** The dates of birth of an age band at `today`: after `after` (exclusive), up to `upTo` (inclusive). */
export const ageBandBirthDates = (band: TChildAgeBand, today: string): { after: string; upTo: string } => {
  const [youngest, oldest] = band.split('-').map(Number);
  return { after: yearsBefore(today, oldest + 1), upTo: yearsBefore(today, youngest) };
};

/** The child's sex, age band and disability on a list of a child's records (matchings, services): a report's filters (issue 24). */
export const childOfRecordFilters: readonly TFilterDef[] = [
  { key: 'sex', label: 'sex', kind: 'select', options: childSexes, onlyWhenSet: true },
  { key: 'ageBand', label: 'ageBand', kind: 'select', options: childAgeBands, onlyWhenSet: true },
  hasDisabilityFilter,
];

/** The badge colour of each status in the list and on the case summary. */
export const childStatusTones = childArea.statuses;

/** The gazetteer's levels are thousands of places: searched on the server, never all sent. */
const searchedPlaces = new Set(['districts', 'communes', 'villages']);

const placeLookup = (path: string, dependsOn?: string) =>
  dependsOn
    ? {
        path: `${childArea.apiBase}/${path}/{id}`,
        dependsOn,
        queryKey: 'id',
        inPath: true,
        search: searchedPlaces.has(path),
      }
    : { path: `${childArea.apiBase}/${path}` };

/** A child's name in both scripts, from its four name fields. */
export const childNames = (row: Record<string, unknown>): TPersonName => ({
  kh: [row.familyNameKh, row.givenNameKh].filter(Boolean).join(' '),
  en: [row.familyNameEn, row.givenNameEn].filter(Boolean).join(' '),
});

export const childResource = {
  ...areaAddress(childArea),
  officeScope: 'headOfficeId',
  apiBase: childArea.apiBase,
  schema: ZChildInput,
  formSections: ['identity', 'birthOrigin', 'careHealth', 'family', 'documents'],
  // Issue 35: the form lists possible duplicates under the identity as the names are typed.
  duplicateCheck: {
    fields: [
      'familyNameKh',
      'givenNameKh',
      'familyNameEn',
      'givenNameEn',
      'sex',
      'dateOfBirth',
      'dateOfBirthEstimated',
      'birthProvinceId',
      'nationalityId',
    ],
    askWhen: ['familyNameKh', 'givenNameKh', 'familyNameEn', 'givenNameEn'],
    section: 'identity',
    mergeParts: {
      name: ['familyNameKh', 'givenNameKh', 'familyNameEn', 'givenNameEn'],
      sex: ['sex'],
      dateOfBirth: ['dateOfBirth', 'dateOfBirthEstimated'],
      birthPlace: ['birthProvinceId', 'birthDistrictId', 'birthCommuneId', 'birthVillageId'],
      nationality: ['nationalityId'],
      admittedOn: ['admittedOn'],
      care: ['keepingReasonId', 'livingWithId', 'familyTypeId'],
      // The disabilities of both are kept together by the merge: not a choice.
      health: ['healthStatusId', 'healthNotes'],
      notes: ['notes'],
    },
  },
  recordPage: 'show',
  // The photo (identity), the family and the documents are the child screens' own form additions.
  fields: [
    // The code the server will give (create) or gave (edit): shown, never sent.
    { key: 'code', kind: 'text', readOnly: true, hint: 'childCode', section: 'identity' },
    { key: 'sex', kind: 'select', options: childSexes, required: true, section: 'identity' },
    { key: 'familyNameKh', kind: 'text', section: 'identity' },
    { key: 'givenNameKh', kind: 'text', section: 'identity' },
    { key: 'familyNameEn', kind: 'text', section: 'identity' },
    { key: 'givenNameEn', kind: 'text', section: 'identity' },
    {
      key: 'dateOfBirth',
      kind: 'date',
      required: true,
      section: 'identity',
      // The server's rule: a new child is born within the last 18 years; no one in the future.
      dateRange: (today, creating) => ({
        max: today,
        min: creating ? nextDay(yearsBefore(today, childMaxAgeYears)) : undefined,
      }),
    },
    { key: 'dateOfBirthEstimated', kind: 'boolean', defaultValue: false, section: 'identity' },
    {
      key: 'birthProvinceId',
      label: 'province',
      kind: 'lookup',
      lookup: placeLookup('provinces'),
      section: 'birthOrigin',
    },
    {
      key: 'birthDistrictId',
      label: 'district',
      kind: 'lookup',
      lookup: placeLookup('districts', 'birthProvinceId'),
      section: 'birthOrigin',
    },
    {
      key: 'birthCommuneId',
      label: 'commune',
      kind: 'lookup',
      lookup: placeLookup('communes', 'birthDistrictId'),
      section: 'birthOrigin',
    },
    {
      key: 'birthVillageId',
      label: 'village',
      kind: 'lookup',
      lookup: placeLookup('villages', 'birthCommuneId'),
      section: 'birthOrigin',
    },
    {
      key: 'nationalityId',
      label: 'nationality',
      kind: 'lookup',
      lookup: placeLookup('countries'),
      section: 'birthOrigin',
    },
    {
      key: 'headOfficeId',
      label: 'headOffice',
      kind: 'lookup',
      lookup: placeLookup('head-offices'),
      required: true,
      section: 'careHealth',
    },
    { key: 'admittedOn', kind: 'date', section: 'careHealth', dateRange: (today) => ({ max: today }) },
    {
      key: 'keepingReasonId',
      kind: 'lookup',
      lookup: { path: '/keeping-reasons', showCode: false },
      section: 'careHealth',
    },
    {
      key: 'livingWithId',
      kind: 'lookup',
      lookup: { path: '/living-with', showCode: false },
      section: 'careHealth',
    },
    {
      key: 'familyTypeId',
      kind: 'lookup',
      lookup: { path: '/family-types', showCode: false },
      section: 'careHealth',
    },
    {
      key: 'healthStatusId',
      kind: 'lookup',
      lookup: { path: '/health-status', showCode: false },
      section: 'careHealth',
    },
    {
      key: 'disabilityIds',
      label: 'disabilities',
      kind: 'multiLookup',
      lookup: { path: '/child-disabilities' },
      defaultValue: [],
      section: 'careHealth',
    },
    { key: 'healthNotes', kind: 'textarea', section: 'careHealth' },
    { key: 'notes', kind: 'textarea', section: 'careHealth' },
  ],
  columns: [
    {
      key: 'photo',
      kind: 'photo',
      flex: 0.4,
      minWidth: 64,
      // The 96 px thumbnail: a list shows an avatar, it does not download every full photo.
      photoPath: (row) => (row.hasPhoto ? `${childArea.apiBase}/thumbnail/${String(row.id)}` : null),
    },
    { key: 'code', kind: 'text', sortable: true, flex: 1.2, minWidth: 150 },
    { key: 'nameKh', kind: 'text', sortable: true, flex: 1.6 },
    { key: 'nameEn', label: 'nameLatin', kind: 'text', sortable: true, flex: 1.6 },
    { key: 'sex', kind: 'option', sortable: true, flex: 0.6, minWidth: 80 },
    { key: 'age', kind: 'number', sortable: true, flex: 0.5, minWidth: 80 },
    { key: 'province', path: 'birthProvince.name', kind: 'translatable', sortable: true },
    { key: 'headOffice', path: 'headOffice.name', kind: 'translatable', sortable: true, flex: 1.4 },
    {
      key: 'status',
      kind: 'badge',
      sortable: true,
      tones: childStatusTones,
      flex: 1.5,
      minWidth: 190,
      // A lock beside the status of a child whose origins are sealed (issue 27).
      mark: (row) =>
        row.sealed === true ? { option: 'childSeal', value: 'sealed', tone: 'amber', icon: 'lock' } : null,
    },
  ],
  filters: [
    { key: 'status', label: 'status', kind: 'select', options: childStatuses },
    { key: 'sex', label: 'sex', kind: 'select', options: childSexes },
    { key: 'ageBand', label: 'ageBand', kind: 'select', options: childAgeBands },
    { key: 'provinceId', label: 'province', kind: 'lookup', lookup: placeLookup('provinces') },
    { key: 'headOfficeId', label: 'headOffice', kind: 'lookup', lookup: placeLookup('head-offices') },
    { key: 'disabilityId', label: 'disability', kind: 'lookup', lookup: { path: '/child-disabilities' } },
    // A report's figures (issue 24): the head office's province, any disability.
    officeProvinceFilter(`${childArea.apiBase}/provinces`),
    hasDisabilityFilter,
  ],
  defaultSort: 'code',
  // The name in the reader's language (a translatable: breadcrumbs and the palette pick theirs).
  titleOf: (row) => ({
    kh: personName(childNames(row), 'kh') || String(row.code ?? ''),
    en: personName(childNames(row), 'en') || String(row.code ?? ''),
  }),
  // The code, and the name in the other script when both are written: what a caseworker recognises.
  subtitleOf: (row, locale) => {
    const other = personName(childNames(row), locale === 'en' ? 'kh' : 'en');
    return [row.code, other === personName(childNames(row), locale) ? '' : other].filter(Boolean).join(' · ');
  },
} satisfies TResourceDefinition;
