import type { TranslationFunctions } from '../i18n/i18n-types';
import { wordOf } from '../i18n/wordOf';
import { formatDate, formatInstant } from './dateFormat';
import type { TRouteLocale } from './locale';
import { peopleNames } from './personName';
import type { TColumnDef } from './resource';
import { translate } from './translate';

/** The value at `a.b.c` of a row. */
export const valueAtPath = (row: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      row,
    );

/**
 * How a cell of a described column reads, in the given language: the list's grid shows it, and the
 * export of a list that declares no columns of its own writes it (server/resources/exportRoute.ts).
 */
export const columnText = (
  column: TColumnDef,
  row: unknown,
  locale: TRouteLocale,
  optionLabel: (key: string, value: string) => string,
  /** A field's label (`fieldNames` columns): its key while none is given. */
  labelOf: (key: string) => string = (key) => key,
  /** The dictionary, for a column that words its cell from the whole row (`text`). */
  LL?: TranslationFunctions,
): string => {
  if (column.text && LL && row && typeof row === 'object')
    return column.text(row as Record<string, unknown>, LL);
  const value = valueAtPath(row, column.path ?? column.key);
  if (value == null) return '';
  switch (column.kind) {
    case 'translatable':
      return translate(value as never, locale);
    case 'personName':
      return peopleNames(value, locale);
    case 'date':
      return formatDate(value);
    case 'dateTime':
      return formatInstant(value);
    case 'fieldNames':
      return String(value)
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean)
        .map(labelOf)
        .join(', ');
    case 'option':
    case 'badge':
      return optionLabel(column.key, String(value));
    case 'photo':
      return '';
    case 'boolean':
      return optionLabel('boolean', value ? 'yes' : 'no');
    default:
      return String(value);
  }
};

/**
 * A field's label and an option's words from a dictionary, the key (the value) where it has none:
 * the words the list's column headers and cells use.
 */
export const dictionaryLabels = (LL: TranslationFunctions) => ({
  // LL answers '' for a key it lacks (the client's proxy) or has no function: fall back on the key.
  labelOf: (key: string) => wordOf(LL.fields, key)?.() || key,
  optionLabel: (key: string, value: string) => wordOf(wordOf(LL.options, key), value)?.() || value,
});
