import { useId } from 'react';
import { AppLink } from '@/components/AppLink';
import { focusRing } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';
import { localizedPath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { ReportChartSlot } from './ReportChartSlot';
import { rowTotal, type TChartTable } from './reportCharts';
import { formatFigure } from './reportFormat';

/**
 * A chart with its data table beside it (a real table with its caption: for reading, for screen
 * readers, and on paper); a figure that has a list opens it. The table is there at once; the chart
 * is drawn when it comes into view (ReportChartSlot.tsx).
 */
export const ReportChartFigure = ({ table }: { table: TChartTable }) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const id = useId();
  const totals = table.stacked;
  return (
    <figure
      aria-labelledby={id}
      data-chart={table.id}
      className="mt-6 break-inside-avoid rounded-lg border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <figcaption id={id} className="mb-2 font-semibold text-slate-700 dark:text-slate-200">
        {table.title}
      </figcaption>
      {/* A chart and its table side by side on a wide screen; a province a row, the table goes under. */}
      <div className={`grid gap-4 print:grid-cols-1 ${table.across ? '' : 'md:grid-cols-[3fr_2fr]'}`}>
        <ReportChartSlot table={table} locale={locale} />
        {/* A table wider than its column scrolls: reachable by Tab so the keyboard can scroll it (axe). */}
        <section
          className={`overflow-x-auto rounded ${focusRing}`}
          aria-label={LL.reports.charts.tableCaption({ title: table.title })}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled from the keyboard
          tabIndex={0}
        >
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{LL.reports.charts.tableCaption({ title: table.title })}</caption>
            <thead>
              <tr className="border-slate-200 border-b text-left dark:border-slate-700">
                <th scope="col" className="py-1 pr-2 font-medium">
                  {table.categoryLabel}
                </th>
                {table.columns.map((column) => (
                  <th key={column.key} scope="col" className="py-1 pr-2 text-right font-medium">
                    {column.label}
                  </th>
                ))}
                {totals ? (
                  <th scope="col" className="py-1 text-right font-medium">
                    {LL.reports.charts.total()}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.id} className="border-slate-100 border-b dark:border-slate-800">
                  <th scope="row" className="py-1 pr-2 text-left font-normal">
                    {row.label}
                  </th>
                  {table.columns.map((column) => {
                    const value = row.values[column.key];
                    const shown =
                      value === undefined || row.nothing?.[column.key]
                        ? '—'
                        : formatFigure(value, column.unit, locale);
                    const link = row.links[column.key];
                    return (
                      <td key={column.key} className="py-1 pr-2 text-right tabular-nums">
                        {link ? (
                          <AppLink
                            to={localizedPath(locale, link)}
                            className={`rounded text-primary-700 underline underline-offset-2 dark:text-primary-300 ${focusRing}`}
                          >
                            {shown}
                          </AppLink>
                        ) : (
                          shown
                        )}
                      </td>
                    );
                  })}
                  {totals ? (
                    <td className="py-1 text-right font-medium tabular-nums">
                      {formatFigure(rowTotal(row, table.columns), 'count', locale)}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </figure>
  );
};
