import type { GridApi } from 'ag-grid-community';
import { lazy, Suspense, useCallback, useMemo, useRef } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { AppLink } from '@/components/AppLink';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { inputClass, labelClass } from '@/components/form/fieldStyles';
import { Icon } from '@/components/Icon';
import { kbd, primaryButton, secondaryButton } from '@/components/ui';
import { groupedNumber } from '@/domain/groupedNumber';
import type { TListRow } from '@/machines/listViewTypes';
import { saveListPreference } from '@/platform/api/savedViews';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { areaBreadcrumbs } from './areaBreadcrumbs';
import { BulkActionBar } from './BulkActionBar';
import { ColumnChooser } from './ColumnChooser';
import { defaultExportFormats, ListExportButtons } from './ListExportButtons';
import { ListFilters } from './list/ListFilters';
import { ListPager } from './list/ListPager';
import { ListStatus } from './list/ListStatus';
import { useListFocus } from './list/useListFocus';
import { useListHeader } from './list/useListHeader';
import { isNarrowed } from './listAddress';
import type { TClientResource } from './resourceArea';
import { SavedViewsMenu } from './savedViews/SavedViewsMenu';
import { type TListVariant, useListController } from './useListController';
import { useResourceText } from './useResourceText';
import { useRowSelection } from './useRowSelection';

export type { TListVariant } from './useListController';

const ResourceGrid = lazy(() => import('./ResourceGrid'));

/** Up to this many rows on a page, the grid is as tall as its rows: ten rows fit on any screen. */
const shortPageRows = 10;
const skeleton = <div className="h-full animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />;

/**
 * The list page of any described resource, a layout (issue 38): what it shows and when, the
 * address, the rows' requests, the selection and the focus are the list view machine's
 * (`useListController`); this draws them and sends what the person does.
 */
