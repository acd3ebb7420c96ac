import { z } from 'zod';
import { ZChildInput } from './resources/child';
import { applicantKey, applicantNumbers, ZParentInput } from './resources/parent';
import { optionalText, requiredId, requiredText } from './rules';

/**
 * The duplicate check (issue 35): one engine for children and parent applications
 * (server/duplicates/findDuplicates.ts), read by the form, the import and the review list. This
 * file is the contract's pure half (docs/decisions.md 'Issue 35: duplicate check, server'): the
 * reasons a match gives, the shapes of its answers and the bodies of its routes.
 */

/** Why a record is a likely duplicate; each has words under `duplicates.reasons.<reason>`. */
export const duplicateReasons = [
  'sameDateOfBirth',
  'nearDateOfBirth',
  'similarNameKh',
  'similarNameEn',
  'sameBirthProvince',
  'sameNationalId',
] as const;
export type TDuplicateReason = (typeof duplicateReasons)[number];

/** The two kinds of record the check compares: a child, a parent application (its applicants). */
export const duplicateKinds = ['child', 'parent'] as const;
export type TDuplicateKind = (typeof duplicateKinds)[number];

/** At most this many matches are answered, best first. */
export const duplicateLimit = 10;

/** A record that may be the same as the one described: how alike (0–1) and why. */
export const ZDuplicateMatch = z.object({
  id: z.number().int(),
  code: z.string(),
  score: z.number().min(0).max(1),
  reasons: z.array(z.enum(duplicateReasons)),
  /** An application: its applicants' names joined (`A & B`). */
  nameKh: z.string().nullable(),
  nameEn: z.string().nullable(),
  /** yyyy-mm-dd; an application: its first applicant's. */
  dateOfBirth: z.string().nullable(),
  status: z.string(),
});
export type TDuplicateMatch = z.infer<typeof ZDuplicateMatch>;

/** One side of a pair in the review list. */
export const ZDuplicatePairSide = z.object({
  id: z.number().int(),
  code: z.string(),
  nameKh: z.string().nullable(),
  nameEn: z.string().nullable(),
});

/** Two existing records that may be one (`GET {apiBase}/duplicates`); `a` is the older (lower id). */
export const ZDuplicatePair = z.object({
  a: ZDuplicatePairSide,
  b: ZDuplicatePairSide,
  score: z.number().min(0).max(1),
  reasons: z.array(z.enum(duplicateReasons)),
});
export type TDuplicatePair = z.infer<typeof ZDuplicatePair>;

/** The record being edited, left out of its own check. */
const excludeId = requiredId().optional();

/**
 * What the child's form sends to `POST /child-infos/duplicate-check`: any of its fields (those the
 * user has filled in so far); the names, sex, date of birth (and whether estimated), birth province
 * and nationality are compared, the others ignored. Unknown keys are dropped, not refused: the form
 * sends what it has.
 */
export const ZChildDuplicateCheck = z
  .object({ ...ZChildInput.shape })
  .partial()
  .extend({ excludeId });
export type TChildDuplicateCheck = z.infer<typeof ZChildDuplicateCheck>;

/** The applicant fields that identify an application (docs/decisions.md, issue 35). */
export const applicantIdentityFields = [
  'FamilyNameKh',
  'GivenNameKh',
  'FamilyNameEn',
  'GivenNameEn',
  'Sex',
  'DateOfBirth',
  'NationalityId',
  'IdNumber',
] as const;

/**
 * What the application's form sends to `POST /parent-infos/duplicate-check`: an application is
 * identified by its applicants (not its household, address or terms): each applicant's names in
 * both scripts, sex, date of birth, nationality and national id number. Either applicant of the
 * form is compared with either of a stored application (a couple written in the other order is
 * found). Any other field of the form is dropped.
 */
export const ZParentDuplicateCheck = z
  .object(
    Object.fromEntries(
      applicantNumbers.flatMap((n) =>
        applicantIdentityFields.map((field) => [
          applicantKey(n, field),
          ZParentInput.shape[applicantKey(n, field) as keyof typeof ZParentInput.shape],
        ]),
      ),
    ) as Record<string, z.ZodType>,
  )
  .partial()
  .extend({ applicantType: ZParentInput.shape.applicantType.optional(), excludeId });
export type TParentDuplicateCheck = z.infer<typeof ZParentDuplicateCheck>;

/** Why two records are not one (`POST {apiBase}/duplicates/dismiss`); the pair is kept, not listed again. */
export const ZDismissPair = z
  .object({ aId: requiredId(), bId: requiredId(), reason: requiredText(1000) })
  .strict()
  .refine((body) => body.aId !== body.bId, { path: ['bId'] });
export type TDismissPair = z.infer<typeof ZDismissPair>;

/**
 * The parts of a record a merge chooses between (`fields`): `keep` (default) leaves the kept
 * record's, `merge` takes the merged record's. Each part is a few columns taken together (a name is
 * its four fields), so a merge never mixes half of one person's name with half of another's.
 */
export const childMergeFields = [
  'name',
  'sex',
  'dateOfBirth',
  'birthPlace',
  'nationality',
  'admittedOn',
  'care',
  'health',
  'notes',
] as const;
export const parentMergeFields = [
  'applicant1',
  'applicant2',
  'address',
  'marriage',
  'income',
  'terms',
  'checklist',
  'notes',
] as const;
export const mergeChoices = ['keep', 'merge'] as const;
export type TMergeChoice = (typeof mergeChoices)[number];

const mergeBody = <const F extends readonly [string, ...string[]]>(fields: F) =>
  z
    .object({
      keepId: requiredId(),
      mergeId: requiredId(),
      fields: z.partialRecord(z.enum(fields), z.enum(mergeChoices)).default({}),
      reason: requiredText(1000),
    })
    .strict()
    .refine((body) => body.keepId !== body.mergeId, { path: ['mergeId'] });

/** `POST /child-infos/merge`: `mergeId` is folded into `keepId`. */
export const ZChildMerge = mergeBody(childMergeFields);
/** `POST /parent-infos/merge`. */
export const ZParentMerge = mergeBody(parentMergeFields);
/** Either area's merge body (the contract's `ZMergeRecords`). */
export const ZMergeRecords = z.union([ZChildMerge, ZParentMerge]);
export type TMergeRecords = {
  keepId: number;
  mergeId: number;
  fields: Partial<Record<string, TMergeChoice>>;
  reason: string;
};

/**
 * What a create body of `/child-infos` or `/parent-infos` may carry besides the record: the user
 * saw the likely duplicates and says it is another child (family) all the same, and why. Every
 * likely duplicate must be named in `notDuplicateOf`.
 */
export const duplicateOverrideShape = {
  notDuplicateOf: z.array(requiredId()).max(50).optional(),
  duplicateReason: optionalText(1000).optional(),
};
export const ZDuplicateOverride = z.object(duplicateOverrideShape);
export type TDuplicateOverride = z.infer<typeof ZDuplicateOverride>;

/** A record merged into another (`GET {apiBase}/{mergedId}` answers 410 with it). */
export const ZMergedInto = z.object({ id: z.number().int(), code: z.string() });

/** The threshold as a share (the setting is a percentage, 50–100). */
export const thresholdShare = (percent: number) => Math.min(100, Math.max(0, percent)) / 100;
