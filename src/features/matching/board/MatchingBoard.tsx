import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { type KeyboardEvent, useCallback, useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '@/components/Icon';
import { listViewParams } from '@/components/resource/listAddress';
import type { TListBoardProps } from '@/components/resource/resourceArea';
import { useResourceText } from '@/components/resource/useResourceText';
import { focusRing, secondaryButton } from '@/components/ui';
import { groupedNumber } from '@/domain/groupedNumber';
import type { TListPage } from '@/domain/listQuery';
import { matchingStageNames, type TMatchingStage } from '@/domain/matchingStage';
import { matchingResource } from '@/domain/resources/matching';
import { useI18nContext } from '@/i18n/i18n-react';
import { fetchResourcePage, type TResourceRow } from '@/platform/api/resources';
import { type TRemoteData, useRemoteData } from '@/platform/api/useRemoteData';
import { MatchingCard } from './MatchingCard';

/** Cards a column shows; the rest are a link to the table filtered by the stage. */
const cardsPerColumn = 25;

type TColumn = { key: string; filters: Record<string, string> };
const stageColumns: TColumn[] = matchingStageNames.map((stage) => ({ key: stage, filters: { stage } }));
const finishedColumns: TColumn[] = [
  { key: 'completed', filters: { status: 'completed' } },
  { key: 'rejected', filters: { status: 'rejected' } },
];

/** One column's cards: the list's search and filters, its own stage, the longest waiting first. */
const useColumn = (column: TColumn, props: TListBoardProps, enabled = true) => {
  const { view, fixedFilters, retryKey } = props;
  const load = useCallback(
    (signal: AbortSignal): Promise<TListPage<TResourceRow> | null> =>
      enabled
        ? fetchResourcePage(
            matchingResource,
            {
              page: 1,
              take: cardsPerColumn,
              search: view.search,
              sort: 'stageEnteredOn',
              order: 'asc',
              filters: { ...view.filters, ...fixedFilters, ...column.filters },
            },
            signal,
          )
        : Promise.resolve(null),
    [view.search, view.filters, fixedFilters, column, enabled],
  );
  return useRemoteData(load, retryKey);
};

/**
 * Moves the focus between cards with the arrow keys: up and down within a column, left and right
 * to the same place in the next column that has cards (the board is one stop for Tab).
 */
const moveFocus = (event: KeyboardEvent<HTMLElement>) => {
  const card = (event.target as HTMLElement).closest<HTMLElement>('[data-board-card]');
  if (!card) return;
  const columns = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-board-column]')]
    .map((column) => [...column.querySelectorAll<HTMLElement>('[data-board-card]')])
    .filter((cards) => cards.length > 0);
  const col = columns.findIndex((cards) => cards.includes(card));
  if (col < 0) return;
  const row = columns[col].indexOf(card);
  const moves: Record<string, () => HTMLElement | undefined> = {
    ArrowDown: () => columns[col][row + 1],
    ArrowUp: () => columns[col][row - 1],
    ArrowRight: () => columns[col + 1]?.[Math.min(row, columns[col + 1].length - 1)],
    ArrowLeft: () => columns[col - 1]?.[Math.min(row, columns[col - 1].length - 1)],
    Home: () => columns[col][0],
    End: () => columns[col].at(-1),
  };
  const target = moves[event.key]?.();
  if (!moves[event.key]) return;
  event.preventDefault();
  target?.focus();
};

