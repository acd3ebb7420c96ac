import { and, count, desc, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TAreaDefinition } from '../../../src/domain/areas/area';
import { areaPermission } from '../../../src/domain/areas/area';
import { childArea } from '../../../src/domain/areas/child.area';
import { areas } from '../../../src/domain/areas/index';
import { matchingArea } from '../../../src/domain/areas/matching.area';
import { parentArea } from '../../../src/domain/areas/parent.area';
import { serviceArea } from '../../../src/domain/areas/service.area';
import type { TDashboard, TDashboardFigure } from '../../../src/domain/dashboard';
import { matchingStageNames } from '../../../src/domain/matchingStage';
import { hasPermission } from '../../../src/domain/permissions';
import type { TSystemSettingsRecord } from '../../../src/domain/systemSettings';
import { matchingStages } from '../../../src/domain/workflows/matching.workflow';
import type { TDbOrTx } from '../../audit';
import type { TAuthUser } from '../../auth/service';
import {
  adoptiveMatchings,
  auditLog,
  childInfos,
  parentInfos,
  postAdoptionServices,
  users,
} from '../../db/schema';
import { officeCondition } from '../../resources/officeScope';
import { approvalFilter } from '../parents';
import { serviceDueSoonSql, serviceOverdueSql } from '../services';

type TData = TDashboard['data'];

/** How many changes the activity card lists. */
export const dashboardChangesLimit = 10;

/** The area's list, filtered by the parameters it already reads. */
const listPath = (area: TAreaDefinition, query: Record<string, string>): string =>
  `${area.routeBase}?${new URLSearchParams(query).toString()}`;

/** The area's statuses (its badge tones name them), each with its count (0 when none). */
const byStatus = (
  area: TAreaDefinition,
  rows: readonly { status: string; value: number }[],
): TDashboardFigure[] =>
  Object.keys(area.statuses ?? {}).map((status) => ({
    key: status,
    value: rows.find((row) => row.status === status)?.value ?? 0,
    listPath: listPath(area, { status }),
  }));

/** Children by status (one grouped count). */
export const childrenByStatus = async (db: TDbOrTx, user: TAuthUser): Promise<TData['children']> => {
  const rows = await db
    .select({ status: childInfos.status, value: count() })
    .from(childInfos)
    .where(officeCondition(childInfos.headOfficeId, user))
    .groupBy(childInfos.status);
  return { byStatus: byStatus(childArea, rows) };
};

/**
 * Matchings by stage, with those in their stage longer than its expected days (setting
 * `stageExpectedDays`, counted as the work queue counts an overdue stage). One grouped count by
 * status, folded into stages. The matchings' list filters by stage, not by lateness: an overdue
 * count has no list.
 */
export const matchingsByStage = async (
  db: TDbOrTx,
  user: TAuthUser,
  today: string,
  settings: TSystemSettingsRecord,
): Promise<TData['matchings']> => {
  const expectedDays = settings.stageExpectedDays;
  const late = or(
    ...matchingStageNames.map((stage) =>
      and(
        inArray(adoptiveMatchings.status, [...matchingStages[stage]]),
        sql`${adoptiveMatchings.stageEnteredOn} < (${today}::date - ${expectedDays[stage]}::int)`,
      ),
    ),
  ) as SQL;
  const rows = await db
    .select({
      status: adoptiveMatchings.status,
      value: count(),
      overdue: sql<number>`(count(*) filter (where ${late}))::int`,
    })
    .from(adoptiveMatchings)
    .where(officeCondition(adoptiveMatchings.headOfficeId, user))
    .groupBy(adoptiveMatchings.status);
  return {
    byStage: matchingStageNames.map((stage) => {
      const inStage = rows.filter((row) => (matchingStages[stage] as readonly string[]).includes(row.status));
      const sum = (pick: (row: (typeof rows)[number]) => number) =>
        inStage.reduce((total, row) => total + Number(pick(row)), 0);
      return {
        key: stage,
        value: sum((row) => row.value),
        listPath: listPath(matchingArea, { stage }),
        overdue: { key: 'overdue', value: sum((row) => row.overdue) },
        expectedDays: expectedDays[stage],
      };
    }),
  };
};

