import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { readDataSheet } from './readWorkbook';
import { checkWorkbookBytes, readerParts, type TCheckedWorkbook } from './workbookFile';

const workbook = async () => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  sheet.addRow(['Code', 'Sex', 'Name', 'Born']);
  sheet.addRow(['C-1', 'female', 'Dara', new Date(Date.UTC(2020, 4, 17))]);
  return Buffer.from(await book.xlsx.writeBuffer());
};
const fieldOf = (header: string) => ({ Code: 'code', Sex: 'sex', Name: 'name', Born: 'born' })[header];

const refusal = (error: unknown) => (error instanceof ApiError ? error.messageKey : error);

describe('the parts the parser reads', () => {
  it('are the checked ones it needs, relations, sheet list, strings and styles before the sheets', async () => {
    const checked = await checkWorkbookBytes(await workbook());
    // exceljs writes the sheet before its strings and the sheet list last: the parser gets them first.
    expect(checked.parts.map((part) => part.name).indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(
      checked.parts.map((part) => part.name).indexOf('xl/workbook.xml'),
    );
    expect(readerParts(checked).map((part) => part.name)).toEqual([
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/sharedStrings.xml',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = await readDataSheet(checked, fieldOf);
    expect(sheet?.rows).toEqual([
      { row: 2, cells: ['C-1', 'female', 'Dara', new Date(Date.UTC(2020, 4, 17))] },
    ]);
  });

  it('are counted as they unpack: a part yielding more, or less, than it declared ends the read with its refusal', async () => {
    const checked = await checkWorkbookBytes(await workbook());
    // The check inflated each part; a part that changed after it (here: declared smaller) is stopped anyway.
    const smaller: TCheckedWorkbook = {
      ...checked,
      parts: checked.parts.map((part) =>
        part.name === 'xl/worksheets/sheet1.xml' ? { ...part, size: part.size - 10 } : part,
      ),
    };
    expect(await readDataSheet(smaller, fieldOf).catch(refusal)).toBe('importUnpacked');
    const larger: TCheckedWorkbook = {
      ...checked,
      parts: checked.parts.map((part) =>
        part.name === 'xl/sharedStrings.xml' ? { ...part, size: part.size + 10 } : part,
      ),
    };
    expect(await readDataSheet(larger, fieldOf).catch(refusal)).toBe('importNotWorkbook');
  });
});
