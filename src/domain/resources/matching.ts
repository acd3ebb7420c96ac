import { z } from 'zod';
import { childArea } from '../areas/child.area';
import { matchingArea } from '../areas/matching.area';
import { peopleNames } from '../personName';
import type { TResourceDefinition } from '../resource';
import { areaAddress } from '../resourceAddresses';
import { isoDay, optionalText, requiredId } from '../rules';
import { matchingStages, matchingStatuses } from '../workflows/matching.workflow';
import { childOfRecordFilters } from './child';
import { daysFilter, officeProvinceFilter, yesNoFilter } from './reportFilters';

/**
 * A matching (DESIGN.md section 5 'Matching', spec section 7 'Adoptive matching'): `POST
 * /adoptive-matching` with `{ childId, parentId, proposedDate, justification? }` proposes a child
 * for a family; its stages are matching.machine's. The create rules (an adoptable child, an
 * accepted application whose approval holds, neither in another active matching, a written
 * justification when they do not match) are the server's, in the write's transaction.
 */
const ZIsoDay = isoDay();

export const ZMatchingInput = z
  .object({
    childId: requiredId(),
    parentId: requiredId(),
    proposedDate: ZIsoDay,
    justification: optionalText(2000).nullable().optional(),
    notes: optionalText(4000).nullable().optional(),
  })
  .strict();
export type TMatchingInput = z.infer<typeof ZMatchingInput>;

/** An edit changes the proposed date and the notes; the child and the family stay. */
export const ZMatchingUpdate = z
  .object({ proposedDate: ZIsoDay.optional(), notes: optionalText(4000).nullable().optional() })
  .strict();

/** The badge colour of each status. */
export const matchingStatusTones = matchingArea.statuses;

export const matchingResource = {
  ...areaAddress(matchingArea),
  apiBase: matchingArea.apiBase,
  officeScope: 'headOfficeId',
  schema: ZMatchingInput,
  updateSchema: ZMatchingUpdate,
  recordPage: 'matching',
  fields: [
    {
      key: 'childId',
      label: 'child',
      kind: 'lookup',
      lookup: { path: `${matchingArea.apiBase}/adoptive-childs` },
      required: true,
      createOnly: true,
    },
    {
      key: 'parentId',
      label: 'parent',
      kind: 'lookup',
      lookup: { path: `${matchingArea.apiBase}/adoptive-parents` },
      required: true,
      createOnly: true,
    },
    { key: 'proposedDate', kind: 'date', required: true, dateRange: (today) => ({ max: today }) },
    { key: 'justification', kind: 'textarea', createOnly: true },
    { key: 'notes', kind: 'textarea' },
  ],
  columns: [
    { key: 'code', kind: 'text', sortable: true, minWidth: 150 },
    { key: 'childName', kind: 'personName', sortable: true, flex: 1.5 },
    { key: 'applicants', kind: 'personName', sortable: true, flex: 1.8 },
    { key: 'status', kind: 'badge', sortable: true, tones: matchingStatusTones, minWidth: 150 },
    { key: 'proposedDate', kind: 'date', sortable: true, minWidth: 120 },
    { key: 'stageEnteredOn', kind: 'date', sortable: true, minWidth: 130 },
    { key: 'headOffice', path: 'headOffice.name', kind: 'translatable', sortable: true, flex: 1.2 },
  ],
  filters: [
    { key: 'stage', label: 'stage', kind: 'select', options: Object.keys(matchingStages) },
    { key: 'status', label: 'status', kind: 'select', options: matchingStatuses },
    {
      key: 'headOfficeId',
      label: 'headOffice',
      kind: 'lookup',
      lookup: { path: `${childArea.apiBase}/head-offices` },
    },
    // A report's figures (issue 24): its office's province, its child, its days, how it ended.
    officeProvinceFilter(`${childArea.apiBase}/provinces`),
    ...childOfRecordFilters,
    daysFilter('proposedIn'),
    daysFilter('stageEnteredIn'),
    daysFilter('placedIn'),
    daysFilter('completedIn'),
    daysFilter('rejectedIn'),
    {
      key: 'rejectedStage',
      label: 'rejectedStage',
      kind: 'select',
      options: Object.keys(matchingStages),
      onlyWhenSet: true,
    },
    yesNoFilter('childAdmitted'),
    yesNoFilter('childConfirmed'),
  ],
  defaultSort: 'code',
  titleOf: (row) => row.code,
  // Who is matched: what a caseworker recognises a matching by in the palette.
  subtitleOf: (row, locale) =>
    [peopleNames(row.childName, locale), peopleNames(row.applicants, locale)].filter(Boolean).join(' · '),
} satisfies TResourceDefinition;
