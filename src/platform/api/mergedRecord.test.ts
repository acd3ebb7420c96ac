import { describe, expect, it } from 'vitest';
import { mergedIntoOf } from './mergedRecord';

describe('mergedIntoOf (issue 35: a merged record says where it went)', () => {
  it('reads the record a 410 names, and nothing from another answer', () => {
    const gone = {
      statusCode: 410,
      data: { statusCode: 410, message: 'Merged', mergedInto: { id: 7, code: 'C-7' } },
    };
    expect(mergedIntoOf(gone)).toEqual({ id: 7, code: 'C-7' });
    expect(mergedIntoOf({ statusCode: 410, data: { statusCode: 410, message: 'Gone' } })).toBeNull();
    expect(
      mergedIntoOf({ statusCode: 404, data: { statusCode: 404, mergedInto: { id: 7, code: 'C-7' } } }),
    ).toBeNull();
  });
});
