import { useCallback } from 'react';
import type { TBulkAction, TBulkRowResult } from '@/domain/bulkActions';
import type { TResourceDefinition } from '@/domain/resource';
import { translate } from '@/domain/translate';
import { api } from '@/platform/api/client';
import type { TResourceRow } from '@/platform/api/resources';
import { downloadFile } from '@/platform/api/saveBlob';
import { useRouteLocale } from '@/platform/useRouteLocale';
import type { TListView } from '../listAddress';

export type TExportFormat = 'xlsx' | 'csv';

/** A record's name in the reader's language, as its list and breadcrumbs call it. */
export const useRecordName = (definition: Pick<TResourceDefinition, 'titleOf'>) => {
  const locale = useRouteLocale();
  return useCallback(
    (row: TResourceRow | undefined, id: number) => {
      const title = row ? translate(definition.titleOf(row) as never, locale) : '';
      return title || String(row?.code ?? `#${id}`);
    },
    [definition, locale],
  );
};

/** Runs a bulk action on the selected rows (each with its version when it has one): the result per row. */
export const runBulkAction = async (
  definition: Pick<TResourceDefinition, 'apiBase'>,
  action: TBulkAction,
  selected: TResourceRow[],
  value: unknown,
): Promise<TBulkRowResult[]> => {
  const { data } = await api<{ data: TBulkRowResult[] }>(`${definition.apiBase}/bulk/${action.name}`, {
    method: 'POST',
    body: {
      ids: selected.map((row) =>
        typeof row.version === 'number' ? { id: row.id, version: row.version } : row.id,
      ),
      [action.field.key]: value,
    },
  });
  return data;
};

/** Downloads the selected rows in the list's order and columns. */
export const exportSelectedRows = (
  definition: Pick<TResourceDefinition, 'apiBase'>,
  selected: TResourceRow[],
  view: Pick<TListView, 'sort' | 'order'>,
  format: TExportFormat,
  fileName: string,
) => {
  const query: Record<string, string> = {
    format,
    ids: selected.map((row) => row.id).join(','),
    order: view.order,
  };
  if (view.sort) query.sort = view.sort;
  // The view's columns, as the list's own export takes them from the address.
  const columns = new URLSearchParams(window.location.search).get('columns');
  if (columns) query.columns = columns;
  return downloadFile(
    `${definition.apiBase}/export`,
    `${fileName}-${new Date().toISOString().slice(0, 10)}.${format}`,
    { query },
  );
};
