import { describe, expect, it } from 'vitest';
import { canPrefetch } from './prefetch';

describe('canPrefetch', () => {
  it('prefetches on an ordinary connection', () => {
    expect(canPrefetch({ onLine: true })).toBe(true);
    expect(canPrefetch({ onLine: true, effectiveType: '4g' })).toBe(true);
    expect(canPrefetch({ onLine: true, effectiveType: '3g' })).toBe(true);
  });

  it('skips when offline, on slow 2g or 2g, or when the user asked to save data', () => {
    expect(canPrefetch({ onLine: false, effectiveType: '4g' })).toBe(false);
    expect(canPrefetch({ onLine: true, effectiveType: 'slow-2g' })).toBe(false);
    expect(canPrefetch({ onLine: true, effectiveType: '2g' })).toBe(false);
    expect(canPrefetch({ onLine: true, saveData: true })).toBe(false);
  });
});
