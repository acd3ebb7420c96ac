import { and, eq, inArray } from 'drizzle-orm';
import { hasPermission, isSuperUser } from '../../../src/domain/permissions';
import { permissionFor } from '../../../src/domain/resource';
import { serviceResource } from '../../../src/domain/resources/service';
import type { TDbOrTx } from '../../audit';
import type { TAuthUser } from '../../auth/service';
import {
  headOffices,
  permissions,
  postAdoptionServices,
  rolePermissions,
  roles,
  users,
} from '../../db/schema';
import { fieldErrors } from '../../errors';
import { officeCondition } from '../../resources/officeScope';

/** What an officer must hold to record the services given to them: the services' update permission. */
const officerPermission = permissionFor(serviceResource, 'update');

/** At most this many codes are named in a refusal; the rest are counted. */
const codesNamed = 5;

/**
 * The user who would give services, as the server will judge them when they sign in: active, their
 * permissions (a super user holds every one) and their office scope (a user of a provincial office
 * keeps its records only, server/auth/service.ts). Null when no active user has that id.
 */
const officerOf = async (db: TDbOrTx, officerId: number) => {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      roleId: users.roleId,
      roleName: roles.roleName,
      headOfficeId: users.headOfficeId,
      headOfficeClass: headOffices.class,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(headOffices, eq(headOffices.id, users.headOfficeId))
    .where(and(eq(users.id, officerId), eq(users.active, true)));
  if (!user) return null;
  const held =
    user.roleId === null
      ? []
      : await db
          .select({ name: permissions.name })
          .from(rolePermissions)
          .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
          .where(eq(rolePermissions.roleId, user.roleId));
  const subject = {
    username: user.username,
    roles:
      user.roleId !== null && user.roleName !== null ? [{ id: user.roleId, roleName: user.roleName }] : [],
    permissions: held.map((row) => row.name),
  };
  return {
    name: user.name || user.username,
    mayUpdate: hasPermission(subject, officerPermission),
    scope: user.headOfficeClass === 'provincial' && !isSuperUser(subject) ? user.headOfficeId : null,
  };
};

/**
 * Issue 35: the officer given services must be an active user who may update them, and whose office
 * scope keeps each of them (an officer of a provincial office cannot open another office's
 * services). A refusal is a 400 that says what to choose instead; nothing is written.
 */
export const assertOfficerFits = async (
  db: TDbOrTx,
  officerId: unknown,
  records: readonly { code: string; headOfficeId: number | null }[],
) => {
  if (typeof officerId !== 'number') return;
  const officer = await officerOf(db, officerId);
  if (!officer) throw fieldErrors((t) => t.server.serviceOfficerUnknown());
  if (!officer.mayUpdate)
    throw fieldErrors((t) => t.server.serviceOfficerCannotUpdate({ name: officer.name }));
  if (officer.scope === null) return;
  const away = records.filter((record) => record.headOfficeId !== officer.scope).map((record) => record.code);
  if (away.length === 0) return;
  // The first few codes, and how many more (`+3`), in any language.
  const more = away.length > codesNamed ? ` +${away.length - codesNamed}` : '';
  const codes = `${away.slice(0, codesNamed).join(', ')}${more}`;
  throw fieldErrors((t) => t.server.serviceOfficerOtherOffice({ name: officer.name, codes }));
};

/**
 * The bulk assignment's check, before any row is written: the services of `ids` the acting user may
 * see (the others are refused row by row as not found, and are not named here).
 */
export const assertOfficerFitsServices = async (
  db: TDbOrTx,
  officerId: unknown,
  ids: readonly number[],
  actor: Pick<TAuthUser, 'officeScope'>,
) => {
  if (typeof officerId !== 'number') return;
  const rows = await db
    .select({ code: postAdoptionServices.code, headOfficeId: postAdoptionServices.headOfficeId })
    .from(postAdoptionServices)
    .where(
      and(
        inArray(postAdoptionServices.id, [...ids]),
        officeCondition(postAdoptionServices.headOfficeId, actor),
      ),
    )
    .orderBy(postAdoptionServices.code);
  await assertOfficerFits(db, officerId, rows);
};
