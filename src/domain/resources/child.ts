import { z } from 'zod';
import { isIsoDate } from '../../machines/child.machine';
import { childStatuses } from '../childStatus';
import type { TResourceDefinition } from '../resource';
import { optionalText, requiredId } from '../rules';

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
const ZIsoDay = z.string().refine(isIsoDate);

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

const placeLookup = (path: string, dependsOn?: string) =>
  dependsOn
    ? { path: `/child-infos/${path}/{id}`, dependsOn, queryKey: 'id', inPath: true }
    : { path: `/child-infos/${path}` };

export const childResource = {
  name: 'child',
  permission: 'adoptive_children',
  apiBase: '/child-infos',
  routeBase: '/adoptive-child/child',
  schema: ZChildInput,
  // disabilityIds (many) and the photo are edited outside the generic fields (no multi-select kind).
  fields: [
    { key: 'familyNameKh', kind: 'text' },
    { key: 'givenNameKh', kind: 'text' },
    { key: 'familyNameEn', kind: 'text' },
    { key: 'givenNameEn', kind: 'text' },
    { key: 'sex', kind: 'select', options: childSexes, required: true },
    { key: 'dateOfBirth', kind: 'text', required: true },
    { key: 'dateOfBirthEstimated', kind: 'boolean', defaultValue: false },
    { key: 'birthProvinceId', label: 'province', kind: 'lookup', lookup: placeLookup('provinces') },
    {
      key: 'birthDistrictId',
      label: 'district',
      kind: 'lookup',
      lookup: placeLookup('districts', 'birthProvinceId'),
    },
    {
      key: 'birthCommuneId',
      label: 'commune',
      kind: 'lookup',
      lookup: placeLookup('communes', 'birthDistrictId'),
    },
    {
      key: 'birthVillageId',
      label: 'village',
      kind: 'lookup',
      lookup: placeLookup('villages', 'birthCommuneId'),
    },
    { key: 'nationalityId', label: 'country', kind: 'lookup', lookup: placeLookup('countries') },
    {
      key: 'headOfficeId',
      label: 'headOffice',
      kind: 'lookup',
      lookup: placeLookup('head-offices'),
      required: true,
    },
    { key: 'admittedOn', kind: 'text' },
    { key: 'keepingReasonId', kind: 'lookup', lookup: { path: '/keeping-reasons' } },
    { key: 'livingWithId', kind: 'lookup', lookup: { path: '/living-with' } },
    { key: 'familyTypeId', kind: 'lookup', lookup: { path: '/family-types' } },
    { key: 'healthStatusId', kind: 'lookup', lookup: { path: '/health-status' } },
    { key: 'healthNotes', kind: 'textarea' },
    { key: 'notes', kind: 'textarea' },
  ],
  columns: [
    { key: 'code', kind: 'text', sortable: true },
    { key: 'nameKh', kind: 'text', sortable: true, flex: 2 },
    { key: 'nameEn', kind: 'text', sortable: true, flex: 2 },
    { key: 'sex', kind: 'option', sortable: true },
    { key: 'age', kind: 'number', sortable: true },
    { key: 'province', path: 'birthProvince.name', kind: 'translatable', sortable: true },
    { key: 'headOffice', path: 'headOffice.name', kind: 'translatable', sortable: true },
    { key: 'status', kind: 'option', sortable: true },
  ],
  filters: [
    { key: 'status', label: 'status', kind: 'select', options: childStatuses },
    { key: 'sex', label: 'sex', kind: 'select', options: childSexes },
    { key: 'ageBand', label: 'ageBand', kind: 'select', options: childAgeBands },
    { key: 'provinceId', label: 'province', kind: 'lookup', lookup: placeLookup('provinces') },
    { key: 'headOfficeId', label: 'headOffice', kind: 'lookup', lookup: placeLookup('head-offices') },
    { key: 'disabilityId', label: 'disability', kind: 'lookup', lookup: { path: '/child-disabilities' } },
  ],
  defaultSort: 'code',
  editPermission: true,
  titleOf: (row) => {
    const khmer = [row.familyNameKh, row.givenNameKh].filter(Boolean).join(' ');
    return khmer || [row.familyNameEn, row.givenNameEn].filter(Boolean).join(' ') || row.code;
  },
} satisfies TResourceDefinition;
