import { describe, expect, it } from 'vitest';
import { fileNameOfDisposition } from './saveBlob';

describe('fileNameOfDisposition', () => {
  it('prefers the UTF-8 name, then the plain one, and keeps only the last path segment', () => {
    expect(
      fileNameOfDisposition(
        `attachment; filename="CH-2026-000123-document-3.pdf"; filename*=UTF-8''CH-2026-000123-document-3.pdf`,
      ),
    ).toBe('CH-2026-000123-document-3.pdf');
    expect(fileNameOfDisposition(`attachment; filename="_.pdf"; filename*=UTF-8''%E1%9E%80.pdf`)).toBe(
      'ក.pdf',
    );
    expect(fileNameOfDisposition('attachment; filename="children-2026-11-24.csv"')).toBe(
      'children-2026-11-24.csv',
    );
    expect(fileNameOfDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
    expect(fileNameOfDisposition(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`)).toBe('passwd');
  });

  it('answers null when the header gives no usable name', () => {
    expect(fileNameOfDisposition(null)).toBeNull();
    expect(fileNameOfDisposition('attachment')).toBeNull();
    expect(fileNameOfDisposition('attachment; filename=""')).toBeNull();
  });
});
