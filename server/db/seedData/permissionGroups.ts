/** The groups of the assign-permission screen: one per area of src/domain/permissionCatalogue.ts. */
export const permissionGroupSeed = [
  { code: 'children', sortOrder: 10, name: { kh: 'កុមារ', en: 'Children' } },
  { code: 'parents', sortOrder: 20, name: { kh: 'ឪពុកម្ដាយសុំកុមារធម៌', en: 'Adoptive parents' } },
  { code: 'matching', sortOrder: 30, name: { kh: 'ការផ្គូផ្គង', en: 'Matching' } },
  { code: 'services', sortOrder: 40, name: { kh: 'សេវាក្រោយការសុំកុមារធម៌', en: 'Services after adoption' } },
  { code: 'reports', sortOrder: 50, name: { kh: 'របាយការណ៍', en: 'Reports' } },
  { code: 'security', sortOrder: 60, name: { kh: 'សុវត្ថិភាព', en: 'Security' } },
  { code: 'configuration', sortOrder: 70, name: { kh: 'ការកំណត់', en: 'Configuration' } },
] as const;
