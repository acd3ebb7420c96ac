import { describe, expect, it } from 'vitest';
import { childResource } from '@/domain/resources/child';
import { summaryLookups, summaryRows, type TSummaryWords } from './childSummary';

const record = {
  id: 7,
  code: 'CH-2026-000007',
  familyNameKh: 'សុខ',
  givenNameKh: 'ដារា',
  familyNameEn: null,
  givenNameEn: null,
  sex: 'female',
  dateOfBirth: '2020-05-01',
  dateOfBirthEstimated: true,
  age: 5,
  birthProvinceId: 12,
  birthProvince: { id: 12, name: { kh: 'ភ្នំពេញ', en: 'Phnom Penh' } },
  birthDistrictId: 3,
  birthCommuneId: null,
  birthVillageId: null,
  nationalityId: 1,
  headOfficeId: 2,
  headOffice: { id: 2, code: 'HQ', name: { kh: 'ទីស្នាក់ការ', en: 'Head office' } },
  keepingReasonId: null,
  disabilityIds: [4, 5],
  healthNotes: 'Line one\nLine two',
  status: 'adoptable',
  adoptionConfirmedOn: '2026-01-15',
};

const words: TSummaryWords = {
  locale: 'en',
  names: {
    birthDistrictId: { 3: 'Daun Penh' },
    nationalityId: { 1: 'Cambodia' },
    disabilityIds: { 4: 'Sight', 5: 'Hearing' },
  },
  optionLabel: (key, value) => `${key}:${value}`,
  yes: 'Yes',
  no: 'No',
  estimated: 'estimated',
  ageYears: (age) => `${age} years`,
};

describe('summaryLookups', () => {
  it('asks only for ids the record has and does not already name', () => {
    expect(summaryLookups(childResource.fields, record)).toEqual([
      { key: 'birthDistrictId', path: '/child-infos/districts/12' },
      { key: 'nationalityId', path: '/child-infos/countries' },
      { key: 'disabilityIds', path: '/child-disabilities' },
    ]);
  });
});

describe('summaryRows', () => {
  it('lists identity with the age beside the date, the status and the confirmation date', () => {
    const rows = summaryRows(childResource.fields, 'identity', record, words);
    expect(rows.map((row) => row.key)).toEqual([
      'code',
      'sex',
      'familyNameKh',
      'givenNameKh',
      'familyNameEn',
      'givenNameEn',
      'dateOfBirth',
      'age',
      'status',
      'adoptionConfirmedOn',
    ]);
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row]));
    expect(byKey.familyNameKh).toMatchObject({ value: 'សុខ', lang: 'km' });
    expect(byKey.familyNameEn).toMatchObject({ value: '', lang: 'en' });
    expect(byKey.sex.value).toBe('sex:female');
    expect(byKey.dateOfBirth.value).toBe('01-05-2020 (estimated)');
    expect(byKey.age.value).toBe('5 years');
    expect(byKey.adoptionConfirmedOn.value).toBe('15-01-2026');
  });

  it('names looked-up ids, from the record or from the lookups', () => {
    const birth = Object.fromEntries(
      summaryRows(childResource.fields, 'birthOrigin', record, words).map((row) => [row.label, row.value]),
    );
    expect(birth).toEqual({
      province: 'Phnom Penh',
      district: 'Daun Penh',
      commune: '',
      village: '',
      nationality: 'Cambodia',
    });
    const care = summaryRows(childResource.fields, 'careHealth', record, words);
    const byKey = Object.fromEntries(care.map((row) => [row.key, row]));
    expect(byKey.headOfficeId.value).toBe('Head office');
    expect(byKey.disabilityIds.value).toBe('Sight, Hearing');
    expect(byKey.healthNotes).toMatchObject({ value: 'Line one\nLine two', long: true });
  });
});
