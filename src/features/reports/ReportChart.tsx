import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { TRouteLocale } from '@/domain/locale';
import { chartSize, type TChartTable } from './reportCharts';
import { formatFigure } from './reportFormat';

/** Colours that stay apart on screen and in grey on paper (Tailwind's 700s and 400s). */
const colours = ['#1d4ed8', '#f59e0b', '#047857', '#b91c1c', '#7c3aed', '#0e7490', '#a16207', '#be185d'];
const targetColour = '#111827';

/**
 * A chart of a report, drawn in SVG by Recharts (its text is the page's text, so Khmer shapes as
 * everywhere else and prints sharp): bars (stacked for a province's statuses) or lines, a dashed
 * target line where a target is set. Fixed size scaled by its box (the SVG has a viewBox), so
 * screen and A4 show the same drawing. Loaded and drawn by ReportChartSlot.tsx (in its box, hidden
 * from screen readers: the table beside it carries the same figures).
 */
const ReportChart = ({ table, locale }: { table: TChartTable; locale: TRouteLocale }) => {
  // Recharts reads `a.b` as a path: the figures go under plain keys.
  const keyOf = (index: number) => `c${index}`;
  const data = table.rows.map((row) => ({
    label: row.label,
    ...Object.fromEntries(
      table.columns.map((column, index) => [keyOf(index), row.values[column.key] ?? null]),
    ),
  }));
  const unit = table.columns[0]?.unit ?? 'count';
  const format = (value: unknown) => (typeof value === 'number' ? formatFigure(value, unit, locale) : '');
  const { width, height } = chartSize(table);
  // Many categories (the provinces) lie down: their names stay readable one under the other.
  const across = table.across;
  const categoryAxis = { tick: { fontSize: 12, fill: 'currentColor' }, interval: 0 as const };
  const valueAxis = {
    tick: { fontSize: 12, fill: 'currentColor' },
    allowDecimals: unit !== 'count',
    tickFormatter: format,
  };
  return (
    <ComposedChart
      width={width}
      height={height}
      data={data}
      margin={{ top: 8, right: 12, bottom: 8, left: 0 }}
      accessibilityLayer={false}
      layout={across ? 'vertical' : 'horizontal'}
      style={{ width: '100%', height: 'auto', maxWidth: width, fontFamily: 'inherit' }}
    >
      <CartesianGrid strokeDasharray="3 3" stroke="#cbd5e1" vertical={across} horizontal={!across} />
      {across ? (
        <>
          <XAxis type="number" {...valueAxis} />
          <YAxis type="category" dataKey="label" {...categoryAxis} width={130} />
        </>
      ) : (
        <>
          {/* Twelve month names side by side would overlap: they lean. */}
          <XAxis
            dataKey="label"
            {...categoryAxis}
            {...(table.kind === 'lines' ? { angle: -35, textAnchor: 'end', height: 56 } : {})}
          />
          <YAxis {...valueAxis} width={56} />
        </>
      )}
      <Tooltip formatter={(value) => format(value)} isAnimationActive={false} />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      {table.columns.map((column, index) =>
        column.role === 'target' ? (
          <Line
            key={column.key}
            dataKey={keyOf(index)}
            name={column.label}
            stroke={targetColour}
            strokeDasharray="6 4"
            strokeWidth={2}
            dot={{ r: 3 }}
            connectNulls={false}
            isAnimationActive={false}
          />
        ) : table.kind === 'lines' ? (
          <Line
            key={column.key}
            dataKey={keyOf(index)}
            name={column.label}
            stroke={colours[index % colours.length]}
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        ) : (
          <Bar
            key={column.key}
            dataKey={keyOf(index)}
            name={column.label}
            fill={colours[index % colours.length]}
            stackId={table.stacked ? 'stack' : undefined}
            isAnimationActive={false}
          />
        ),
      )}
    </ComposedChart>
  );
};

export default ReportChart;
