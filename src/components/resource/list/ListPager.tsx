import { inputClass } from '@/components/form/fieldStyles';
import { Icon } from '@/components/Icon';
import { iconButton } from '@/components/ui';
import { rowsPerPageOptions } from '@/domain/constants';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { lastPageOf } from '@/machines/listViewTypes';
import type { TListView } from '../listAddress';

/** Under the grid: rows per page, which rows are shown of how many, and the pages. */
export const ListPager = ({
  LL,
  view,
  total,
  aboutTotal,
  onLength,
  onPage,
}: {
  LL: TranslationFunctions;
  view: TListView;
  total: number | null;
  /** The total as 'about …' while it is the server's estimate; null when exact. */
  aboutTotal: string | null;
  onLength: (length: number) => void;
  onPage: (page: number) => void;
}) => {
  const pageCount = total === null ? 1 : lastPageOf(total, view.length);
  const from = total ? (view.length === -1 ? 1 : (view.page - 1) * view.length + 1) : 0;
  const to = total ? (view.length === -1 ? total : Math.min(total, view.page * view.length)) : 0;
  const pageButton = (label: string, icon: string, page: number, disabled: boolean) => (
    <button
      type="button"
      className={iconButton}
      aria-label={label}
      disabled={disabled}
      onClick={() => onPage(page)}
    >
      <Icon name={icon} className="size-4" />
    </button>
  );
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-slate-600 text-sm dark:text-slate-300">
      <div className="flex items-center gap-2">
        <label htmlFor="rows-per-page" className="whitespace-nowrap">
          {LL.list.rowsPerPage()}
        </label>
        <select
          id="rows-per-page"
          className={`${inputClass(false)} w-auto py-1`}
          value={view.length}
          onChange={(event) => onLength(Number(event.target.value))}
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
          {pageButton(LL.list.first(), 'chevronsLeft', 1, view.page <= 1)}
          {pageButton(LL.list.previous(), 'chevronLeft', view.page - 1, view.page <= 1)}
          <span className="px-2">{LL.list.pageOf({ page: view.page, pages: pageCount })}</span>
          {pageButton(LL.list.next(), 'chevronRight', view.page + 1, view.page >= pageCount)}
          {pageButton(LL.list.last(), 'chevronsRight', pageCount, view.page >= pageCount)}
        </nav>
      ) : null}
    </div>
  );
};
