import type { GridApi } from 'ag-grid-community';
import { type RefObject, useEffect, useRef } from 'react';
import type { TListController } from '../useListController';

/**
 * Where the focus goes from the list's search box (ArrowDown) and after switching table and board
 * from the keyboard. The list view machine decides when (the result the key was pressed for has
 * answered); this finds the first row or card on screen.
 */
export const useListFocus = ({
  controller,
  firstColumn,
  gridApi,
  gridBox,
  boardBox,
  searchInput,
}: {
  controller: TListController;
  firstColumn: string | undefined;
  gridApi: RefObject<GridApi | null>;
  gridBox: RefObject<HTMLDivElement | null>;
  boardBox: RefObject<HTMLDivElement | null>;
  searchInput: RefObject<HTMLInputElement | null>;
}) => {
  const { boardShown, total, draft, view } = controller;
  // The grid draws the rows it was handed a frame or two later (until then its row 0 is a stub
  // without an id), and a busy machine takes longer than 30 frames: it keeps looking for up to 5 s,
  // unless the person has put the focus elsewhere meanwhile.
  const focusFirstRow = (until = performance.now() + 5000, from: Element | null = document.activeElement) => {
    const api = gridApi.current;
    if (!api || !firstColumn || document.activeElement !== from) return;
    if (gridBox.current?.querySelector('.ag-row[row-index="0"][row-id]')) {
      api.ensureIndexVisible(0);
      api.setFocusedCell(0, firstColumn);
    } else if (performance.now() < until) requestAnimationFrame(() => focusFirstRow(until, from));
  };
  const focusFirstCard = () => boardBox.current?.querySelector<HTMLElement>('[data-board-card]')?.focus();
  controller.bindFocus(() => focusFirstRow());

  // Switched from the keyboard, or ArrowDown on the board before its search has answered: the focus
  // goes to the new view's first card or row once it has a count.
  const whenShown = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: acts when the view shown has answered
  useEffect(() => {
    if (!whenShown.current || total === null || draft !== view.search) return;
    const active = document.activeElement;
    const lost = !active || active === document.body;
    if (!boardShown) {
      whenShown.current = false;
      if (lost) focusFirstRow();
      return;
    }
    const card = boardBox.current?.querySelector<HTMLElement>('[data-board-card]');
    if (card || total === 0) whenShown.current = false;
    if (card && (lost || active === searchInput.current)) card.focus();
  }, [total, boardShown, draft, view.search]);

  return {
    /** ArrowDown in the search box. */
    arrowDown: () => {
      if (!boardShown) return controller.send({ type: 'ARROW_DOWN' });
      if (draft === view.search) return focusFirstCard();
      whenShown.current = true;
      controller.send({ type: 'SUBMIT_SEARCH' });
    },
    /** Typing drops a focus asked for on the board. */
    typed: () => {
      whenShown.current = false;
    },
    /** The 'v' key: the other view takes the focus once shown. */
    switched: () => {
      whenShown.current = true;
    },
  };
};