/** A column of the board: its name and count, its cards, a link to the rest in the table. */
const BoardColumn = ({
  title,
  remote,
  onOpen,
  tableFilters,
}: {
  title: string;
  remote: TRemoteData<TListPage<TResourceRow> | null>;
  onOpen: (row: TResourceRow) => void;
  tableFilters: Record<string, string>;
}) => {
  const { LL } = useI18nContext();
  const [params] = useSearchParams();
  const page = remote.state === 'ready' ? remote.data : null;
  const headingId = `board-${Object.values(tableFilters).join('-')}`;
  // The rest of a long column: the table, with the board's search and this column's filter.
  const moreSearch = useMemo(() => {
    if (!page || page.itemCount <= page.data.length) return null;
    let filter: Record<string, unknown> = {};
    try {
      filter = JSON.parse(params.get('filter') ?? '{}');
    } catch {
      filter = {};
    }
    return new URLSearchParams({
      ...listViewParams({
        page: 1,
        length: 50,
        search: typeof filter.search === 'string' ? filter.search : '',
        sort: 'stageEnteredOn',
        order: 'asc',
        filters: tableFilters,
      }),
    }).toString();
  }, [page, params, tableFilters]);
  return (
    <section
      data-board-column=""
      aria-labelledby={headingId}
      className="flex min-h-40 min-w-64 flex-1 flex-col rounded-lg bg-slate-100 p-2 dark:bg-slate-800/60"
    >
      <h2 id={headingId} className="flex items-center justify-between px-1 pb-2 font-semibold text-sm">
        <span>{title}</span>
        <span className="rounded-full bg-white px-2 text-slate-600 text-xs tabular-nums dark:bg-slate-900 dark:text-slate-300">
          {page
            ? page.totalExact === false
              ? LL.list.countAbout({ total: groupedNumber(page.itemCount) })
              : page.itemCount
            : '…'}
        </span>
      </h2>
      {remote.state === 'loading' ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {[0, 1, 2].map((key) => (
            <div key={key} className="h-20 animate-pulse rounded-md bg-white dark:bg-slate-900" />
          ))}
        </div>
      ) : remote.state === 'failed' ? (
        <p className="px-1 text-error text-sm">{LL.areas.matching.boardFailed()}</p>
      ) : page && page.data.length === 0 ? (
        <p className="px-1 py-4 text-center text-slate-600 text-sm dark:text-slate-300">
          {LL.areas.matching.stageEmpty()}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {page?.data.map((row) => (
            <li key={String(row.id)}>
              <MatchingCard row={row} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
      {moreSearch && page ? (
        <Link
          to={{ search: `?${moreSearch}` }}
          className={`mt-2 rounded px-1 text-primary-700 text-sm hover:underline dark:text-primary-300 ${focusRing}`}
        >
          {LL.areas.matching.moreInStage({ count: page.itemCount })}
        </Link>
      ) : null}
    </section>
  );
};

/** The completed and rejected columns, folded away; they load once opened. */
const FinishedColumns = ({ props, open }: { props: TListBoardProps; open: boolean }) => {
  const { optionLabel } = useResourceText('matching');
  const completed = useColumn(finishedColumns[0], props, open);
  const rejected = useColumn(finishedColumns[1], props, open);
  return (
    <div className="flex gap-3 overflow-x-auto pt-2">
      {[
        { column: finishedColumns[0], remote: completed },
        { column: finishedColumns[1], remote: rejected },
      ].map(({ column, remote }) => (
        <BoardColumn
          key={column.key}
          title={optionLabel('status', column.key)}
          remote={remote}
          onOpen={props.onOpen}
          tableFilters={column.filters}
        />
      ))}
    </div>
  );
};

/**
 * The matchings as a board by stage (issue 13): proposal, trial, warrant and keeping, the longest
 * waiting first, each card with the child, the family, days in stage and an overdue mark; completed
 * and rejected folded away. It keeps the list's search and filters (`?view=board` in the address).
 */
export const MatchingBoard = (props: TListBoardProps) => {
  const { LL } = useI18nContext();
  const { optionLabel } = useResourceText('matching');
  const proposal = useColumn(stageColumns[0], props);
  const trial = useColumn(stageColumns[1], props);
  const warrant = useColumn(stageColumns[2], props);
  const keeping = useColumn(stageColumns[3], props);
  const remotes = [proposal, trial, warrant, keeping];
  const { onTotal } = props;
  // The count above the board: the active matchings shown.
  const total = remotes.every((remote) => remote.state === 'ready')
    ? remotes.reduce((sum, remote) => sum + (remote.state === 'ready' ? (remote.data?.itemCount ?? 0) : 0), 0)
    : null;
  useEffect(() => onTotal(total), [onTotal, total]);
  return (
    <div className="flex h-full flex-col gap-2">
      <p className="text-slate-500 text-xs dark:text-slate-400">{LL.areas.matching.boardHint()}</p>
      <section
        aria-label={LL.areas.matching.boardLabel()}
        className="flex flex-1 gap-3 overflow-x-auto pb-2"
        onKeyDown={moveFocus}
      >
        {stageColumns.map((column, index) => (
          <BoardColumn
            key={column.key}
            title={optionLabel('stage', column.key as TMatchingStage)}
            remote={remotes[index]}
            onOpen={props.onOpen}
            tableFilters={column.filters}
          />
        ))}
      </section>
      <Disclosure>
        {({ open }) => (
          <div>
            <DisclosureButton className={secondaryButton}>
              <Icon name={open ? 'chevronDown' : 'chevronRight'} className="size-4" />
              {LL.areas.matching.finished()}
            </DisclosureButton>
            {!open ? (
              <span className="ml-2 text-slate-500 text-xs dark:text-slate-400">
                {LL.areas.matching.finishedHint()}
              </span>
            ) : null}
            <DisclosurePanel>
              {/* biome-ignore lint/a11y/noStaticElementInteractions: as above */}
              <div onKeyDown={moveFocus}>
                <FinishedColumns props={props} open={open} />
              </div>
            </DisclosurePanel>
          </div>
        )}
      </Disclosure>
    </div>
  );
};

export default MatchingBoard;
