import { addMonths } from './addMonths';

/**
 * Services after adoption (DESIGN.md sections 5 and 6): their types, the follow-up schedule made
 * when a matching completes, and when a pending one is due soon or overdue. Free of zod and of
 * clocks: the settings' defaults (loaded by every page) and the server's SQL share these.
 */
export const serviceTypes = [
  'homeVisit',
  'counselling',
  'healthCheck',
  'educationSupport',
  'followUpReport',
] as const;
export type TServiceType = (typeof serviceTypes)[number];

/** One entry of the setting `followUpSchedule`: a service of `type`, `monthsAfter` the keep approval. */
export type TFollowUpEntry = { type: TServiceType; monthsAfter: number };

/** Home visits at 3, 6 and 12 months, a follow-up report at 24 (DESIGN.md section 5). */
export const defaultFollowUpSchedule: TFollowUpEntry[] = [
  { type: 'homeVisit', monthsAfter: 3 },
  { type: 'homeVisit', monthsAfter: 6 },
  { type: 'homeVisit', monthsAfter: 12 },
  { type: 'followUpReport', monthsAfter: 24 },
];

/** The services an adoption completed on `adoptedOn` is followed with, in the schedule's order. */
export const followUpPlan = (
  adoptedOn: string,
  schedule: readonly TFollowUpEntry[],
): { serviceType: TServiceType; plannedDate: string }[] =>
  schedule.map((entry) => ({
    serviceType: entry.type,
    plannedDate: addMonths(adoptedOn, entry.monthsAfter),
  }));

export const serviceDueStates = ['dueSoon', 'overdue'] as const;
export type TServiceDueState = (typeof serviceDueStates)[number];

/** The day `days` after `date` (yyyy-mm-dd). */
export const addDays = (date: string, days: number): string => {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
};

/**
 * A pending service is 'overdue' once its planned day has passed, 'due soon' from `dueSoonDays`
 * before it up to that day (DESIGN.md section 6); a given or refused one is neither.
 */
export const serviceDueState = (
  service: { status: unknown; plannedDate: unknown },
  today: string,
  dueSoonDays: number,
): TServiceDueState | null => {
  if (service.status !== 'pending' || typeof service.plannedDate !== 'string') return null;
  if (service.plannedDate < today) return 'overdue';
  return service.plannedDate <= addDays(today, dueSoonDays) ? 'dueSoon' : null;
};
