/**
 * What the list loader machine fetches with and gets back. Plain types beside the machine;
 * `src/domain/listQuery.ts` re-exports them next to the paged query's zod schema.
 */

/** What the client's list (AG Grid datasource) asks for; a null filter is sent empty (spec section 7). */
export type TListQuery = {
  page: number;
  take: number;
  search: string;
  sort: string;
  order: 'asc' | 'desc';
  filters: Record<string, string | number | null>;
};

/**
 * One page of a list as the client uses it: the rows and the total (`paginateMeta.itemCount`);
 * `totalExact: false` when the total is the server's estimate (a list above 10,000 rows, issue 26).
 */
export type TListPage<TRow> = { data: TRow[]; itemCount: number; totalExact?: boolean };
