import type { CellValue, Fill, Workbook, Worksheet } from 'exceljs';
import { matchKey } from '../../src/domain/importCells';
import type { TRouteLocale } from '../../src/domain/locale';
import type { TFieldDef } from '../../src/domain/resource';
import { wordOf } from '../../src/i18n/wordOf';
import type { TDbOrTx } from '../audit';
import { translators } from '../plugins/locale';
import {
  bilingualHeader,
  columnHeader,
  importColumns,
  importSources,
  loadSource,
  type TImportBinding,
} from './importBinding';
import type { TImportRun } from './importRuns';
import type { TStoredCell } from './readWorkbook';
import { workbookMaxRows } from './workbookFile';

/** Excel's limits on a sheet's name: 31 characters, none of []:*?/\ . */
const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);

/** The header texts of each column in both languages, and the field key itself: any of them is recognised. */
export const headerMatcher = (imported: TImportBinding) => {
  const fields = importColumns(imported);
  const known = new Map<string, string>();
  for (const field of fields) {
    const kh = columnHeader(fields, field, translators.kh);
    const en = columnHeader(fields, field, translators.en);
    for (const text of [field.key, kh, en, bilingualHeader(kh, en)]) known.set(matchKey(text), field.key);
  }
  // The template marks a required column with an asterisk (`ភេទ / Sex *`): read with or without it.
  return (header: string) => known.get(matchKey(header.replace(/\*/g, ' ')));
};

/** A column a new row must fill in: required, with no value a blank cell would take instead. */
export const isRequiredColumn = (field: TFieldDef) =>
  Boolean(field.required) && field.defaultValue === undefined;

/** An option's words in each language, and as the template's list offers it: both, Khmer first. */
export const optionWords = (field: TFieldDef, value: string) => {
  const [kh, en] = (['kh', 'en'] as const).map((locale) => {
    return wordOf(wordOf(translators[locale].options, field.optionsLabel ?? field.key), value)?.() ?? value;
  });
  return { kh, en, both: bilingualHeader(kh, en) };
};

/** Yes and no as the template's list offers them: both languages, Khmer first. */
export const yesNoWords = () => ({
  yes: bilingualHeader(translators.kh.server.upload.yes(), translators.en.server.upload.yes()),
  no: bilingualHeader(translators.kh.server.upload.no(), translators.en.server.upload.no()),
});

const headerStyle = (sheet: Worksheet) => {
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
};

/** A select's or a yes/no column's choices, when Excel can hold them as a list (no comma, 255 characters). */
const inlineList = (labels: string[]): string | undefined => {
  const list = labels.join(',');
  return labels.some((label) => label.includes(',') || label.includes('"')) || list.length > 250
    ? undefined
    : `"${list}"`;
};

/**
 * The workbook to fill in (issue 25, DESIGN.md section 8): a first sheet with one column per field,
 * headers in Khmer and English; then one sheet per list a column names (places by level with their
 * official codes and the level above, head offices, countries, the reference lists of
 * `/categories/excel`). Reference columns offer the codes of their sheet as a list (a name typed
 * instead is accepted, so the list warns rather than refuses); select and yes/no columns their words.
 */
