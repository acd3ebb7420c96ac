import type { TTranslatable } from '../../../src/domain/translatable';

/**
 * Cambodia, its neighbours and the countries adoptive applicants most often come from, with the
 * words people write for a nationality (issue 35: 'Cambodian' or 'ខ្មែរ' in a workbook's cell is
 * Cambodia). Migration 0030 gives the same words to a database seeded before.
 */
export const countrySeed: { code: string; name: TTranslatable; otherNames: string[] }[] = [
  {
    code: 'KH',
    name: { kh: 'កម្ពុជា', en: 'Cambodia' },
    otherNames: ['Cambodian', 'Khmer', 'Kampuchea', 'ខ្មែរ', 'ជនជាតិខ្មែរ', 'សញ្ជាតិខ្មែរ', 'ជនជាតិកម្ពុជា'],
  },
  { code: 'TH', name: { kh: 'ថៃ', en: 'Thailand' }, otherNames: ['Thai', 'ជនជាតិថៃ'] },
  {
    code: 'VN',
    name: { kh: 'វៀតណាម', en: 'Vietnam' },
    otherNames: ['Vietnamese', 'Viet Nam', 'ជនជាតិវៀតណាម'],
  },
  { code: 'LA', name: { kh: 'ឡាវ', en: 'Laos' }, otherNames: ['Lao', 'Laotian', 'ជនជាតិឡាវ'] },
  { code: 'MY', name: { kh: 'ម៉ាឡេស៊ី', en: 'Malaysia' }, otherNames: ['Malaysian'] },
  { code: 'SG', name: { kh: 'សិង្ហបុរី', en: 'Singapore' }, otherNames: ['Singaporean'] },
  { code: 'CN', name: { kh: 'ចិន', en: 'China' }, otherNames: ['Chinese', 'ជនជាតិចិន'] },
  { code: 'FR', name: { kh: 'បារាំង', en: 'France' }, otherNames: ['French', 'ជនជាតិបារាំង'] },
  {
    code: 'US',
    name: { kh: 'សហរដ្ឋអាមេរិក', en: 'United States' },
    otherNames: ['American', 'USA', 'United States of America', 'អាមេរិក'],
  },
];
