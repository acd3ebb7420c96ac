import { describe, expect, it } from 'vitest';
import { peopleNames, personName } from './personName';

const both = { kh: 'ខៀវ សុវណ្ណ', en: 'Khiev Sovann' };

describe('personName', () => {
  it('reads the Latin name in English and the Khmer name in Khmer when both are recorded', () => {
    expect(personName(both, 'en')).toBe('Khiev Sovann');
    expect(personName(both, 'kh')).toBe('ខៀវ សុវណ្ណ');
  });

  it('falls back to the other script when the reader’s is not recorded', () => {
    expect(personName({ kh: 'ខៀវ សុវណ្ណ', en: null }, 'en')).toBe('ខៀវ សុវណ្ណ');
    expect(personName({ kh: '  ', en: 'Khiev Sovann' }, 'kh')).toBe('Khiev Sovann');
  });

  it('is empty when no name is recorded', () => {
    expect(personName({ kh: null, en: '' }, 'en')).toBe('');
    expect(personName(null, 'kh')).toBe('');
  });
});

describe('peopleNames', () => {
  it('names each applicant by the same rule, joined by &', () => {
    const khmerOnly = { kh: 'សុខ ដារា', en: null };
    expect(peopleNames([both, khmerOnly], 'en')).toBe('Khiev Sovann & សុខ ដារា');
    expect(peopleNames([both, khmerOnly], 'kh')).toBe('ខៀវ សុវណ្ណ & សុខ ដារា');
  });

  it('leaves out an applicant with no name, and takes one name or nothing', () => {
    expect(peopleNames([both, { kh: null, en: null }], 'en')).toBe('Khiev Sovann');
    expect(peopleNames(both, 'kh')).toBe('ខៀវ សុវណ្ណ');
    expect(peopleNames('ខៀវ', 'kh')).toBe('');
  });
});
