import { getTableColumns, getTableName, is, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { auditEntityText } from '../../../src/domain/auditActionWords';
import { auditActionText, auditChangesText, auditDetailsText } from '../../../src/domain/auditWords';
import { formatInstant } from '../../../src/domain/dateFormat';
import {
  auditEntryResource,
  auditedEntities,
  auditPeriodDays,
  type TAuditPeriod,
} from '../../../src/domain/resources/auditEntry';
import * as schema from '../../db/schema';
import { auditLog, users } from '../../db/schema';
import type { TExportBinding } from '../../resources/exportBinding';
import { programmeToday } from '../../resources/recordSql';
import type { TResourceBinding } from '../../resources/resourceBinding';

/** Keys that change with every write and say nothing (as the timeline leaves them out). */
const quietKeys = sql`array['version', 'updatedAt', 'updatedBy', 'createdAt', 'createdBy']`;

/** The fields an update changed, by name, in the stored row's order of keys. */
const changedKeys = sql<
  string | null
>`case when ${auditLog.action} = 'update' and jsonb_typeof(${auditLog.after}) = 'object' then (
  select string_agg(after_row.key, ', ' order by after_row.key)
  from jsonb_each(${auditLog.after}) as after_row
  where not (after_row.key = any(${quietKeys}))
    and after_row.value is distinct from (${auditLog.before} -> after_row.key)
) end`;

/** The column people know a record by: its code (a user by username, a role by name). */
const codeColumnOf = (table: PgTable): PgColumn | undefined => {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return columns.code ?? columns.username ?? columns.roleName;
};

/**
 * The record's code: read from its table while it exists (a code changed later shows as it is
 * now), else the code the entry itself recorded (a deleted record's, kept in `before`), else the
 * one another entry of the record recorded (its deletion's, for its workflow steps).
 */
const codedTables = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable =>
    is(value, PgTable) &&
    auditedEntities.includes(getTableName(value)) &&
    codeColumnOf(value) !== undefined &&
    'id' in getTableColumns(value),
);
/** Another entry of the same record that recorded its code (a workflow step's record deleted since). */
const recorded = alias(auditLog, 'recorded');
const codeRecordedElsewhere = sql`(select coalesce(${recorded.before} ->> 'code', ${recorded.after} ->> 'code')
  from ${auditLog} as ${sql.identifier('recorded')}
  where ${recorded.entity} = ${auditLog.entity} and ${recorded.entityId} = ${auditLog.entityId}
    and coalesce(${recorded.before} ->> 'code', ${recorded.after} ->> 'code') is not null
  order by ${recorded.id} desc limit 1)`;
const recordCode = sql<string | null>`coalesce(case ${auditLog.entity} ${sql.join(
  codedTables.map((table) => {
    const { id } = getTableColumns(table) as Record<string, PgColumn>;
    const code = codeColumnOf(table) as PgColumn;
    return sql`when ${getTableName(table)} then (select ${code}::text from ${table} where ${id} = ${auditLog.entityId})`;
  }),
  sql` `,
)} end, ${auditLog.after} ->> 'code', ${auditLog.before} ->> 'code', ${codeRecordedElsewhere})`;

/**
 * What an entry changed beyond field names: a workflow step's statuses and what it carried (its
 * date, reason), or the settings a settings change changed, each as [before, after].
 */
const details = sql<unknown>`case
  when ${auditLog.after} -> 'payload' is not null and ${auditLog.before} -> 'status' is not null
    then jsonb_build_object('from', ${auditLog.before} -> 'status', 'to', ${auditLog.after} -> 'status', 'payload', ${auditLog.after} -> 'payload')
  when ${auditLog.entity} = 'system_settings' and jsonb_typeof(${auditLog.after}) = 'object'
    then jsonb_build_object('values', (
      select jsonb_object_agg(after_row.key, jsonb_build_array(${auditLog.before} -> after_row.key, after_row.value))
      from jsonb_each(${auditLog.after}) as after_row
      where after_row.value is distinct from (${auditLog.before} -> after_row.key)
    ))
end`;

/** The audit screen's workbook: every column in the reader's words (issue 22). */
const auditExport: TExportBinding = {
  filename: 'audit-log',
  sheetTitle: { kh: 'កំណត់ហេតុសវនកម្ម', en: 'Audit log' },
  columns: [
    { key: 'at', heading: (t) => t.fields.at(), value: (at) => formatInstant(at), width: 18 },
    {
      key: 'user',
      heading: (t) => t.fields.user(),
      value: (user) => (user as { name?: string } | null)?.name ?? '',
      width: 24,
    },
    {
      key: 'action',
      heading: (t) => t.fields.action(),
      value: (_action, t, _locale, row) => auditActionText(t, String(row.action), String(row.entity)),
      reads: ['entity'],
      width: 28,
    },
    {
      key: 'entity',
      heading: (t) => t.fields.entity(),
      value: (entity, t) => auditEntityText(t, String(entity)),
      width: 24,
    },
    { key: 'code', heading: (t) => t.fields.recordCode(), width: 20 },
    {
      key: 'changes',
      heading: (t) => t.fields.changes(),
      value: (changes, t, _locale, row) => auditChangesText(t, String(row.entity), changes),
      reads: ['entity'],
      width: 30,
    },
    {
      key: 'details',
      heading: (t) => t.fields.changedValues(),
      value: (value, t, _locale, row) => auditDetailsText(t, String(row.entity), value),
      reads: ['entity'],
      width: 50,
    },
  ],
};

const withinPeriod = (period: string | number): SQL => {
  const days = auditPeriodDays[period as TAuditPeriod] ?? 1;
  return sql`(${auditLog.createdAt} at time zone 'Asia/Phnom_Penh')::date > ${programmeToday} - ${days}::int`;
};

/**
 * The audit log on the resource engine, read only (`GET /audit-logs`, `audit_logs:read`): the
 * screen `/security/audit` lists it with its user, record type, action and period filters, a
 * search over who, what and which record (by id or code), and its export (`/audit-logs/export`).
 */
export const auditBinding: TResourceBinding = {
  definition: auditEntryResource,
  table: auditLog,
  selection: {
    id: auditLog.id,
    at: auditLog.createdAt,
    userId: auditLog.userId,
    user: { id: users.id, name: users.name },
    action: auditLog.action,
    entity: auditLog.entity,
    entityId: auditLog.entityId,
    code: recordCode,
    changes: changedKeys,
    details,
  },
  joins: [{ table: users, on: sql`${users.id} = ${auditLog.userId}`, left: true }],
  search: [
    auditLog.entity,
    auditLog.action,
    sql`${auditLog.entityId}::text`,
    recordCode,
    users.name,
    users.username,
  ],
  sort: {
    at: auditLog.createdAt,
    user: users.name,
    action: auditLog.action,
    entity: auditLog.entity,
    entityId: auditLog.entityId,
    code: recordCode,
  },
  filters: {
    userId: auditLog.userId,
    entity: auditLog.entity,
    action: auditLog.action,
    period: withinPeriod,
  },
  lookups: [
    {
      path: 'users',
      table: users,
      columns: { code: users.username, name: users.name },
      orderBy: 'name',
      permission: 'audit_logs:read',
    },
  ],
  export: auditExport,
};
