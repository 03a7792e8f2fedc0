// Spreadsheets before and after conversion (issue 22): every sheet of an xlsx or an ods is printed
// with its columns scaled to the page width (wide sheets stay readable instead of splitting into
// columns of pages), each page heads with its sheet's name, and after conversion each page is
// matched to the sheet it prints, so the viewer can name it.
//
// Before: the workbook's own page setup is rewritten inside the zip. An xlsx (Office Open XML,
// ECMA-376 §18.3.1): `<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>` and `<pageSetup
// fitToWidth="1" fitToHeight="0"/>` (as wide as one page, as many pages down as it needs), and a
// sheet without a header gets `&A` (the sheet's name) centred in its header. An ods: ods.ts.
// LibreOffice (local or inside Gotenberg) honours these as Excel does, so both converters get the
// same file. A csv becomes an xlsx with the same page setup (csv-workbook.ts). An xls is converted
// as it is and its pages stay unnamed (docs/decisions.md); prepare-spreadsheet.ts picks which.
// After: pdf.js reads the text at the top of each page and finds the sheet name printed there.
import { zip } from '../../lib/zip';
import { loadPdfjs, pdfjsDataOptions } from '../../media/pdfjs';
import { readZipFiles } from './zip-guard';

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;

/** XML text with its entity and character references resolved. */
export const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp|#x[0-9a-f]+|#\d+);/gi, (_, e: string) =>
    e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'apos' ? "'" : e === 'amp' ? '&' : String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)),
  );

/** The names of the workbook's visible sheets, in tab order (hidden sheets are not printed). */
export function visibleSheetNames(workbookXml: string): string[] {
  const names: string[] = [];
  for (const m of workbookXml.matchAll(/<(?:\w+:)?sheet\b([^>]*?)\/?>/g)) {
    const attrs = m[1]!;
    if (/\bstate="(hidden|veryHidden)"/.test(attrs)) continue;
    const name = /\bname="([^"]*)"/.exec(attrs)?.[1];
    if (name !== undefined) names.push(unescapeXml(name));
  }
  return names;
}

// Elements of CT_Worksheet that come after <pageSetup> (and after <headerFooter> for the second list), in schema order.
const AFTER_PAGE_SETUP = ['headerFooter', 'rowBreaks', 'colBreaks', 'customProperties', 'cellWatches', 'ignoredErrors', 'smartTags', 'drawing', 'legacyDrawing', 'legacyDrawingHF', 'drawingHF', 'picture', 'oleObjects', 'controls', 'webPublishItems', 'tableParts', 'extLst'];
const AFTER_HEADER_FOOTER = AFTER_PAGE_SETUP.slice(1);
// Elements a sheetPr must precede (everything else in a worksheet).
const FIRST_CHILD = /<(?:\w+:)?(dimension|sheetViews|sheetFormatPr|cols|sheetData)\b/;

