import { type SQL, sql } from 'drizzle-orm';
import {
  auditEntryResource,
  auditPeriodDays,
  type TAuditPeriod,
} from '../../../src/domain/resources/auditEntry';
import { auditLog, users } from '../../db/schema';
import { programmeToday } from '../../resources/recordSql';
import type { TResourceBinding } from '../../resources/resourceRoutes';

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

const withinPeriod = (period: string | number): SQL => {
  const days = auditPeriodDays[period as TAuditPeriod] ?? 1;
  return sql`(${auditLog.createdAt} at time zone 'Asia/Phnom_Penh')::date > ${programmeToday} - ${days}::int`;
};

/**
 * The audit log on the resource engine, read only (`GET /audit-logs`, `audit_logs:read`): the
 * screen `/security/audit` lists it with its user, record, action and period filters, and a search
 * over who, what and which record.
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
    changes: changedKeys,
  },
  joins: [{ table: users, on: sql`${users.id} = ${auditLog.userId}`, left: true }],
  search: [auditLog.entity, auditLog.action, sql`${auditLog.entityId}::text`, users.name, users.username],
  sort: {
    at: auditLog.createdAt,
    user: users.name,
    action: auditLog.action,
    entity: auditLog.entity,
    entityId: auditLog.entityId,
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
};
