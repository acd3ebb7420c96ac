import { describe, expect, it } from 'vitest';
import { childResource } from '@/domain/resources/child';
import { parentResource } from '@/domain/resources/parent';
import { duplicateCandidate } from './DuplicateCheckPanel';

const check = childResource.duplicateCheck;
const valuesOf = (values: Record<string, unknown>) => check.fields.map((key) => values[key]);

describe('what the form asks the duplicate check', () => {
  it('asks nothing until a name has two letters: an empty form costs nothing', () => {
    expect(duplicateCandidate(check, valuesOf({}))).toBeNull();
    expect(duplicateCandidate(check, valuesOf({ sex: 'male', dateOfBirth: '2019-03-01' }))).toBeNull();
    expect(duplicateCandidate(check, valuesOf({ givenNameEn: 'S' }))).toBeNull();
  });

  it('sends the typed fields by their create-body names, leaving out empty ones and half-typed dates', () => {
    expect(
      duplicateCandidate(
        check,
        valuesOf({
          familyNameKh: ' សុខ ',
          givenNameEn: '',
          sex: 'female',
          dateOfBirth: '2019-03',
          dateOfBirthEstimated: false,
          birthProvinceId: 12,
          nationalityId: null,
        }),
      ),
    ).toEqual({ familyNameKh: 'សុខ', sex: 'female', dateOfBirthEstimated: false, birthProvinceId: 12 });
    expect(duplicateCandidate(check, valuesOf({ givenNameEn: 'Sokha', dateOfBirth: '2019-03-01' }))).toEqual({
      givenNameEn: 'Sokha',
      dateOfBirth: '2019-03-01',
    });
  });

  it('asks about an application once either applicant has a name', () => {
    const parentCheck = parentResource.duplicateCheck;
    const values = parentCheck.fields.map((key) =>
      key === 'applicant2GivenNameEn' ? 'Dara' : key === 'applicant2DateOfBirth' ? '1985-06-30' : undefined,
    );
    expect(duplicateCandidate(parentCheck, values)).toEqual({
      applicant2GivenNameEn: 'Dara',
      applicant2DateOfBirth: '1985-06-30',
    });
  });
});
