import { z } from 'zod';
import { maxPageSize } from './constants';

/** Sort direction of a paged list (DESIGN.md section 3). */
export const ZSortOrder = z.enum(['asc', 'desc']);
export type TSortOrder = z.infer<typeof ZSortOrder>;

/**
 * The paged query every list route accepts (DESIGN.md section 3); each resource extends it with its
 * filter keys. Numbers are coerced because they arrive in the query string.
 */
export const ZListQueryBase = z.object({
  page: z.coerce.number().int().min(1),
  // The client sends the total for 'all'; the server still caps one page.
  take: z.coerce.number().int().min(1).max(maxPageSize),
  search: z
    .string()
    .trim()
    .max(200)
    .refine((value) => !value.includes('\u0000'))
    .default(''),
  sort: z.string().trim().max(100).optional(),
  order: ZSortOrder.default('asc'),
});
export type TListQueryBase = z.infer<typeof ZListQueryBase>;

export type { TListPage, TListQuery } from '../machines/listQuery';
