import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDuplicateKind } from '../../src/domain/duplicates';
import { matchKey } from '../../src/domain/importCells';
import { importColumnHeader } from '../../src/domain/importColumnHeader';
import { referenceListTitles } from '../../src/domain/referenceListTitles';
import type { TFieldDef } from '../../src/domain/resource';
import type { TTranslatable } from '../../src/domain/translatable';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import type { TDbOrTx } from '../audit';
import {
  communes,
  countries,
  districts,
  headOffices,
  provinces,
  referenceItems,
  villages,
} from '../db/schema';
import { referenceListNames, type TReferenceListName } from '../db/schema/reference';
import type { TResourceBinding } from '../resources/resourceBinding';

/** A table whose rows a cell names by code or by name (places, offices, countries, reference items). */
type TCodedTable = PgTable & { id: PgColumn; code: PgColumn; name: PgColumn };

/** Where the values of a reference column come from, and the sheet of the template that lists them. */
export type TImportSource = {
  key: string;
  title: (t: TranslationFunctions, locale: 'kh' | 'en') => string;
  table: TCodedTable;
  where?: SQL;
  /** The level above (a village's commune): its column here, and its source. */
  parent?: { column: PgColumn; source: string };
  /** More names a cell may give a row by (a country's people: 'Cambodian', 'ខ្មែរ'), a text array. */
  otherNames?: PgColumn;
};

const placeSource = (
  key: string,
  table: TCodedTable,
  title: (t: TranslationFunctions) => string,
  parent?: TImportSource['parent'],
): TImportSource => ({ key, table, title: (t) => title(t), parent });

const listSource = (list: TReferenceListName): TImportSource => ({
  key: list,
  table: referenceItems,
  where: and(eq(referenceItems.list, list), eq(referenceItems.active, true)),
  title: (_t, locale) => referenceListTitles[list][locale],
});

/**
 * Every list a workbook's cell may name a value of: the places by level (DESIGN.md section 8: by
 * their official codes), head offices, countries, and the reference lists of `/categories/excel`.
 */
export const importSources: readonly TImportSource[] = [
  placeSource('provinces', provinces, (t) => t.resources.province.many()),
  placeSource('districts', districts, (t) => t.resources.district.many(), {
    column: districts.provinceId,
    source: 'provinces',
  }),
  placeSource('communes', communes, (t) => t.resources.commune.many(), {
    column: communes.districtId,
    source: 'districts',
  }),
  placeSource('villages', villages, (t) => t.resources.village.many(), {
    column: villages.communeId,
    source: 'communes',
  }),
  placeSource('headOffices', headOffices, (t) => t.resources.headOffice.many()),
  {
    ...placeSource('countries', countries, (t) => t.resources.country.many()),
    otherNames: countries.otherNames,
  },
  ...referenceListNames.map(listSource),
];

/** One importable resource (issue 25): `/upload/{name}/...` reads and writes its records. */
export type TImportBinding = {
  /** The address segment: `children`, `parent-applications`. */
  name: string;
  binding: TResourceBinding;
  /** The data sheet's title. */
  sheetTitle: TTranslatable;
  /** Reference columns (lookups and multi-lookups of the description) to the source of their values. */
  references: Record<string, string>;
  /**
   * The fields that say a row without a code is the same as a record already kept (the same child:
   * names, sex, date of birth, office): equal in every column, it is `unchanged` (importing the same
   * workbook twice creates nothing); else a `duplicate`, never an update (issue 35). The commit
   * checks them again under a lock, so concurrent commits create a record once.
   */
  identity: readonly string[];
  /** Which records the duplicate engine compares a new row with (issue 35: the plan's `duplicate`). */
  duplicateKind: TDuplicateKind;
  /**
   * The fields by which a row can be no duplicate at all, told before the engine is asked (its
   * contract: the sex agrees, the date of birth is the same, or within a year when either is
   * estimated): a row no kept record passes is not sent to it. Without it, every new row is asked.
   */
  duplicateScreen?: { sex: string; dateOfBirth: string; estimated: string };
};

/** A column of the workbook: a field of the resource's description (its code first, never sent on create). */
export type TImportColumn = { field: TFieldDef; label: string };

/**
 * The columns of an importable resource: every field of its description a person types (not the
 * helpers nor the server's own values), its code first, to name a record to change.
 */
export const importColumns = (binding: TImportBinding): TFieldDef[] =>
  binding.binding.definition.fields.filter(
    (field) => !field.virtual && (!field.readOnly || field.key === 'code') && field.kind !== 'password',
  );

/** A column's header in one language: the rule the import screen names its columns by too. */
export const columnHeader = importColumnHeader;

/** The template's header: both languages, Khmer first. */
export const bilingualHeader = (kh: string, en: string) => (kh === en ? kh : `${kh} / ${en}`);

/** A source's rows, indexed by code and by name in either script, for matching cells. */
export type TSourceIndex = {
  source: TImportSource;
  rows: { id: number; code: string; name: TTranslatable; parentId: number | null; otherNames?: string[] }[];
  byCode: Map<string, number>;
  byName: Map<string, number[]>;
  parentOf: Map<number, number | null>;
};

/** Codes of all digits also match without their leading zeros (Excel drops them from numbers). */
const codeKeys = (code: string): string[] => {
  const key = matchKey(code);
  return /^\d+$/.test(key) ? [key, key.replace(/^0+(?=\d)/, '')] : [key];
};

export const loadSource = async (db: TDbOrTx, source: TImportSource): Promise<TSourceIndex> => {
  const rows = (await db
    .select({
      id: source.table.id,
      code: source.table.code,
      name: source.table.name,
      parentId: (source.parent?.column ?? source.table.id) as PgColumn,
      ...(source.otherNames ? { otherNames: source.otherNames } : {}),
    })
    .from(source.table)
    .where(source.where)
    .orderBy(asc(source.table.code))) as TSourceIndex['rows'];
  const byCode = new Map<string, number>();
  const byName = new Map<string, number[]>();
  const parentOf = new Map<number, number | null>();
  for (const row of rows) {
    if (!source.parent) row.parentId = null;
    parentOf.set(row.id, row.parentId);
    for (const key of codeKeys(row.code)) if (!byCode.has(key)) byCode.set(key, row.id);
    for (const name of new Set(
      [row.name.kh, row.name.en, ...(row.otherNames ?? [])].filter(Boolean).map(matchKey),
    )) {
      const ids = byName.get(name) ?? [];
      ids.push(row.id);
      byName.set(name, ids);
    }
  }
  return { source, rows, byCode, byName, parentOf };
};

/** A cell's value matched in a source: the id, or why not (none, or several and the parent does not tell). */
export const matchInSource = (
  index: TSourceIndex,
  text: string,
  parentId: number | undefined,
): { id: number } | { error: 'noMatch' | 'severalMatches' } => {
  const key = matchKey(text);
  const byCode =
    index.byCode.get(key) ?? (/^\d+$/.test(key) ? index.byCode.get(key.replace(/^0+(?=\d)/, '')) : undefined);
  if (byCode !== undefined) return { id: byCode };
  const named = index.byName.get(key) ?? [];
  const within = parentId === undefined ? named : named.filter((id) => index.parentOf.get(id) === parentId);
  if (within.length === 1) return { id: within[0] };
  // One place of that name, in another commune: the consistency rule then names the disagreement.
  if (within.length === 0 && named.length === 1) return { id: named[0] };
  return { error: named.length === 0 ? 'noMatch' : 'severalMatches' };
};
