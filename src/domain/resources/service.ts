import { z } from 'zod';
import { serviceArea } from '../areas/service.area';
import { peopleNames } from '../personName';
import type { TResourceDefinition } from '../resource';
import { areaAddress } from '../resourceAddresses';
import { optionalText, requiredDay, requiredId } from '../rules';
import { serviceDueStates, serviceTypes } from '../serviceSchedule';
import { serviceStatuses } from '../workflows/service.workflow';
import { childOfRecordFilters } from './child';
import { daysFilter, officeProvinceFilter, yesNoFilter } from './reportFilters';

/**
 * A service after adoption (DESIGN.md section 5, spec section 7 'Service after adoption'): a home
 * visit, counselling, a health check, education support or a follow-up report for an adopted child,
 * planned from the follow-up schedule when the matching completed, or added by hand for a child
 * (its completed matching) or a matching. `POST /service-after-adoption` takes the child or the
 * matching; the server finds the other and keeps the service by the matching's office.
 */
export const ZServiceInput = z
  .object({
    childId: requiredId().optional(),
    matchingId: requiredId().optional(),
    serviceType: z.enum(serviceTypes),
    plannedDate: requiredDay(),
    officerId: requiredId().nullable().optional(),
    notes: optionalText(4000).nullable().optional(),
  })
  .strict();
export type TServiceInput = z.infer<typeof ZServiceInput>;

/** An edit changes the type, the planned day, the officer and the notes; the adoption stays. */
export const ZServiceUpdate = ZServiceInput.omit({ childId: true, matchingId: true }).partial().strict();

/** The badge colour of each status. */
export const serviceStatusTones = serviceArea.statuses;

/** The list's period filter, over the planned day, counted where the programme works. */
export const servicePeriods = [
  'thisWeek',
  'nextWeek',
  'thisMonth',
  'nextMonth',
  'lastMonth',
  'thisYear',
] as const;
export type TServicePeriod = (typeof servicePeriods)[number];

/** The list narrowed to the signed-in user's own services: the 'My follow-ups' view. */
export const serviceMineOptions = ['mine'] as const;

/** 'Overdue' and 'Due soon' beside a pending service's planned day, as the server judged them. */
const dueMark = (row: Record<string, unknown>) =>
  row.overdue === true
    ? { option: 'dueState', value: 'overdue', tone: 'rose' as const }
    : row.dueSoon === true
      ? { option: 'dueState', value: 'dueSoon', tone: 'amber' as const }
      : null;

export const serviceResource = {
  ...areaAddress(serviceArea),
  apiBase: serviceArea.apiBase,
  officeScope: 'headOfficeId',
  schema: ZServiceInput,
  updateSchema: ZServiceUpdate,
  recordPage: 'show',
  fields: [
    {
      key: 'childId',
      label: 'child',
      kind: 'lookup',
      lookup: { path: `${serviceArea.apiBase}/adoptive-childs` },
      required: true,
      createOnly: true,
    },
    { key: 'serviceType', kind: 'select', options: serviceTypes, required: true },
    { key: 'plannedDate', kind: 'date', required: true },
    {
      key: 'officerId',
      label: 'officer',
      kind: 'lookup',
      lookup: { path: `${serviceArea.apiBase}/officers`, showCode: false },
    },
    { key: 'notes', kind: 'textarea' },
  ],
  columns: [
    { key: 'code', kind: 'text', sortable: true, minWidth: 150 },
    { key: 'childName', kind: 'personName', sortable: true, flex: 1.5 },
    { key: 'applicants', kind: 'personName', sortable: true, flex: 1.6 },
    { key: 'serviceType', kind: 'option', sortable: true, minWidth: 130 },
    { key: 'plannedDate', kind: 'date', sortable: true, minWidth: 190, mark: dueMark },
    { key: 'actualDate', kind: 'date', sortable: true, minWidth: 120 },
    { key: 'officer', path: 'officer.name', kind: 'text', sortable: true, flex: 1 },
    { key: 'status', kind: 'badge', sortable: true, tones: serviceStatusTones, minWidth: 120 },
    { key: 'headOffice', path: 'headOffice.name', kind: 'translatable', sortable: true, flex: 1.1 },
  ],
  filters: [
    { key: 'mine', label: 'mine', kind: 'select', options: serviceMineOptions },
    { key: 'status', label: 'status', kind: 'select', options: serviceStatuses },
    { key: 'due', label: 'dueState', kind: 'select', options: serviceDueStates },
    { key: 'serviceType', label: 'serviceType', kind: 'select', options: serviceTypes },
    { key: 'period', label: 'period', kind: 'select', options: servicePeriods },
    {
      key: 'officerId',
      label: 'officer',
      kind: 'lookup',
      lookup: { path: `${serviceArea.apiBase}/officers`, showCode: false },
    },
    {
      key: 'provinceId',
      label: 'province',
      kind: 'lookup',
      lookup: { path: `${serviceArea.apiBase}/provinces` },
    },
    {
      key: 'headOfficeId',
      label: 'headOffice',
      kind: 'lookup',
      lookup: { path: `${serviceArea.apiBase}/head-offices` },
    },
    // A child's and a matching's services (their pages list them).
    { key: 'childId', label: 'child', kind: 'id' },
    { key: 'matchingId', label: 'matching', kind: 'id' },
    // A report's figures (issue 24): its office's province, its child, the day it was given.
    officeProvinceFilter(`${serviceArea.apiBase}/provinces`),
    ...childOfRecordFilters,
    daysFilter('givenIn'),
    yesNoFilter('concern'),
  ],
  defaultSort: 'plannedDate',
  titleOf: (row) => row.code,
  // Whose follow-up and which: what a caseworker recognises a service by in the palette.
  subtitleOf: (row, locale) =>
    [peopleNames(row.childName, locale), peopleNames(row.applicants, locale)].filter(Boolean).join(' · '),
} satisfies TResourceDefinition;
