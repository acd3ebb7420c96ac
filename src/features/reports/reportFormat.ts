import { isoLocale, type TRouteLocale } from '@/domain/locale';
import type { TReportAnswer, TReportIndicator } from '@/domain/reports/reportAnswer';
import type { TranslationFunctions } from '@/i18n/i18n-types';

type TUnit = TReportIndicator['unit'];

/**
 * A figure as the screens show it: counts whole, days with one decimal, shares as a per cent (one
 * decimal at most), with the locale's digits and separators (`Intl`, as the rest of the app).
 */
export const formatFigure = (value: number, unit: TUnit, locale: TRouteLocale): string => {
  const code = isoLocale(locale);
  if (unit === 'share')
    return new Intl.NumberFormat(code, { style: 'percent', maximumFractionDigits: 1 }).format(value);
  if (unit === 'days')
    return new Intl.NumberFormat(code, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  return new Intl.NumberFormat(code, { maximumFractionDigits: 0 }).format(value);
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

/** `children.adoptable` → the family (`children`) and the status or stage (`adoptable`), and a measure (`median`). */
const partsOf = (key: string) => {
  const [family = key, name, measure] = key.split('.');
  return { family, name, measure };
};

type TWordBook = Record<string, (() => string) | undefined>;

/** A status's or a stage's name; the key itself when the dictionaries have none. */
const optionWord = (book: unknown, name: string) =>
  name in (book as TWordBook) ? ((book as TWordBook)[name]?.() ?? name) : name;

/** An indicator's short name, in the reader's language (its definition is the catalogue's word). */
export const indicatorLabel = (LL: TranslationFunctions, key: string): string => {
  const { family, name, measure } = partsOf(key);
  const words = LL.reports.indicators;
  if (name === undefined) return key in words ? ((words as unknown as TWordBook)[key]?.() ?? key) : key;
  if (family === 'children' || family === 'applications') return optionWord(LL.options.status, name);
  const stage = optionWord(LL.options.stage, name);
  if (family === 'matchings') return words.matchingsByStage({ stage });
  if (family === 'matchingsOverdue') return words.matchingsOverdue({ stage });
  if (family === 'rejections') return words.rejections({ stage });
  if (family === 'daysInStage')
    return measure === 'p90' ? words.daysInStageP90({ stage }) : words.daysInStageMedian({ stage });
  return key;
};

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
