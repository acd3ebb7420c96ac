import { isoLocale, type TRouteLocale } from '@/domain/locale';
import type { TReportAnswer, TReportIndicator } from '@/domain/reports/reportAnswer';

type TUnit = TReportIndicator['unit'];

const formatOptions: Record<TUnit, Intl.NumberFormatOptions> = {
  share: { style: 'percent', maximumFractionDigits: 1 },
  days: { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  count: { maximumFractionDigits: 0 },
};

// One formatter per language and unit: a report draws some hundreds of figures, and building an
// `Intl.NumberFormat` costs ten times its use.
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A figure as the screens show it: counts whole, days with one decimal, shares as a per cent (one
 * decimal at most), with the locale's digits and separators (`Intl`, as the rest of the app).
 */
export const formatFigure = (value: number, unit: TUnit, locale: TRouteLocale): string => {
  const code = isoLocale(locale);
  const key = `${code}|${unit}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(code, formatOptions[unit]);
    formatters.set(key, formatter);
  }
  return formatter.format(value);
};

/**
 * Timeliness figures where more is better; for every other target (days, and the share of families
 * who waited 3 months or more) less is better.
 */
const higherIsBetter = new Set(['shareAdoptedWithin14Months']);

/** Whether a figure meets its target (null without one): days and waits at most it, the 14-month share at least it. */
export const targetState = (
  indicator: Pick<TReportIndicator, 'key' | 'value' | 'target'>,
): 'met' | 'missed' | null => {
  if (indicator.target === undefined) return null;
  const met = higherIsBetter.has(indicator.key)
    ? indicator.value >= indicator.target
    : indicator.value <= indicator.target;
  return met ? 'met' : 'missed';
};

export { indicatorLabel } from '@/domain/reports/indicatorLabel';

/**
 * A new installation's answer: every figure, breakdown and month is 0. The screen says so in words
 * rather than drawing empty charts.
 */
export const isEmptyAnswer = (data: TReportAnswer['data']): boolean =>
  data.indicators.every((indicator) => indicator.value === 0) &&
  Object.values(data.breakdowns).every((rows) =>
    rows.every((row) => Object.values(row.values).every((value) => value === 0)),
  ) &&
  data.series.every((month) => Object.values(month.values).every((value) => value === 0));
