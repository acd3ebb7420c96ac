import { describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client';
import { createReportSummaries, wholeMonths } from './reportSummaries';

/**
 * A database whose transactions only take time, counting how many run at once: the refresh's
 * scheduling is watched without writing anything.
 */
const slowDatabase = (ms: number) => {
  const seen = { started: 0, running: 0, mostAtOnce: 0 };
  const db = {
    transaction: async () => {
      seen.started += 1;
      seen.running += 1;
      seen.mostAtOnce = Math.max(seen.mostAtOnce, seen.running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      seen.running -= 1;
    },
    // No summary kept by another server.
    execute: async () => [],
  } as unknown as TDb;
  return { db, seen };
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the reports kept counts refresh', () => {
  it('never runs two refreshes at once: a call during one waits and shares the next', async () => {
    const { db, seen } = slowDatabase(30);
    const summaries = createReportSummaries({ db, now: Date.now, maxAgeMs: 0, refreshMs: 0 });
    const calls = await Promise.all([summaries.refresh(), summaries.refresh(), summaries.refresh()]);
    expect(seen.mostAtOnce).toBe(1);
    // The first, then one more for the two that asked while it ran (what they wrote may be missing).
    expect(seen.started).toBe(2);
    expect(calls[1]).toBe(calls[2]);
  });

  it('answers from kept counts younger than the maximum age of the same day, else refreshes', async () => {
    const { db, seen } = slowDatabase(1);
    let now = Date.parse('2026-11-26T03:00:00Z');
    const summaries = createReportSummaries({ db, now: () => now, maxAgeMs: 300_000, refreshMs: 0 });
    const first = await summaries.refresh();
    now += 299_000;
    expect(await summaries.fresh('2026-11-26')).toBe(first);
    expect(seen.started).toBe(1);
    // Another day (the age bands are the day's) or older than 5 minutes: taken again.
    expect((await summaries.fresh('2026-11-27')).getTime()).toBe(now);
    now += 300_000;
    expect((await summaries.fresh('2026-11-27')).getTime()).toBe(now);
    expect(seen.started).toBe(3);
  });

  it('refreshes at start and every interval in the background, and stops on close', async () => {
    const { db, seen } = slowDatabase(5);
    const summaries = createReportSummaries({ db, now: Date.now, maxAgeMs: 300_000, refreshMs: 20 });
    summaries.start();
    expect(seen.started).toBe(1);
    await wait(110);
    expect(seen.started).toBeGreaterThanOrEqual(3);
    await summaries.stop();
    expect(seen.running).toBe(0);
    const stoppedAt = seen.started;
    await wait(60);
    expect(seen.started).toBe(stoppedAt);
    summaries.start();
    expect(seen.started).toBe(stoppedAt);
  });
});

describe("a period's whole months (read by month, the other days by day)", () => {
  it('finds the whole months inside the period, or none', () => {
    expect(wholeMonths({ from: '2025-11-27', to: '2026-11-26' })).toEqual({
      firstWhole: '2025-12-01',
      afterWhole: '2026-11-01',
    });
    expect(wholeMonths({ from: '2026-01-01', to: '2026-12-31' })).toEqual({
      firstWhole: '2026-01-01',
      afterWhole: '2027-01-01',
    });
    expect(wholeMonths({ from: '2026-02-01', to: '2026-02-28' })).toEqual({
      firstWhole: '2026-02-01',
      afterWhole: '2026-03-01',
    });
    expect(wholeMonths({ from: '2026-01-05', to: '2026-01-20' })).toEqual({
      firstWhole: '2026-01-21',
      afterWhole: '2026-01-21',
    });
  });
});