export const templateWorkbook = async (
  db: TDbOrTx,
  imported: TImportBinding,
  locale: TRouteLocale,
  created: Date,
): Promise<Workbook> => {
  const { default: ExcelJS } = await import('exceljs');
  const t = translators[locale];
  const words = t.server.upload;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Adoption back office';
  workbook.created = created;
  const fields = importColumns(imported);
  const data = workbook.addWorksheet(sheetName(imported.sheetTitle[locale]));
  data.columns = fields.map((field) => ({
    header: `${bilingualHeader(
      columnHeader(fields, field, translators.kh),
      columnHeader(fields, field, translators.en),
    )}${isRequiredColumn(field) ? ' *' : ''}`,
    key: field.key,
    width: field.kind === 'textarea' ? 40 : 24,
    style: field.kind === 'date' ? { numFmt: 'dd-mm-yyyy' } : {},
  }));
  headerStyle(data);
  data.getRow(1).alignment = { wrapText: true, vertical: 'top' };
  data.getCell(1, 1).note = `${words.templateNote()}\n${words.requiredMark()}`;
  // Each required column says so in its header's note, in both languages (the headers are in both).
  const requiredNote = [translators.kh, translators.en]
    .map((other) => other.server.upload.requiredNote())
    .join('\n');
  fields.forEach((field, index) => {
    if (isRequiredColumn(field) && index > 0) data.getCell(1, index + 1).note = requiredNote;
  });

  const sheetOfSource = new Map<string, { name: string; rows: number }>();
  const usedNames = new Set([data.name]);
  for (const source of importSources) {
    const index = await loadSource(db, source);
    let name = sheetName(source.title(t, locale));
    while (usedNames.has(name)) name = sheetName(`${name.slice(0, 28)} ${usedNames.size}`);
    usedNames.add(name);
    const sheet = workbook.addWorksheet(name);
    const parent = source.parent
      ? importSources.find((other) => other.key === source.parent?.source)
      : undefined;
    const parentCodes = parent
      ? new Map((await loadSource(db, parent)).rows.map((row) => [row.id, row.code]))
      : undefined;
    sheet.columns = [
      { header: words.code(), width: 14 },
      { header: words.nameKh(), width: 36 },
      { header: words.nameEn(), width: 36 },
      ...(parentCodes ? [{ header: words.within(), width: 14 }] : []),
    ];
    headerStyle(sheet);
    for (const row of index.rows) {
      sheet.addRow([
        row.code,
        row.name.kh ?? '',
        row.name.en ?? '',
        ...(parentCodes ? [row.parentId === null ? '' : (parentCodes.get(row.parentId) ?? '')] : []),
      ]);
    }
    sheetOfSource.set(source.key, { name, rows: index.rows.length });
  }

  // Lists offered in the data rows.
  const lastRow = workbookMaxRows + 1;
  fields.forEach((field: TFieldDef, index) => {
    const column = data.getColumn(index + 1).letter;
    const range = `${column}2:${column}${lastRow}`;
    let formula: string | undefined;
    if (field.kind === 'lookup') {
      const sheet = sheetOfSource.get(imported.references[field.key] ?? '');
      if (sheet && sheet.rows > 0) formula = `'${sheet.name.replace(/'/g, "''")}'!$A$2:$A$${sheet.rows + 1}`;
    } else if (field.kind === 'select') {
      // Each choice in both languages (`ស្រី / Female`), read back as it is offered or in either language.
      formula = inlineList((field.options ?? []).map((value) => optionWords(field, value).both));
    } else if (field.kind === 'boolean') {
      const { yes, no } = yesNoWords();
      formula = inlineList([yes, no]);
    }
    if (!formula) return;
    // exceljs keeps range validations here (its typings know only a cell's `dataValidation`).
    (
      data as unknown as { dataValidations: { add: (range: string, rule: unknown) => void } }
    ).dataValidations.add(range, {
      type: 'list',
      allowBlank: true,
      formulae: [formula],
      // A name typed instead of a code is matched too: Excel warns, it does not refuse.
      showErrorMessage: field.kind !== 'lookup',
      errorStyle: field.kind === 'lookup' ? 'warning' : 'stop',
    });
  });
  return workbook;
};

/** A kept cell as the clerk typed it: a date a date again (exceljs writes a Date as Excel's day number). */
const typedCell = (cell: TStoredCell): CellValue =>
  cell !== null && typeof cell === 'object' ? new Date(cell.date) : cell;

const badFill: Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFE4E6' } };

/**
 * The checked workbook's rows again, each at its row number, with a last column of its errors
 * (issue 25): the cells as the clerk typed them (dates stay dates, numbers numbers: issue 35), and
 * each cell an error names filled and given a note of its messages, so the clerk fixes the sheet
 * where it is wrong and sends it back.
 */
export const errorsWorkbook = async (
  imported: TImportBinding,
  run: TImportRun,
  locale: TRouteLocale,
  created: Date,
): Promise<Workbook> => {
  const { default: ExcelJS } = await import('exceljs');
  const t = translators[locale];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Adoption back office';
  workbook.created = created;
  const sheet = workbook.addWorksheet(sheetName(imported.sheetTitle[locale]));
  const errorColumn = run.headers.length + 1;
  sheet.getRow(1).values = [...run.headers, t.server.upload.errorsColumn()];
  headerStyle(sheet);
  run.headers.forEach((_header, index) => {
    sheet.getColumn(index + 1).width = 22;
  });
  sheet.getColumn(errorColumn).width = 70;
  // The column (1-based) of each field the sheet has, by its header as the dry run read it.
  const matchHeader = headerMatcher(imported);
  const columnOf = new Map<string, number>();
  run.headers.forEach((header, index) => {
    const field = header ? matchHeader(header) : undefined;
    if (field && !columnOf.has(field)) columnOf.set(field, index + 1);
  });
  const messages = new Map<number, string[]>();
  const cellMessages = new Map<string, string[]>();
  for (const error of run.errors) {
    messages.set(error.row, [...(messages.get(error.row) ?? []), error.message]);
    const column = error.column === null ? undefined : columnOf.get(error.column);
    if (column === undefined) continue;
    const key = `${error.row}:${column}`;
    cellMessages.set(key, [...(cellMessages.get(key) ?? []), error.message]);
  }
  for (const checked of run.rows) {
    const row = sheet.getRow(checked.row);
    checked.cells.forEach((stored, index) => {
      const cell = row.getCell(index + 1);
      cell.value = typedCell(stored);
      if (cell.value instanceof Date) cell.numFmt = 'dd-mm-yyyy';
    });
    const cell = row.getCell(errorColumn);
    cell.value = (messages.get(checked.row) ?? []).join('\n');
    cell.alignment = { wrapText: true, vertical: 'top' };
    if (messages.has(checked.row)) {
      cell.font = { color: { argb: 'FF9F1239' } };
      cell.fill = badFill;
    }
  }
  for (const [key, texts] of cellMessages) {
    const [row, column] = key.split(':').map(Number);
    const cell = sheet.getRow(row).getCell(column);
    cell.fill = badFill;
    cell.note = texts.join('\n');
  }
  return workbook;
};
