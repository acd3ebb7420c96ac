import { describe, expect, it } from 'vitest';
import {
  byCompatibility,
  compatibility,
  needsJustification,
  type TCompatibilityApplication,
  type TCompatibilityChild,
} from './compatibility';

const today = '2026-11-24';
const rules = { minimumAdopterAge: 25, minimumAgeGap: 18, maximumAgeGap: 45 };
const child: TCompatibilityChild = {
  sex: 'female',
  dateOfBirth: '2021-03-01',
  disabilityIds: [],
  siblingGroup: 1,
  provinceId: 12,
};
const couple: TCompatibilityApplication = {
  applicantType: 'couple',
  applicant1DateOfBirth: '1986-05-01',
  applicant2DateOfBirth: '1988-09-02',
  preferredSex: 'any',
  ageFrom: 2,
  ageTo: 8,
  childrenCount: 1,
  disabilityAccepted: 'no',
  acceptedDisabilityIds: [],
  provinceId: 12,
};
const resultOf = (checks: ReturnType<typeof compatibility>) =>
  Object.fromEntries(checks.map((entry) => [entry.criterion, entry.result]));

describe('compatibility', () => {
  it('finds a five-year-old girl and a couple of 38 and 40 who take a child of 2 to 8 compatible on every criterion', () => {
    const checks = compatibility(child, couple, rules, today);
    expect(resultOf(checks)).toEqual({
      sex: 'match',
      age: 'match',
      disability: 'match',
      siblings: 'match',
      adopterAge: 'match',
      ageGap: 'match',
      province: 'match',
    });
    expect(checks.find((entry) => entry.criterion === 'age')?.values).toEqual({ age: 5, from: 2, to: 8 });
    expect(needsJustification(checks)).toBe(false);
  });

  it('says why each criterion does not match', () => {
    const checks = compatibility(
      {
        ...child,
        sex: 'male',
        dateOfBirth: '2010-01-01',
        disabilityIds: [4],
        siblingGroup: 3,
        provinceId: 3,
      },
      {
        ...couple,
        preferredSex: 'female',
        applicant2DateOfBirth: '2003-01-01',
        disabilityAccepted: 'named',
        acceptedDisabilityIds: [5],
      },
      rules,
      today,
    );
    expect(resultOf(checks)).toEqual({
      sex: 'mismatch',
      age: 'mismatch',
      disability: 'mismatch',
      siblings: 'mismatch',
      adopterAge: 'mismatch',
      ageGap: 'mismatch',
      province: 'mismatch',
    });
    expect(checks.find((entry) => entry.criterion === 'ageGap')?.values).toMatchObject({
      smallest: 7,
      largest: 24,
    });
    expect(needsJustification(checks)).toBe(true);
  });

  it('counts named disabilities, the single applicant alone, and what the records do not say as unknown', () => {
    const named = compatibility(
      { ...child, disabilityIds: [4, 5] },
      { ...couple, disabilityAccepted: 'named', acceptedDisabilityIds: [4, 5, 6] },
      rules,
      today,
    );
    expect(resultOf(named).disability).toBe('match');
    const single = compatibility(
      child,
      { ...couple, applicantType: 'single', applicant2DateOfBirth: '2010-01-01' },
      rules,
      today,
    );
    expect(resultOf(single).adopterAge).toBe('match');
    const unknown = compatibility(
      { sex: null, dateOfBirth: null, siblingGroup: null, provinceId: null },
      { ...couple, preferredSex: 'male', applicant1DateOfBirth: null },
      rules,
      today,
    );
    expect(resultOf(unknown)).toEqual({
      sex: 'unknown',
      age: 'unknown',
      disability: 'match',
      siblings: 'unknown',
      adopterAge: 'unknown',
      ageGap: 'unknown',
      province: 'unknown',
    });
  });

  it('puts a province mismatch aside: information only, not a reason to justify', () => {
    const checks = compatibility({ ...child, provinceId: 3 }, couple, rules, today);
    expect(resultOf(checks).province).toBe('mismatch');
    expect(needsJustification(checks)).toBe(false);
  });

  it('sorts candidates best first: fewest mismatches, then fewest unknowns, then the same province', () => {
    const families = {
      mismatch: { ...couple, preferredSex: 'male' },
      unknown: { ...couple, applicant1DateOfBirth: null },
      elsewhere: { ...couple, provinceId: 3 },
      best: couple,
    };
    const sorted = byCompatibility(Object.entries(families), ([, application]) =>
      compatibility(child, application, rules, today),
    ).map(([name]) => name);
    expect(sorted).toEqual(['best', 'elsewhere', 'unknown', 'mismatch']);
  });
});
