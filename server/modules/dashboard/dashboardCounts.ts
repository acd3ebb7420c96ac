import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { areaPermission } from '../../../src/domain/areas/area';
import { areas } from '../../../src/domain/areas/index';
import type { TDashboard } from '../../../src/domain/dashboard';
import { hasPermission } from '../../../src/domain/permissions';
import type { TDbOrTx } from '../../audit';
import type { TAuthUser } from '../../auth/service';
import { auditLog, headOffices, users } from '../../db/schema';

/**
 * The dashboard's own figures: whose records it counts and the last changes of every area the user
 * may read. The areas' cards are their modules' (server/dashboard/dashboardCard.ts).
 */

type TData = TDashboard['data'];

/** How many changes the activity card lists. */
export const dashboardChangesLimit = 10;

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
