import { historyWhen } from '@/components/workflow/statusHistory';
import { formatDate } from '@/domain/dateFormat';
import type { TRouteLocale } from '@/domain/locale';
import { translate } from '@/domain/translate';

/** The first of `keys` a matching history row has a value for. */
const firstOf = (row: Record<string, unknown>, keys: readonly string[]): unknown =>
  keys.map((key) => row[key]).find((value) => value !== null && value !== undefined && value !== '');

const cellText = (value: unknown, locale: TRouteLocale): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return translate(value as never, locale);
  const text = String(value);
  return /^\d{4}-\d{2}-\d{2}(T|$)/.test(text)
    ? text.includes('T')
      ? historyWhen(text)
      : formatDate(text)
    : text;
};

/**
 * A matching history row as three cells. Matchings do not exist yet (the call answers `[]`), so the
 * row's shape is not settled: the first date-, action- and status-like field found is shown.
 */
export const matchingCells = (
  row: Record<string, unknown>,
  locale: TRouteLocale,
): { date: string; action: string; status: string } => ({
  date: cellText(
    firstOf(row, ['date', 'at', 'proposedOn', 'proposedDate', 'createdAt', 'updatedAt']),
    locale,
  ),
  action: cellText(firstOf(row, ['action', 'event', 'stage']), locale),
  status: cellText(firstOf(row, ['status', 'toStatus', 'state']), locale),
});
