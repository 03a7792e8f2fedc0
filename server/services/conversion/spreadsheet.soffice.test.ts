// Spreadsheets through the real local converter (LibreOffice's soffice, as .ci/run installs it):
// an ods, a csv and an xls written by LibreOffice itself are converted by convertToPdf and the
// PDF is read back with pdf.js: every visible sheet printed, a 40-column sheet fitted to one page
// wide, and each page matched to the sheet whose name heads it (page_sheets).
import { describe, expect, it } from 'vitest';
import { zip } from '../../lib/zip';
import { loadPdfjs, pdfjsDataOptions } from '../../media/pdfjs';
import { convertToPdf } from './converter';
import { readZipEntry, zipEntries } from './zip-guard';
import { CSV, ODS, XLS, spreadsheet } from '../../../tests/support/office';

async function pagesText(pdf: Buffer): Promise<string[]> {
  const pdfjs = await loadPdfjs();
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), ...pdfjsDataOptions(), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) pages.push((await (await doc.getPage(p)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' '));
  await doc.destroy();
  return pages;
}

async function orientations(pdf: Buffer): Promise<('portrait' | 'landscape')[]> {
  const pdfjs = await loadPdfjs();
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), ...pdfjsDataOptions(), verbosity: 0 }).promise;
  const out: ('portrait' | 'landscape')[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const [x0, y0, x1, y1] = (await doc.getPage(p)).view;
    out.push(x1! - x0! > y1! - y0! ? 'landscape' : 'portrait');
  }
  await doc.destroy();
  return out;
}

const wide = [Array.from({ length: 40 }, (_, i) => `Head${i + 1}`), ...Array.from({ length: 20 }, (_, r) => Array.from({ length: 40 }, (_, i) => `r${r + 1}c${i + 1}`))];
const BOOK = [
  { name: 'Summary', rows: [['Total revenue', '4200']] },
  { name: 'Secret', rows: [['Never printed']], hidden: true },
  { name: 'Wide ledger', rows: wide },
  { name: 'Notes & risks', rows: [['Closing note for the board']] },
];

/** The ods as a writer that sets no headers leaves it: styles.xml without any header or header style. */
function withoutHeaders(ods: Buffer): Buffer {
  const files = zipEntries(ods)!.map((e) => {
    let bytes = readZipEntry(ods, e)!;
    if (e.name === 'styles.xml') {
      bytes = Buffer.from(
        bytes
          .toString('utf8')
          .replace(/<style:header>[\s\S]*?<\/style:header>/g, '')
          .replace(/<style:header-style>[\s\S]*?<\/style:header-style>/g, '<style:header-style/>'),
      );
    }
    return { name: e.name, bytes };
  });
  return zip(files);
}

