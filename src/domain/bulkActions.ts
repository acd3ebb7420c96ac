import { z } from 'zod';
import type { TranslationFunctions } from '../i18n/i18n-types';
import type { TFieldDef, TLookup } from './resource';
import { numberBetween, recordVersion, requiredId } from './rules';

/**
 * Actions on many records of a list at once (issue 26 'Bulk actions'): an area declares them on its
 * description (`bulkActions`), the server answers `POST {apiBase}/bulk/{name}` with `{ ids, ...body }`
 * (server/resources/bulkRoutes.ts) and the list offers them on its selection bar. Light (no zod at
 * the top): the area descriptions import only the types; the body's schema is made here from the
 * fields.
 */

/** At most this many records in one request: 501 is refused with a 400 that says so. */
export const bulkMaxRows = 500;

/** The one value an action asks for (an officer, a number of days, a head office). */
export type TBulkField =
  | { key: string; kind: 'lookup'; lookup: TLookup }
  | { key: string; kind: 'number'; min: number; max: number; step?: number };

export type TBulkAction = {
  /** The API name: `POST {apiBase}/bulk/{name}`. */
  name: string;
  icon: string;
  /**
   * The action of the area's permission it needs: every changed row goes through the form's update
   * path (`{permission}:update`), so the same permission as the edit form.
   */
  permission: 'update';
  /** The bar's button and the dialog's title, in the reader's language. */
  title: (LL: TranslationFunctions) => string;
  /** The sentence under the dialog's title for `count` records. */
  intro: (LL: TranslationFunctions, count: number) => string;
  /** The field's label. */
  label: (LL: TranslationFunctions) => string;
  field: TBulkField;
  /**
   * How its rows are written: `eachRow`, every row in a transaction of its own (one refused row
   * does not keep the others back); the reason is in docs/decisions.md (h3).
   */
  transaction: 'eachRow';
};

/** One id of the request, with the version the client read it at when it knows it (a stale one is refused). */
export const ZBulkId = z.union([requiredId(), z.object({ id: requiredId(), version: recordVersion() })]);
export type TBulkId = z.infer<typeof ZBulkId>;

/** The list of ids: 1 to `bulkMaxRows`. */
export const ZBulkIds = z
  .array(ZBulkId)
  .min(1)
  .refine((ids) => ids.length <= bulkMaxRows, { params: { rule: 'maxRows', max: bulkMaxRows } });

/** The rule of an action's one value (the server's and the dialog's). */
export const bulkFieldSchema = (field: TBulkField) =>
  field.kind === 'lookup' ? requiredId() : z.number().int().pipe(numberBetween(field.min, field.max));

/** The body of an action: the ids and its field's value. */
export const bulkBodySchema = (action: Pick<TBulkAction, 'field'>) =>
  z.object({ ids: ZBulkIds, [action.field.key]: bulkFieldSchema(action.field) }).strict();

/**
 * The action's field as the form engine describes a field (`TFieldDef`), so the dialog draws it
 * with the resource form's own field (a lookup's select or search, a number input), required.
 */
export const bulkFieldDef = (field: TBulkField): TFieldDef & { kind: 'lookup' | 'number' } =>
  field.kind === 'lookup'
    ? { key: field.key, kind: 'lookup', lookup: field.lookup, required: true }
    : { key: field.key, kind: 'number', required: true };

/** What the dialog sends of the field's value as typed or chosen: nothing typed is none (required). */
export const bulkFieldValue = (value: unknown): number | undefined => {
  const typed = typeof value === 'string' ? value.trim() : value;
  if (typed === null || typed === undefined || typed === '') return undefined;
  return Number(typed);
};

export const bulkRowStatuses = ['changed', 'unchanged', 'refused'] as const;
export type TBulkRowStatus = (typeof bulkRowStatuses)[number];

/** What the server answers for each row: changed, unchanged (already so) or refused with why. */
export const ZBulkRowResult = z.object({
  id: z.number().int(),
  status: z.enum(bulkRowStatuses),
  message: z.string().optional(),
});
export type TBulkRowResult = z.infer<typeof ZBulkRowResult>;

/** The id and version of a request's entry. */
export const bulkIdOf = (entry: TBulkId): { id: number; version?: number } =>
  typeof entry === 'number' ? { id: entry } : entry;

/** The counts of a result, for its summary. */
export const bulkCounts = (rows: readonly TBulkRowResult[]) => ({
  changed: rows.filter((row) => row.status === 'changed').length,
  unchanged: rows.filter((row) => row.status === 'unchanged').length,
  refused: rows.filter((row) => row.status === 'refused').length,
});
