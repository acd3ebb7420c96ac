import { describe, expect, it } from 'vitest';
import type { TDuplicatePerson } from './binding';
import { scorePerson } from './findDuplicates';

const person: TDuplicatePerson = {
  nameKh: 'សុខ ដារា',
  nameEn: 'Sok Dara',
  givenKh: 'ដារា',
  givenEn: 'dara',
  sex: 'female',
  dateOfBirth: '2020-05-10',
  estimated: false,
  birthProvinceId: 3,
  nationalityId: 1,
  nationalId: null,
};
const compared = {
  simKh: 1,
  simEn: 1,
  dobExact: true,
  dobNear: true,
  sameProvince: true,
  sameNationality: true,
  sameNationalId: null,
};

describe('the duplicate score of one person (issue 35)', () => {
  it('is 1 for the same child, with a reason for each part that agrees', () => {
    expect(scorePerson(person, compared)).toEqual({
      score: 1,
      reasons: ['sameDateOfBirth', 'similarNameKh', 'similarNameEn', 'sameBirthProvince'],
    });
  });

  it('weighs the parts both sides have: a romanisation that differs, the same date, is still over 0.8', () => {
    const latinOnly = { ...person, nameKh: null, givenKh: null, birthProvinceId: null, nationalityId: null };
    const { score, reasons } = scorePerson(latinOnly, {
      ...compared,
      simKh: null,
      simEn: 0.727,
      sameProvince: null,
      sameNationality: null,
    });
    expect(score).toBeCloseTo((0.5 * 0.727 + 0.3) / 0.8, 3);
    expect(score).toBeGreaterThan(0.8);
    expect(reasons).toEqual(['sameDateOfBirth', 'similarNameEn']);
  });

  it('counts a date within a year as half, another province against it, a national id as 0.95 at least', () => {
    const near = scorePerson(person, { ...compared, dobExact: false, sameProvince: false });
    expect(near.reasons).toEqual(['nearDateOfBirth', 'similarNameKh', 'similarNameEn']);
    expect(near.score).toBeCloseTo((0.5 + 0.15 + 0.05) / 1, 3);
    const byId = scorePerson(
      { ...person, nationalId: '0102' },
      {
        ...compared,
        simKh: 0.1,
        simEn: 0.1,
        dobExact: false,
        dobNear: false,
        sameProvince: false,
        sameNationalId: true,
      },
    );
    expect(byId.score).toBe(0.95);
    expect(byId.reasons).toEqual(['sameNationalId']);
  });
});
