import { isoDateIn, programmeTimeZone } from '@/domain/childStatus';
import { formatDate } from '@/domain/dateFormat';
import type { TRouteLocale } from '@/domain/locale';
import { translate } from '@/domain/translatable';

/** A row of `GET /child-infos/status-history/{id}` (server/routes/childStatus.ts). */
export type TStatusHistoryRow = {
  id: number;
  action: string;
  fromStatus: string;
  toStatus: string;
  payload: Record<string, unknown>;
  user: { id: number; name: string } | null;
  at: string;
};

/** Newest first (the server's order too; kept here so the table never depends on it). */
export const newestFirst = (rows: readonly TStatusHistoryRow[]): TStatusHistoryRow[] =>
  [...rows].sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1));

/** `21-11-2026 15:04`: the day and time of an instant in the programme's time zone. */
export const historyWhen = (at: string): string => {
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) return at;
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: programmeTimeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return `${formatDate(isoDateIn(instant))} ${time}`;
};

/** The date the change took effect and why, from the row's payload ('' for what it lacks). */
export const historyDetail = (payload: Record<string, unknown>): { date: string; reason: string } => ({
  date: typeof payload.date === 'string' ? formatDate(payload.date) : '',
  reason: typeof payload.reason === 'string' ? payload.reason.trim() : '',
});

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
