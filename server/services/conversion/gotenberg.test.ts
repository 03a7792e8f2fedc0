// The Gotenberg client against a local HTTP server that checks Gotenberg's documented contract:
// POST /forms/libreoffice/convert, multipart/form-data, the document in a `files` part named with
// its extension; 200 → the PDF; 400 → the file cannot be processed; 503 → Gotenberg's deadline.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { zip } from '../../lib/zip';
import { convertToPdf } from './converter';
import { ConversionError } from './errors';
import { ConverterUnreachableError, convertWithGotenberg } from './gotenberg';
import { readZipEntry, zipEntries } from './zip-guard';

const PDF = Buffer.from('%PDF-1.7\n%fake but well-formed enough for the client\n%%EOF\n');
let server: http.Server;
let url: string;
let answer: (form: FormData, req: http.IncomingMessage) => { status: number; body: Buffer | string } | 'hang';
const seen: { method: string; path: string; contentType: string; form: FormData }[] = [];

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    // Parsed as any multipart server parses it: through the platform's own form-data reader.
    const form = await new Request('http://x', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: Buffer.concat(chunks) }).formData();
    seen.push({ method: req.method!, path: req.url!, contentType: req.headers['content-type'] ?? '', form });
    const a = answer(form, req);
    if (a === 'hang') return;
    res.writeHead(a.status, { 'content-type': a.status === 200 ? 'application/pdf' : 'text/plain' }).end(a.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('Gotenberg client', () => {
  it('posts the file as multipart `files` with its extension to /forms/libreoffice/convert and returns the PDF', async () => {
    answer = () => ({ status: 200, body: PDF });
    const doc = Buffer.from('PK\u0003\u0004 a docx body');
    const pdf = await convertWithGotenberg(doc, 'docx', { url, timeoutMs: 5_000 });
    expect(pdf.equals(PDF)).toBe(true);
    const req = seen.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/forms/libreoffice/convert');
    expect(req.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const files = req.form.getAll('files');
    expect(files).toHaveLength(1);
    const file = files[0] as File;
    expect(file.name).toBe('document.docx');
    expect(Buffer.from(await file.arrayBuffer()).equals(doc)).toBe(true);
    expect(req.form.get('landscape')).toBeNull();
  });

  it('spreadsheets are asked for landscape pages', async () => {
    answer = () => ({ status: 200, body: PDF });
    await convertWithGotenberg(Buffer.from('a,b\n1,2\n'), 'csv', { url, timeoutMs: 5_000 });
    const req = seen.at(-1)!;
    expect((req.form.get('files') as File).name).toBe('document.csv');
    expect(req.form.get('landscape')).toBe('true');
  });

  it('400 is a file that cannot be converted; 503 is a conversion past the deadline', async () => {
    answer = () => ({ status: 400, body: 'LibreOffice failed to process a document' });
    await expect(convertWithGotenberg(Buffer.from('x'), 'pptx', { url, timeoutMs: 5_000 })).rejects.toMatchObject({ name: 'ConversionError', status: 'failed', message: expect.stringMatching(/damaged/) });
    answer = () => ({ status: 503, body: 'Service Unavailable' });
    await expect(convertWithGotenberg(Buffer.from('x'), 'pptx', { url, timeoutMs: 5_000 })).rejects.toThrow(/took longer than 5 seconds/);
  });

  it('a service that is down or answers nonsense is retried later, not a verdict on the file', async () => {
    answer = () => ({ status: 500, body: 'boom' });
    await expect(convertWithGotenberg(Buffer.from('x'), 'docx', { url, timeoutMs: 5_000 })).rejects.toBeInstanceOf(ConverterUnreachableError);
    answer = () => ({ status: 200, body: '<html>not a pdf</html>' });
    await expect(convertWithGotenberg(Buffer.from('x'), 'docx', { url, timeoutMs: 5_000 })).rejects.toBeInstanceOf(ConverterUnreachableError);
    await expect(convertWithGotenberg(Buffer.from('x'), 'docx', { url: 'http://127.0.0.1:1', timeoutMs: 5_000 })).rejects.toBeInstanceOf(ConverterUnreachableError);
  });

  it('a service that never answers fails the file at the deadline', async () => {
    answer = () => 'hang';
    const e = await convertWithGotenberg(Buffer.from('x'), 'docx', { url, timeoutMs: 300 }).catch((x) => x);
    expect(e).toBeInstanceOf(ConversionError);
    expect(e.message).toMatch(/took longer than 1 seconds/);
  });
});

describe('a spreadsheet through Gotenberg', () => {
  it('is sent prepared (every worksheet fitted to the page width, its name in the header) and its pages are matched to its sheets', async () => {
    const sheet = (cells: string) => Buffer.from(`<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${cells}</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`);
    const xlsx = zip([
      { name: '[Content_Types].xml', bytes: Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
      { name: 'xl/workbook.xml', bytes: Buffer.from('<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="r"><sheets><sheet name="Revenue" sheetId="1" r:id="rId1"/><sheet name="Hidden" sheetId="2" state="hidden" r:id="rId2"/><sheet name="Costs" sheetId="3" r:id="rId3"/></sheets></workbook>') },
      { name: 'xl/worksheets/sheet1.xml', bytes: sheet('<row r="1"/>') },
      { name: 'xl/worksheets/sheet2.xml', bytes: sheet('') },
      { name: 'xl/worksheets/sheet3.xml', bytes: sheet('<row r="1"/>') },
    ]);
    // What LibreOffice would print: each page headed with its sheet's name (the rewritten header).
    const out = await PDFDocument.create();
    const font = await out.embedFont(StandardFonts.Helvetica);
    for (const [name, body] of [['Revenue', 'North 100'], ['Revenue', 'South 90'], ['Costs', 'Rent 40']]) {
      const page = out.addPage([842, 595]);
      page.drawText(name!, { x: 400, y: 570, size: 10, font });
      page.drawText(body!, { x: 40, y: 400, size: 10, font });
    }
    const pdf = Buffer.from(await out.save());
    answer = () => ({ status: 200, body: pdf });
    const before = process.env.CONVERSION_URL;
    process.env.CONVERSION_URL = url;
    try {
      const r = await convertToPdf(xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(r.pages).toBe(3);
      expect(r.pageSheets).toEqual(['Revenue', 'Revenue', 'Costs']);
    } finally {
      if (before === undefined) delete process.env.CONVERSION_URL;
      else process.env.CONVERSION_URL = before;
    }
    const req = seen.at(-1)!;
    const file = req.form.get('files') as File;
    expect(file.name).toBe('document.xlsx');
    expect(req.form.get('landscape')).toBe('true');
    const sent = Buffer.from(await file.arrayBuffer());
    const entries = zipEntries(sent)!;
    for (const n of ['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet3.xml']) {
      const xml = readZipEntry(sent, entries.find((e) => e.name === n)!)!.toString();
      expect(xml, n).toContain('<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>');
      expect(xml, n).toContain('<pageSetup fitToWidth="1" fitToHeight="0"/>');
      expect(xml, n).toContain('<oddHeader>&amp;C&amp;A</oddHeader>');
    }
  });
});

describe('a csv through Gotenberg', () => {
  it("is sent as an xlsx whose one sheet is named after the document, printed as an xlsx is; its pages are matched to that name", async () => {
    const out = await PDFDocument.create();
    const font = await out.embedFont(StandardFonts.Helvetica);
    for (const body of ['North 100', 'South 90']) {
      const page = out.addPage([842, 595]);
      page.drawText('Q3 numbers', { x: 400, y: 570, size: 10, font });
      page.drawText(body, { x: 40, y: 400, size: 10, font });
    }
    const pdf = Buffer.from(await out.save());
    answer = () => ({ status: 200, body: pdf });
    const before = process.env.CONVERSION_URL;
    process.env.CONVERSION_URL = url;
    try {
      const r = await convertToPdf(Buffer.from('Region,Q1\nNorth,100\n'), 'text/csv', { name: 'Q3 numbers.csv' });
      expect(r.pageSheets).toEqual(['Q3 numbers', 'Q3 numbers']);
    } finally {
      if (before === undefined) delete process.env.CONVERSION_URL;
      else process.env.CONVERSION_URL = before;
    }
    // The sheet's name is inside the workbook: nothing depends on what Gotenberg does with file names.
    const file = seen.at(-1)!.form.get('files') as File;
    expect(file.name).toBe('document.xlsx');
    const sent = Buffer.from(await file.arrayBuffer());
    const entries = zipEntries(sent)!;
    expect(readZipEntry(sent, entries.find((e) => e.name === 'xl/workbook.xml')!)!.toString()).toContain('<sheet name="Q3 numbers"');
    const sheet = readZipEntry(sent, entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!)!.toString();
    expect(sheet).toContain('<pageSetup fitToWidth="1" fitToHeight="0"/>');
    expect(sheet).toContain('<c r="B2"><v>100</v></c>');
  });

  it('is sent a file with its external links cut, as the local converter is (issue 43)', async () => {
    answer = () => ({ status: 200, body: PDF });
    const rels = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://169.254.169.254/latest/meta-data" TargetMode="External"/></Relationships>`;
    const docx = zip([
      { name: '[Content_Types].xml', bytes: Buffer.from('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
      { name: 'word/document.xml', bytes: Buffer.from('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>') },
      { name: 'word/_rels/document.xml.rels', bytes: Buffer.from(rels) },
    ]);
    const before = process.env.CONVERSION_URL;
    process.env.CONVERSION_URL = url;
    try {
      await convertToPdf(docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document').catch(() => null);
    } finally {
      if (before === undefined) delete process.env.CONVERSION_URL;
      else process.env.CONVERSION_URL = before;
    }
    const sent = Buffer.from(await (seen.at(-1)!.form.get('files') as File).arrayBuffer());
    const entry = zipEntries(sent)!.find((e) => e.name === 'word/_rels/document.xml.rels')!;
    expect(readZipEntry(sent, entry)!.toString()).not.toContain('169.254.169.254');
  });
});
