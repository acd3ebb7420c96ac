import { z } from 'zod';
import type { TranslationFunctions } from '../i18n/i18n-types';
import { myFollowUpsQuery } from './areas/service.area';
import { rowsPerPageOptions } from './constants';
import { recordVersion, requiredId, requiredText } from './rules';

/**
 * Saved views of the resource lists (issue 26): a named address of a list (its filters, search,
 * sort and rows per page: `query`) and its columns (order, width, hidden). Personal, shared with the
 * owner's head office (`saved_views:share`), or shipped with the product ('My follow-ups'). Shared
 * by the server's routes (`/saved-views`, `/list-preferences`) and the list page.
 */

/** The permission that lets a user share a view with every user of their head office. */
export const shareViewsPermission = 'saved_views:share';

/** A column's key as resource descriptions write it (`name`, `province.name`). */
const columnIdPattern = /^[A-Za-z][A-Za-z0-9_.]{0,99}$/;
export const minColumnWidth = 40;
export const maxColumnWidth = 2000;

/** One column of a view, in the view's order: its width in pixels when set by hand, and whether hidden. */
export const ZColumnSetting = z.object({
  id: z.string().regex(columnIdPattern),
  width: z.number().int().min(minColumnWidth).max(maxColumnWidth).optional(),
  hidden: z.boolean().optional(),
});
export type TColumnSetting = z.infer<typeof ZColumnSetting>;

/** A view's columns: each at most once; empty means the list's own columns as described. */
export const ZColumnSettings = z
  .array(ZColumnSetting)
  .max(100)
  .refine((columns) => new Set(columns.map((column) => column.id)).size === columns.length);

/** The address of a list without its page: `length=50&filter={...}` (the list page writes it). */
const ZViewQuery = z
  .string()
  .max(4000)
  .refine((value) => !value.includes('#'));

/** A list key: the resource's name (`child`, `service`, `district`). */
export const ZListKey = z.string().min(1).max(100);

export const ZSavedView = z.object({
  id: z.number().int(),
  list: z.string(),
  name: z.string(),
  query: z.string(),
  columns: z.array(ZColumnSetting),
  /** Seen by every user of the owner's head office. */
  shared: z.boolean(),
  /** Shipped with the product (its name in the reader's language); nobody changes it. */
  shipped: z.boolean(),
  /** The reader's own view: they may change, share and delete it. */
  mine: z.boolean(),
  /** The reader's default view of this list (opened when the list is opened without a query). */
  default: z.boolean(),
  version: z.number().int(),
});
export type TSavedView = z.infer<typeof ZSavedView>;

/** `POST /saved-views`. */
export const ZSavedViewInput = z.object({
  list: ZListKey,
  name: requiredText(100),
  query: ZViewQuery.default(''),
  columns: ZColumnSettings.default([]),
  shared: z.boolean().default(false),
});
export type TSavedViewInput = z.input<typeof ZSavedViewInput>;

/** `PATCH /saved-views/{id}`: what changes, with the version the client read. */
export const ZSavedViewPatch = z.object({
  name: requiredText(100).optional(),
  query: ZViewQuery.optional(),
  columns: ZColumnSettings.optional(),
  shared: z.boolean().optional(),
  version: recordVersion(),
});
export type TSavedViewPatch = z.infer<typeof ZSavedViewPatch>;

/** `GET /saved-views?list=`: one list's views, or every list's the reader may read. */
export const ZSavedViewsQuery = z.object({ list: ZListKey.optional() });

/** Rows per page: 10, 50, 100, 200, or -1 for all (spec section 9). */
export const ZRowsPerPage = z
  .number()
  .int()
  .refine((value) => (rowsPerPageOptions as readonly number[]).includes(value));

/** A user's preferences for one list: rows per page and default view; null where not chosen. */
export const ZListPreference = z.object({
  list: z.string(),
  take: z.number().int().nullable(),
  defaultViewId: z.number().int().nullable(),
});
export type TListPreference = z.infer<typeof ZListPreference>;