function insertBefore(xml: string, p: string, names: string[], fragment: string): string {
  let at = -1;
  for (const n of names) {
    const i = xml.search(new RegExp(`<${p}${n}[\\s/>]`));
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  if (at < 0) at = xml.lastIndexOf(`</${p}worksheet>`);
  return at < 0 ? xml : xml.slice(0, at) + fragment + xml.slice(at);
}

/** Columns beyond which a sheet prints landscape (a portrait A4 page holds about 8 default-width columns). */
export const WIDE_COLUMNS = 10;

/** Column letters (A, Z, AA...) as a number. */
const columnNumber = (letters: string) => [...letters.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);

/** How many columns the sheet uses, from its <dimension ref="A1:AN31"/> (0 when it does not say). */
function usedColumns(xml: string, p: string): number {
  const ref = new RegExp(`<${p}dimension\\b[^>]*\\bref="([A-Za-z]+)\\d*(?::([A-Za-z]+)\\d*)?"`).exec(xml);
  if (!ref) return 0;
  return ref[2] ? columnNumber(ref[2]) - columnNumber(ref[1]!) + 1 : 1;
}

/** A start tag with the attribute set (replaced, or added before its end). */
export const setAttr = (tag: string, name: string, value: string) =>
  new RegExp(`\\s${name}="[^"]*"`).test(tag) ? tag.replace(new RegExp(`(\\s${name}=)"[^"]*"`), `$1"${value}"`) : tag.replace(/\s*(\/?>)$/, ` ${name}="${value}"$1`);

/** One worksheet's XML with its columns fitted to the page width and its name in the header. */
export function fitWorksheet(xml: string): string {
  const root = /<(\w+:)?worksheet\b/.exec(xml);
  if (!root) return xml;
  const p = root[1] ?? '';
  // <sheetPr><pageSetUpPr fitToPage="1"/></sheetPr> (pageSetUpPr after tabColor and outlinePr).
  const sheetPr = new RegExp(`<${p}sheetPr\\b[^>]*?(/?)>`).exec(xml);
  if (!sheetPr) {
    const first = FIRST_CHILD.exec(xml.slice(root.index));
    if (first) {
      const at = root.index + first.index;
      xml = xml.slice(0, at) + `<${p}sheetPr><${p}pageSetUpPr fitToPage="1"/></${p}sheetPr>` + xml.slice(at);
    }
  } else if (sheetPr[1] === '/') {
    xml = xml.replace(sheetPr[0], `${sheetPr[0].slice(0, -2).trimEnd()}><${p}pageSetUpPr fitToPage="1"/></${p}sheetPr>`);
  } else {
    const end = xml.indexOf(`</${p}sheetPr>`, sheetPr.index);
    const inner = xml.slice(sheetPr.index + sheetPr[0].length, end);
    const pr = new RegExp(`<${p}pageSetUpPr\\b[^>]*?/?>`).exec(inner);
    const fixed = pr ? inner.replace(pr[0], setAttr(pr[0], 'fitToPage', '1')) : inner + `<${p}pageSetUpPr fitToPage="1"/>`;
    xml = xml.slice(0, sheetPr.index + sheetPr[0].length) + fixed + xml.slice(end);
  }
  // <pageSetup fitToWidth="1" fitToHeight="0"/>: one page wide, as many down as needed; a sheet
  // wider than WIDE_COLUMNS columns turns landscape, so its scaled text stays readable.
  const wide = usedColumns(xml, p) > WIDE_COLUMNS;
  const setup = new RegExp(`<${p}pageSetup\\b[^>]*?/?>`).exec(xml);
  if (setup) {
    const fitted = setAttr(setAttr(setup[0], 'fitToWidth', '1'), 'fitToHeight', '0');
    xml = xml.replace(setup[0], wide ? setAttr(fitted, 'orientation', 'landscape') : fitted);
  } else xml = insertBefore(xml, p, AFTER_PAGE_SETUP, `<${p}pageSetup fitToWidth="1" fitToHeight="0"${wide ? ' orientation="landscape"' : ''}/>`);
  // The sheet's name in the header, unless the sheet has a header of its own.
  if (!new RegExp(`<${p}headerFooter\\b`).test(xml)) xml = insertBefore(xml, p, AFTER_HEADER_FOOTER, `<${p}headerFooter><${p}oddHeader>&amp;C&amp;A</${p}oddHeader></${p}headerFooter>`);
  return xml;
}

/**
 * An xlsx prepared for printing (every worksheet fitted to the page width, named in its header)
 * and its visible sheets' names; null when the file is not a readable xlsx (the converter then
 * gets it as it is and says what it makes of it).
 */
export function prepareXlsx(bytes: Buffer): { bytes: Buffer; sheets: string[] } | null {
  const files = readZipFiles(bytes);
  const workbook = files?.find((f) => f.name === 'xl/workbook.xml');
  if (!files || !workbook) return null;
  const fitted = files.map((f) => (WORKSHEET.test(f.name) ? { name: f.name, bytes: Buffer.from(fitWorksheet(f.bytes.toString('utf8'))) } : f));
  return { bytes: zip(fitted), sheets: visibleSheetNames(workbook.bytes.toString('utf8')) };
}

/**
 * The sheet each page of the converted PDF prints: the sheet whose name is in the text at the top
 * of the page (the header), searched from the previous page's sheet onward (sheets print in
 * order); null for a page whose top names no sheet.
 */
export async function sheetsOfPages(pdf: Buffer, sheets: string[]): Promise<(string | null)[]> {
  const pdfjs = await loadPdfjs();
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), ...pdfjsDataOptions(), verbosity: 0 }).promise;
  const out: (string | null)[] = [];
  try {
    let from = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [, , , top] = page.view;
      const { items } = await page.getTextContent();
      // The header band: the top eighth of the page.
      const head = items
        .filter((i) => 'str' in i && i.transform[5] > top! - (top! - page.view[1]!) / 8)
        .map((i) => ('str' in i ? i.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      let found = -1;
      for (let s = from; s < sheets.length; s++) {
        // The longest matching name wins ("Q1" is inside "Q1 budget").
        if (sheets[s] && head.includes(sheets[s]!) && (found < 0 || sheets[s]!.length > sheets[found]!.length)) found = s;
      }
      if (found >= 0) from = found;
      out.push(found >= 0 ? sheets[found]! : null);
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  return out;
}
