import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { matchingArea } from '../../../src/domain/areas/matching.area';
import {
  byCompatibility,
  compatibility,
  compatibilityScore,
  type TCompatibilityApplication,
  type TCompatibilityChild,
} from '../../../src/domain/compatibility';
import { personName } from '../../../src/domain/personName';
import { isoDateIn } from '../../../src/domain/programmeTime';
import { idParam } from '../../../src/domain/rules';
import type { TDbOrTx } from '../../audit';
import type { TAuthUser } from '../../auth/service';
import { childDisabilities, childInfos, parentInfos } from '../../db/schema';
import { notFound } from '../../errors';
import { dataOf, errorResponses } from '../../http/schemas';
import { currentUser } from '../../plugins/permissions';
import { officeCondition } from '../../resources/officeScope';
import { readSettings } from '../../settings/readSettings';

const tags = ['adoptive matching'];

const ZCheck = z.object({
  criterion: z.string(),
  result: z.enum(['match', 'mismatch', 'unknown']),
  reason: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
  informational: z.boolean().optional(),
});
const ZCandidate = z.object({
  id: z.number().int(),
  code: z.string(),
  nameKh: z.string().nullable(),
  nameEn: z.string().nullable(),
  /** The name a picker shows, in both languages (either script when only one is recorded). */
  name: z.object({ kh: z.string(), en: z.string() }),
  /** With the other side given: each criterion, and how many do not match or are unknown. */
  compatibility: z.array(ZCheck).nullable(),
  mismatches: z.number().int().nullable(),
  unknowns: z.number().int().nullable(),
});
type TCandidate = z.infer<typeof ZCandidate>;

const name = (family: unknown, given: unknown) =>
  [family, given].filter((part) => typeof part === 'string' && part.trim()).join(' ') || null;

/** Adoptable children the user may see (an adoptable child is in no active matching), as compatibility reads them. */
const freeChildren = async (db: TDbOrTx, user: TAuthUser, id?: number) => {
  const rows = await db
    .select({
      id: childInfos.id,
      code: childInfos.code,
      familyNameKh: childInfos.familyNameKh,
      givenNameKh: childInfos.givenNameKh,
      familyNameEn: childInfos.familyNameEn,
      givenNameEn: childInfos.givenNameEn,
      sex: childInfos.sex,
      dateOfBirth: childInfos.dateOfBirth,
      provinceId: childInfos.birthProvinceId,
    })
    .from(childInfos)
    .where(
      and(
        eq(childInfos.status, 'adoptable'),
        // A child merged into another (issue 35) is proposed as the one it was merged into.
        isNull(childInfos.mergedIntoId),
        officeCondition(childInfos.headOfficeId, user),
        id === undefined ? undefined : eq(childInfos.id, id),
      ),
    )
    .orderBy(childInfos.code);
  const disabilities =
    rows.length === 0
      ? []
      : await db
          .select({ childId: childDisabilities.childId, id: childDisabilities.disabilityId })
          .from(childDisabilities)
          .where(
            inArray(
              childDisabilities.childId,
              rows.map((row) => row.id),
            ),
          );
  return rows.map((row) => ({
    ...row,
    disabilityIds: disabilities.filter((entry) => entry.childId === row.id).map((entry) => entry.id),
    siblingGroup: null,
  }));
};

/** Accepted applications whose approval holds today, the user may see (accepted: in no active matching). */
const freeApplications = async (db: TDbOrTx, user: TAuthUser, today: string, id?: number) =>
  db
    .select()
    .from(parentInfos)
    .where(
      and(
        eq(parentInfos.status, 'accepted'),
        gte(parentInfos.approvedUntil, today),
        isNull(parentInfos.mergedIntoId),
        officeCondition(parentInfos.headOfficeId, user),
        id === undefined ? undefined : eq(parentInfos.id, id),
      ),
    )
    .orderBy(parentInfos.code);

const answer = <T>(
  candidates: T[],
  describe: (candidate: T) => Omit<TCandidate, 'compatibility' | 'mismatches' | 'unknowns' | 'name'>,
  checksOf: ((candidate: T) => ReturnType<typeof compatibility>) | null,
): TCandidate[] => {
  const sorted = checksOf ? byCompatibility(candidates, checksOf) : candidates;
  return sorted.map((candidate) => {
    const described = describe(candidate);
    const named = {
      ...described,
      name: {
        kh: personName({ kh: described.nameKh, en: described.nameEn }, 'kh') || described.code,
        en: personName({ kh: described.nameKh, en: described.nameEn }, 'en') || described.code,
      },
    };
    if (!checksOf) return { ...named, compatibility: null, mismatches: null, unknowns: null };
    const checks = checksOf(candidate);
    return { ...named, compatibility: checks, ...compatibilityScore(checks) };
  });
};

/**
 * The candidates of a new matching (spec section 7 'Adoptive matching', DESIGN.md section 6):
 * `GET /adoptive-matching/adoptive-childs` (adoptable children of the user's office) and
 * `GET /adoptive-matching/adoptive-parents` (accepted applications whose approval holds). Given the
 * other side (`?parentId=` or `?childId=`), each answers the compatibility of every candidate with
 * it, best first; the other side out of reach is not found.
 */
export const candidateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${matchingArea.apiBase}/adoptive-childs`,
    {
      config: { permission: 'matchings:read' },
      schema: {
        tags,
        summary: 'Children who can be matched; with `parentId`, each with its compatibility, best first',
        querystring: z.object({ parentId: idParam().optional() }),
        response: { 200: dataOf(z.array(ZCandidate)), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const today = isoDateIn(new Date(app.now()));
      const children = await freeChildren(app.db, user);
      const { parentId } = request.query;
      let family: TCompatibilityApplication | undefined;
      if (parentId !== undefined) {
        [family] = await freeApplications(app.db, user, today, parentId);
        if (!family) throw notFound();
      }
      const rules = await readSettings(app.db);
      return {
        data: answer(
          children,
          (row) => ({
            id: row.id,
            code: row.code,
            nameKh: name(row.familyNameKh, row.givenNameKh),
            nameEn: name(row.familyNameEn, row.givenNameEn),
          }),
          family ? (row: TCompatibilityChild) => compatibility(row, family, rules, today) : null,
        ),
      };
    },
  );

  app.get(
    `${matchingArea.apiBase}/adoptive-parents`,
    {
      config: { permission: 'matchings:read' },
      schema: {
        tags,
        summary: 'Applications that can be matched; with `childId`, each with its compatibility, best first',
        querystring: z.object({ childId: idParam().optional() }),
        response: { 200: dataOf(z.array(ZCandidate)), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const today = isoDateIn(new Date(app.now()));
      const applications = await freeApplications(app.db, user, today);
      const { childId } = request.query;
      let child: TCompatibilityChild | undefined;
      if (childId !== undefined) {
        [child] = await freeChildren(app.db, user, childId);
        if (!child) throw notFound();
      }
      const rules = await readSettings(app.db);
      const couple = (row: (typeof applications)[number], script: 'Kh' | 'En') =>
        [
          name(row[`applicant1FamilyName${script}`], row[`applicant1GivenName${script}`]),
          name(row[`applicant2FamilyName${script}`], row[`applicant2GivenName${script}`]),
        ]
          .filter(Boolean)
          .join(' & ') || null;
      return {
        data: answer(
          applications,
          (row) => ({ id: row.id, code: row.code, nameKh: couple(row, 'Kh'), nameEn: couple(row, 'En') }),
          child ? (row: TCompatibilityApplication) => compatibility(child, row, rules, today) : null,
        ),
      };
    },
  );
};
