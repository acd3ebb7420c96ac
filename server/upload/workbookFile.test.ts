import { PassThrough } from 'node:stream';
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

  it('are found in a workbook saved with data descriptors after each part, as streaming writers save one', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useSharedStrings: true,
      useStyles: true,
    });
    const sheet = book.addWorksheet('Data');
    sheet.addRow(['Code', 'Sex', 'Name']).commit();
    sheet.addRow(['C-2', 'male', 'Sok']).commit();
    sheet.commit();
    await book.commit();
    const bytes = Buffer.concat(chunks);
    // Bit 3: the sizes follow the data instead of preceding it.
    expect(bytes.readUInt16LE(6) & 0x8).toBe(0x8);
    const read = await readDataSheet(await checkWorkbookBytes(bytes), fieldOf);
    expect(read?.rows).toEqual([{ row: 2, cells: ['C-2', 'male', 'Sok'] }]);
  });

  it("keep the rows' text within a bound (rows of huge cells are refused, not kept)", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Data');
    sheet.addRow(['Code', 'Sex', 'Name']);
    sheet.addRow(['C-3', 'female', 'x'.repeat(600)]);
    sheet.addRow(['C-4', 'female', 'y'.repeat(600)]);
    const checked = await checkWorkbookBytes(Buffer.from(await book.xlsx.writeBuffer()));
    expect((await readDataSheet(checked, fieldOf, 2000))?.rows).toHaveLength(2);
    expect(await readDataSheet(checked, fieldOf, 1000).catch(refusal)).toBe('importText');
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
