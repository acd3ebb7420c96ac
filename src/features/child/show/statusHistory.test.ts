import { describe, expect, it } from 'vitest';
import {
  historyDetail,
  historyWhen,
  newestFirst,
  type TStatusHistoryRow,
} from '@/components/workflow/statusHistory';
import { matchingCells } from './statusHistory';

const row = (id: number, at: string): TStatusHistoryRow => ({
  id,
  action: 'confirm-adoption',
  fromStatus: 'registered',
  toStatus: 'adoptable',
  payload: {},
  user: null,
  at,
});

describe('status history rows', () => {
  it('puts the newest first, the later id first at the same instant', () => {
    const rows = [
      row(1, '2026-01-01T08:00:00.000Z'),
      row(3, '2026-02-01T08:00:00.000Z'),
      row(2, '2026-02-01T08:00:00.000Z'),
    ];
    expect(newestFirst(rows).map((entry) => entry.id)).toEqual([3, 2, 1]);
  });

  it('says when in Phnom Penh time', () => {
    // 20:30 UTC is 03:30 the next day in Phnom Penh (UTC+7).
    expect(historyWhen('2026-03-09T20:30:00.000Z')).toBe('10-03-2026 03:30');
    expect(historyWhen('not a date')).toBe('not a date');
  });

  it('reads the date and reason of the payload', () => {
    expect(historyDetail({ date: '2026-03-09', reason: ' Moved abroad ' })).toEqual({
      date: '09-03-2026',
      reason: 'Moved abroad',
    });
    expect(historyDetail({})).toEqual({ date: '', reason: '' });
  });
});

describe('matching history cells', () => {
  it('shows what a row has of a date, an action and a status', () => {
    expect(
      matchingCells({ date: '2026-03-09', action: 'confirm-adoption', status: 'adoptionConfirmed' }, 'en'),
    ).toEqual({
      date: '09-03-2026',
      action: 'confirm-adoption',
      status: 'adoptionConfirmed',
    });
    expect(
      matchingCells({ createdAt: '2026-03-09T01:00:00.000Z', stage: { kh: 'ដំណាក់កាល', en: 'Stage' } }, 'kh'),
    ).toEqual({
      date: '09-03-2026 08:00',
      action: 'ដំណាក់កាល',
      status: '',
    });
  });
});
