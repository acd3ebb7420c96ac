import { describe, expect, it } from 'vitest';
import { startedText } from './backupWords';

describe('startedText', () => {
  it('names a backup by its start to the minute, with the seconds only beside a twin of the same minute', () => {
    const lone = { startedAt: '2026-11-28T23:10:05.000Z' };
    const first = { startedAt: '2026-11-28T23:24:19.000Z' };
    const second = { startedAt: '2026-11-28T23:24:39.000Z' };
    const list = [second, first, lone];
    // The programme's time zone (Phnom Penh, UTC+7).
    expect(startedText(lone.startedAt, list)).toBe('29-11-2026 06:10');
    expect(startedText(first.startedAt, list)).toBe('29-11-2026 06:24:19');
    expect(startedText(second.startedAt, list)).toBe('29-11-2026 06:24:39');
  });
});
