import { z } from 'zod';
import { areas } from '../areas';
import type { TAreaDefinition } from '../areas/area';
import { auditActionText, auditActionValues, auditChangesText, auditDetailsText } from '../auditWords';
import type { TResourceDefinition } from '../resource';
import { resourceAddresses } from '../resourceAddresses';

/**
 * The audit log as a screen (`/security/audit`, DESIGN.md section 7): every write of every record,
 * who, when, which record (by its code), which action and what it changed, in the reader's words,
 * newest first, filtered by user, record type, action and period, exported as a workbook. Read
 * only: the log is written by the server alone.
 */

/** The records of the application's own engines people change, by table, after every area's. */
const applicationEntities = [
  'attachments',
  'users',
  'roles',
  'role_permissions',
  'permissions',
  'head_offices',
  'system_settings',
  'general_information',
  'system_menus',
  'groups',
  'provinces',
  'states',
  'districts',
  'communes',
  'villages',
  'addresses',
  'organizations',
  'departments',
  'positions',
  'languages',
] as const;

/** The record types of these areas and the application's: the entity filter offers these (labels `LL.options.entity`). */
export const auditedEntitiesOf = (areaList: readonly TAreaDefinition[]): readonly string[] => [
  ...areaList.flatMap((area) => [area.entity, ...(area.auditedParts ?? [])]),
  ...applicationEntities,
];

/** The records people change, by table: every area's records and their parts, then the application's. */
export const auditedEntities = auditedEntitiesOf(areas);

/** Every action an entry can carry: the engines' writes and every workflow's actions (auditWords.ts). */
export const auditActions = auditActionValues;

/** How far back the list looks. */
export const auditPeriods = ['today', 'week', 'month', 'year'] as const;
export type TAuditPeriod = (typeof auditPeriods)[number];

/** The days an entry of `period` may be from, counting today. */
export const auditPeriodDays: Record<TAuditPeriod, number> = { today: 1, week: 7, month: 31, year: 366 };

export const auditEntryResource = {
  ...resourceAddresses.auditEntry,
  apiBase: '/audit-logs',
  schema: z.object({}),
  recordPage: 'none',
  fields: [],
  columns: [
    { key: 'at', kind: 'dateTime', sortable: true, minWidth: 150 },
    { key: 'user', path: 'user.name', kind: 'text', sortable: true, flex: 1 },
    {
      key: 'action',
      kind: 'option',
      sortable: true,
      minWidth: 150,
      text: (row, t) => auditActionText(t, String(row.action), String(row.entity)),
    },
    { key: 'entity', kind: 'option', sortable: true, minWidth: 160 },
    { key: 'code', label: 'recordCode', kind: 'text', sortable: true, minWidth: 140 },
    {
      key: 'changes',
      kind: 'fieldNames',
      flex: 1,
      text: (row, t) => auditChangesText(t, String(row.entity), row.changes),
    },
    {
      key: 'details',
      label: 'changedValues',
      kind: 'text',
      flex: 2,
      text: (row, t) => auditDetailsText(t, String(row.entity), row.details),
    },
  ],
  filters: [
    { key: 'userId', label: 'user', kind: 'lookup', lookup: { path: '/audit-logs/users', showCode: false } },
    { key: 'entity', label: 'entity', kind: 'select', options: auditedEntities },
    {
      key: 'action',
      label: 'action',
      kind: 'select',
      options: auditActions,
      optionText: (t, action) => auditActionText(t, action),
    },
    { key: 'period', label: 'period', kind: 'select', options: auditPeriods },
  ],
  defaultSort: 'at',
  defaultOrder: 'desc',
  titleOf: (row) => (row.code ? String(row.code) : `${row.entity} #${row.entityId ?? ''}`),
} satisfies TResourceDefinition;
