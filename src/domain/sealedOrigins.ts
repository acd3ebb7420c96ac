import { z } from 'zod';
import { hasPermission, type TPermissionSubject } from './permissions';

/**
 * Sealed origins (issue 27, DESIGN.md section 7): once a child's adoption is completed, its
 * birthplace, its birth family and its origin documents are kept from every reader but a holder of
 * `sealed_records:read` who opened them with a written reason, for `originOpeningMinutes`.
 */
export const sealedRecordsPermission = 'sealed_records:read';

/** How long one opening shows a sealed child's origins to the user who opened them. */
export const originOpeningMinutes = 30;

/** The child's answered fields that are its origins: absent from a sealed child's answers. */
export const originFields = [
  'birthProvinceId',
  'birthProvince',
  'birthDistrictId',
  'birthCommuneId',
  'birthVillageId',
] as const;

/** The body of `PATCH /child-infos/open-origins/{id}`: why the origins are opened. */
export const ZOpenOrigins = z.object({ reason: z.string().trim().min(1).max(1000) });
export type TOpenOrigins = z.infer<typeof ZOpenOrigins>;

/** Its answer: until when this user sees the origins. */
export const ZOriginOpening = z.object({
  childId: z.number().int(),
  openedAt: z.string(),
  expiresAt: z.string(),
});
export type TOriginOpening = z.infer<typeof ZOriginOpening>;

/**
 * Whether `user` sees the origins of a child sealed at `sealedAt` (null: not sealed), given the
 * expiry of their latest opening of it (null: none): every read path asks this one question.
 * Holders of the permission, super users included, see them only through an opening.
 */
export const originsVisible = (
  user: TPermissionSubject | null | undefined,
  child: { sealedAt: string | Date | null },
  openUntil: string | Date | null,
  now: number,
): boolean => {
  if (child.sealedAt === null) return true;
  if (!hasPermission(user, sealedRecordsPermission) || openUntil === null) return false;
  return new Date(openUntil).getTime() > now;
};
