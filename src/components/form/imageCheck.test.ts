import { describe, expect, it } from 'vitest';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import { imageFileError } from './imageCheck';

loadAllLocales();
const en = i18nObject('en').validation;
const km = i18nObject('km').validation;
const label = 'Application logo';

describe('imageFileError', () => {
  it('lets an image of up to 2,000,000 bytes through, and no file at all', () => {
    expect(imageFileError({ size: 2_000_000, type: 'image/png' }, label, en)).toBeNull();
    expect(imageFileError({ size: 1, type: 'image/webp' }, label, en)).toBeNull();
    expect(imageFileError(null, label, en)).toBeNull();
    expect(imageFileError(undefined, label, en)).toBeNull();
  });

  it("refuses 2,000,001 bytes with the spec's message for the field's label, in English and Khmer", () => {
    const big = { size: 2_000_001, type: 'image/jpeg' };
    expect(imageFileError(big, label, en)).toBe('Application logo size should be less than 2 MB!');
    expect(imageFileError(big, 'ឡូហ្គោកម្មវិធី', km)).toBe('ឡូហ្គោកម្មវិធី មានទំហំត្រូវតែតិចជាង 2 MB!');
  });

  it('refuses a type that is not PNG, JPEG, WebP or GIF, and an empty file', () => {
    for (const type of ['image/svg+xml', 'application/pdf', 'text/plain', '']) {
      expect(imageFileError({ size: 10, type }, label, en)).toBe(
        'Application logo must be a PNG, JPEG, WebP or GIF image.',
      );
    }
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) {
      expect(imageFileError({ size: 10, type }, label, en)).toBeNull();
    }
    expect(imageFileError({ size: 0, type: 'image/gif' }, label, en)).toBe(
      'Application logo is an empty file.',
    );
  });

  it('checks against the types it is given', () => {
    expect(imageFileError({ size: 10, type: 'image/gif' }, label, en, ['image/png'])).toBe(
      'Application logo must be a PNG, JPEG, WebP or GIF image.',
    );
  });
});
