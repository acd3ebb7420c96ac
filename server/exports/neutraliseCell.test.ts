import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvField, neutraliseCell, workbookBytes } from './neutraliseCell';

describe('neutraliseCell', () => {
  it('prefixes text that a spreadsheet would read as a formula', () => {
    for (const text of ['=1+2', '+4', '-3', '@SUM(A1)', '\t=1', '\r=1', '\n=1', '＝1+2', '＋1', '－1', '＠A'])
      expect(neutraliseCell(text)).toBe(`'${text}`);
  });

  it('leaves other text, numbers (negative ones too), dates and empty cells as they are', () => {
    const day = new Date('2026-11-26T00:00:00Z');
    for (const value of ['Sok', 'សុខ', ' =1', "'=1", 'a-b', '', -3, 4, 0, day, true, null, undefined])
      expect(neutraliseCell(value)).toBe(value);
  });
});

describe('csvField', () => {
  it('neutralises, then quotes what must be quoted', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-3')).toBe("'-3");
    expect(csvField(-3)).toBe('-3');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField(null)).toBe('');
  });
});

describe('workbookBytes', () => {
  it('neutralises every text cell of every sheet, rich text by its start, and keeps numbers and dates', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('one').addRow(['=1+2', -3, new Date('2026-01-02T00:00:00Z'), 'plain']);
    workbook.addWorksheet('two').addRow([{ richText: [{ text: '@SUM' }, { text: '(A1)' }] }, '+4']);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load((await workbookBytes(workbook)) as unknown as ArrayBuffer);
    expect((read.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([
      "'=1+2",
      -3,
      new Date('2026-01-02T00:00:00Z'),
      'plain',
    ]);
    const second = read.worksheets[1].getRow(1);
    expect(second.getCell(1).text).toBe("'@SUM(A1)");
    expect(second.getCell(2).value).toBe("'+4");
  });
});