/** `PUT /list-preferences/{list}`: what is sent changes (null clears it), what is left out stays. */
export const ZListPreferenceInput = z.object({
  take: ZRowsPerPage.nullable().optional(),
  defaultViewId: requiredId().nullable().optional(),
});
export type TListPreferenceInput = z.infer<typeof ZListPreferenceInput>;

/**
 * The views shipped with the product, kept in the database under their key (the seed writes
 * them) so that a user may make one their default like any other; their names come from the
 * dictionaries in the reader's language.
 */
export const shippedViews = [
  {
    key: 'my-follow-ups',
    list: 'service',
    query: myFollowUpsQuery,
    name: (t: TranslationFunctions) => t.areas.service.myFollowUps(),
  },
] as const satisfies readonly {
  key: string;
  list: string;
  query: string;
  name: (t: TranslationFunctions) => string;
}[];

/** A shipped view's name in the reader's language, or null for another key. */
export const shippedViewName = (key: string, t: TranslationFunctions): string | null =>
  shippedViews.find((view) => view.key === key)?.name(t) ?? null;

/**
 * Columns in the address (`columns=name,-code,status:120`): in order, `-` before a hidden one,
 * `:width` after one sized by hand. Compact, readable, and what a view stores as a list.
 */
export const columnsParam = (columns: readonly TColumnSetting[]): string =>
  columns
    .map((column) => `${column.hidden ? '-' : ''}${column.id}${column.width ? `:${column.width}` : ''}`)
    .join(',');

/** The columns an address names, those the list has (`known`) only, each once; never throws. */
export const parseColumnsParam = (value: string | null, known: readonly string[]): TColumnSetting[] => {
  if (!value) return [];
  const seen = new Set<string>();
  const columns: TColumnSetting[] = [];
  for (const part of value.split(',')) {
    const match = /^(-?)([A-Za-z][A-Za-z0-9_.]*)(?::(\d{1,4}))?$/.exec(part.trim());
    if (!match) continue;
    const [, minus, id, width] = match;
    if (!known.includes(id) || seen.has(id)) continue;
    seen.add(id);
    const setting: TColumnSetting = { id };
    const pixels = Number(width);
    if (width && pixels >= minColumnWidth && pixels <= maxColumnWidth) setting.width = pixels;
    if (minus) setting.hidden = true;
    columns.push(setting);
  }
  return columns;
};

/**
 * Every column of a list in the order shown, from the view's settings over the described order:
 * the columns a view names first in its order, the others after in theirs, shown.
 */
export const arrangeColumns = (
  settings: readonly TColumnSetting[],
  known: readonly string[],
): TColumnSetting[] => {
  const named = settings.filter((setting) => known.includes(setting.id));
  const rest: TColumnSetting[] = known
    .filter((id) => !named.some((setting) => setting.id === id))
    .map((id) => ({ id }));
  return [...named, ...rest];
};

/**
 * The ids of the columns a list's address (`columns=`) shows, in order, hidden ones left out and
 * widths ignored: what the grid shows for that address (`parseColumnsParam` then `arrangeColumns`),
 * and so what its export holds (issue 26). `extra`: ids beyond the list's own that a caller of the
 * API may name (a declared export's columns); each is kept where it is named, never added otherwise.
 */
export const shownColumnIds = (
  value: string | null,
  known: readonly string[],
  extra: readonly string[] = [],
): string[] => {
  const settings = parseColumnsParam(value, [...known, ...extra]);
  const namedExtra = extra.filter(
    (id) => !known.includes(id) && settings.some((setting) => setting.id === id),
  );
  return arrangeColumns(settings, [...known, ...namedExtra])
    .filter((setting) => !setting.hidden)
    .map((setting) => setting.id);
};

/** Whether settings say nothing beyond the list's own columns (all shown, described order, no width). */
export const isDefaultArrangement = (settings: readonly TColumnSetting[], known: readonly string[]) =>
  arrangeColumns(settings, known).every(
    (setting, index) => setting.id === known[index] && !setting.hidden && !setting.width,
  );
