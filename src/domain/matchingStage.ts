import { isoDateIn } from './programmeTime';
import type { TSystemSettings } from './systemSettings';
import { matchingStages, type TMatchingStatus } from './workflows/matching.workflow';

export type TMatchingStage = keyof typeof matchingStages;
export const matchingStageNames = Object.keys(matchingStages) as TMatchingStage[];

/** The stage a status belongs to; null once the matching is completed or rejected. */
export const matchingStageOf = (status: string): TMatchingStage | null =>
  matchingStageNames.find((stage) =>
    (matchingStages[stage] as readonly string[]).includes(status as TMatchingStatus),
  ) ?? null;

/** Whole days from one yyyy-mm-dd day to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * A trial confirmed on `confirmedOn` that began on `trialStart`, against the trial stage's expected
 * days (setting `stageExpectedDays.trial`): shorter than expected, its confirmation needs a written
 * reason (issue 22). Null when the trial's start or the day is not known (nothing to judge).
 */
export const trialLength = (
  trialStart: unknown,
  confirmedOn: unknown,
  expectedDays: TSystemSettings['stageExpectedDays'],
): { days: number; expected: number; short: boolean } | null => {
  if (typeof trialStart !== 'string' || !trialStart || typeof confirmedOn !== 'string' || !confirmedOn)
    return null;
  const days = daysBetween(trialStart, confirmedOn);
  if (Number.isNaN(days)) return null;
  return { days, expected: expectedDays.trial, short: days < expectedDays.trial };
};

export type TStageTiming = {
  stage: TMatchingStage;
  days: number;
  expected: number;
  overdue: boolean;
};

/**
 * Time in the current stage (DESIGN.md section 6 'Time in stage'): the days since the stage was
 * entered, and overdue past the setting `stageExpectedDays` of that stage. Null for a finished matching.
 */
export const stageTiming = (
  status: string,
  stageEnteredOn: string | null | undefined,
  today: string,
  expectedDays: TSystemSettings['stageExpectedDays'],
): TStageTiming | null => {
  const stage = matchingStageOf(status);
  if (!stage || !stageEnteredOn) return null;
  const days = Math.max(0, daysBetween(stageEnteredOn, today));
  const expected = expectedDays[stage];
  return { stage, days, expected, overdue: days > expected };
};

/** A status-history row as the stepper and the four-eyes rule read it. */
export type TStageHistoryEntry = {
  action: string;
  fromStatus: string | null;
  toStatus: string;
  at: string;
  userId: number | null;
  userName?: string | null;
  payload?: Record<string, unknown> | null;
};

export type TStagePeriod = {
  stage: TMatchingStage;
  /** The day it was entered: the step's date when it carried one, else the day it was taken. */
  enteredOn: string;
  /** The day it was left (the next stage's entry, completion or rejection); null while current. */
  leftOn: string | null;
  days: number;
  overdue: boolean;
  /** The step that ended it, and who took it (the decider). */
  endedBy: { action: string; userName: string | null; status: string } | null;
  /** Every step taken in it, the one that entered it first: what, on which day, by whom. */
  steps: { action: string; day: string; userName: string | null }[];
};

/**
 * The step's own date when it carried one, else the programme's day (Cambodia) it was taken on, as
 * the server counts `stage_entered_on`: `at` is an instant, and its UTC day is the day before from
 * 00:00 to 07:00 in Phnom Penh.
 */
const stepDay = (entry: TStageHistoryEntry): string =>
  typeof entry.payload?.date === 'string' ? entry.payload.date : isoDateIn(new Date(entry.at));

/**
 * Each stage the matching has been through, from its status history (oldest first): when it was
 * entered and left, how many days it took, whether that was past its expected days, and the step
 * that ended it with who took it.
 */
export const stagePeriods = (
  history: readonly TStageHistoryEntry[],
  today: string,
  expectedDays: TSystemSettings['stageExpectedDays'],
): TStagePeriod[] => {
  const periods: TStagePeriod[] = [];
  for (const entry of history) {
    const stage = matchingStageOf(entry.toStatus);
    const current = periods.at(-1);
    if (current && current.leftOn === null && current.stage !== stage) {
      current.leftOn = stepDay(entry);
      current.endedBy = { action: entry.action, userName: entry.userName ?? null, status: entry.toStatus };
    }
    if (stage && (!current || current.stage !== stage || current.leftOn !== null))
      periods.push({
        stage,
        enteredOn: stepDay(entry),
        leftOn: null,
        days: 0,
        overdue: false,
        endedBy: null,
        steps: [],
      });
    const open = periods.at(-1);
    if (stage && open?.leftOn === null)
      open.steps.push({ action: entry.action, day: stepDay(entry), userName: entry.userName ?? null });
  }
  for (const period of periods) {
    period.days = Math.max(0, daysBetween(period.enteredOn, period.leftOn ?? today));
    period.overdue = period.days > expectedDays[period.stage];
  }
  return periods;
};
