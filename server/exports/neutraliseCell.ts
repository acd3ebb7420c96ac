import type { Workbook } from 'exceljs';

/**
 * What a spreadsheet may read as the start of a formula (OWASP, CSV injection): `=`, `+`, `-`, `@`,
 * tab, carriage return and line feed, and their full-width forms (an input method may type them, and
 * some spreadsheets read them as the ASCII ones).
 */
const formulaStart = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A text cell that could run as a formula gets a leading `'`, so that it stays text (issue 25).
 * Numbers, dates, booleans and empty cells are returned as they are: a negative number is a number.
 */
export const neutraliseCell = <TValue>(value: TValue): TValue | string =>
  typeof value === 'string' && formulaStart.test(value) ? `'${value}` : value;

/** One CSV field: never read by a spreadsheet as a formula, and quoted when it must be (RFC 4180). */
export const csvField = (value: unknown): string => {
  const text = String(neutraliseCell(value ?? ''));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * Every text cell of every sheet neutralised, then the workbook's bytes: every .xlsx the product
 * writes goes through here, so a sheet added later cannot forget it. Rich text is checked by its
 * first run (what the cell begins with); formula cells are the product's own and stay formulas.
 */
export const workbookBytes = async (workbook: Workbook): Promise<Buffer> => {
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        const value = cell.value;
        if (typeof value === 'string') cell.value = neutraliseCell(value);
        else if (value && typeof value === 'object' && 'richText' in value && value.richText.length > 0) {
          const [first, ...rest] = value.richText;
          cell.value = { richText: [{ ...first, text: neutraliseCell(first.text) }, ...rest] };
        }
      });
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
