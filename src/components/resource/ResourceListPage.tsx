import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { GridApi } from 'ag-grid-community';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { useNavigate, useSearchParams } from 'react-router';
import { fromPromise } from 'xstate';
import { AppLink } from '@/components/AppLink';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { inputClass, labelClass } from '@/components/form/fieldStyles';
import { Icon } from '@/components/Icon';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { createKeywords, listDestination } from '@/components/palette/destinations';
import { useRecentDestination } from '@/components/palette/useRecentDestination';
import { iconButton, kbd, primaryButton, secondaryButton } from '@/components/ui';
import { areaByName } from '@/domain/areas';
import { areaDuplicatesPath, areaMergePermission } from '@/domain/areas/area';
import { rowsPerPageOptions } from '@/domain/constants';
import { groupedNumber } from '@/domain/groupedNumber';
import type { TListQuery } from '@/domain/listQuery';
import { hasPermission } from '@/domain/permissions';
import { permissionFor } from '@/domain/resource';
import { listLoaderMachine } from '@/machines/listLoader.machine';
import { fetchResourcePage, type TResourceRow } from '@/platform/api/resources';
import { saveListPreference } from '@/platform/api/savedViews';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useMediaQuery } from '@/platform/useMediaQuery';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { useClientSettings } from '@/platform/useSetup';
import { areaBreadcrumbs } from './areaBreadcrumbs';
import { BulkActionBar } from './BulkActionBar';
import { ColumnChooser } from './ColumnChooser';
import { DateRangeFilter } from './DateRangeFilter';
import { defaultExportFormats, ListExportButtons } from './ListExportButtons';
import { LookupFilter } from './LookupFilter';
import { isNarrowed, listViewParams, parseListView, type TListView } from './listAddress';
import type { TClientResource } from './resourceArea';
import { SavedViewsMenu } from './SavedViewsMenu';
import { openedView, type TListShape } from './savedViewAddress';
import { useListViews } from './useListViews';
import { useResourceText } from './useResourceText';
import { useRowSelection } from './useRowSelection';

const ResourceGrid = lazy(() => import('./ResourceGrid'));

/** What a result answers: its search and filters. */
const resultKey = (search: string, filters: unknown) => JSON.stringify([search, filters]);

const searchDebounceMs = 300;
/** The 'sm' breakpoint: narrower, the filters fold behind a 'Filters' button. */
const foldFiltersBelowPx = 960;
/** Up to this many rows on a page, the grid is as tall as its rows: ten rows fit on any screen. */
const shortPageRows = 10;

/**
 * A second list of a resource's records under its own route and title (`/can-adopt-child`): the
 * filters it always applies are hidden from its filter bar; it creates nothing.
 */
export type TListVariant = { name: string; path: string; fixedFilters: Record<string, string> };

const noFixedFilters: Record<string, string> = {};