describe('spreadsheets converted by soffice', { timeout: 120_000 }, () => {
  it('an ods: every visible sheet printed, the wide one on one page, each page named after its sheet; also when the file had no headers', async () => {
    const ods = await spreadsheet(BOOK, 'ods');
    const stylesOf = (b: Buffer) => readZipEntry(b, zipEntries(b)!.find((e) => e.name === 'styles.xml')!)!.toString('utf8');
    expect(stylesOf(ods)).toContain('<text:sheet-name');
    const stripped = withoutHeaders(ods);
    expect(stylesOf(stripped)).not.toContain('<style:header>');
    for (const [label, bytes] of [['as LibreOffice writes it', ods], ['without headers', stripped]] as const) {
      const r = await convertToPdf(bytes, ODS);
      // Without the fit to width, the 40 columns spread over 6 pages (8 in all).
      expect(r.pages, label).toBe(3);
      expect(r.pageSheets, label).toEqual(['Summary', 'Wide ledger', 'Notes & risks']);
      const text = await pagesText(r.pdf);
      expect(text[0], label).toContain('Total revenue');
      for (const word of ['Head1', 'Head40', 'r1c1', 'r1c40', 'r20c40']) expect(text[1], label).toContain(word);
      expect(text[2], label).toContain('Closing note for the board');
      expect(text.join(' '), label).not.toContain('Never printed');
      // The 40-column sheet turns landscape, as an xlsx's does; the others stay portrait.
      expect(await orientations(r.pdf), label).toEqual(['portrait', 'landscape', 'portrait']);
    }
  });

  it("a csv: one sheet named after the document, on every page", async () => {
    const rows = Array.from({ length: 120 }, (_, r) => `North ${r + 1},${r * 10},${r * 12}`);
    const r = await convertToPdf(Buffer.from(`Region,Q1,Q2\n${rows.join('\n')}\n`), CSV, { name: 'Q3 numbers.csv' });
    expect(r.pages).toBeGreaterThan(1);
    expect(r.pageSheets).toEqual(Array.from({ length: r.pages }, () => 'Q3 numbers'));
    const text = await pagesText(r.pdf);
    expect(text[0]).toContain('Q3 numbers');
    expect(text[0]).toContain('North 1');
    expect(text.at(-1)).toContain('North 120');
    // A name a file or a sheet cannot hold is made safe the same way on both sides.
    const odd = await convertToPdf(Buffer.from('a,b\n1,2\n'), CSV, { name: 'Budget [draft]: a/b.csv' });
    expect(odd.pageSheets).toEqual(['Budget _draft__ a_b']);
  });

  it('a wide csv is printed one page wide in landscape, its header row on every page, and a formula stays text', async () => {
    const header = Array.from({ length: 30 }, (_, i) => `Col${i + 1}`);
    const rows = Array.from({ length: 150 }, (_, r) => Array.from({ length: 30 }, (_, c) => (c === 0 ? `Row ${r + 1}` : c === 29 ? `End${r + 1}` : String(r * c))));
    rows[0]![1] = '=1+1';
    rows[1]![1] = '=WEBSERVICE("http://127.0.0.1:9/")';
    const csv = [header, ...rows].map((r) => r.map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n');
    const r = await convertToPdf(Buffer.from(csv), CSV, { name: 'Wide ledger.csv' });
    expect(r.pageSheets).toEqual(Array.from({ length: r.pages }, () => 'Wide ledger'));
    const text = await pagesText(r.pdf);
    // The 30th column is on the first page: one page wide (as a csv it split into pages across).
    expect(text[0]).toContain('Col30');
    expect(text[0]).toContain('End1');
    expect(text.join(' ')).toContain('End150');
    expect(new Set(await orientations(r.pdf))).toEqual(new Set(['landscape']));
    // The header row heads every page.
    expect(r.pages).toBeGreaterThan(1);
    for (const t of text) expect(t).toContain('Col30');
    // Formulas are text as written, never run.
    expect(text[0]).toContain('=1+1');
    expect(text[0]).toContain('=WEBSERVICE(');
  });

  it('a csv written with semicolons in Windows-1252 (as Excel saves one in much of Europe) reads right', async () => {
    const r = await convertToPdf(Buffer.from('Stadt;Umsatz\nZürich;1200\nGenève;950\n', 'latin1'), CSV, { name: 'Städte.csv' });
    const text = (await pagesText(r.pdf)).join(' ');
    expect(text).toContain('Zürich');
    expect(text).toContain('Genève');
    expect(text).not.toContain(';');
    expect(r.pageSheets).toEqual(['Städte']);
  });

  it('an xls is converted as it is: its pages are shown unnamed (docs/decisions.md)', async () => {
    const r = await convertToPdf(await spreadsheet(BOOK, 'xls:MS Excel 97'), XLS);
    expect(r.pages).toBeGreaterThanOrEqual(3);
    expect(r.pageSheets).toBeNull();
    const text = await pagesText(r.pdf);
    expect(text.join(' ')).toContain('Closing note for the board');
  });
});
