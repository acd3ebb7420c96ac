import { formatDate } from '@/domain/dateFormat';
import type { TRouteLocale } from '@/domain/locale';
import type { TFieldDef } from '@/domain/resource';
import { translate } from '@/domain/translate';
import type { TLookupOption } from '@/platform/api/resources';

/**
 * A record page's field rows, worked out from the description's fields (src/domain/resources/) so
 * the page follows the form: same sections, same order, same labels. Pure: the page supplies the
 * words and the names of the looked-up ids.
 */

/** The names of a lookup field's ids, by field key then id. */
export type TNameBook = Record<string, Record<number, string>>;

/** A lookup call that names ids of the record. */
export type TSummaryLookup = { key: string; path: string; query?: Record<string, string> };

/** Ids whose names the record already carries (the list's joins), field -> object key: no call for them. */
export type TNamedInRecord = Readonly<Record<string, string>>;

const hasValue = (value: unknown) =>
  value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * The lookups naming the record's ids: only fields with a value, a cascade level at its parent's
 * value (`/child-infos/districts/{id}` with the province), none for names the record carries.
 */
export const summaryLookups = (
  fields: readonly TFieldDef[],
  record: Record<string, unknown>,
  namedInRecord: TNamedInRecord = {},
): TSummaryLookup[] =>
  fields.flatMap((field) => {
    const { lookup } = field;
    if (!lookup || !(field.kind === 'lookup' || field.kind === 'multiLookup')) return [];
    if (!hasValue(record[field.key]) || field.key in namedInRecord) return [];
    if (!lookup.dependsOn) return [{ key: field.key, path: lookup.path }];
    const parent = record[lookup.dependsOn];
    if (!hasValue(parent)) return [];
    const queryKey = lookup.queryKey ?? 'id';
    return lookup.inPath
      ? [{ key: field.key, path: lookup.path.replace(`{${queryKey}}`, encodeURIComponent(String(parent))) }]
      : [{ key: field.key, path: lookup.path, query: { [queryKey]: String(parent) } }];
  });

/** A lookup's options as names by id, in `locale`. */
export const namesById = (options: readonly TLookupOption[], locale: TRouteLocale): Record<number, string> =>
  Object.fromEntries(options.map((option) => [option.id, translate(option.name as never, locale)]));

/** The words a summary needs, in the language of the screen (or of one side of the printout). */
export type TSummaryWords = {
  locale: TRouteLocale;
  /** Ids the record names itself (`headOfficeId` -> `headOffice`). */
  namedInRecord?: TNamedInRecord;
  names: TNameBook;
  optionLabel: (key: string, value: string) => string;
  yes: string;
  no: string;
  estimated: string;
  ageYears: (age: number) => string;
};

export type TSummaryRow = {
  key: string;
  /** The label's key in LL.fields. */
  label: string;
  /** '' when nothing is recorded. */
  value: string;
  /** Notes keep their line breaks and take the whole width. */
  long?: boolean;
  /** The script of the value, when the field says (names in Khmer, names in Latin letters). */
  lang?: 'km' | 'en';
};

const textOf = (value: unknown): string => (hasValue(value) ? String(value) : '');

const lookupName = (field: TFieldDef, record: Record<string, unknown>, words: TSummaryWords): string => {
  const id = record[field.key];
  if (!hasValue(id)) return '';
  const carried = words.namedInRecord?.[field.key];
  if (carried) {
    const joined = record[carried] as { name?: unknown } | null | undefined;
    const name = translate((joined?.name ?? null) as never, words.locale);
    if (name) return name;
  }
  return words.names[field.key]?.[Number(id)] ?? '';
};

const fieldValue = (field: TFieldDef, record: Record<string, unknown>, words: TSummaryWords): string => {
  const value = record[field.key];
  switch (field.kind) {
    case 'select':
      return hasValue(value) ? words.optionLabel(field.key, String(value)) : '';
    case 'date':
      return formatDate(value);
    case 'boolean':
      return value ? words.yes : words.no;
    case 'lookup':
      return lookupName(field, record, words);
    case 'multiLookup': {
      const ids = Array.isArray(value) ? (value as number[]) : [];
      return ids
        .map((id) => words.names[field.key]?.[id])
        .filter(Boolean)
        .join(', ');
    }
    default:
      return textOf(value);
  }
};

const scriptOf = (key: string): TSummaryRow['lang'] =>
  key.endsWith('Kh') ? 'km' : key.endsWith('En') ? 'en' : undefined;

/** What a record page adds to its rows: a row after a field's (the age), rows at a section's end. */
export type TSummaryExtras = {
  /** Fields shown elsewhere (the child's 'estimated' flag is said beside the date of birth). */
  skip?: readonly string[];
  /** The value of a field in words when it is more than the field (a date 'estimated'). */
  value?: (field: TFieldDef, value: string, record: Record<string, unknown>, words: TSummaryWords) => string;
  after?: (field: TFieldDef, record: Record<string, unknown>, words: TSummaryWords) => TSummaryRow[];
  sectionEnd?: (section: string, record: Record<string, unknown>, words: TSummaryWords) => TSummaryRow[];
};

/** The rows of one section, in the form's order, with the page's extras. */
export const summaryRows = (
  fields: readonly TFieldDef[],
  section: string,
  record: Record<string, unknown>,
  words: TSummaryWords,
  extras: TSummaryExtras = {},
): TSummaryRow[] => {
  const rows: TSummaryRow[] = [];
  for (const field of fields) {
    if (field.section !== section || extras.skip?.includes(field.key)) continue;
    const value = fieldValue(field, record, words);
    rows.push({
      key: field.key,
      label: field.label ?? field.key,
      value: extras.value ? extras.value(field, value, record, words) : value,
      long: field.kind === 'textarea' || undefined,
      lang: scriptOf(field.key),
    });
    rows.push(...(extras.after?.(field, record, words) ?? []));
  }
  rows.push(...(extras.sectionEnd?.(section, record, words) ?? []));
  return rows;
};

export { hasValue as hasSummaryValue };
