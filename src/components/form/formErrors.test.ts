import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredText, requiredTranslatable } from '@/domain/rules';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import { placeServerErrors, validateWithLabels } from './formErrors';

loadAllLocales();
const schema = z.object({ code: requiredText(5, 2), name: requiredTranslatable(10), provinceId: z.number() });
const labels: Record<string, string> = {
  code: 'Code',
  'name.kh': 'Name (Khmer)',
  'name.en': 'Name (English)',
  provinceId: 'Province',
};

describe('validateWithLabels', () => {
  it("words each failed rule as the spec does, with the field's label, in English and Khmer", () => {
    const values = { code: 'x', name: { kh: '   ', en: '' }, provinceId: null };
    const en = validateWithLabels(schema, values, (path) => labels[path], i18nObject('en').validation);
    expect(en.code?.message).toBe('Code must be less than 2');
    expect((en.name as Record<string, { message: string }>).kh.message).toBe(
      'Name (Khmer) can not be blank.',
    );
    expect((en.name as Record<string, { message: string }>).en.message).toBe('Name (English) is required.');
    expect(en.provinceId?.message).toBe('Province is required.');
    const km = validateWithLabels(schema, values, (path) => labels[path], i18nObject('km').validation);
    expect(km.provinceId?.message).toBe('Province ត្រូវតែបំពេញ។');
  });

  it('says at most n characters for a value too long', () => {
    const errors = validateWithLabels(
      schema,
      { code: 'abcdef', name: { kh: 'ក', en: 'a' }, provinceId: 1 },
      (path) => labels[path],
      i18nObject('en').validation,
    );
    expect(errors.code?.message).toBe('Code must be at most 5 characters long.');
    expect(Object.keys(errors)).toEqual(['code']);
  });
});

describe('placeServerErrors', () => {
  it('puts the first message naming a field on that field and keeps the rest aside', () => {
    const { placed, unplaced } = placeServerErrors(
      ['code is already used by another record.', 'code can not be blank.', 'Something else went wrong'],
      ['code', 'name.kh'],
    );
    expect(placed.get('code')).toBe('code is already used by another record.');
    expect(unplaced).toEqual(['Something else went wrong']);
  });

  it('places a range message the server leads with `field:`', () => {
    const { placed, unplaced } = placeServerErrors(
      ['sortOrder: Number has to be between 0 and 100000'],
      ['code', 'sortOrder'],
    );
    expect(placed.get('sortOrder')).toBe('sortOrder: Number has to be between 0 and 100000');
    expect(unplaced).toEqual([]);
  });
});
