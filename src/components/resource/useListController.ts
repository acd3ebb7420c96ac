import { useActorRef, useSelector } from '@xstate/react';
import type { GridApi } from 'ag-grid-community';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useNavigationType, useSearchParams } from 'react-router';
import { fromPromise } from 'xstate';
import type { TListQuery } from '@/domain/listQuery';
import { listLoaderMachine } from '@/machines/listLoader.machine';
import { listViewMachine } from '@/machines/listView.machine';
import type { TBlockRequest, TListRow } from '@/machines/listViewTypes';
import { fetchResourcePage } from '@/platform/api/resources';
import { localizedPath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { useClientSettings } from '@/platform/useSetup';
import { createAddressEcho } from './addressEcho';
import { listViewParams, parseListView, type TListView } from './listAddress';
import type { TClientResource } from './resourceArea';
import { openedView, type TListShape } from './savedViewAddress';
import { useListViews } from './useListViews';

/**
 * A second list of a resource's records under its own route and title (`/can-adopt-child`): the
 * filters it always applies are hidden from its filter bar; it creates nothing.
 */
export type TListVariant = { name: string; path: string; fixedFilters: Record<string, string> };

const noFixedFilters: Record<string, string> = {};
const addressOf = (params: Record<string, string>) => new URLSearchParams(params).toString();

/**
 * One list's controller (issue 38): the list view machine bound to the router and the server. The
 * address is written from the machine's view here and only here (`writeAddress`); an address
 * changed from outside (back, forward, a link) goes to the machine as ADDRESS.
 */
export const useListController = (resource: TClientResource, variant?: TListVariant) => {
  const { definition } = resource;
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // Back or forward: news for the list whatever it wrote before.
  const historyStep = useNavigationType() === 'POP';
  const fixedFilters = variant?.fixedFilters ?? noFixedFilters;
  const shownFilters = useMemo(
    () => definition.filters.filter((filter) => filter.kind !== 'id' && !(filter.key in fixedFilters)),
    [definition, fixedFilters],
  );
  const filterKeys = useMemo(() => shownFilters.map((filter) => filter.key), [shownFilters]);
  const columnKeys = useMemo(() => definition.columns.map((column) => column.key), [definition]);
  const { defaultRowsPerPage: settingsRowsPerPage } = useClientSettings();
  // Saved views and the user's rows per page of this list (issue 26); a variant list has none.
  const listKey = variant ? null : definition.name;
  const { remote: listViews, changed: viewsChanged } = useListViews(listKey);
  const preference = listViews.state === 'ready' ? listViews.data?.preference : undefined;
  const shape = useMemo<TListShape>(
    () => ({ filterKeys, columnKeys, defaultLength: preference?.take ?? settingsRowsPerPage }),
    [filterKeys, columnKeys, preference?.take, settingsRowsPerPage],
  );
  const board = variant ? undefined : resource.listBoard;
  const readAddress = (search: URLSearchParams) => ({
    view: parseListView(search, filterKeys, shape.defaultLength, columnKeys),
    bare: search.size === 0,
    complete: search.has('page') && search.has('length'),
  });

  // Addresses this controller wrote that the router has not yet handed back: not news from outside.
  const [echo] = useState(() => createAddressEcho(params.toString()));
  const router = useRef({ setParams, navigate, gridApi: null as GridApi | null, focus: () => {} });
  router.current.setParams = setParams;
  router.current.navigate = navigate;
  const writeAddress = useCallback(
    (view: TListView, replace: boolean) => {
      const now = new URLSearchParams(window.location.search);
      const boardShown = board !== undefined && now.get('view') === board.key;
      const next = { ...listViewParams(view), ...(boardShown && board ? { view: board.key } : {}) };
      if (echo.write(addressOf(next))) router.current.setParams(next, { replace });
    },
    [board, echo],
  );

  const actor = useActorRef(
    listViewMachine.provide({
      actions: {
        writeAddress: (_, { view, replace }) => writeAddress(view, replace),
        focusFirstRow: () => router.current.focus(),
        openRow: (_, { row }) => {
          // An audit entry is all in its row: there is no page to open.
          if (definition.recordPage === 'none') return;
          const page = definition.recordPage ?? 'edit';
          router.current.navigate(localizedPath(locale, `${definition.routeBase}/${page}/${row.id}`), {
            state: { listSearch: window.location.search || '?' },
          });
        },
      },
      actors: {
        loader: listLoaderMachine.provide({
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
      },
    }),
    {
      input: {
        ...readAddress(params),
        // Opened without rows per page in the address: the user's own choice is asked first.
        waitForPreferences: listKey !== null && !params.has('length') && listViews.state === 'loading',
      },
    },
  );

  // The address changed: from outside (back, forward, a link, the sidebar) it is news to the machine.
  // biome-ignore lint/correctness/useExhaustiveDependencies: acts on a new address only
  useEffect(() => {
    if (echo.arrived(params.toString(), historyStep)) actor.send({ type: 'ADDRESS', ...readAddress(params) });
  }, [params, actor]);

  // The saved views and preferences, once read (and again after a change to them). Sent when what
  // they say changes, not on every render (the remote data is a new object each time).
  const preferencesSent = useRef<string | null>(null);
  useEffect(() => {
    if (listViews.state === 'loading') return;
    const data = listViews.state === 'ready' ? listViews.data : null;
    const saved = data?.views.find((view) => view.id === data.preference?.defaultViewId);
    const event = {
      type: 'PREFERENCES' as const,
      length: data?.preference?.take ?? null,
      defaultView: saved ? openedView(saved, shape) : null,
    };
    const said = JSON.stringify(event);
    if (said === preferencesSent.current) return;
    preferencesSent.current = said;
    actor.send(event);
  }, [listViews, actor, shape]);

  const context = useSelector(actor, (snapshot) => snapshot.context);
  const status = useSelector(actor, (snapshot) => ({
    waitingForPreferences: snapshot.matches({ preferences: 'waiting' }),
    loading: snapshot.matches({ rows: 'loading' }),
    failed: snapshot.matches({ rows: 'failed' }),
    cancelled: snapshot.matches({ rows: 'cancelled' }),
    loaded: snapshot.matches({ rows: 'loaded' }),
  }));

  const boardShown = board !== undefined && params.get('view') === board.key;
  const showBoard = useCallback(
    (shown: boolean) => {
      actor.send({ type: 'TOTAL', total: null });
      const next = {
        ...listViewParams(actor.getSnapshot().context.view),
        ...(shown && board ? { view: board.key } : {}),
      };
      if (echo.write(addressOf(next))) router.current.setParams(next);
    },
    [actor, board, echo],
  );

  const send = actor.send;
  return {
    actor,
    send,
    view: context.view,
    draft: context.draft,
    total: context.total,
    totalExact: context.totalExact,
    answer: context.answer,
    selected: context.selected,
    retryKey: context.retryKey,
    status,
    shape,
    listKey,
    listViews,
    viewsChanged,
    shownFilters,
    columnKeys,
    fixedFilters,
    board,
    boardShown,
    showBoard,
    /** The list's search as the address has it now: the form returns to this very view. */
    backState: { listSearch: `?${params.toString()}` },
    change: (changes: Partial<TListView>, replace = false) => send({ type: 'CHANGE', changes, replace }),
    /** The grid asks for a block; the answer comes back as `answer` with this request id. */
    requestBlock: (request: TBlockRequest) => {
      send({ type: 'BLOCK', ...request });
      return actor.getSnapshot().context.requestId;
    },
    select: (rows: TListRow[]) => send({ type: 'SELECT', rows }),
    /** Where ArrowDown's focus goes and the grid it looks in, set by the page once drawn. */
    bindFocus: (focus: () => void) => {
      router.current.focus = focus;
    },
  };
};

export type TListController = ReturnType<typeof useListController>;
