import { describe, expect, it } from 'vitest';
import { fileSizeParts, formatFileSize } from './fileSize';

describe('fileSizeParts', () => {
  it('uses decimal units, like the upload rules (2 MB = 2,000,000 bytes)', () => {
    expect(fileSizeParts(0)).toEqual({ value: 0, unit: 'B' });
    expect(fileSizeParts(999)).toEqual({ value: 999, unit: 'B' });
    expect(fileSizeParts(1_000)).toEqual({ value: 1, unit: 'KB' });
    expect(fileSizeParts(1_550)).toEqual({ value: 1.6, unit: 'KB' });
    expect(fileSizeParts(2_000_000)).toEqual({ value: 2, unit: 'MB' });
    expect(fileSizeParts(2_100_000)).toEqual({ value: 2.1, unit: 'MB' });
  });

  it('never shows 1000 KB', () => {
    expect(fileSizeParts(999_960)).toEqual({ value: 1, unit: 'MB' });
  });

  it('treats a missing or negative size as nothing', () => {
    expect(fileSizeParts(Number.NaN)).toEqual({ value: 0, unit: 'B' });
    expect(fileSizeParts(-5)).toEqual({ value: 0, unit: 'B' });
  });
});

describe('formatFileSize', () => {
  it('writes the number the locale’s way', () => {
    expect(formatFileSize(1_234_567, 'en')).toBe('1.2 MB');
    expect(formatFileSize(820_000, 'en')).toBe('820 KB');
    expect(formatFileSize(12, 'en')).toBe('12 B');
    expect(formatFileSize(1_500_000, 'km')).toMatch(/ MB$/);
  });
});
