import type { ReactNode } from 'react';

/** A column heading of a `CompactTable`: its words (or a screen-reader-only span) and cell classes. */
export type TCompactColumn = { key: string; heading: ReactNode; className: string };

/** A body row of a `CompactTable`: shaded under the pointer. */
export const compactRowClass = 'hover:bg-slate-50 dark:hover:bg-slate-800/60';

/**
 * The small table of a card (a record's documents, a menu's sub-menus): it scrolls sideways on a
 * narrow screen, small upper-case headings over a divided body. `tableClassName` carries its width
 * (a literal, so Tailwind sees it); `children` are the body rows.
 */
export const CompactTable = ({
  tableClassName,
  caption,
  columns,
  children,
}: {
  tableClassName: string;
  caption?: string;
  columns: readonly TCompactColumn[];
  children: ReactNode;
}) => (
  <div className="overflow-x-auto">
    <table className={tableClassName}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead className="border-slate-200 border-b text-slate-600 text-xs uppercase tracking-wide dark:border-slate-700 dark:text-slate-400">
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={column.className}>
              {column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 text-slate-800 dark:divide-slate-800 dark:text-slate-100">
        {children}
      </tbody>
    </table>
  </div>
);
