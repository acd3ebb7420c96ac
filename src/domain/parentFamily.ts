import { z } from 'zod';
import { isoDay, optionalText, recordVersion, requiredText } from './rules';

/**
 * An application's household (DESIGN.md section 5 'Parent family'): the people who live with the
 * applicants. One record per application (`/parent-infos/family/{id}`, the application's id).
 */
export const parentHouseholdMax = 20;

export const ZParentFamilyMember = z
  .object({
    name: requiredText(200),
    relation: requiredText(100),
    dateOfBirth: isoDay().nullable().optional(),
    occupation: optionalText(200).nullable().optional(),
  })
  .strict();
export type TParentFamilyMember = z.infer<typeof ZParentFamilyMember>;

/** POST body: the household as known. */
export const ZParentFamilyInput = z
  .object({ members: z.array(ZParentFamilyMember).max(parentHouseholdMax) })
  .strict();
export type TParentFamilyInput = z.infer<typeof ZParentFamilyInput>;

/** PATCH body: the members replace the stored ones; `version` is required (stale: 409). */
export const ZParentFamilyUpdate = ZParentFamilyInput.extend({ version: recordVersion() }).strict();

/** The answer: the record, or null while nothing is recorded. */
export const ZParentFamily = z.object({
  id: z.number().int(),
  parentId: z.number().int(),
  members: z.array(ZParentFamilyMember),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type TParentFamily = z.infer<typeof ZParentFamily>;
