import type { TTranslatable } from '../../../src/domain/translatable';

/** Cambodia, its neighbours and the countries adoptive applicants most often come from. */
export const countrySeed: { code: string; name: TTranslatable }[] = [
  { code: 'KH', name: { kh: 'កម្ពុជា', en: 'Cambodia' } },
  { code: 'TH', name: { kh: 'ថៃ', en: 'Thailand' } },
  { code: 'VN', name: { kh: 'វៀតណាម', en: 'Vietnam' } },
  { code: 'LA', name: { kh: 'ឡាវ', en: 'Laos' } },
  { code: 'MY', name: { kh: 'ម៉ាឡេស៊ី', en: 'Malaysia' } },
  { code: 'SG', name: { kh: 'សិង្ហបុរី', en: 'Singapore' } },
  { code: 'CN', name: { kh: 'ចិន', en: 'China' } },
  { code: 'FR', name: { kh: 'បារាំង', en: 'France' } },
  { code: 'US', name: { kh: 'សហរដ្ឋអាមេរិក', en: 'United States' } },
];
