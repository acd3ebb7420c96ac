import type { TListPage, TListQuery } from '@/domain/listQuery';
import type { TResourceDefinition } from '@/domain/resource';
import { api, apiRead } from './client';

/** A row as the resource routes answer it: at least an id and a version. */
export type TResourceRow = Record<string, unknown> & { id: number; version: number };
export type TLookupOption = { id: number; code: string | null; name: unknown };
type TPaged = { data: TResourceRow[]; paginateMeta: { itemCount: number; totalExact?: boolean } };

/**
 * `GET /{resource}?page&take&search&sort&order&{filters}` (spec section 7 'Paged lists'): null
 * filters are sent empty; a failure shows the error catalogue's view (offline, 403, 404, 500...).
 */
export const fetchResourcePage = async (
  definition: Pick<TResourceDefinition, 'apiBase' | 'searchRoute'>,
  query: TListQuery,
  signal?: AbortSignal,
): Promise<TListPage<TResourceRow>> => {
  const params: Record<string, string | number> = {
    page: query.page,
    take: query.take,
    search: query.search,
    order: query.order,
  };
  if (query.sort) params.sort = query.sort;
  for (const [key, value] of Object.entries(query.filters)) params[key] = value ?? '';
  // A resource with the spec's own search call searches through it (`/roles/search?roleName=`).
  const searchRoute = query.search ? definition.searchRoute : undefined;
  if (searchRoute) {
    params[searchRoute.param] = query.search;
    delete params.search;
  }
  const path = searchRoute ? `${definition.apiBase}/${searchRoute.path}` : definition.apiBase;
  const response = await api<TPaged>(path, { query: params, signal });
  return {
    data: response.data,
    itemCount: response.paginateMeta.itemCount,
    totalExact: response.paginateMeta.totalExact !== false,
  };
};

export const createResource = (definition: Pick<TResourceDefinition, 'apiBase'>, body: unknown) =>
  api<{ data: TResourceRow }>(definition.apiBase, {
    method: 'POST',
    body: body as Record<string, unknown>,
  }).then((r) => r.data);

export const updateResource = (
  definition: Pick<TResourceDefinition, 'apiBase' | 'updateMethod'>,
  id: number,
  body: Record<string, unknown> & { version: number },
) =>
  api<{ data: TResourceRow }>(`${definition.apiBase}/${id}`, {
    method: definition.updateMethod ?? 'PATCH',
    body,
  }).then((r) => r.data);

export const deleteResource = (definition: Pick<TResourceDefinition, 'apiBase'>, id: number) =>
  api<{ data: TResourceRow }>(`${definition.apiBase}/${id}`, { method: 'DELETE' });

/** Options of a picker or filter; an empty list when the call fails (logged only). */
export const fetchLookup = async (path: string, query: Record<string, string | number> = {}) =>
  (await apiRead<{ data: TLookupOption[] }>(path, { query }))?.data ?? [];
