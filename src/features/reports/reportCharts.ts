import { isoLocale, type TRouteLocale } from '@/domain/locale';
import { matchingStageNames } from '@/domain/matchingStage';
import { monthLabel } from '@/domain/monthNames';
import { countsNothing } from '@/domain/reports/indicatorLabel';
import type { TReportAnswer, TReportIndicator } from '@/domain/reports/reportAnswer';
import { translate } from '@/domain/translate';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import type { TReportCardGroup, TReportChart, TReportDescription } from './reportDescriptions';
import { indicatorLabel } from './reportFormat';

type TData = TReportAnswer['data'];
type TUnit = TReportIndicator['unit'];

/** One column of a chart's table, one bar or line of the chart. A `target` column is drawn as a dashed line. */
export type TChartColumn = { key: string; label: string; unit: TUnit; role: 'value' | 'target' };

/** One category (a stage, a province, a month): its figures by column, and the list each opens where there is one. */
export type TChartRow = {
  id: string;
  label: string;
  values: Record<string, number>;
  links: Record<string, string>;
  /** The columns whose figure counts nothing (a median of no stay): '—' in the table (issue 35). */
  nothing?: Record<string, true>;
};

/** A chart and its table, built from the answer: what the chart draws is exactly what the table lists. */
export type TChartTable = {
  id: string;
  title: string;
  kind: 'bars' | 'lines';
  /** Bars stacked (a province's children by status): the table then adds a total. */
  stacked: boolean;
  /** Many categories (the provinces): the bars lie down, one name under the other. */
  across: boolean;
  categoryLabel: string;
  columns: TChartColumn[];
  rows: TChartRow[];
};

/**
 * A chart's drawing size in CSS pixels (scaled down to its box, never up): stages, months, sex...
 * side by side with their table; provinces (a row each) across the page, bars lying down. The
 * placeholder before the chart is drawn takes the same box, so drawing it moves nothing.
 */
export const chartSize = (table: Pick<TChartTable, 'across' | 'rows'>): { width: number; height: number } =>
  table.across ? { width: 960, height: 60 + table.rows.length * 24 } : { width: 560, height: 280 };

/** The last day of a month (yyyy-mm). */
const lastDayOf = (month: string) => {
  const [year, number] = month.split('-').map(Number);
  return new Date(Date.UTC(year as number, number as number, 0)).getUTCDate();
};

/** A month of the series: its name, and its days where the period takes only part of it. */
export const monthPart = (
  month: { month: string; from?: string; to?: string },
  locale: TRouteLocale,
  LL: TranslationFunctions,
): string => {
  const name = monthLabel(month.month, locale);
  if (!month.from || !month.to) return name;
  const first = Number(month.from.slice(8, 10));
  const last = Number(month.to.slice(8, 10));
  if (first === 1 && last === lastDayOf(month.month)) return name;
  const digits = new Intl.NumberFormat(isoLocale(locale), { useGrouping: false });
  return LL.reports.charts.partMonth({ month: name, from: digits.format(first), to: digits.format(last) });
};