/** Services due soon and overdue, by the list's own conditions (so the list finds the same count). */
export const servicesDue = async (db: TDbOrTx, user: TAuthUser): Promise<TData['services']> => {
  const [row] = await db
    .select({
      dueSoon: sql<number>`(count(*) filter (where ${serviceDueSoonSql}))::int`,
      overdue: sql<number>`(count(*) filter (where ${serviceOverdueSql}))::int`,
    })
    .from(postAdoptionServices)
    .where(officeCondition(postAdoptionServices.headOfficeId, user));
  return {
    dueSoon: {
      key: 'dueSoon',
      value: row?.dueSoon ?? 0,
      listPath: listPath(serviceArea, { due: 'dueSoon' }),
    },
    overdue: {
      key: 'overdue',
      value: row?.overdue ?? 0,
      listPath: listPath(serviceArea, { due: 'overdue' }),
    },
  };
};

/** Applications by status, and approvals expiring (within 30 days) and expired, by the list's filter. */
export const applicationsByStatus = async (db: TDbOrTx, user: TAuthUser): Promise<TData['applications']> => {
  const inOffice = officeCondition(parentInfos.headOfficeId, user);
  const rows = await db
    .select({ status: parentInfos.status, value: count() })
    .from(parentInfos)
    .where(inOffice)
    .groupBy(parentInfos.status);
  const [approvals] = await db
    .select({
      expiring: sql<number>`(count(*) filter (where ${approvalFilter('expiring')}))::int`,
      expired: sql<number>`(count(*) filter (where ${approvalFilter('expired')}))::int`,
    })
    .from(parentInfos)
    .where(inOffice);
  return {
    byStatus: byStatus(parentArea, rows),
    approvalsExpiring: {
      key: 'expiring',
      value: approvals?.expiring ?? 0,
      listPath: listPath(parentArea, { approval: 'expiring' }),
    },
    approvalsExpired: {
      key: 'expired',
      value: approvals?.expired ?? 0,
      listPath: listPath(parentArea, { approval: 'expired' }),
    },
  };
};

/**
 * The last changes of the record areas the user may read (`{permission}:read`), newest first; for
 * a provincial user only those of records of their office (a deleted record's changes, whose office
 * is no longer known, only for users who see every office). Null when they may read no area.
 */
export const recentChanges = async (db: TDbOrTx, user: TAuthUser): Promise<TData['changes']> => {
  const readable = areas.filter((area) => hasPermission(user, areaPermission(area, 'read')));
  if (readable.length === 0) return undefined;
  const office = user.officeScope;
  const inScope =
    office === null
      ? inArray(
          auditLog.entity,
          readable.map((area) => area.entity),
        )
      : or(
          ...readable.map(
            (area) =>
              sql`(${auditLog.entity} = ${area.entity} and exists (select 1 from ${sql.identifier(area.entity)} r where r.id = ${auditLog.entityId} and r.head_office_id = ${office}))`,
          ),
        );
  const rows = await db
    .select({
      id: auditLog.id,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      action: auditLog.action,
      at: auditLog.createdAt,
      // The record's code as it stands (null once deleted): what a reader knows a record by.
      code: sql<string | null>`(case ${sql.join(
        readable.map(
          (area) =>
            sql`when ${auditLog.entity} = ${area.entity} then (select r.code from ${sql.identifier(area.entity)} r where r.id = ${auditLog.entityId})`,
        ),
        sql` `,
      )} end)`,
      userName: sql<
        string | null
      >`(select ${users.name} from ${users} where ${users.id} = ${auditLog.userId})`,
    })
    .from(auditLog)
    .where(inScope)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(dashboardChangesLimit);
  return rows.map((row) => ({
    ...row,
    // The area's name, as the rest of the API names a record type.
    entity: readable.find((area) => area.entity === row.entity)?.name ?? row.entity,
    at: new Date(row.at).toISOString(),
  }));
};
