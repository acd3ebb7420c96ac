import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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
import { overdueSpan } from '../../../src/domain/reports/reportListPaths';
import type { TSystemSettingsRecord } from '../../../src/domain/systemSettings';
import { matchingStages } from '../../../src/domain/workflows/matching.workflow';
import type { TDbOrTx } from '../../audit';
import type { TAuthUser } from '../../auth/service';
import { auditLog, headOffices, parentInfos, postAdoptionServices, users } from '../../db/schema';
import { officeCondition } from '../../resources/officeScope';
import { approvalFilter } from '../parents';
import { rowsOf } from '../reports';
import { matchingsNow } from '../reports/matchingsNow';
import { serviceDueSoonSql, serviceOverdueSql } from '../services';

type TData = TDashboard['data'];

/** How many changes the activity card lists. */
export const dashboardChangesLimit = 10;

/** The area's list, filtered by the parameters it already reads. */
const listPath = (area: TAreaDefinition, query: Record<string, string>): string =>
  `${area.routeBase}?${new URLSearchParams(query).toString()}`;

/** A figure and the area's list that shows exactly what it counts. */
const figure = (
  area: TAreaDefinition,
  key: string,
  value: number | undefined,
  query: Record<string, string>,
): TDashboardFigure => ({ key, value: value ?? 0, listPath: listPath(area, query) });

/** The area's statuses (its badge tones name them), each with its count (0 when none). */
const byStatus = (
  area: TAreaDefinition,
  rows: readonly { status: string; value: number }[],
): TDashboardFigure[] =>
  Object.keys(area.statuses ?? {}).map((status) =>
    figure(area, status, rows.find((row) => row.status === status)?.value, { status }),
  );

/** The statuses of a matching that ended: counted apart from the stages. */
const endedMatchingStatuses = ['completed', 'rejected'] as const;

/** Whose records the dashboard counts: the provincial user's office (its name), or every office. */
export const dashboardScope = async (db: TDbOrTx, user: TAuthUser): Promise<TData['scope']> => {
  if (user.officeScope === null) return { office: null };
  const [office] = await db
    .select({ id: headOffices.id, name: headOffices.name })
    .from(headOffices)
    .where(eq(headOffices.id, user.officeScope));
  return {
    office: {
      id: user.officeScope,
      name: (office?.name as { kh: string; en: string } | undefined) ?? {
        kh: String(user.officeScope),
        en: String(user.officeScope),
      },
    },
  };
};

/** The kept summary's rows (server/modules/reports/reportSummaries.ts) in the user's office. */
const keptInOffice = (user: TAuthUser) =>
  user.officeScope === null ? sql`true` : sql`s.head_office_id = ${user.officeScope}`;

/** Statuses' counts from a kept summary table, in the user's office. */
const keptByStatus = async (db: TDbOrTx, user: TAuthUser, table: string) =>
  (
    await rowsOf<{ status: string; value: string }>(
      db,
      sql`select s.status, sum(s.n) as value from ${sql.identifier(table)} s where ${keptInOffice(user)} group by s.status`,
    )
  ).map((row) => ({ status: row.status, value: Number(row.value) }));

/** Children by status, from the kept counts by birth year (the smallest: no age band here). */
export const childrenByStatus = async (db: TDbOrTx, user: TAuthUser): Promise<TData['children']> => ({
  byStatus: byStatus(childArea, await keptByStatus(db, user, 'report_child_now_year')),
});

/**
 * Matchings by stage, with those in their stage longer than its expected days (setting
 * `stageExpectedDays`, counted as the work queue counts an overdue stage), and those that ended
 * (completed, rejected): every matching the user may see. One grouped count by status, folded into
 * stages. An overdue count opens the stage's list of matchings that entered it before its expected
 * days ran out (`stageEnteredIn`, issue 35).
 */
