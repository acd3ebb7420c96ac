import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { TRouteLocale } from '@/domain/locale';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import {
  buildLines,
  moveFocus,
  otherStop,
  stopKey,
  type TGridPosition,
  validPosition,
} from './gridNavigation';
import { actionLabel, groupLabel, resourceLabel } from './permissionLabels';
import {
  checkState,
  columnIds,
  rowIds,
  sectionIds,
  type TCheckState,
  type TMatrix,
  type TMatrixCell,
  toggleIds,
} from './permissionMatrix';

type TGridCheckboxProps = {
  state: TCheckState;
  label: string;
  stop: string;
  focused: boolean;
  readOnly: boolean;
  /** Why it cannot be ticked (a permission the user does not hold), shown on hover and read out. */
  reason?: string;
  onToggle: () => void;
  onFocusStop: () => void;
};

/**
 * One checkbox of the grid: tri-state for the row, column and section ones. Read-only ones stay
 * focusable (aria-disabled, not disabled) so the grid can still be read from the keyboard.
 */
const GridCheckbox = ({
  state,
  label,
  stop,
  focused,
  readOnly,
  reason,
  onToggle,
  onFocusStop,
}: TGridCheckboxProps) => {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'mixed';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={state === 'checked'}
      aria-label={reason ? `${label}. ${reason}` : label}
      title={reason}
      aria-disabled={readOnly || undefined}
      tabIndex={focused ? 0 : -1}
      data-grid-stop={stop}
      onClick={(event) => {
        if (readOnly) event.preventDefault();
      }}
      onChange={() => {
        if (!readOnly) onToggle();
      }}
      onFocus={onFocusStop}
      className={`size-4 shrink-0 rounded border-slate-400 text-primary-700 accent-primary-700 focus-visible:outline-2 focus-visible:outline-primary-500 focus-visible:outline-offset-2 dark:border-slate-500 dark:accent-primary-400 dark:focus-visible:outline-primary-300 ${
        readOnly ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'
      }`}
    />
  );
};

type TPermissionGridProps = {
  matrix: TMatrix;
  selected: ReadonlySet<number>;
  saved: ReadonlySet<number>;
  readOnly: boolean;
  /** Permissions the user may not grant: their boxes cannot be ticked (see `lockedIds`). */
  locked: ReadonlySet<number>;
  /** The reason shown on a locked box, for the permission's name. */
  lockedReason: (permission: string) => string;
  label: string;
  onChange: (next: Set<number>) => void;
  LL: TranslationFunctions;
  locale: TRouteLocale;
};

const changedCell = 'bg-amber-50 dark:bg-amber-900/25';

/**
 * The permissions of a role as one grid: a section per group (its header row toggles the section
 * and each column), a row per resource (its header toggles the row), a checkbox per permission.
 * One tab stop; arrow keys, Home/End and PageUp/PageDown move, Space ticks.
 */
