// Real Office files for the conversion tests, written by LibreOffice itself from HTML, CSV or a
// flat OpenDocument presentation (each call with its own profile directory).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';

const run = promisify(execFile);

/** `source` (a file name with its extension, and its text) converted by soffice to `to` (e.g. 'docx:MS Word 2007 XML'). */
export async function officeFile(name: string, text: string | Buffer, to: string): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-office-'));
  try {
    fs.writeFileSync(path.join(dir, name), text);
    await run('soffice', ['--headless', '--norestore', `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`, '--convert-to', to, '--outdir', path.join(dir, 'out'), path.join(dir, name)], { timeout: 120_000 });
    const out = fs.readdirSync(path.join(dir, 'out'));
    return fs.readFileSync(path.join(dir, 'out', out[0]!));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** HTML with one paragraph per page, each page after the first on a new page. */
export const pagedHtml = (pages: string[]) =>
  `<html><body>${pages.map((p, i) => `<p${i ? ' style="page-break-before:always"' : ''}>${p}</p>`).join('')}</body></html>`;

export const docx = (pages: string[]) => officeFile('doc.html', pagedHtml(pages), 'docx:MS Word 2007 XML');
export const odt = async (pages: string[]) => officeFile('doc.docx', await docx(pages), 'odt');
export const xlsx = (csv: string) => officeFile('sheet.csv', csv, 'xlsx');

export function pptx(slides: string[]): Promise<Buffer> {
  const pages = slides
    .map((s, i) => `<draw:page draw:name="s${i + 1}"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm" svg:height="3cm"><draw:text-box><text:p>${s}</text:p></draw:text-box></draw:frame></draw:page>`)
    .join('');
  const fodp = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation"><office:body><office:presentation>${pages}</office:presentation></office:body></office:document>`;
  return officeFile('deck.fodp', fodp, 'pptx');
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Sheet = { name: string; rows: string[][]; hidden?: boolean };

/** A workbook of several named sheets (rows of cells; hidden ones too), written by LibreOffice from a flat OpenDocument spreadsheet to `to` (e.g. 'ods', 'xls:MS Excel 97'). */
export function spreadsheet(sheets: Sheet[], to: string): Promise<Buffer> {
  const tables = sheets
    .map(
      (t) =>
        `<table:table table:name="${xmlText(t.name)}" table:style-name="${t.hidden ? 'hidden' : 'shown'}">${t.rows
          .map((r) => `<table:table-row>${r.map((c) => `<table:table-cell office:value-type="string"><text:p>${xmlText(c)}</text:p></table:table-cell>`).join('')}</table:table-row>`)
          .join('')}</table:table>`,
    )
    .join('');
  const fods = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.spreadsheet"><office:automatic-styles><style:style style:name="shown" style:family="table"><style:table-properties table:display="true"/></style:style><style:style style:name="hidden" style:family="table"><style:table-properties table:display="false"/></style:style></office:automatic-styles><office:body><office:spreadsheet>${tables}</office:spreadsheet></office:body></office:document>`;
  return officeFile('book.fods', fods, to);
}

/** An xlsx of several named sheets (rows of cells). */
export const xlsxSheets = (sheets: Sheet[]) => spreadsheet(sheets, 'xlsx:Calc MS Excel 2007 XML');

export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
export const ODT = 'application/vnd.oasis.opendocument.text';
export const ODS = 'application/vnd.oasis.opendocument.spreadsheet';
export const XLS = 'application/vnd.ms-excel';
export const CSV = 'text/csv';
