import type { TTranslatable } from '../../../src/domain/translatable';

/**
 * A few states and regions (ISO 3166-2 codes) of countries in countries.ts that applicants come from.
 * Khmer names follow common Khmer usage (press, CLDR); administrators add the rest. Australia and
 * Korea have no states here because countries.ts does not list them.
 */
export type TStateSeed = { code: string; name: TTranslatable; countryCode: string };

export const stateSeed: TStateSeed[] = [
  { code: 'US-CA', name: { kh: 'កាលីហ្វ័រញ៉ា', en: 'California' }, countryCode: 'US' },
  { code: 'US-HI', name: { kh: 'ហាវ៉ៃ', en: 'Hawaii' }, countryCode: 'US' },
  { code: 'US-NY', name: { kh: 'ញូវយ៉ក', en: 'New York' }, countryCode: 'US' },
  { code: 'US-PA', name: { kh: 'ផេនស៊ីលវ៉ានៀ', en: 'Pennsylvania' }, countryCode: 'US' },
  { code: 'US-TX', name: { kh: 'តិចសាស់', en: 'Texas' }, countryCode: 'US' },
  { code: 'US-WA', name: { kh: 'វ៉ាស៊ីនតោន', en: 'Washington' }, countryCode: 'US' },
  { code: 'FR-IDF', name: { kh: 'អ៊ីលដឺហ្វ្រង់', en: 'Île-de-France' }, countryCode: 'FR' },
  { code: 'FR-75C', name: { kh: 'ប៉ារីស', en: 'Paris' }, countryCode: 'FR' },
  { code: 'FR-69M', name: { kh: 'លីយ៉ុង', en: 'Métropole de Lyon' }, countryCode: 'FR' },
  { code: 'TH-10', name: { kh: 'បាងកក', en: 'Bangkok' }, countryCode: 'TH' },
  { code: 'TH-20', name: { kh: 'ជលបុរី', en: 'Chon Buri' }, countryCode: 'TH' },
  { code: 'TH-22', name: { kh: 'ចន្ទបុរី', en: 'Chanthaburi' }, countryCode: 'TH' },
  { code: 'TH-23', name: { kh: 'ត្រាត', en: 'Trat' }, countryCode: 'TH' },
  { code: 'TH-27', name: { kh: 'ស្រះកែវ', en: 'Sa Kaeo' }, countryCode: 'TH' },
  { code: 'TH-31', name: { kh: 'បុរីរម្យ', en: 'Buri Ram' }, countryCode: 'TH' },
  { code: 'TH-32', name: { kh: 'សុរិន្ទ', en: 'Surin' }, countryCode: 'TH' },
  { code: 'TH-50', name: { kh: 'ឈៀងម៉ៃ', en: 'Chiang Mai' }, countryCode: 'TH' },
  { code: 'CN-BJ', name: { kh: 'ប៉េកាំង', en: 'Beijing' }, countryCode: 'CN' },
  { code: 'CN-SH', name: { kh: 'សៀងហៃ', en: 'Shanghai' }, countryCode: 'CN' },
  { code: 'CN-GD', name: { kh: 'ក្វាងទុង', en: 'Guangdong' }, countryCode: 'CN' },
  { code: 'CN-YN', name: { kh: 'យូណាន', en: 'Yunnan' }, countryCode: 'CN' },
  { code: 'VN-HN', name: { kh: 'ហាណូយ', en: 'Hanoi' }, countryCode: 'VN' },
  { code: 'VN-SG', name: { kh: 'ហូជីមិញ', en: 'Ho Chi Minh City' }, countryCode: 'VN' },
  { code: 'VN-DN', name: { kh: 'ដាណាំង', en: 'Da Nang' }, countryCode: 'VN' },
];
