import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Icon } from '@/components/Icon';
import { iconButton, secondaryButton } from '@/components/ui';
import {
  arrangeColumns,
  isDefaultArrangement,
  maxColumnWidth,
  minColumnWidth,
  type TColumnSetting,
} from '@/domain/savedViews';
import { useI18nContext } from '@/i18n/i18n-react';

/** One step of 'narrower' or 'wider', in pixels. */
const widthStep = 20;

/**
 * The list's columns from the keyboard (issue 26): show or hide (Space on a column's box), move
 * (Alt+↑/↓ or the arrow buttons), narrower or wider (Alt+←/→ or the buttons), reset. Each change goes
 * to the address (`columns=`), so a view stores it and a reload shows it again; the grid's own mouse
 * drag and resize land in the same place.
 */
export const ColumnChooser = ({
  columnKeys,
  columns,
  labelOf,
  widthOf,
  onChange,
}: {
  columnKeys: readonly string[];
  columns: readonly TColumnSetting[];
  labelOf: (key: string) => string;
  /** The width the grid draws a column at now, when it has one. */
  widthOf: (key: string) => number | undefined;
  onChange: (columns: TColumnSetting[]) => void;
}) => {
  const { LL } = useI18nContext();
  const id = useId();
  const arranged = arrangeColumns(columns, columnKeys);
  const shownCount = arranged.filter((column) => !column.hidden).length;
  const [notice, setNotice] = useState<string | null>(null);
  const boxes = useRef(new Map<string, HTMLInputElement>());

  /** The new arrangement, or none when it is the list's own (the address then says nothing). */
  const apply = (next: TColumnSetting[], focus?: string) => {
    onChange(isDefaultArrangement(next, columnKeys) ? [] : next);
    if (focus) requestAnimationFrame(() => boxes.current.get(focus)?.focus());
  };
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= arranged.length) return;
    const next = [...arranged];
    [next[index], next[to]] = [next[to], next[index]];
    apply(next, arranged[index].id);
  };
  const toggle = (index: number) => {
    const column = arranged[index];
    if (!column.hidden && shownCount <= 1) {
      setNotice(LL.savedViews.lastColumn());
      return;
    }
    setNotice(null);
    apply(arranged.map((item, at) => (at === index ? { ...item, hidden: !item.hidden || undefined } : item)));
  };
  const resize = (index: number, by: number) => {
    const column = arranged[index];
    const from = column.width ?? widthOf(column.id) ?? 160;
    const width = Math.min(maxColumnWidth, Math.max(minColumnWidth, Math.round(from + by)));
    apply(arranged.map((item, at) => (at === index ? { ...item, width } : item)));
  };
  const keyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (!event.altKey) return;
    const actions: Record<string, () => void> = {
      ArrowUp: () => move(index, -1),
      ArrowDown: () => move(index, 1),
      ArrowLeft: () => resize(index, -widthStep),
      ArrowRight: () => resize(index, widthStep),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <Popover className="relative">
      <PopoverButton className={`${secondaryButton} py-1.5`} data-column-chooser>
        <Icon name="table" className="size-4" />
        {LL.savedViews.columns()}
        {columns.length > 0 ? (
          <span className="size-1.5 rounded-full bg-primary-600" aria-hidden="true" />
        ) : null}
        <Icon name="chevronDown" className="size-4 text-slate-400" />
      </PopoverButton>
      <PopoverPanel
        anchor="bottom start"
        className="z-40 mt-1 w-96 rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <fieldset aria-describedby={`${id}-hint`}>
          <legend className="mb-1 font-semibold text-slate-900 text-sm dark:text-slate-50">
            {LL.savedViews.columnsTitle()}
          </legend>
          <p id={`${id}-hint`} className="mb-2 text-slate-500 text-xs dark:text-slate-400">
            {LL.savedViews.columnsHint()}
          </p>
          <ul className="max-h-[55vh] space-y-0.5 overflow-y-auto">
            {arranged.map((column, index) => {
              const label = labelOf(column.id);
              return (
                <li
                  key={column.id}
                  className="flex items-center gap-1 rounded-md px-1 py-0.5 hover:bg-slate-50 dark:hover:bg-slate-800"
                >
                  <label className="flex min-w-0 flex-1 items-center gap-2 text-slate-800 text-sm dark:text-slate-100">
                    <input
                      ref={(element) => {
                        if (element) boxes.current.set(column.id, element);
                        else boxes.current.delete(column.id);
                      }}
                      type="checkbox"
                      className="size-4 rounded border-slate-300 text-primary-700"
                      checked={!column.hidden}
                      aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight"
                      onChange={() => toggle(index)}
                      onKeyDown={keyDown(index)}
                    />
                    <span className="truncate">{label}</span>
                  </label>
                  <span className="w-20 whitespace-nowrap text-right text-slate-500 text-xs tabular-nums dark:text-slate-400">
                    {column.width
                      ? LL.savedViews.widthPx({ width: column.width })
                      : LL.savedViews.autoWidth()}
                  </span>
                  <button
                    type="button"
                    tabIndex={-1}
                    className={`${iconButton} size-7`}
                    aria-label={LL.savedViews.narrower({ column: label })}
                    onClick={() => resize(index, -widthStep)}
                  >
                    <Icon name="chevronLeft" className="size-3.5" />
                  </button>
                  <button
                    type="button"
                    tabIndex={-1}
                    className={`${iconButton} size-7`}
                    aria-label={LL.savedViews.wider({ column: label })}
                    onClick={() => resize(index, widthStep)}
                  >
                    <Icon name="chevronRight" className="size-3.5" />
                  </button>
                  <button
                    type="button"
                    tabIndex={-1}
                    className={`${iconButton} size-7`}
                    aria-label={LL.savedViews.moveUp({ column: label })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <Icon name="chevronLeft" className="size-3.5 rotate-90" />
                  </button>
                  <button
                    type="button"
                    tabIndex={-1}
                    className={`${iconButton} size-7`}
                    aria-label={LL.savedViews.moveDown({ column: label })}
                    disabled={index === arranged.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <Icon name="chevronRight" className="size-3.5 rotate-90" />
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
        {notice ? (
          <p role="status" className="mt-2 text-error text-xs">
            {notice}
          </p>
        ) : null}
        <div className="mt-3 flex justify-end">
          <button
            type="button"
            className={`${secondaryButton} py-1 text-xs`}
            disabled={columns.length === 0}
            onClick={() => {
              setNotice(null);
              onChange([]);
            }}
          >
            <Icon name="refresh" className="size-4" />
            {LL.savedViews.resetColumns()}
          </button>
        </div>
      </PopoverPanel>
    </Popover>
  );
};
