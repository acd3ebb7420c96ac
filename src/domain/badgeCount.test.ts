import { describe, expect, it } from 'vitest';
import { badgeCount } from './badgeCount';

describe('badgeCount', () => {
  it('shows the count up to two characters, then 99+', () => {
    expect(badgeCount(0)).toBe('0');
    expect(badgeCount(7)).toBe('7');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
    expect(badgeCount(4321)).toBe('99+');
  });
});
