import { formatDate, formatInstant } from '@/domain/dateFormat';

/** A row of `GET {apiBase}/status-history/{id}` (server/workflows/workflowRoutes.ts). */
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
export const historyWhen = (at: string): string => formatInstant(at);

/**
 * Why a step was taken, as written: its reason, or the justification of an acceptance that
 * overrode eligibility (issue 22); '' when it carries neither.
 */
export const historyWhy = (payload: Readonly<Record<string, unknown>> | null | undefined): string =>
  [payload?.reason, payload?.justification]
    .filter((text): text is string => typeof text === 'string')
    .map((text) => text.trim())
    .filter(Boolean)
    .join('\n');

/** The date the change took effect and why, from the row's payload ('' for what it lacks). */
export const historyDetail = (payload: Record<string, unknown>): { date: string; reason: string } => ({
  date: typeof payload.date === 'string' ? formatDate(payload.date) : '',
  reason: historyWhy(payload),
});
