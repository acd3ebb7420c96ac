import { applicantFieldNames, applicantKey, applicantNumbers } from '@/domain/resources/parent';

/** What 'New application from this one' copies: the applicants, the address and the household. */
export const copiedFields = [
  'applicantType',
  ...applicantNumbers.flatMap((n) => applicantFieldNames.map((field) => applicantKey(n, field))),
  'provinceId',
  'districtId',
  'communeId',
  'villageId',
  'addressDetail',
  'marriageDate',
  'monthlyIncome',
  'ownChildren',
] as const;

/**
 * The values a new application takes from an earlier one (an adopted or rejected application, for a
 * family applying again): its people and home, not its terms, checklist, dates or decision.
 */
export const copiedApplication = (source: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    copiedFields
      .filter((key) => source[key] !== null && source[key] !== undefined)
      .map((key) => [key, source[key]]),
  );