export const ResourceListPage = ({
  resource,
  variant,
}: {
  resource: TClientResource;
  variant?: TListVariant;
}) => {
  const { definition } = resource;
  const text = useResourceText(variant?.name ?? definition.name);
  const { LL, labelOf, optionLabel } = text;
  const locale = useRouteLocale();
  const list = useListController(resource, variant);
  const { view, total, board, boardShown, status, listKey, send } = list;
  const aboutTotal = list.totalExact ? null : groupedNumber(total ?? 0);
  const gridApi = useRef<GridApi | null>(null);
  const gridBox = useRef<HTMLDivElement>(null);
  const boardBox = useRef<HTMLDivElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const rowSelection = useRowSelection(list);
  const focus = useListFocus({
    controller: list,
    firstColumn: definition.columns[0]?.key,
    gridApi,
    gridBox,
    boardBox,
    searchInput,
  });
  const header = useListHeader({ resource, variant, text, controller: list, onSwitched: focus.switched });
  useHotkeys('/', () => searchInput.current?.focus(), { useKey: true, preventDefault: true });

  // A short page (ten rows or fewer: one row found, the last page) is as tall as its rows, so the
  // pager sits right under them; longer pages and 'All' fill the screen and scroll inside the grid.
  const rowsOnPage =
    view.length === -1
      ? null
      : total === null
        ? view.length
        : Math.max(0, Math.min(view.length, total - (view.page - 1) * view.length));
  const compact = rowsOnPage !== null && rowsOnPage <= shortPageRows;
  const empty = status.loaded && total === 0;
  const narrowed = isNarrowed(view);
  const exportFormats = resource.exportFormats ?? defaultExportFormats;
  const fileName = variant?.name ?? definition.name;
  const clearButton = (
    <button
      type="button"
      className={secondaryButton}
      onClick={() => list.change({ search: '', filters: {}, page: 1 })}
    >
      {LL.list.clearFilters()}
    </button>
  );
  // Stable: the board reports its count from an effect that depends on them.
  const boardOpen = useCallback((row: TListRow) => send({ type: 'OPEN_ROW', row, how: 'pointer' }), [send]);
  const boardTotal = useCallback((count: number | null) => send({ type: 'TOTAL', total: count }), [send]);
  const columnLabel = useMemo(
    () => (key: string) => labelOf(definition.columns.find((column) => column.key === key)?.label ?? key),
    [definition, labelOf],
  );

  return (
    <div
      className={`mx-auto flex max-w-7xl flex-col px-4 py-4 sm:px-6 ${
        compact ? 'min-h-[calc(100vh-3.5rem)]' : 'h-[calc(100vh-3.5rem)] min-h-[36rem]'
      }`}
    >
      <Breadcrumbs
        label={LL.layout.breadcrumb()}
        items={[...areaBreadcrumbs(LL, locale, resource.area), { text: text.many }]}
      />
      {header.bar}

      {listKey ? (
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <SavedViewsMenu controller={list} list={listKey} />
          {boardShown ? null : (
            <ColumnChooser
              columnKeys={list.columnKeys}
              columns={view.columns ?? []}
              labelOf={columnLabel}
              widthOf={(key) => gridApi.current?.getColumn(key)?.getActualWidth()}
              onChange={(columns) => list.change({ columns })}
            />
          )}
        </div>
      ) : null}

      <div className="mb-3 flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <label htmlFor="list-search" className={`${labelClass} text-xs`}>
            {LL.list.searchLabel({ things: text.many })}
          </label>
          <div className="relative">
            <Icon
              name="search"
              className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-400"
            />
            <input
              ref={searchInput}
              id="list-search"
              type="search"
              className={`${inputClass(false)} pr-8 pl-9`}
              placeholder={LL.list.search()}
              value={list.draft}
              autoComplete="off"
              onChange={(event) => {
                focus.typed();
                send({ type: 'TYPE', text: event.target.value });
              }}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown') {
                  event.preventDefault();
                  focus.arrowDown();
                }
                if (event.key === 'Enter') send({ type: 'SUBMIT_SEARCH' });
              }}
            />
            <kbd className={`${kbd} absolute top-2 right-2`}>/</kbd>
          </div>
        </div>
        <ListFilters
          filters={list.shownFilters}
          view={view}
          text={text}
          onChange={(filters) => list.change({ filters, page: 1 })}
        />
        {narrowed ? clearButton : null}
      </div>

      <ListStatus LL={LL} controller={list} aboutTotal={aboutTotal} canCreate={header.canCreate}>
        {total ? (
          <ListExportButtons
            definition={definition}
            formats={exportFormats}
            view={view}
            fixedFilters={list.fixedFilters}
            fileName={fileName}
          />
        ) : null}
      </ListStatus>

      {boardShown ? null : (
        <BulkActionBar
          definition={definition}
          selected={rowSelection.selected}
          view={view}
          exportFormats={exportFormats}
          printSelection={resource.printSelection}
          fileName={fileName}
          onClear={rowSelection.clear}
          onChanged={() => gridApi.current?.refreshInfiniteCache()}
        />
      )}
      {board && boardShown ? (
        <div ref={boardBox} className="min-h-72 flex-1">
          <board.Board
            view={view}
            fixedFilters={list.fixedFilters}
            retryKey={list.retryKey}
            onOpen={boardOpen}
            onTotal={boardTotal}
          />
        </div>
      ) : (
        <>
          <div
            ref={gridBox}
            className={`relative overflow-hidden rounded-lg ${compact ? (empty ? 'min-h-56' : '') : 'min-h-72 flex-1'}`}
          >
            <Suspense fallback={skeleton}>
              {status.waitingForPreferences ? (
                skeleton
              ) : (
                <ResourceGrid
                  key={list.retryKey}
                  definition={definition}
                  view={view}
                  answer={list.answer}
                  onBlock={list.requestBlock}
                  locale={locale}
                  labelOf={labelOf}
                  optionLabel={optionLabel}
                  ariaLabel={text.many}
                  shortPageRows={compact ? rowsOnPage : null}
                  selection={rowSelection.selection}
                  onSortChange={(sort, order) => {
                    if (sort !== view.sort || order !== view.order) list.change({ sort, order, page: 1 });
                  }}
                  onOpen={(row, how) => send({ type: 'OPEN_ROW', row, how })}
                  onGridReady={(api) => {
                    gridApi.current = api;
                    rowSelection.setApi(api);
                  }}
                  columns={view.columns}
                  onColumnsChange={(columns) => list.change({ columns })}
                />
              )}
            </Suspense>
            {empty ? (
              <div className="absolute inset-x-0 top-11 bottom-0 flex flex-col items-center justify-center gap-3 bg-white/90 text-center dark:bg-slate-900/90">
                <Icon name={narrowed ? 'search' : 'info'} className="size-8 text-slate-400" />
                <p className="text-slate-600 dark:text-slate-300">
                  {narrowed
                    ? LL.list.emptyFiltered({ things: text.many })
                    : LL.list.empty({ things: text.many })}
                </p>
                {narrowed ? (
                  clearButton
                ) : header.canCreate ? (
                  <AppLink to={header.createPath} state={list.backState} className={primaryButton}>
                    {LL.list.createThing({ thing: text.one })}
                  </AppLink>
                ) : null}
              </div>
            ) : null}
          </div>
          <ListPager
            LL={LL}
            view={view}
            total={total}
            aboutTotal={aboutTotal}
            onLength={(length) => {
              list.change({ length, page: 1 });
              // Remembered for the next time this list opens without rows per page (issue 26).
              if (listKey) saveListPreference(listKey, { take: length }).catch(() => undefined);
            }}
            onPage={(page) => list.change({ page })}
          />
        </>
      )}
    </div>
  );
};
