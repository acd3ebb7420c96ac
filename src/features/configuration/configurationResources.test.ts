import { describe, expect, it } from 'vitest';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import { wordOf } from '@/i18n/wordOf';
import { configurationResources } from './configurationResources';

loadAllLocales();
const books = { km: i18nObject('km'), en: i18nObject('en') };
/** The dictionary text of a field label or a resource's plural ('' when the dictionary lacks it). */
const fieldText = (locale: keyof typeof books, key: string) => wordOf(books[locale].fields, key)?.() ?? '';
const resourceText = (locale: keyof typeof books, name: string) =>
  wordOf(books[locale].resources, name)?.many?.() ?? '';

describe('configuration resources', () => {
  it('have every name, column, field and filter label in both languages', () => {
    const missing: string[] = [];
    for (const { definition } of configurationResources) {
      const keys = [
        ...definition.columns.map((column) => column.label ?? column.key),
        ...definition.fields.map((field) => field.label ?? field.key),
        ...definition.filters.map((filter) => filter.label),
      ];
      for (const locale of ['km', 'en'] as const) {
        if (!resourceText(locale, definition.name)) missing.push(`${locale} resources.${definition.name}`);
        for (const key of keys) if (!fieldText(locale, key)) missing.push(`${locale} fields.${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('have unique names and screen bases', () => {
    const names = configurationResources.map((resource) => resource.definition.name);
    const bases = configurationResources.map((resource) => resource.definition.routeBase);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(bases).size).toBe(bases.length);
  });
});
