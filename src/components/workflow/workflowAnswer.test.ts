import { describe, expect, it } from 'vitest';
import type { TStatusHistoryRow } from './statusHistory';
import { afterWorkflowAnswer, type TWorkflowAnswer } from './workflowAnswer';

const row = (id: number, at: string, toStatus: string): TStatusHistoryRow => ({
  id,
  action: 'confirm-adoption',
  fromStatus: 'proposed',
  toStatus,
  payload: { date: '2026-11-20' },
  user: { id: 2, name: 'Sokha' },
  at,
});

const before = {
  record: { id: 7, status: 'proposed', version: 3, code: 'M-7' },
  history: [row(11, '2026-11-19T08:00:00.000Z', 'proposed')],
};

const answer: TWorkflowAnswer = {
  id: 7,
  status: 'adoptionConfirmed',
  version: 4,
  allowedActions: ['test-adoption', 'skip-adoption'],
  record: { id: 7, status: 'adoptionConfirmed', version: 4, code: 'M-7' },
  history: row(12, '2026-11-20T09:00:00.000Z', 'adoptionConfirmed'),
};

describe('a record page after a workflow action (one answer per action)', () => {
  it('takes the record and the new history row from the answer', () => {
    const { page } = afterWorkflowAnswer(before, answer);
    expect(page.record).toBe(answer.record);
    expect(page.history?.map((entry) => entry.id)).toEqual([12, 11]);
  });

  it('reads again only the timeline and the work queue: two requests, not the record or the history', () => {
    const { reads } = afterWorkflowAnswer(before, answer);
    expect(reads).toEqual(['timeline', 'workQueue']);
    expect(reads.length).toBeLessThanOrEqual(2);
  });

  it('adds a row once, even when the history read already has it', () => {
    const { page } = afterWorkflowAnswer(
      { ...before, history: [answer.history as TStatusHistoryRow] },
      answer,
    );
    expect(page.history?.map((entry) => entry.id)).toEqual([12]);
  });

  it('reads what the answer lacks: a caller who may not read the record, a history not yet read', () => {
    const bare = afterWorkflowAnswer(before, { id: 7, version: 4 });
    expect(bare.page.record).toBe(before.record);
    expect(bare.reads).toEqual(['timeline', 'workQueue', 'record', 'statusHistory']);
    expect(afterWorkflowAnswer({ ...before, history: null }, answer).reads).toEqual([
      'timeline',
      'workQueue',
      'statusHistory',
    ]);
  });
});
