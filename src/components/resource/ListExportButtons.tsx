import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { showToast } from '@/components/feedback/toasts';
import { failureMessage } from '@/components/form/saveFailure';
import { Icon } from '@/components/Icon';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { secondaryButton } from '@/components/ui';
import type { TResourceDefinition } from '@/domain/resource';
import { useI18nContext } from '@/i18n/i18n-react';
import { downloadFile } from '@/platform/api/saveBlob';
import type { TListView } from './listAddress';

type TExportFormat = 'xlsx' | 'csv';

/** Every list the resource engine serves has its export (issue 26): both files unless it says. */
export const defaultExportFormats: readonly TExportFormat[] = ['xlsx', 'csv'];

/**
 * The query of `GET {apiBase}/export`: what the list shows now (search, sort, filters), every page,
 * and the view's columns when the address names them (`columns=`, ids in order, hidden ones left out).
 */
const exportQuery = (
  view: TListView,
  fixedFilters: Record<string, string>,
  format: TExportFormat,
  columns: string | null,
) => {
  const query: Record<string, string | number> = { format, search: view.search, order: view.order };
  if (view.sort) query.sort = view.sort;
  if (columns) query.columns = columns;
  for (const [key, value] of Object.entries({ ...view.filters, ...fixedFilters })) {
    if (value !== null && value !== '') query[key] = value;
  }
  return query;
};

/** 'Export to Excel' and 'Export to CSV' of a list: the filtered rows as a file, also from the palette. */
export const ListExportButtons = ({
  definition,
  formats,
  view,
  fixedFilters,
  fileName,
}: {
  definition: Pick<TResourceDefinition, 'apiBase'>;
  formats: readonly TExportFormat[];
  view: TListView;
  fixedFilters: Record<string, string>;
  fileName: string;
}) => {
  const { LL } = useI18nContext();
  const [busy, setBusy] = useState<TExportFormat | null>(null);
  const [params] = useSearchParams();
  const columns = params.get('columns');
  const labels = useMemo<Record<TExportFormat, string>>(
    () => ({ xlsx: LL.list.exportXlsx(), csv: LL.list.exportCsv() }),
    [LL],
  );

  const download = useCallback(
    async (format: TExportFormat) => {
      setBusy(format);
      try {
        // Saved under the server's name; ours only if it gives none.
        await downloadFile(
          `${definition.apiBase}/export`,
          `${fileName}-${new Date().toISOString().slice(0, 10)}.${format}`,
          { query: exportQuery(view, fixedFilters, format, columns) },
        );
      } catch (error) {
        showToast(`${LL.list.exportFailed()} ${failureMessage(error, LL)}`, 'error');
      } finally {
        setBusy(null);
      }
    },
    [definition.apiBase, view, fixedFilters, fileName, columns, LL],
  );

  const commands = useMemo<TCommand[]>(
    () =>
      formats.map((format) => ({
        id: `export-${format}`,
        title: labels[format],
        kind: 'action',
        icon: 'download',
        perform: () => void download(format),
      })),
    [formats, labels, download],
  );
  useRegisterCommands(commands);

  return (
    <span className="flex items-center gap-2">
      {formats.map((format) => (
        <button
          key={format}
          type="button"
          className={`${secondaryButton} py-1 text-xs`}
          disabled={busy !== null}
          aria-busy={busy === format}
          onClick={() => void download(format)}
        >
          <Icon name="download" className="size-4" />
          {busy === format ? LL.list.exporting() : labels[format]}
        </button>
      ))}
    </span>
  );
};
