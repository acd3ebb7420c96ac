import type { TTranslatable } from './translatable';

/**
 * The reference lists' titles, per language: the sheets of `/categories/excel` and of the import
 * template (at most 31 characters, Excel's limit on a sheet's name).
 */
export const referenceListTitles = {
  family_types: { kh: 'ប្រភេទគ្រួសារ', en: 'Family types' },
  living_with: { kh: 'រស់នៅជាមួយ', en: 'Living with' },
  keeping_reasons: { kh: 'មូលហេតុនៃការថែរក្សា', en: 'Keeping reasons' },
  child_disabilities: { kh: 'ពិការភាពរបស់កុមារ', en: 'Child disabilities' },
  health_status: { kh: 'ស្ថានភាពសុខភាព', en: 'Health status' },
} as const satisfies Record<string, TTranslatable>;
