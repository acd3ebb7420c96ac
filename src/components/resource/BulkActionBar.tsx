import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { showToast } from '@/components/feedback/toasts';
import { failureMessage } from '@/components/form/saveFailure';
import { Icon } from '@/components/Icon';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { iconButton, secondaryButton } from '@/components/ui';
import { areaByName } from '@/domain/areas';
import { bulkMaxRows, type TBulkAction } from '@/domain/bulkActions';
import { hasPermission } from '@/domain/permissions';
import { permissionFor, type TResourceDefinition } from '@/domain/resource';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TResourceRow } from '@/platform/api/resources';
import { browserNetworkInfo, canPrefetch } from '@/platform/prefetch';
import { useSession } from '@/platform/session';
import { exportSelectedRows, type TExportFormat } from './bulk/bulkRequests';
import type { TListView } from './listAddress';
import type { TClientResource } from './resourceArea';

const loadBulkActionDialog = () => import('./bulk/BulkActionDialog');
// Its form, zod and fields load when an action is opened (issue 38), or on hover or focus of one.
const BulkActionDialog = lazy(loadBulkActionDialog);
const prefetchDialog = () => {
  if (canPrefetch(browserNetworkInfo())) loadBulkActionDialog().catch(() => {});
};
const BulkPrintSheet = lazy(() => import('./BulkPrintSheet'));

/**
 * The bar over a list while rows are selected (issue 26): how many, the area's bulk actions the user
 * may take (each a small dialog, then the result per row), the selection's export and its printed
 * summaries, and clearing it. The actions are in the palette too while rows are selected.
 */
export const BulkActionBar = ({
  definition,
  selected,
  view,
  exportFormats,
  printSelection,
  fileName,
  onClear,
  onChanged,
}: {
  definition: TResourceDefinition & { routeBase: string };
  selected: TResourceRow[];
  view: TListView;
  exportFormats?: readonly TExportFormat[];
  /** The area's own papers for the selection (record reports); else the summary sheet. */
  printSelection?: TClientResource['printSelection'];
  fileName: string;
  onClear: () => void;
  /** Rows were written: the list reads its page again. */
  onChanged: () => void;
}) => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  const [open, setOpen] = useState<TBulkAction | null>(null);
  const [printing, setPrinting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const count = selected.length;
  const tooMany = count > bulkMaxRows;
  const actions = useMemo(
    () =>
      (areaByName(definition.name)?.bulkActions ?? []).filter((action) =>
        hasPermission(user, permissionFor(definition, action.permission)),
      ),
    [definition, user],
  );

  const exportSelection = useCallback(
    async (format: TExportFormat) => {
      setExporting(true);
      try {
        await exportSelectedRows(definition, selected, view, format, fileName);
      } catch (error) {
        showToast(`${LL.list.exportFailed()} ${failureMessage(error, LL)}`, 'error');
      } finally {
        setExporting(false);
      }
    },
    [selected, view, definition, fileName, LL],
  );
  const print = useCallback(() => setPrinting(true), []);
  const SelectionPrint = useMemo(() => (printSelection ? lazy(printSelection) : null), [printSelection]);
  // What the print gives: the area's record reports, or the list's summaries.
  const printLabel = printSelection ? LL.bulk.printReports() : LL.bulk.printSelection();

  const commands = useMemo<TCommand[]>(
    () =>
      count === 0 || tooMany
        ? []
        : [
            ...actions.map(
              (action): TCommand => ({
                id: `bulk-${action.name}`,
                title: LL.bulk.command({ action: action.title(LL), count }),
                kind: 'action',
                icon: action.icon,
                perform: () => setOpen(action),
              }),
            ),
            ...(exportFormats?.includes('xlsx')
              ? [
                  {
                    id: 'bulk-export',
                    title: LL.bulk.command({ action: LL.bulk.exportSelection(), count }),
                    kind: 'action' as const,
                    icon: 'download',
                    perform: () => void exportSelection('xlsx'),
                  },
                ]
              : []),
            {
              id: 'bulk-print',
              title: LL.bulk.command({ action: printLabel, count }),
              kind: 'action',
              icon: 'printer',
              perform: print,
            },
          ],
    [actions, count, tooMany, LL, exportFormats, exportSelection, print, printLabel],
  );
  useRegisterCommands(commands);

  return (
    <>
      {count === 0 ? null : (
        <section
          aria-label={LL.bulk.toolbar()}
          data-bulk-bar
          className="mb-2 flex flex-wrap items-center gap-2 rounded-lg border border-primary-300 bg-primary-50 px-3 py-2 text-sm dark:border-primary-700 dark:bg-primary-950"
        >
          <strong className="font-semibold text-primary-900 dark:text-primary-100" aria-live="polite">
            {LL.bulk.selected({ count })}
          </strong>
          <button
            type="button"
            className={iconButton}
            aria-label={LL.bulk.clear()}
            title={`${LL.bulk.clear()} (Esc)`}
            onClick={onClear}
          >
            <Icon name="close" className="size-4" />
          </button>
          {tooMany ? (
            <span className="text-error">{LL.bulk.tooMany({ max: bulkMaxRows, count })}</span>
          ) : (
            <>
              {actions.map((action) => (
                <button
                  key={action.name}
                  type="button"
                  data-bulk-action={action.name}
                  className={`${secondaryButton} py-1 text-xs`}
                  onPointerEnter={prefetchDialog}
                  onFocus={prefetchDialog}
                  onClick={() => setOpen(action)}
                >
                  <Icon name={action.icon} className="size-4" />
                  {action.title(LL)}
                </button>
              ))}
              {exportFormats?.map((format) => (
                <button
                  key={format}
                  type="button"
                  className={`${secondaryButton} py-1 text-xs`}
                  disabled={exporting}
                  aria-busy={exporting}
                  onClick={() => void exportSelection(format)}
                >
                  <Icon name="download" className="size-4" />
                  {LL.bulk.exportSelection()} ({format === 'xlsx' ? 'Excel' : 'CSV'})
                </button>
              ))}
              <button type="button" className={`${secondaryButton} py-1 text-xs`} onClick={print}>
                <Icon name="printer" className="size-4" />
                {printLabel}
              </button>
            </>
          )}
          <span className="ml-auto hidden text-slate-600 text-xs 2xl:inline dark:text-slate-300">
            {LL.bulk.keyboardHint()}
          </span>
        </section>
      )}
      {/* Kept while its result shows, whatever the selection becomes as the list reads its rows again. */}
      {open ? (
        <Suspense fallback={null}>
          <BulkActionDialog
            definition={definition}
            action={open}
            selected={selected}
            onClose={(ran) => {
              setOpen(null);
              // What was run is done with: the selection goes (the rows read again are the new ones).
              if (ran) onClear();
            }}
            onChanged={onChanged}
          />
        </Suspense>
      ) : null}
      {printing ? (
        <Suspense fallback={null}>
          {SelectionPrint ? (
            <SelectionPrint ids={selected.map((row) => row.id)} onDone={() => setPrinting(false)} />
          ) : (
            <BulkPrintSheet definition={definition} rows={selected} onDone={() => setPrinting(false)} />
          )}
        </Suspense>
      ) : null}
    </>
  );
};