export const PermissionGrid = ({
  matrix,
  selected,
  saved,
  readOnly,
  locked,
  lockedReason,
  label,
  onChange,
  LL,
  locale,
}: TPermissionGridProps) => {
  const words = LL.assignPermission;
  const tableRef = useRef<HTMLTableElement>(null);
  const lines = useMemo(() => buildLines(matrix), [matrix]);
  const [position, setPosition] = useState<TGridPosition | null>(null);
  const current = validPosition(lines, position);
  // Line index of each section's header and of each row, as buildLines lays them out.
  const lineOf = useMemo(() => {
    const map = new Map<string, number>();
    for (const [index, line] of lines.entries()) map.set(`${line.sectionIndex}:${line.rowIndex}`, index);
    return map;
  }, [lines]);

  const toggle = (ids: readonly number[]) => onChange(toggleIds(selected, ids, locked));
  const nameOf = useMemo(() => {
    const names = new Map<number, string>();
    for (const section of matrix.sections) {
      for (const row of section.rows) {
        for (const cell of [...Object.values(row.cells), ...row.others])
          if (cell) names.set(cell.id, cell.name);
      }
    }
    return names;
  }, [matrix]);
  const changedMark = (ids: readonly number[]) =>
    ids.some((id) => selected.has(id) !== saved.has(id)) ? `, ${words.changed()}` : '';

  const checkbox = (line: number, stop: string, ids: readonly number[], text: string) => {
    const here = { line, stop };
    const allLocked = ids.length > 0 && ids.every((id) => locked.has(id));
    const reason = allLocked && ids.length === 1 ? lockedReason(nameOf.get(ids[0]) ?? '') : undefined;
    return (
      <GridCheckbox
        state={checkState(ids, selected)}
        label={`${text}${changedMark(ids)}`}
        stop={stopKey(here)}
        focused={current !== null && current.line === line && current.stop === stop}
        readOnly={readOnly || allLocked}
        reason={readOnly ? undefined : reason}
        onToggle={() => toggle(ids)}
        onFocusStop={() => setPosition(here)}
      />
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (!(event.target as HTMLElement).dataset.gridStop || !current) return;
    const next = moveFocus(lines, current, event.key, event.ctrlKey || event.metaKey);
    if (!next) return;
    event.preventDefault();
    setPosition(next);
    tableRef.current?.querySelector<HTMLElement>(`[data-grid-stop="${stopKey(next)}"]`)?.focus();
  };

  const changedClass = (ids: readonly number[]) =>
    ids.some((id) => selected.has(id) !== saved.has(id)) ? changedCell : '';
  const cellClass = (ids: readonly number[]) => `px-2 py-1.5 text-center align-middle ${changedClass(ids)}`;

  const otherCell = (line: number, resource: string, cell: TMatrixCell) => (
    <span key={cell.id} className="mr-3 inline-flex items-center gap-1.5 whitespace-nowrap">
      {checkbox(
        line,
        otherStop(cell.action),
        [cell.id],
        words.cell({ resource, action: actionLabel(LL, cell.action) }),
      )}
      <span aria-hidden="true" className="text-slate-700 text-xs dark:text-slate-200">
        {actionLabel(LL, cell.action)}
      </span>
    </span>
  );

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <table
        ref={tableRef}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a table with role grid is the ARIA data grid pattern (one tab stop, arrow keys)
        role="grid"
        aria-label={label}
        aria-readonly={readOnly || undefined}
        onKeyDown={onKeyDown}
        className="w-full min-w-[40rem] border-collapse text-sm"
      >
        {matrix.sections.map((section, sectionIndex) => {
          const sectionName = groupLabel(LL, section.group, locale);
          const headerLine = lineOf.get(`${sectionIndex}:-1`) ?? 0;
          return (
            <tbody
              key={section.key}
              className="border-slate-200 border-t first:border-t-0 dark:border-slate-800"
            >
              <tr className="bg-slate-100 dark:bg-slate-800/70">
                <th
                  scope="col"
                  className={`px-3 py-2 text-left font-semibold text-slate-900 dark:text-slate-50 ${changedClass(sectionIds(section))}`}
                >
                  <span className="flex items-center gap-2">
                    {checkbox(
                      headerLine,
                      'row',
                      sectionIds(section),
                      words.everyInGroup({ group: sectionName }),
                    )}
                    <span>{sectionName}</span>
                  </span>
                </th>
                {matrix.columns.map((column) => {
                  const ids = columnIds(section, column);
                  const text = column === 'other' ? words.other() : actionLabel(LL, column);
                  return (
                    <th
                      key={column}
                      scope="col"
                      className={`w-24 font-medium text-slate-700 text-xs uppercase tracking-wide dark:text-slate-200 ${cellClass(ids)}`}
                    >
                      <span className="flex flex-col items-center gap-1">
                        <span aria-hidden={ids.length > 0 ? 'true' : undefined}>{text}</span>
                        {ids.length > 0
                          ? checkbox(
                              headerLine,
                              column,
                              ids,
                              words.everyResource({ group: sectionName, action: text }),
                            )
                          : null}
                      </span>
                    </th>
                  );
                })}
              </tr>
              {section.rows.map((row, rowIndex) => {
                const line = lineOf.get(`${sectionIndex}:${rowIndex}`) ?? 0;
                const resource = resourceLabel(LL, row.resource);
                const ids = rowIds(row);
                return (
                  <tr
                    key={row.resource}
                    className="border-slate-100 border-t hover:bg-slate-50 focus-within:bg-primary-50/60 dark:border-slate-800 dark:focus-within:bg-primary-900/20 dark:hover:bg-slate-800/40"
                  >
                    <th scope="row" className="px-3 py-1.5 text-left font-normal">
                      <span className="flex items-center gap-2 pl-4">
                        {checkbox(line, 'row', ids, words.everyAction({ resource }))}
                        <span className="text-slate-800 dark:text-slate-100">{resource}</span>
                      </span>
                    </th>
                    {matrix.columns.map((column) => {
                      if (column === 'other') {
                        const otherIds = row.others.map((cell) => cell.id);
                        return (
                          <td key={column} className={`${cellClass(otherIds)} text-left`}>
                            {row.others.map((cell) => otherCell(line, resource, cell))}
                          </td>
                        );
                      }
                      const cell = row.cells[column];
                      if (!cell) return <td key={column} className="px-2 py-1.5" />;
                      return (
                        <td key={column} className={cellClass([cell.id])}>
                          {checkbox(
                            line,
                            column,
                            [cell.id],
                            words.cell({ resource, action: actionLabel(LL, column) }),
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          );
        })}
      </table>
    </div>
  );
};
