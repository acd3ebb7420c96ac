import { describe, expect, it } from 'vitest';
import { framedNotice } from './startNotice';

describe('framedNotice', () => {
  it('frames every line in one box as wide as the longest', () => {
    const framed = framedNotice(['Admin user "admin" created with password: abc123', 'Keep it safe.']);
    const lines = framed.split('\n');
    expect(lines).toEqual([
      '+--------------------------------------------------+',
      '| Admin user "admin" created with password: abc123 |',
      '| Keep it safe.                                    |',
      '+--------------------------------------------------+',
    ]);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });
});
