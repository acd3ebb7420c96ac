import { useCallback, useState } from 'react';

type TWholeValue = { text: string; left: number; top: number };

/**
 * A value or header cut by its column's width shows whole under it on hover and on keyboard focus:
 * `show` with the event's target (a cell or header, or inside one), `hide` on leaving.
 */
export const useWholeValue = () => {
  const [wholeValue, setWholeValue] = useState<TWholeValue | null>(null);
  const show = useCallback((target: EventTarget) => {
    const cell = (target as HTMLElement).closest?.('.ag-cell, .ag-header-cell');
    const textElement = cell?.querySelector<HTMLElement>('.ag-cell-value, .ag-header-cell-text') ?? cell;
    const text = textElement?.textContent?.trim();
    if (!cell || !textElement || !text) return setWholeValue(null);
    const cut =
      textElement.scrollWidth > textElement.clientWidth + 1 || cell.scrollWidth > cell.clientWidth + 1;
    if (!cut) return setWholeValue(null);
    const box = cell.getBoundingClientRect();
    setWholeValue({ text, left: box.left, top: box.bottom + 2 });
  }, []);
  const hide = useCallback(() => setWholeValue(null), []);
  return { wholeValue, show, hide };
};

/** The whole value, under the cell it was cut in. */
export const WholeValueTip = ({ wholeValue }: { wholeValue: TWholeValue | null }) =>
  wholeValue ? (
    <div
      role="tooltip"
      className="pointer-events-none fixed z-50 max-w-md rounded-md bg-slate-900 px-2 py-1 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
      style={{ left: wholeValue.left, top: wholeValue.top }}
    >
      {wholeValue.text}
    </div>
  ) : null;
