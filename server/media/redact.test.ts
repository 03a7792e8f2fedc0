// The redaction engine on the thread that runs the test (the render pool runs the same functions):
// a PDF with the term in two fonts, in a form field and in its metadata comes out with none of it,
// its other words still readable by pdf.js and by poppler's pdftotext, and the verifier that
// proves it finds the term under the marks of the original.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { inspectPdf } from '../files/pdf';
import { findTerms, wordsOutside, type PageText } from '../services/redactions/find';
import { pageWords } from './page-text';
import { loadPdfjs, pdfjsDataOptions } from './pdfjs';
import { annotationTexts, composeRedacted, drawRedactedPage, filteredRows, verifyRedacted, type Box } from './redact';

async function sourcePdf() {
  const doc = await PDFDocument.create();
  doc.setTitle('Falcon acquisition memo');
  doc.setSubject('Project Falcon');
  const helv = await doc.embedFont(StandardFonts.Helvetica);
  const times = await doc.embedFont(StandardFonts.TimesRoman);
  const page = doc.addPage([612, 792]);
  page.drawText('Alpha Falcon Omega', { x: 72, y: 700, size: 14, font: helv });
  page.drawText('Second Falcon line', { x: 72, y: 650, size: 12, font: times });
  const field = doc.getForm().createTextField('codename');
  field.setText('Falcon plan');
  field.addToPage(page, { x: 72, y: 500, width: 200, height: 24, font: helv });
  doc.addPage([612, 792]).drawText('Untouched page', { x: 72, y: 700, size: 12, font: helv });
  return doc.save();
}

async function open(bytes: Uint8Array) {
  const pdfjs = await loadPdfjs();
  return pdfjs.getDocument({ data: new Uint8Array(bytes), ...pdfjsDataOptions(), verbosity: 0, disableFontFace: true, useSystemFonts: false }).promise;
}

async function textOf(bytes: Uint8Array) {
  const doc = await open(bytes);
  const pages: PageText[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const p = await doc.getPage(n);
    pages.push({ page: n, ...pageWords((await p.getTextContent()).items, p.getViewport({ scale: 1 })) });
  }
  return { doc, pages };
}

