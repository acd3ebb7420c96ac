import { z } from 'zod';
import { ZDuplicateMatch } from './duplicates';

/**
 * The plan of an import's dry run (issue 35, DESIGN.md section 8), shared by the API's answer and the
 * screen that draws it: what the commit will do with each valid row of the workbook, and nothing else.
 */

/**
 * `create`: a new record. `update`: the row names its record by code and changes it. `unchanged`:
 * the record it names (or, without a code, the record it equals in every column) stays as it is.
 * `duplicate`: no code, and likely the same person as a kept record or as an earlier row: skipped at
 * the commit unless the commit names the row in `createAnyway`.
 */
export const importActions = ['create', 'update', 'unchanged', 'duplicate'] as const;
export type TImportAction = (typeof importActions)[number];

export const ZImportPlanEntry = z.object({
  /** The workbook's row number, as Excel shows it. */
  row: z.number().int(),
  action: z.enum(importActions),
  /** update, unchanged: the record's code. */
  code: z.string().optional(),
  /** duplicate: the kept records it resembles, best first (the duplicate engine's matches). */
  duplicates: z.array(ZDuplicateMatch).optional(),
  /** duplicate: the earlier row of the workbook it repeats. */
  sameAsRow: z.number().int().optional(),
});
export type TImportPlanEntry = z.infer<typeof ZImportPlanEntry>;

export const ZImportCounts = z.object({
  create: z.number().int().nonnegative(),
  update: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  duplicate: z.number().int().nonnegative(),
});
export type TImportCounts = z.infer<typeof ZImportCounts>;

/** How many rows of the plan take each action. */
export const planCounts = (plan: readonly Pick<TImportPlanEntry, 'action'>[]): TImportCounts => {
  const counts: TImportCounts = { create: 0, update: 0, unchanged: 0, duplicate: 0 };
  for (const entry of plan) counts[entry.action] += 1;
  return counts;
};

/** At most this many characters of reason for creating likely duplicates all the same. */
export const createAnywayReasonMax = 1000;

/**
 * The commit's body: the dry run's token; the `duplicate` rows to create all the same and why (the
 * reason is written on each created record's timeline). Rows not named are skipped.
 */
export const ZImportCommit = z.object({
  token: z.string().min(1).max(64),
  createAnyway: z.array(z.number().int().min(1).max(1_048_576)).max(10_000).optional(),
  reason: z.string().max(createAnywayReasonMax).optional(),
});
export type TImportCommit = z.infer<typeof ZImportCommit>;