/** The list page of any described resource: search, filters, server-paged grid, pages in the address. */
export const ResourceListPage = ({
  resource,
  variant,
}: {
  resource: TClientResource;
  variant?: TListVariant;
}) => {
  const { definition, area } = resource;
  const text = useResourceText(variant?.name ?? definition.name);
  const { LL, labelOf, optionLabel } = text;
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const { user } = useSession();
  const canCreate =
    !variant &&
    !definition.readOnly &&
    hasPermission(user, permissionFor(definition, 'write')) &&
    (!resource.pagePermission || hasPermission(user, resource.pagePermission));
  // Issue 35: the area's possible duplicates, for those who may merge them.
  const reviewedArea = variant ? undefined : areaByName(definition.name);
  const duplicatesPath =
    reviewedArea?.duplicateReview && hasPermission(user, areaMergePermission(reviewedArea))
      ? localizedPath(locale, areaDuplicatesPath(reviewedArea))
      : null;
  const fixedFilters = variant?.fixedFilters ?? noFixedFilters;
  const shownFilters = useMemo(
    () => definition.filters.filter((filter) => filter.kind !== 'id' && !(filter.key in fixedFilters)),
    [definition, fixedFilters],
  );
  const filterKeys = useMemo(() => shownFilters.map((filter) => filter.key), [shownFilters]);
  const [params, setParams] = useSearchParams();
  const { defaultRowsPerPage: settingsRowsPerPage } = useClientSettings();
  // Saved views and the user's rows per page of this list (issue 26); a variant list has none.
  const listKey = variant ? null : definition.name;
  const { remote: listViews, changed: viewsChanged } = useListViews(listKey);
  const preference = listViews.state === 'ready' ? listViews.data?.preference : undefined;
  const defaultRowsPerPage = preference?.take ?? settingsRowsPerPage;
  const columnKeys = useMemo(() => definition.columns.map((column) => column.key), [definition]);
  const shape = useMemo<TListShape>(
    () => ({ filterKeys, columnKeys, defaultLength: defaultRowsPerPage }),
    [filterKeys, columnKeys, defaultRowsPerPage],
  );
  // Opened without rows per page in the address: the user's own choice is asked first.
  const waitingForPreferences = listKey !== null && !params.has('length') && listViews.state === 'loading';
  const view = useMemo(
    () => parseListView(params, filterKeys, defaultRowsPerPage, columnKeys),
    [params, filterKeys, defaultRowsPerPage, columnKeys],
  );
  const [total, setTotal] = useState<number | null>(null);
  /** False while the total is the server's estimate (a list above 10,000 rows): shown 'about …'. */
  const [totalExact, setTotalExact] = useState(true);
  const gridTotal = useCallback((count: number, exact: boolean) => {
    setTotal(count);
    setTotalExact(exact);
  }, []);
  const aboutTotal = totalExact ? null : groupedNumber(total ?? 0);
  const [retryKey, setRetryKey] = useState(0);
  const gridApi = useRef<GridApi | null>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const [searchText, setSearchText] = useState(view.search);
  // Rows selected for a bulk action (issue 26): those on screen, so another page or result clears them.
  const rowSelection = useRowSelection();
  const clearSelection = rowSelection.clear;
  const shownKey = JSON.stringify([view.page, view.length, view.search, view.filters, view.sort, view.order]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears when what is shown changes
  useEffect(() => clearSelection(), [shownKey, clearSelection]);

  const loader = useActorRef(
    listLoaderMachine.provide({
      actors: {
        fetchPage: fromPromise<{ data: unknown[]; itemCount: number }, { query: TListQuery }>(
          ({ input, signal }) =>
            fetchResourcePage(
              definition,
              { ...input.query, filters: { ...input.query.filters, ...fixedFilters } },
              signal,
            ),
        ),
      },
    }),
  );
  // What the rows on screen answer (search and filters of the last loaded result): a row of an
  // older result is not opened from the keyboard while a newer search is typed or loading.
  const answered = useRef<string | null>(null);
  const gridBox = useRef<HTMLDivElement>(null);
  const boardBox = useRef<HTMLDivElement>(null);
  // The result (search and filters) whose first row takes the focus once it has answered: named when
  // ArrowDown is pressed, so an older page answering before the address has the new search (the
  // first page of a list just opened) does not take the focus instead (issue 26's keyboard flake).
  const focusWhenAnswered = useRef<string | null>(null);
  const status = useSelector(loader, (snapshot) => ({
    loading: snapshot.matches('loading'),
    failed: snapshot.matches('failed'),
    cancelled: snapshot.matches('cancelled'),
    loaded: snapshot.matches('loaded'),
    message: snapshot.context.loadingMessage,
  }));

  // The list's other view (a board), kept in the address with the search and filters.
  const board = variant ? undefined : resource.listBoard;
  const boardShown = board !== undefined && params.get('view') === board.key;
  // A change starts from the address as it is now, not as this render read it: two changes made
  // before the page re-renders (a sort, then at once the rows per page) must not undo the first.
  // A change asked and not yet in the address (the router commits it a moment later): the first
  // visit's defaults must not be written over it from the address as it was.
  const changePending = useRef(false);
  const update = useCallback(
    (changes: Partial<TListView>, replace = false) => {
      changePending.current = true;
      const now = new URLSearchParams(window.location.search);
      const current = parseListView(now, filterKeys, defaultRowsPerPage, columnKeys);
      const shown = board !== undefined && now.get('view') === board.key;
      setParams(
        { ...listViewParams({ ...current, ...changes }), ...(shown && board ? { view: board.key } : {}) },
        { replace },
      );
    },
    [setParams, filterKeys, defaultRowsPerPage, columnKeys, board],
  );
  const showBoard = useCallback(
    (shown: boolean) => {
      setTotal(null);
      setParams({ ...listViewParams(view), ...(shown && board ? { view: board.key } : {}) });
    },
    [setParams, view, board],
  );
  // Switched from the keyboard: the focus, lost with the view it was in, goes to the new view's first card or row.
  const focusFirstWhenShown = useRef(false);
  useHotkeys(
    'v',
    () => {
      focusFirstWhenShown.current = true;
      showBoard(!boardShown);
    },
    { enabled: board !== undefined, preventDefault: true },
    [showBoard, boardShown],
  );

  // The address always says what is shown (spec section 2): the first visit writes the defaults,
  // or the user's default view when the list is opened without a query (issue 26).
  const defaultView =
    listViews.state === 'ready'
      ? listViews.data?.views.find((saved) => saved.id === preference?.defaultViewId)
      : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is the change committed
  useEffect(() => {
    changePending.current = false;
  }, [params]);
  useEffect(() => {
    if (waitingForPreferences || changePending.current) return;
    // Not over a search typed while the views were read: the user has begun with the list as it is.
    if (params.size === 0 && defaultView && searchText === '') {
      setParams(listViewParams(openedView(defaultView, shape)), { replace: true });
      return;
    }
    if (!params.has('page') || !params.has('length'))
      setParams(
        { ...listViewParams(view), ...(boardShown && board ? { view: board.key } : {}) },
        { replace: true },
      );
  }, [params, setParams, view, boardShown, board, waitingForPreferences, defaultView, shape, searchText]);

  // Typing narrows the list after a pause; the address follows without a history entry per key.
  useEffect(() => {
    if (searchText === view.search) return;
    // A row opened before the pause ends leaves the list: its search must not follow to the record.
    const listPath = window.location.pathname;
    const timer = setTimeout(() => {
      if (window.location.pathname === listPath) update({ search: searchText, page: 1 }, true);
    }, searchDebounceMs);
    return () => clearTimeout(timer);
  }, [searchText, view.search, update]);
  // Back/forward restores the search box too.
  useEffect(() => setSearchText(view.search), [view.search]);

  const createPath = localizedPath(locale, `${definition.routeBase}/create`);
  // The form returns to this very view (page, search, filters) after saving or cancelling.
  const backState = useMemo(() => ({ listSearch: `?${params.toString()}` }), [params]);
  const openRow = useCallback(
    (row: TResourceRow) =>
      // An audit entry is all in its row: there is no page to open.
      definition.recordPage !== 'none' &&
      navigate(
        localizedPath(locale, `${definition.routeBase}/${definition.recordPage ?? 'edit'}/${row.id}`),
        {
          state: backState,
        },
      ),
    [navigate, locale, definition.routeBase, definition.recordPage, backState],
  );
  const openCreate = useCallback(
    () => navigate(createPath, { state: backState }),
    [navigate, createPath, backState],
  );

  useHotkeys('/', () => searchInput.current?.focus(), { useKey: true, preventDefault: true });
  useHotkeys('n', openCreate, { enabled: canCreate, preventDefault: true }, [openCreate]);

  const commands = useMemo<TCommand[]>(
    () =>
      canCreate
        ? [
            {
              id: `create-${definition.name}`,
              title: LL.list.createThing({ thing: text.one }),
              kind: 'action',
              keywords: createKeywords(definition.name),
              icon: 'plus',
              shortcut: ['n'],
              perform: openCreate,
            },
          ]
        : [],
    [canCreate, definition.name, LL, text.one, openCreate],
  );
  useRegisterCommands(commands);
  useRecentDestination(
    listDestination(variant ? { ...definition, name: variant.name, routeBase: variant.path } : definition),
  );

  const pageCount = total === null || view.length === -1 ? 1 : Math.max(1, Math.ceil(total / view.length));
  const from = total ? (view.length === -1 ? 1 : (view.page - 1) * view.length + 1) : 0;
  const to = total ? (view.length === -1 ? total : Math.min(total, view.page * view.length)) : 0;
  const empty = status.loaded && total === 0;
  // A page past the end (rows deleted since the address was copied) shows the last page instead.
  useEffect(() => {
    if (status.loaded && total && view.length !== -1 && view.page > pageCount)
      update({ page: pageCount }, true);
  }, [status.loaded, total, view.length, view.page, pageCount, update]);
  // A short page (ten rows or fewer: one row found, the last page) is as tall as its rows, so the
  // pager sits right under them; longer pages and 'All' fill the screen and scroll inside the grid.
  const rowsOnPage =
    view.length === -1
      ? null
      : total === null
        ? view.length
        : Math.max(0, Math.min(view.length, total - (view.page - 1) * view.length));
  const compact = rowsOnPage !== null && rowsOnPage <= shortPageRows;
  const narrowed = isNarrowed(view);
  const clearButton = (
    <button
      type="button"
      className={secondaryButton}
      onClick={() => {
        setSearchText('');
        update({ search: '', filters: {}, page: 1 });
      }}
    >
      {LL.list.clearFilters()}
    </button>
  );

  // On a narrow screen the filters fold behind one button that says how many are set.
  const foldFilters = !useMediaQuery(`(min-width: ${foldFiltersBelowPx}px)`);
  const filtersSet = shownFilters.filter((filter) => view.filters[filter.key] != null).length;
  // A filter offered only when set (a report's link) shows while it narrows the list.
  const offeredFilters = shownFilters.filter(
    (filter) => !filter.onlyWhenSet || (view.filters[filter.key] != null && view.filters[filter.key] !== ''),
  );
  const filterControls = offeredFilters.map((filter) => {
    const parentKey = filter.lookup?.dependsOn;
    if (filter.kind === 'dateRange')
      return (
        <DateRangeFilter
          key={filter.key}
          filter={filter}
          value={view.filters[filter.key]}
          label={labelOf(filter.label)}
          onChange={(value) => update({ filters: { ...view.filters, [filter.key]: value }, page: 1 })}
        />
      );
    return (
      <LookupFilter
        key={filter.key}
        filter={filter}
        value={view.filters[filter.key]}
        parentValue={parentKey ? view.filters[parentKey] : undefined}
        label={labelOf(filter.label)}
        anyLabel={LL.list.anyOption()}
        optionLabel={
          filter.optionText ? (_key, value) => filter.optionText?.(LL, value) || value : optionLabel
        }
        onChange={(value) => {
          const filters = { ...view.filters, [filter.key]: value };
          // A narrower filter depending on this one no longer applies.
          for (const other of shownFilters) {
            if (other.lookup?.dependsOn === filter.key) filters[other.key] = null;
          }
          update({ filters, page: 1 });
        }}
      />
    );
  });

  const currentResult = resultKey(view.search, view.filters);
  /** The rows shown answer what the search box says and the address asks for. */
  const rowsAreCurrent = () => searchText === view.search && answered.current === currentResult;
  const latest = useRef({ focusNewFirstRow: () => {} });
  useEffect(() => {
    const subscription = loader.subscribe((snapshot) => {
      if (!snapshot.matches('loaded') || !snapshot.context.query) return;
      const { search, filters } = snapshot.context.query;
      answered.current = resultKey(search, filters);
      if (focusWhenAnswered.current !== null && answered.current === focusWhenAnswered.current) {
        focusWhenAnswered.current = null;
        // After the grid has taken the new rows (its own subscriber hands them over).
        window.setTimeout(() => latest.current.focusNewFirstRow(), 0);
      }
    });
    return () => subscription.unsubscribe();
  }, [loader]);
  const openRowIfCurrent = (row: TResourceRow, how: 'pointer' | 'key') => {
    // Enter pressed on a row of the result a new search is replacing: the new rows get the focus.
    if (how === 'key' && !rowsAreCurrent()) return;
    openRow(row);
  };

  const focusFirstRow = () => {
    if (boardShown) {
      document.querySelector<HTMLElement>('[data-board-card]')?.focus();
      return;
    }
    const firstColumn = definition.columns[0]?.key;
    if (!gridApi.current || !firstColumn || !total) return;
    gridApi.current.ensureIndexVisible(0);
    gridApi.current.setFocusedCell(0, firstColumn);
  };
  // The grid draws the rows it was handed a frame or two later (until then its row 0 is a stub
  // without an id: the old rows went when the search changed), and a busy machine takes longer than
  // 30 frames (a browser test lost the focus so): it keeps looking for up to 5 s, unless the person
  // has put the focus elsewhere meanwhile; an empty result gives up.
  const focusNewFirstRow = (
    until = performance.now() + 5000,
    from: Element | null = document.activeElement,
  ) => {
    const api = gridApi.current;
    const firstColumn = definition.columns[0]?.key;
    if (!api || !firstColumn || boardShown || document.activeElement !== from) return;
    if (gridBox.current?.querySelector('.ag-row[row-index="0"][row-id]')) {
      api.ensureIndexVisible(0);
      api.setFocusedCell(0, firstColumn);
    } else if (performance.now() < until) {
      requestAnimationFrame(() => focusNewFirstRow(until, from));
    }
  };
  latest.current = { focusNewFirstRow };
  // The board or the table has answered (a count: the board's cards of a new view replace its
  // skeletons in the same render the view changes, so no older card is there to take the focus).
  // biome-ignore lint/correctness/useExhaustiveDependencies: acts when the view shown has answered
  useEffect(() => {
    if (!focusFirstWhenShown.current || total === null || searchText !== view.search) return;
    const active = document.activeElement;
    const lost = !active || active === document.body;
    if (!boardShown) {
      focusFirstWhenShown.current = false;
      if (lost) focusNewFirstRow();
      return;
    }
    const card = boardBox.current?.querySelector<HTMLElement>('[data-board-card]');
    if (card || total === 0) focusFirstWhenShown.current = false;
    if (card && (lost || active === searchInput.current)) card.focus();
  }, [total, boardShown, searchText, view.search]);

  return (
    <div
      className={`mx-auto flex max-w-7xl flex-col px-4 py-4 sm:px-6 ${
        compact ? 'min-h-[calc(100vh-3.5rem)]' : 'h-[calc(100vh-3.5rem)] min-h-[36rem]'
      }`}
    >
      <Breadcrumbs
        label={LL.layout.breadcrumb()}
        items={[...areaBreadcrumbs(LL, locale, area), { text: text.many }]}
      />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl text-slate-900 dark:text-slate-50">{text.many}</h1>
        {board ? (
          <fieldset className="ml-auto flex items-center gap-1 rounded-lg border border-slate-200 p-1 dark:border-slate-700">
            <legend className="sr-only">{LL.list.viewSwitch()}</legend>
            {[
              { shown: false, label: LL.list.tableView(), icon: 'table' },
              { shown: true, label: board.label(LL), icon: board.icon },
            ].map((option) => (
              <button
                key={String(option.shown)}
                type="button"
                aria-pressed={boardShown === option.shown}
                aria-keyshortcuts="v"
                className="inline-flex items-center gap-1.5 rounded-md px-3 py-1 text-slate-700 text-sm aria-pressed:bg-primary-700 aria-pressed:text-white dark:text-slate-200 dark:aria-pressed:bg-primary-300 dark:aria-pressed:text-slate-950"
                onClick={() => showBoard(option.shown)}
              >
                <Icon name={option.icon} className="size-4" />
                {option.label}
              </button>
            ))}
            <kbd className={`${kbd} mx-1`}>V</kbd>
          </fieldset>
        ) : null}
        {duplicatesPath ? (
          // On a phone the icon alone (its words for screen readers and the pointer): the list keeps its height.
          <AppLink to={duplicatesPath} className={secondaryButton} title={LL.list.possibleDuplicatesLink()}>
            <Icon name="matching" className="size-4" />
            <span className="sr-only sm:not-sr-only">{LL.list.possibleDuplicatesLink()}</span>
          </AppLink>
        ) : null}
        {canCreate ? (
          <AppLink to={createPath} state={backState} className={primaryButton}>
            <Icon name="plus" className="size-4" />
            {LL.list.createThing({ thing: text.one })}
            <kbd className={`${kbd} ml-1 border-white/40 bg-white/10 text-white`}>N</kbd>
          </AppLink>
        ) : null}
      </div>

      {listKey ? (
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <SavedViewsMenu
            list={listKey}
            view={view}
            shape={shape}
            remote={listViews}
            onOpen={(saved) => setParams(listViewParams(openedView(saved, shape)))}
            onChanged={viewsChanged}
          />
          {boardShown ? null : (
            <ColumnChooser
              columnKeys={columnKeys}
              columns={view.columns ?? []}
              labelOf={(key) => {
                const column = definition.columns.find((described) => described.key === key);
                return labelOf(column?.label ?? key);
              }}
              widthOf={(key) => gridApi.current?.getColumn(key)?.getActualWidth()}
              onChange={(columns) => update({ columns })}
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
              value={searchText}
              autoComplete="off"
              onChange={(event) => {
                focusWhenAnswered.current = null;
                focusFirstWhenShown.current = false;
                setSearchText(event.target.value);
              }}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown') {
                  event.preventDefault();
                  if (boardShown ? searchText === view.search : rowsAreCurrent()) focusFirstRow();
                  else {
                    // What is shown answers an older text: search now, go down once it is replaced.
                    if (boardShown) focusFirstWhenShown.current = true;
                    else focusWhenAnswered.current = resultKey(searchText, view.filters);
                    if (searchText !== view.search) update({ search: searchText, page: 1 }, true);
                  }
                }
                if (event.key === 'Enter') update({ search: searchText, page: 1 }, true);
              }}
            />
            <kbd className={`${kbd} absolute top-2 right-2`}>/</kbd>
          </div>
        </div>
        {foldFilters && shownFilters.length > 0 ? (
          <Disclosure>
            <DisclosureButton
              className={`${secondaryButton} data-open:bg-slate-100 dark:data-open:bg-slate-700`}
            >
              <Icon name="filter" className="size-4" />
              {LL.listFilters.toggle()}
              {filtersSet > 0 ? (
                <span className="rounded-full bg-primary-700 px-2 text-white text-xs dark:bg-primary-300 dark:text-slate-950">
                  {LL.listFilters.active({ count: filtersSet })}
                </span>
              ) : null}
            </DisclosureButton>
            <DisclosurePanel className="grid w-full gap-3 [&>div]:min-w-0">{filterControls}</DisclosurePanel>
          </Disclosure>
        ) : (
          filterControls
        )}
        {narrowed ? clearButton : null}
      </div>

      <div className="mb-2 flex min-h-7 items-center gap-3 text-sm" aria-live="polite">
        {status.loading ? (
          <>
            <span className="inline-flex items-center gap-2 text-slate-600 dark:text-slate-300">
              <span className="size-3 animate-spin rounded-full border-2 border-primary-600 border-t-transparent" />
              {status.message ? LL.layout.loading() : null}
            </span>
            <button
              type="button"
              className="rounded px-2 py-0.5 text-primary-700 text-xs hover:underline dark:text-primary-300"
              onClick={() => loader.send({ type: 'CANCEL' })}
            >
              {LL.list.cancel()}
            </button>
          </>
        ) : status.failed || status.cancelled ? (
          <span className="inline-flex items-center gap-2 text-error">
            <Icon name="alert" className="size-4" />
            {status.failed ? LL.list.failed() : LL.list.cancelled()}
            <button type="button" className={secondaryButton} onClick={() => setRetryKey((key) => key + 1)}>
              <Icon name="refresh" className="size-4" />
              {LL.list.retry()}
            </button>
          </span>
        ) : total !== null ? (
          <span className="text-slate-600 dark:text-slate-300">
            {aboutTotal ? LL.list.totalAbout({ total: aboutTotal }) : LL.list.total({ total })}
          </span>
        ) : null}
        <span className="ml-auto hidden text-slate-600 text-xs md:inline dark:text-slate-400">
          {canCreate ? LL.list.keyboardHint() : LL.list.keyboardHintReadOnly()}
        </span>
        {total ? (
          <ListExportButtons
            definition={definition}
            formats={resource.exportFormats ?? defaultExportFormats}
            view={view}
            fixedFilters={fixedFilters}
            fileName={variant?.name ?? definition.name}
          />
        ) : null}
      </div>

      {boardShown ? null : (
        <BulkActionBar
          definition={definition}
          selected={rowSelection.selected}
          view={view}
          exportFormats={resource.exportFormats ?? defaultExportFormats}
          printSelection={resource.printSelection}
          fileName={variant?.name ?? definition.name}
          onClear={clearSelection}
          onChanged={() => gridApi.current?.refreshInfiniteCache()}
        />
      )}
      {board && boardShown ? (
        <div ref={boardBox} className="min-h-72 flex-1">
          <board.Board
            view={view}
            fixedFilters={fixedFilters}
            retryKey={retryKey}
            onOpen={openRow}
            onTotal={setTotal}
          />
        </div>
      ) : (
        <>
          <div
            ref={gridBox}
            className={`relative overflow-hidden rounded-lg ${compact ? (empty ? 'min-h-56' : '') : 'min-h-72 flex-1'}`}
          >
            <Suspense
              fallback={<div className="h-full animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />}
            >
              {waitingForPreferences ? (
                <div className="h-full animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />
              ) : (
                <ResourceGrid
                  key={retryKey}
                  definition={definition}
                  view={view}
                  loader={loader}
                  locale={locale}
                  labelOf={labelOf}
                  optionLabel={optionLabel}
                  ariaLabel={text.many}
                  shortPageRows={compact ? rowsOnPage : null}
                  selection={rowSelection.selection}
                  onSortChange={(sort, order) => {
                    if (sort === view.sort && order === view.order) return;
                    update({ sort, order, page: 1 });
                  }}
                  onOpen={openRowIfCurrent}
                  onTotal={gridTotal}
                  onGridReady={(api) => {
                    gridApi.current = api;
                    rowSelection.setApi(api);
                  }}
                  columns={view.columns}
                  onColumnsChange={(columns) => update({ columns })}
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
                ) : canCreate ? (
                  <AppLink to={createPath} state={backState} className={primaryButton}>
                    {LL.list.createThing({ thing: text.one })}
                  </AppLink>
                ) : null}
              </div>
            ) : null}
          </div>

          <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-slate-600 text-sm dark:text-slate-300">
            <div className="flex items-center gap-2">
              <label htmlFor="rows-per-page" className="whitespace-nowrap">
                {LL.list.rowsPerPage()}
              </label>
              <select
                id="rows-per-page"
                className={`${inputClass(false)} w-auto py-1`}
                value={view.length}
                onChange={(event) => {
                  const length = Number(event.target.value);
                  update({ length, page: 1 });
                  // Remembered for the next time this list opens without rows per page (issue 26).
                  if (listKey) saveListPreference(listKey, { take: length }).catch(() => undefined);
                }}
              >
                {rowsPerPageOptions.map((option) => (
                  <option key={option} value={option}>
                    {option === -1 ? LL.list.all() : option}
                  </option>
                ))}
              </select>
            </div>
            {total ? (
              <span>
                {aboutTotal
                  ? LL.list.rangeAbout({ from, to, total: aboutTotal })
                  : LL.list.range({ from, to, total })}
              </span>
            ) : null}
            {view.length !== -1 ? (
              <nav
                className="flex items-center gap-1"
                aria-label={LL.list.pageOf({ page: view.page, pages: pageCount })}
              >
                <button
                  type="button"
                  className={iconButton}
                  aria-label={LL.list.first()}
                  disabled={view.page <= 1}
                  onClick={() => update({ page: 1 })}
                >
                  <Icon name="chevronsLeft" className="size-4" />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={LL.list.previous()}
                  disabled={view.page <= 1}
                  onClick={() => update({ page: view.page - 1 })}
                >
                  <Icon name="chevronLeft" className="size-4" />
                </button>
                <span className="px-2">{LL.list.pageOf({ page: view.page, pages: pageCount })}</span>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={LL.list.next()}
                  disabled={view.page >= pageCount}
                  onClick={() => update({ page: view.page + 1 })}
                >
                  <Icon name="chevronRight" className="size-4" />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={LL.list.last()}
                  disabled={view.page >= pageCount}
                  onClick={() => update({ page: pageCount })}
                >
                  <Icon name="chevronsRight" className="size-4" />
                </button>
              </nav>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
};