describe('redaction engine', () => {
  it('removes the term from text, form field and metadata; keeps the other words; the verifier proves it', async () => {
    const source = await sourcePdf();
    const { doc, pages } = await textOf(source);
    const marks: Box[] = findTerms(pages, ['falcon']);
    expect(marks).toHaveLength(2);
    const field = (await annotationTexts(doc, 1)).filter((a) => /falcon/i.test(a.text));
    expect(field).toHaveLength(1);
    marks.push(field[0]!);

    // The original fails the proof: characters under the marks, and the hidden copies.
    const before = await verifyRedacted(doc, { 1: marks }, ['falcon']);
    expect(before.charactersUnderMarks).toBeGreaterThanOrEqual(12);
    expect(before.hidden.join('; ')).toMatch(/form fields/);
    expect(before.hidden.join('; ')).toMatch(/document information/);

    const raster = await drawRedactedPage(doc, 1, marks);
    const { bytes: out, info } = await composeRedacted(source, [raster], { 1: wordsOutside(pages[0]!, marks) }, ['falcon']);
    const after = await textOf(out);
    const proof = await verifyRedacted(after.doc, { 1: marks }, ['falcon']);
    expect(proof).toMatchObject({ pagesChecked: 2, charactersUnderMarks: 0, hidden: [] });
    // What the job stores for the new version, read from the document in hand: as a parse of its bytes says.
    expect(info).toEqual(await inspectPdf(out));
    expect(info.pages).toBe(2);
    const text = after.pages.map((p) => p.body).join('\n');
    expect(text).not.toMatch(/falcon/i);
    for (const w of ['Alpha', 'Omega', 'Second', 'line', 'Untouched']) expect(text).toContain(w);
    expect(Buffer.from(out).toString('latin1')).not.toMatch(/Falcon/i);

    // A second, independent reader agrees.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'redact-')), 'out.pdf');
    fs.writeFileSync(file, out);
    const poppler = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(poppler).not.toMatch(/falcon/i);
    expect(poppler).toMatch(/Alpha\s+Omega/);
    expect(poppler).toContain('Untouched page');

    // The page image as poppler draws it back: white margin, black marks (a wrong predictor or
    // colour space would draw streaks or noise). A page of text is stored in one channel, 16 levels.
    expect(raster).toMatchObject({ colors: 1, bits: 4 });
    execFileSync('pdftoppm', ['-r', '150', '-f', '1', '-l', '1', '-gray', file, file.replace(/\.pdf$/, '')]);
    const pgm = fs.readFileSync(fs.readdirSync(path.dirname(file)).map((f) => path.join(path.dirname(file), f)).find((f) => f.endsWith('.pgm'))!);
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 40))!;
    const [pw, ph] = [Number(header[1]), Number(header[2])];
    const at = (fx: number, fy: number) => pgm[header[0].length + Math.floor(fy * ph) * pw + Math.floor(fx * pw)]!;
    expect(at(0.01, 0.01)).toBeGreaterThan(240);
    for (const m of marks.slice(0, 2)) expect(at(m.x + m.width / 2, m.y + m.height / 2)).toBeLessThan(20);
  });

  it('draws each page on a blank canvas: nothing of the page before shows through a blank page of the same size', async () => {
    const doc = await PDFDocument.create();
    // 4 x 6 inches: 600 pixels wide at 150 dpi, an even width (no padding nibble).
    doc.addPage([288, 432]).drawRectangle({ x: 0, y: 0, width: 288, height: 432, color: rgb(0, 0, 0) });
    doc.addPage([288, 432]);
    const pdf = await open(await doc.save());
    const ink = await drawRedactedPage(pdf, 1, []);
    const blank = await drawRedactedPage(pdf, 2, []);
    const pixels = (r: typeof ink) => {
      const rows = zlib.inflateSync(r.data);
      const stride = rows.length / r.pixelHeight - 1;
      const out = Buffer.alloc(stride * r.pixelHeight);
      for (let y = 0; y < r.pixelHeight; y++) for (let c = 0; c < stride; c++) out[y * stride + c] = (rows[y * (stride + 1) + 1 + c]! + (y ? out[(y - 1) * stride + c]! : 0)) & 0xff;
      return out;
    };
    expect(ink).toMatchObject({ pixelWidth: blank.pixelWidth, pixelHeight: blank.pixelHeight, bits: 4 });
    // Black but for a row of white where the page's height rounds up to a whole pixel.
    expect(pixels(ink).filter((b) => b === 0).length / pixels(ink).length).toBeGreaterThan(0.99);
    expect(pixels(blank).every((b) => b === 0xff)).toBe(true);
    await pdf.destroy();
  });

  it('keeps a page as PNG "Up"-filtered rows that undo exactly, in one channel unless it has colour', () => {
    const undo = (rows: Buffer, stride: number, h: number) => {
      const out = Buffer.alloc(stride * h);
      for (let y = 0; y < h; y++) {
        expect(rows[y * (stride + 1)]).toBe(2);
        for (let c = 0; c < stride; c++) out[y * stride + c] = (rows[y * (stride + 1) + 1 + c]! + (y ? out[(y - 1) * stride + c]! : 0)) & 0xff;
      }
      return [...out];
    };
    const grays = [255, 250, 0, 17, 128, 255];
    const gray = filteredRows(Uint8Array.from(grays.flatMap((g) => [g, g, g, 255])), 3, 2);
    expect(gray.colors).toBe(1);
    expect(undo(gray.rows, 3, 2)).toEqual(grays);
    const rgb = [255, 255, 255, 200, 10, 10, 0, 0, 0, 255, 255, 255];
    const colour = filteredRows(Uint8Array.from([0, 1, 2, 3].flatMap((p) => [...rgb.slice(p * 3, p * 3 + 3), 255])), 2, 2);
    expect(colour.colors).toBe(3);
    expect(undo(colour.rows, 6, 2)).toEqual(rgb);
    // Mostly paper and ink (7 of 8 within 8 of white or black): 16 levels, two pixels a byte, high first.
    const text = [255, 0, 128, 255, 8, 247, 255, 0];
    const packed = filteredRows(Uint8Array.from(text.flatMap((g) => [g, g, g, 255])), 4, 2);
    expect(packed).toMatchObject({ colors: 1, bits: 4 });
    expect(undo(packed.rows, 2, 2)).toEqual([0xf0, 0x8f, 0x0f, 0xf0]);
    expect(gray.bits).toBe(8);
    expect(colour.bits).toBe(8);
  });
});
