import { eq, inArray } from 'drizzle-orm';
import type { TDb } from '../client';
import { ensureRole, upsertUser } from '../fixtures';
import { departments, headOffices, organizations, positions, users } from '../schema';

const childrenAll = [
  'adoptive_children:read',
  'adoptive_children:write',
  'adoptive_children:update',
  'adoptive_children:delete',
];
const readOnly = [
  'adoptive_children:read',
  'adoptive_parents:read',
  'matchings:read',
  'post_adoption_services:read',
  'adopted_child_reports:read',
];

/**
 * The demo roles. Named "Demo ..." so that running the demo against a database where an
 * administrator made a real "Caseworker" role does not reset that role's permissions.
 */
export const demoRoles = [
  {
    roleName: 'Demo Caseworker',
    permissions: [
      'adoptive_children:read',
      'adoptive_children:write',
      'adoptive_children:update',
      'adoptive_parents:read',
      'adoptive_parents:write',
      'adoptive_parents:update',
      // Issue 13: proposes matchings and takes their steps; the decisions are the supervisor's.
      'matchings:read',
      'matchings:write',
      'matchings:update',
      // Issue 14: gives the follow-ups of the adoptions they proposed, adds and records them.
      'post_adoption_services:read',
      'post_adoption_services:write',
      'post_adoption_services:update',
    ],
  },
  {
    roleName: 'Demo Supervisor',
    permissions: [
      ...childrenAll,
      'adoptive_parents:read',
      'adoptive_parents:write',
      'adoptive_parents:update',
      // Issue 35: merges duplicate records and approves an acceptance that fails the eligibility rules.
      'adoptive_children:merge',
      'adoptive_parents:merge',
      'adoptive_parents:approve',
      'matchings:read',
      'matchings:write',
      'matchings:update',
      'matchings:approve',
      'post_adoption_services:read',
      'post_adoption_services:write',
      'post_adoption_services:update',
      'adopted_child_reports:read',
      // Issue 26: shares the office's saved views of the lists.
      'saved_views:share',
      // Issue 27: the officer entitled to open an adopted child's sealed origins, with a reason.
      'sealed_records:read',
    ],
  },
  { roleName: 'Demo Viewer', permissions: readOnly },
] as const;

type TDemoRoleName = (typeof demoRoles)[number]['roleName'];

/** The demo users, placed in the seeded organisation (codes from seedData/organisation.ts). */
export const demoUsers: {
  username: string;
  name: string;
  roleName: TDemoRoleName;
  positionCode: string;
  headOfficeCode: string;
}[] = [
  {
    username: 'demo.caseworker',
    name: 'Sok Sreyneang',
    roleName: 'Demo Caseworker',
    positionCode: 'MOSVY-CW-CW',
    headOfficeCode: 'HO-12',
  },
  {
    username: 'demo.supervisor',
    name: 'Chan Piseth',
    roleName: 'Demo Supervisor',
    positionCode: 'MOSVY-CW-CHIEF',
    headOfficeCode: 'HO-00',
  },
  {
    username: 'demo.viewer',
    name: 'Heng Sophea',
    roleName: 'Demo Viewer',
    positionCode: 'MOSVY-CW-OFF',
    headOfficeCode: 'HO-08',
  },
  // A caseworker of a provincial office (Battambang): sees and keeps that office's records only
  // (DESIGN.md section 7), so the office scope can be tried by signing in as them.
  {
    username: 'demo.province',
    name: 'Keo Dara',
    roleName: 'Demo Caseworker',
    positionCode: 'MOSVY-CW-CW',
    headOfficeCode: 'HO-02',
  },
];

export const defaultDemoPassword = 'demo-pass-123';

/**
 * The office of `demo.caseworker`, whose main job the demo shows (issue 22): the demo gives it a
 * share of the applications and the demo matchings leave it children and families to match.
 */
export const demoHomeOfficeCode =
  demoUsers.find((user) => user.username === 'demo.caseworker')?.headOfficeCode ?? 'HO-12';

/**
 * Upserts the demo roles (exactly these permissions) and users (this password, active, in their
 * organisation, department, position and head office where those codes still exist). Returns the
 * users' ids by username.
 */
export const seedDemoUsers = async (db: TDb, options: { passwordHash: string }) =>
  db.transaction(async (tx) => {
    const roleIds = new Map<string, number>();
    for (const role of demoRoles)
      roleIds.set(role.roleName, await ensureRole(tx, role.roleName, role.permissions));
    const positionRows = await tx
      .select({
        code: positions.code,
        positionId: positions.id,
        departmentId: departments.id,
        organizationId: organizations.id,
      })
      .from(positions)
      .innerJoin(departments, eq(departments.id, positions.departmentId))
      .innerJoin(organizations, eq(organizations.id, departments.organizationId))
      .where(
        inArray(
          positions.code,
          demoUsers.map((user) => user.positionCode),
        ),
      );
    const officeRows = await tx
      .select({ id: headOffices.id, code: headOffices.code })
      .from(headOffices)
      .where(
        inArray(
          headOffices.code,
          demoUsers.map((user) => user.headOfficeCode),
        ),
      );
    const ids = new Map<string, number>();
    for (const user of demoUsers) {
      const id = await upsertUser(tx, {
        username: user.username,
        name: user.name,
        passwordHash: options.passwordHash,
        roleId: roleIds.get(user.roleName) ?? null,
      });
      const position = positionRows.find((row) => row.code === user.positionCode);
      await tx
        .update(users)
        .set({
          organizationId: position?.organizationId ?? null,
          departmentId: position?.departmentId ?? null,
          positionId: position?.positionId ?? null,
          headOfficeId: officeRows.find((row) => row.code === user.headOfficeCode)?.id ?? null,
        })
        .where(eq(users.id, id));
      ids.set(user.username, id);
    }
    return ids;
  });
