import { describe, expect, it } from 'vitest';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import { checkChosenDocuments, documentFileError, inBatches } from './documentCheck';
import { documentCheckMessages } from './documentMessages';

loadAllLocales();
const en = documentCheckMessages(i18nObject('en'));

describe('documentFileError', () => {
  it('lets a PDF or an image of up to 10,000,000 bytes through', () => {
    expect(
      documentFileError({ name: 'birth.pdf', size: 10_000_000, type: 'application/pdf' }, en),
    ).toBeNull();
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) {
      expect(documentFileError({ name: 'scan', size: 1, type }, en)).toBeNull();
    }
  });

  it('refuses a file that is too big, of another type or empty, naming the file', () => {
    expect(documentFileError({ name: 'big.pdf', size: 10_000_001, type: 'application/pdf' }, en)).toBe(
      'big.pdf size should be less than 10 MB!',
    );
    expect(documentFileError({ name: 'notes.docx', size: 10, type: 'application/msword' }, en)).toBe(
      'notes.docx must be a PDF or a PNG, JPEG, WebP or GIF image.',
    );
    expect(documentFileError({ name: 'setup.exe', size: 10, type: '' }, en)).toMatch(/^setup\.exe must be/);
    expect(documentFileError({ name: 'empty.pdf', size: 0, type: 'application/pdf' }, en)).toBe(
      'empty.pdf is an empty file.',
    );
  });
});

describe('checkChosenDocuments', () => {
  it('keeps the good files in order and says why each other one is left out', () => {
    const files = [
      { name: 'a.pdf', size: 5, type: 'application/pdf' },
      { name: 'b.txt', size: 5, type: 'text/plain' },
      { name: 'c.png', size: 5, type: 'image/png' },
    ];
    const { accepted, refusals } = checkChosenDocuments(files, en);
    expect(accepted.map((file) => file.name)).toEqual(['a.pdf', 'c.png']);
    expect(refusals).toEqual(['b.txt must be a PDF or a PNG, JPEG, WebP or GIF image.']);
  });
});

describe('inBatches', () => {
  it('splits into groups of at most the given size', () => {
    expect(inBatches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(
      inBatches(
        Array.from({ length: 10 }, (_, i) => i),
        10,
      ),
    ).toHaveLength(1);
    expect(inBatches([], 10)).toEqual([]);
  });
});
