// A csv becomes a one-sheet xlsx before it is converted (issue 22). A csv has no page setup, so
// handed to LibreOffice as it is, a wide one printed as columns of pages; as an xlsx it prints as
// every other spreadsheet does (spreadsheet.ts: one page wide, landscape when wide, the sheet's
// name heading every page), its sheet is named after the document whatever the converter does
// with file names (Gotenberg's included), and its header row repeats on every page. Its cells are
// only ever text or numbers: nothing in an uploaded csv is run as a formula, as LibreOffice's own
// csv import would.
import { zip } from '../../lib/zip';
import { WIDE_COLUMNS } from './spreadsheet';

/** Beyond this a csv is converted as it is (it would print thousands of pages anyway). */
export const CSV_WORKBOOK_MAX_BYTES = 10 * 1024 * 1024;
const MAX_COLUMNS = 16_384; // XFD, the last column of a sheet
const MAX_CELL_CHARS = 32_767;
/** Characters of input parsed, and rows written, between two turns of the event loop (the conversion runs in the server process). */
const SLICE = 256 * 1024;
const ROWS_A_TURN = 5_000;
const turn = () => new Promise((r) => setImmediate(r));

/** The text of a csv: UTF-8 (with or without its byte order mark), UTF-16 with one, else Windows-1252. */
export function decodeCsv(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The delimiter that splits the first lines most evenly (quoted text left out); a comma when none does. */
export function detectDelimiter(text: string): string {
  const lines = text
    .slice(0, 64 * 1024)
    .replace(/"(?:[^"]|"")*"/g, '')
    .split(/\r\n|\n|\r/)
    .slice(0, 20)
    .filter((l) => l.trim());
  let best: string = ',';
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const counts = lines.map((l) => l.split(d).length - 1);
    // Every line split the same number of times scores highest; a delimiter missing from a line scores nothing.
    const min = counts.length ? Math.min(...counts) : 0;
    const score = min > 0 ? min * 2 + (counts.every((c) => c === counts[0]) ? 1 : 0) : 0;
    if (score > bestScore) [best, bestScore] = [d, score];
  }
  return best;
}

/** RFC 4180 records (quotes, doubled quotes, any line ending), yielding to the event loop every SLICE characters. */
export async function parseCsv(text: string, delimiter: string): Promise<string[][]> {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  while (i < n) {
    const stop = Math.min(n, i + SLICE);
    for (; i < stop; i++) {
      const c = text[i]!;
      if (quoted) {
        if (c !== '"') field += c;
        else if (text[i + 1] === '"') (field += '"'), i++;
        else quoted = false;
      } else if (c === '"' && field === '') quoted = true;
      else if (c === delimiter) endField();
      else if (c === '\n') endRow();
      else if (c === '\r') {
        if (text[i + 1] === '\n') i++;
        endRow();
      } else field += c;
    }
    if (i < n) await turn();
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** A number as a spreadsheet shows it: no leading zeros (a postcode stays text), at most 15 digits. */
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d{1,3})?$/;
const isNumber = (s: string) => NUMBER.test(s) && s.replace(/[^\d]/g, '').length <= 15 && Number.isFinite(Number(s));

const escapeXml = (s: string) =>
  s
    // Characters XML 1.0 cannot hold at all.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const columnLetters = (n: number) => {
  let s = '';
  for (; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const STYLES = `${XML}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="10"/><name val="Arial"/></font><font><b/><sz val="10"/><name val="Arial"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`;

/**
 * The worksheet of the records: numbers as numbers, everything else as inline text; each column as
 * wide as its longest cell (within reason), so fitting the sheet to the page width scales it as a
 * person would; a first row of text only is bold, and treated as the header. Its page setup is
 * the one spreadsheet.ts gives an xlsx: one page wide, landscape past WIDE_COLUMNS, the sheet's
 * name (&A) heading every page.
 */
async function worksheetXml(rows: string[][]): Promise<{ xml: string; header: boolean }> {
  const widths: number[] = [];
  const header = rows.length > 1 && rows[0]!.some((c) => c.trim()) && !rows[0]!.some((c) => isNumber(c.trim()));
  const out: string[] = [];
  for (let r = 0; r < rows.length; r++) {
    if (r % ROWS_A_TURN === ROWS_A_TURN - 1) await turn();
    const xs: string[] = [];
    rows[r]!.slice(0, MAX_COLUMNS).forEach((raw, c) => {
      const value = raw.length > MAX_CELL_CHARS ? raw.slice(0, MAX_CELL_CHARS) : raw;
      if (!value) return;
      widths[c] = Math.max(widths[c] ?? 0, Math.min(60, value.length));
      const ref = `${columnLetters(c + 1)}${r + 1}`;
      const style = header && r === 0 ? ' s="1"' : '';
      const t = value.trim();
      xs.push(isNumber(t) ? `<c r="${ref}"${style}><v>${t}</v></c>` : `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`);
    });
    out.push(`<row r="${r + 1}">${xs.join('')}</row>`);
  }
  const columns = Math.max(1, widths.length);
  const cols = Array.from(widths, (w, c) => `<col min="${c + 1}" max="${c + 1}" width="${Math.max(8, (w ?? 0) + 2)}" customWidth="1"/>`).join('');
  const xml =
    `${XML}<worksheet ${NS}><sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>` +
    `<dimension ref="A1:${columnLetters(columns)}${Math.max(1, rows.length)}"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>${out.join('')}</sheetData>` +
    `<pageSetup fitToWidth="1" fitToHeight="0"${columns > WIDE_COLUMNS ? ' orientation="landscape"' : ''}/>` +
    `<headerFooter><oddHeader>&amp;C&amp;A</oddHeader></headerFooter></worksheet>`;
  return { xml, header };
}

/** A csv as a one-sheet xlsx named `sheetName`, ready to print (spreadsheet.ts's page setup); null past CSV_WORKBOOK_MAX_BYTES. */
export async function csvToXlsx(bytes: Buffer, sheetName: string): Promise<Buffer | null> {
  if (bytes.length > CSV_WORKBOOK_MAX_BYTES) return null;
  const text = decodeCsv(bytes);
  const rows = await parseCsv(text, detectDelimiter(text));
  const { xml, header } = await worksheetXml(rows);
  const quoted = `'${sheetName.replace(/'/g, "''")}'`;
  // The header row printed again at the top of every page (Excel's print titles).
  const titles = header ? `<definedNames><definedName name="_xlnm.Print_Titles" localSheetId="0">${escapeXml(quoted)}!$1:$1</definedName></definedNames>` : '';
  const file = (name: string, s: string) => ({ name, bytes: Buffer.from(s) });
  return zip([
    file(
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ),
    file('_rels/.rels', `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    file('xl/workbook.xml', `${XML}<workbook ${NS}><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets>${titles}</workbook>`),
    file(
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ),
    file('xl/styles.xml', STYLES),
    file('xl/worksheets/sheet1.xml', xml),
  ]);
}