export const matchingsByStage = async (
  db: TDbOrTx,
  user: TAuthUser,
  today: string,
  settings: TSystemSettingsRecord,
): Promise<TData['matchings']> => {
  const expectedDays = settings.stageExpectedDays;
  // By status from the kept counts (migration 0038): the open ones by stage, the ended ones.
  const rows = (
    await matchingsNow(db, {
      statuses: [
        ...matchingStageNames.flatMap((stage) => [...matchingStages[stage]]),
        ...endedMatchingStatuses,
      ],
      expectedDays: Object.fromEntries(
        matchingStageNames.flatMap((stage) =>
          matchingStages[stage].map((status) => [status, expectedDays[stage]]),
        ),
      ),
      today,
      condition: keptInOffice(user),
    })
  ).map((row) => ({ status: row.status, value: row.n, overdue: row.overdue }));
  return {
    byStage: matchingStageNames.map((stage) => {
      const inStage = rows.filter((row) => (matchingStages[stage] as readonly string[]).includes(row.status));
      const sum = (pick: (row: (typeof rows)[number]) => number) =>
        inStage.reduce((total, row) => total + Number(pick(row)), 0);
      return {
        ...figure(
          matchingArea,
          stage,
          sum((row) => row.value),
          { stage },
        ),
        overdue: figure(
          matchingArea,
          'overdue',
          sum((row) => row.overdue),
          {
            stage,
            stageEnteredIn: overdueSpan(today, expectedDays[stage]),
          },
        ),
        expectedDays: expectedDays[stage],
      };
    }),
    ended: endedMatchingStatuses.map((status) =>
      figure(matchingArea, status, Number(rows.find((row) => row.status === status)?.value ?? 0), { status }),
    ),
  };
};

/**
 * Each figure's own count in one statement: a scalar subquery per figure, so that each reads only
 * its range of an index (one scan with `count(*) filter (…)` reads every row any of them might count).
 */
const countEach = async <K extends string>(
  db: TDbOrTx,
  table: PgTable,
  conditions: Record<K, SQL | undefined>,
): Promise<Record<K, number>> => {
  const [row] = await rowsOf<Record<K, number>>(
    db,
    sql`select ${sql.join(
      Object.entries<SQL | undefined>(conditions).map(
        ([key, condition]) =>
          sql`(select count(*) from ${table} where ${condition})::int as ${sql.identifier(key)}`,
      ),
      sql`, `,
    )}`,
  );
  return row;
};

/** Services due soon and overdue, by the list's own conditions (so the list finds the same count). */
export const servicesDue = async (db: TDbOrTx, user: TAuthUser): Promise<TData['services']> => {
  const office = officeCondition(postAdoptionServices.headOfficeId, user);
  const counts = await countEach(db, postAdoptionServices, {
    dueSoon: and(serviceDueSoonSql, office),
    overdue: and(serviceOverdueSql, office),
  });
  return {
    dueSoon: figure(serviceArea, 'dueSoon', Number(counts.dueSoon), { due: 'dueSoon' }),
    overdue: figure(serviceArea, 'overdue', Number(counts.overdue), { due: 'overdue' }),
  };
};

/**
 * Applications by status from the kept counts (as of now, issue 37); approvals expiring (within
 * 30 days) and expired by the list's own filter, live (each a range of the applications' status and
 * approval-end index).
 */
export const applicationsByStatus = async (db: TDbOrTx, user: TAuthUser): Promise<TData['applications']> => {
  const rows = await keptByStatus(db, user, 'report_application_now');
  // A merged application (issue 35) is counted nowhere, as its list does not show it.
  const office = and(officeCondition(parentInfos.headOfficeId, user), isNull(parentInfos.mergedIntoId));
  const approvals = await countEach(db, parentInfos, {
    expiring: and(approvalFilter('expiring'), office),
    expired: and(approvalFilter('expired'), office),
  });
  return {
    byStatus: byStatus(parentArea, rows),
    approvalsExpiring: figure(parentArea, 'expiring', Number(approvals.expiring), {
      approval: 'expiring',
    }),
    approvalsExpired: figure(parentArea, 'expired', Number(approvals.expired), { approval: 'expired' }),
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
  // The audit row carries its record's office as it stands (migration 0037; null once deleted):
  // a provincial user's changes are one range of the (office, at) index, not a lookup of every
  // record of the office.
  const inScope = and(
    inArray(
      auditLog.entity,
      readable.map((area) => area.entity),
    ),
    office === null ? undefined : eq(auditLog.headOfficeId, office),
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
