import { describe, expect, it } from 'vitest';
import { addDays, defaultFollowUpSchedule, followUpPlan, serviceDueState } from './serviceSchedule';

describe('the follow-up plan', () => {
  it('plans home visits at 3, 6 and 12 months and a report at 24 from the keep approval, by default', () => {
    expect(followUpPlan('2026-03-15', defaultFollowUpSchedule)).toEqual([
      { serviceType: 'homeVisit', plannedDate: '2026-06-15' },
      { serviceType: 'homeVisit', plannedDate: '2026-09-15' },
      { serviceType: 'homeVisit', plannedDate: '2027-03-15' },
      { serviceType: 'followUpReport', plannedDate: '2028-03-15' },
    ]);
  });

  it('falls back to the last day of a shorter month, and follows the setting as changed', () => {
    expect(
      followUpPlan('2026-11-30', [
        { type: 'counselling', monthsAfter: 3 },
        { type: 'healthCheck', monthsAfter: 1 },
      ]),
    ).toEqual([
      { serviceType: 'counselling', plannedDate: '2027-02-28' },
      { serviceType: 'healthCheck', plannedDate: '2026-12-30' },
    ]);
    expect(followUpPlan('2027-11-30', [{ type: 'homeVisit', monthsAfter: 3 }])[0].plannedDate).toBe(
      '2028-02-29',
    );
  });
});

describe('due soon and overdue', () => {
  const today = '2026-11-24';
  const pending = (plannedDate: string) => ({ status: 'pending', plannedDate });

  it('is overdue once the planned day has passed while pending', () => {
    expect(serviceDueState(pending('2026-11-23'), today, 14)).toBe('overdue');
    expect(serviceDueState(pending('2025-01-01'), today, 14)).toBe('overdue');
  });

  it('is due soon from today to the setting’s days ahead, and neither beyond', () => {
    expect(serviceDueState(pending(today), today, 14)).toBe('dueSoon');
    expect(serviceDueState(pending(addDays(today, 14)), today, 14)).toBe('dueSoon');
    expect(serviceDueState(pending(addDays(today, 15)), today, 14)).toBeNull();
    expect(serviceDueState(pending(addDays(today, 15)), today, 30)).toBe('dueSoon');
  });

  it('is neither once given or refused', () => {
    expect(serviceDueState({ status: 'confirmed', plannedDate: '2026-01-01' }, today, 14)).toBeNull();
    expect(serviceDueState({ status: 'rejected', plannedDate: today }, today, 14)).toBeNull();
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-12-25', 10)).toBe('2027-01-04');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
