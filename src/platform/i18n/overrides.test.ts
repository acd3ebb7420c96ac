import { describe, expect, it } from 'vitest';
import { applyOverrides } from './overrides';

const dictionary = {
  app: { pageTitle: 'Title', defaultTitle: 'Child Adoption' },
  errors: { homepage: 'Homepage' },
};

describe('applyOverrides', () => {
  it('replaces the text of existing keys and leaves the rest', () => {
    const result = applyOverrides(dictionary, [
      { key: 'app.pageTitle', value: 'National system' },
      { key: 'errors.homepage', value: 'Home page' },
    ]);
    expect(result).toEqual({
      app: { pageTitle: 'National system', defaultTitle: 'Child Adoption' },
      errors: { homepage: 'Home page' },
    });
  });

  it('does not change the dictionary it was given', () => {
    applyOverrides(dictionary, [{ key: 'app.pageTitle', value: 'Changed' }]);
    expect(dictionary.app.pageTitle).toBe('Title');
  });

  it('ignores unknown keys, whole sections, empty values and prototype tricks', () => {
    const result = applyOverrides(dictionary, [
      { key: 'app.unknown', value: 'x' },
      { key: 'app', value: 'x' },
      { key: 'nope.deeper.key', value: 'x' },
      { key: 'errors.homepage', value: '   ' },
      { key: '__proto__.polluted', value: 'x' },
      { key: 'app.toString', value: 'x' },
    ]);
    expect(result).toEqual(dictionary);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
