import { describe, expect, it } from 'vitest';
import { mergeChoicesBody, mergeDefaults } from './mergeChoices';

describe("the merge dialog's choices", () => {
  const rows = [
    { key: 'givenNameEn', a: 'Sokha', b: 'Sokhar' },
    { key: 'nationalityId', a: '', b: 'Cambodian' },
    { key: 'notes', a: 'Came from Takeo', b: '' },
  ];

  it('proposes the kept record’s values, but takes the other’s where the kept one has none', () => {
    expect(mergeDefaults(rows, 'a')).toEqual({ givenNameEn: 'a', nationalityId: 'b', notes: 'a' });
    expect(mergeDefaults(rows, 'b')).toEqual({ givenNameEn: 'b', nationalityId: 'b', notes: 'a' });
  });

  it('sends keep where the kept record’s value stays and merge where the other’s is taken', () => {
    const chosen = (key: string) => (key === 'notes' ? 'b' : 'a') as 'a' | 'b';
    expect(mergeChoicesBody(['givenNameEn', 'notes'], chosen, 'a')).toEqual({
      givenNameEn: 'keep',
      notes: 'merge',
    });
    expect(mergeChoicesBody(['givenNameEn', 'notes'], chosen, 'b')).toEqual({
      givenNameEn: 'merge',
      notes: 'keep',
    });
  });
});