/** A chart's table (see TChartTable) from its description and the answer. */
export const chartTable = (
  chart: TReportChart,
  description: TReportDescription,
  data: TData,
  LL: TranslationFunctions,
  locale: TRouteLocale,
): TChartTable => {
  const byKey = new Map(data.indicators.map((indicator) => [indicator.key, indicator]));
  const unitOf = (key: string): TUnit =>
    byKey.get(key)?.unit ?? description.catalogue.find((entry) => entry.key === key)?.unit ?? 'count';
  const base = { id: chart.id, title: chart.title(LL) };

  if (chart.kind === 'stages') {
    const columns: TChartColumn[] = chart.series.map((series) => ({
      key: series.key('{stage}'),
      label: series.label(LL),
      unit: unitOf(series.key(matchingStageNames[0] as string)),
      role: 'value',
    }));
    // Only the stages the report counts (no rejections in keeping: src/domain/reports/rejectableStages.ts).
    const counted = matchingStageNames.filter((stage) =>
      chart.series.some((series) => description.catalogue.some((entry) => entry.key === series.key(stage))),
    );
    const rows = counted.map((stage) => {
      const values: Record<string, number> = {};
      const links: Record<string, string> = {};
      const nothing: Record<string, true> = {};
      let target: number | undefined;
      chart.series.forEach((series, index) => {
        const indicator = byKey.get(series.key(stage));
        const column = columns[index] as TChartColumn;
        values[column.key] = indicator?.value ?? 0;
        if (indicator?.listPath) links[column.key] = indicator.listPath;
        if (indicator && countsNothing(indicator)) nothing[column.key] = true;
        target ??= indicator?.target;
      });
      if (target !== undefined) values.target = target;
      return { id: stage, label: LL.options.stage[stage](), values, links, nothing };
    });
    // A target line only where a target is set (the settings leave them empty by default).
    if (rows.some((row) => row.values.target !== undefined))
      columns.push({
        key: 'target',
        label: LL.reports.charts.target(),
        unit: columns[0]?.unit ?? 'days',
        role: 'target',
      });
    return {
      ...base,
      kind: 'bars',
      stacked: false,
      across: false,
      categoryLabel: LL.reports.charts.stage(),
      columns,
      rows,
    };
  }

  if (chart.kind === 'breakdown') {
    const keys = description.catalogue
      .filter((entry) => entry.key.startsWith(`${chart.prefix}.`))
      .map((entry) => entry.key);
    const columns: TChartColumn[] = keys.map((key) => ({
      key,
      label: indicatorLabel(LL, key),
      unit: 'count',
      role: 'value',
    }));
    const rows = data.breakdowns[chart.breakdown].map((row) => ({
      id: row.id,
      label: translate(row.name, locale),
      values: Object.fromEntries(keys.map((key) => [key, row.values[key] ?? 0])),
      links: {},
    }));
    const categoryLabel = {
      province: LL.reports.charts.province(),
      sex: LL.reports.filters.sex(),
      ageBand: LL.reports.filters.ageBand(),
      disability: LL.reports.filters.disability(),
    }[chart.breakdown];
    return {
      ...base,
      kind: 'bars',
      stacked: true,
      across: chart.breakdown === 'province',
      categoryLabel,
      columns,
      rows,
    };
  }

  const columns: TChartColumn[] = chart.series.map((series) => ({
    key: series.key,
    label: series.label(LL),
    unit: unitOf(series.key),
    role: 'value',
  }));
  // A month the period cuts (its first or last) says which of its days it counts (issue 35); each
  // month's figure opens its list over those days.
  const rows = data.series.map((month) => ({
    id: month.month,
    label: monthPart(month, locale, LL),
    values: Object.fromEntries(chart.series.map((series) => [series.key, month.values[series.key] ?? 0])),
    links: Object.fromEntries(
      chart.series.flatMap((series) => {
        const path = month.listPaths?.[series.key];
        return path ? [[series.key, path]] : [];
      }),
    ),
  }));
  return {
    ...base,
    kind: 'lines',
    stacked: false,
    across: false,
    categoryLabel: LL.reports.charts.month(),
    columns,
    rows,
  };
};

/** A stacked row's total (the table's last column). */
export const rowTotal = (row: TChartRow, columns: readonly TChartColumn[]): number =>
  columns
    .filter((column) => column.role === 'value')
    .reduce((sum, column) => sum + (row.values[column.key] ?? 0), 0);

/** A card group's figures, in the catalogue's order: those the answer carries. */
export const groupIndicators = (
  group: TReportCardGroup,
  description: TReportDescription,
  data: TData,
): TReportIndicator[] => {
  const byKey = new Map(data.indicators.map((indicator) => [indicator.key, indicator]));
  return description.catalogue
    .filter((entry) => group.definitions.includes(entry.definition))
    .flatMap((entry) => byKey.get(entry.key) ?? []);
};
