import { describe, expect, it } from 'vitest';
import { permissionCatalogue } from '@/domain/permissionCatalogue';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import { actionLabel, groupLabel, resourceLabel } from './permissionLabels';

loadAllLocales();
const books = { km: i18nObject('km'), en: i18nObject('en') };

describe('permission labels', () => {
  it('name every resource and action of the catalogue in both languages', () => {
    const missing: string[] = [];
    for (const [locale, LL] of Object.entries(books)) {
      for (const { resource, action } of permissionCatalogue) {
        if (resourceLabel(LL, resource) === resource) missing.push(`${locale} ${resource}`);
        if (actionLabel(LL, action) === action) missing.push(`${locale} ${action}`);
      }
    }
    expect(missing).toEqual([]);
    expect(resourceLabel(books.en, 'adoptive_children')).toBe('Adoptive children');
    expect(resourceLabel(books.km, 'districts')).toBe('ស្រុក/ខណ្ឌ');
  });

  it('show a custom resource or action by its own name, an ungrouped section as Other permissions', () => {
    expect(resourceLabel(books.en, 'zz_custom')).toBe('zz_custom');
    expect(actionLabel(books.km, 'export')).toBe('export');
    const group = { id: 1, code: 'children', name: { kh: 'កុមារ', en: 'Children' } };
    expect(groupLabel(books.km, group, 'kh')).toBe('កុមារ');
    expect(groupLabel(books.en, group, 'en')).toBe('Children');
    expect(groupLabel(books.en, null, 'en')).toBe('Other permissions');
  });
});
