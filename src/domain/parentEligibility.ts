import { wholeYears } from './compatibility';
import { yearsBefore } from './resources/child';
import { applicantKey, applicantNumbers, checklistDateKey, checklistItems } from './resources/parent';

/**
 * An application's eligibility against the settings (issue 12), each check `met`, `notMet` or
 * `unknown` (the record does not say): the show page puts it in words, and the server asks the same
 * function before an application is accepted (issue 22), so screen and rule agree. Pure: today and
 * the minimum age come in.
 */
export type TEligibilityState = 'met' | 'notMet' | 'unknown';
export type TEligibilityCheck =
  | { kind: 'age'; n: number; state: TEligibilityState; age?: number }
  | { kind: 'checklist'; state: TEligibilityState; done: number; all: number }
  | { kind: 'approval'; state: TEligibilityState; until?: string };

export const eligibilityChecks = (
  record: Record<string, unknown>,
  minimumAge: number,
  today: string,
): TEligibilityCheck[] => {
  const onDay = typeof record.applicationDate === 'string' ? record.applicationDate : today;
  const applicants = applicantNumbers.filter((n) => n === 1 || record.applicantType === 'couple');
  const checks: TEligibilityCheck[] = applicants.map((n) => {
    const born = record[applicantKey(n, 'DateOfBirth')];
    if (typeof born !== 'string' || !born) return { kind: 'age', n, state: 'unknown' };
    return {
      kind: 'age',
      n,
      age: wholeYears(born, onDay),
      state: born <= yearsBefore(onDay, minimumAge) ? 'met' : 'notMet',
    };
  });
  const done = checklistItems.filter((item) => Boolean(record[checklistDateKey(item)])).length;
  checks.push({
    kind: 'checklist',
    done,
    all: checklistItems.length,
    state: done === checklistItems.length ? 'met' : 'notMet',
  });
  const until = typeof record.approvedUntil === 'string' ? record.approvedUntil : undefined;
  checks.push({
    kind: 'approval',
    until,
    state: !until ? 'unknown' : until >= today ? 'met' : 'notMet',
  });
  return checks;
};

/**
 * The checks an acceptance would override (issue 22): the applicants' ages and the checklist that
 * are `notMet`. The approval's own check is left out, since accepting sets a new approval; a check
 * the record cannot judge (`unknown`, a date of birth not written) is not a failure to justify.
 * Accepting with any of these asks for a written justification.
 */
export const acceptanceShortfalls = (
  record: Record<string, unknown>,
  minimumAge: number,
  today: string,
): TEligibilityCheck[] =>
  eligibilityChecks(record, minimumAge, today).filter(
    (check) => check.kind !== 'approval' && check.state === 'notMet',
  );
