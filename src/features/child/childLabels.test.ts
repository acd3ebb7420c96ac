import { describe, expect, it } from 'vitest';
import { childStatuses } from '@/domain/childStatus';
import type { TResourceDefinition } from '@/domain/resource';
import { childAgeBands, childResource, childSexes } from '@/domain/resources/child';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import { wordOf, wordText } from '@/i18n/wordOf';

loadAllLocales();
const books = { km: i18nObject('km'), en: i18nObject('en') };
const locales = ['km', 'en'] as const;
type TLocale = (typeof locales)[number];

/** The text under `namespace.key` ('' when the dictionary lacks it): the proxy answers '' too. */
/** A word by its section (dotted for a nested one: `areas.child.commands`) and key. */
const textOf = (locale: TLocale, namespace: string, key: string) =>
  wordText(
    namespace.split('.').reduce<object | undefined>((book, part) => wordOf(book, part), books[locale]),
    key,
  ) ?? '';
const optionText = (locale: TLocale, key: string, value: string) =>
  wordOf(wordOf(books[locale].options, key), value)?.() ?? '';
const resourceText = (locale: TLocale, name: string) => {
  const names = wordOf(books[locale].resources, name);
  return { one: names?.one?.() ?? '', many: names?.many?.() ?? '' };
};

/** Each missing text as `locale namespace.key`: the test lists them all at once. */
const missingTexts = (check: (locale: TLocale) => [string, string][]) =>
  locales.flatMap((locale) =>
    check(locale).flatMap(([name, text]) => (text.trim() ? [] : [`${locale} ${name}`])),
  );

describe('child record labels', () => {
  it('reads a missing text as empty (or every check below would pass)', () => {
    expect(textOf('km', 'fields', 'noSuchLabel')).toBe('');
    expect(optionText('en', 'status', 'noSuchStatus')).toBe('');
  });

  it('name the child resources in both languages', () => {
    expect(
      missingTexts((locale) =>
        ['child', 'childAdoptable'].flatMap((name): [string, string][] => {
          const { one, many } = resourceText(locale, name);
          return [
            [`resources.${name}.one`, one],
            [`resources.${name}.many`, many],
          ];
        }),
      ),
    ).toEqual([]);
  });

  it('have every field, column and filter label in both languages', () => {
    const definition: TResourceDefinition = childResource;
    const keys = [
      ...definition.fields.map((field) => field.label ?? field.key),
      ...definition.columns.map((column) => column.label ?? column.key),
      ...definition.filters.map((filter) => filter.label),
    ];
    expect(
      missingTexts((locale) => keys.map((key) => [`fields.${key}`, textOf(locale, 'fields', key)])),
    ).toEqual([]);
  });

  it('have every option of sex, status and age band in both languages', () => {
    const options = { sex: childSexes, status: childStatuses, ageBand: childAgeBands };
    expect(
      missingTexts((locale) =>
        Object.entries(options).flatMap(([key, values]) =>
          values.map((value): [string, string] => [
            `options.${key}.${value}`,
            optionText(locale, key, value),
          ]),
        ),
      ),
    ).toEqual([]);
  });

  it('have every form section in both languages', () => {
    expect(
      missingTexts((locale) =>
        childResource.formSections.map((section): [string, string] => [
          `formSections.${section}`,
          textOf(locale, 'formSections', section),
        ]),
      ),
    ).toEqual([]);
  });

  it('name the list export and the palette search in both languages', () => {
    const keys = [
      ['list', 'exportXlsx'],
      ['list', 'exportCsv'],
      ['list', 'exporting'],
      ['list', 'exportFailed'],
      ['areas.child.commands', 'find'],
    ] as const;
    expect(
      missingTexts((locale) =>
        keys.map(([namespace, key]): [string, string] => [
          `${namespace}.${key}`,
          textOf(locale, namespace, key),
        ]),
      ),
    ).toEqual([]);
  });

  it('do not give the two languages the same text for a Khmer-only label', () => {
    // A copied English word in the Khmer dictionary would pass the other checks.
    expect(textOf('km', 'fields', 'familyNameKh')).not.toBe(textOf('en', 'fields', 'familyNameKh'));
    expect(optionText('km', 'sex', 'male')).not.toBe(optionText('en', 'sex', 'male'));
  });
});
