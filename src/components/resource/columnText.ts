import { formatDate, formatInstant } from '@/domain/dateFormat';
import type { TRouteLocale } from '@/domain/locale';
import { peopleNames } from '@/domain/personName';
import type { TColumnDef } from '@/domain/resource';
import { translate } from '@/domain/translate';
import type { TranslationFunctions } from '@/i18n/i18n-types';

/** The value at `a.b.c` of a row. */
export const valueAtPath = (row: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      row,
    );

/** How a cell of a described column reads, in the current language. */
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
