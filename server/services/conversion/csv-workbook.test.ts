// A csv as a one-sheet xlsx (csv-workbook.ts): how its bytes are decoded and split, and the
// workbook written from them, read back from the zip.
import { describe, expect, it } from 'vitest';
import { CSV_WORKBOOK_MAX_BYTES, csvToXlsx, decodeCsv, detectDelimiter, parseCsv } from './csv-workbook';
import { readZipEntry, zipEntries } from './zip-guard';

function entry(book: Buffer, name: string): string {
  const e = zipEntries(book)!.find((x) => x.name === name);
  if (!e) throw new Error(`no ${name}`);
  return readZipEntry(book, e)!.toString('utf8');
}

describe('decodeCsv', () => {
  it('reads UTF-8 with or without its byte order mark, UTF-16 with one, and Windows-1252 otherwise', () => {
    expect(decodeCsv(Buffer.from('Zürich,1'))).toBe('Zürich,1');
    expect(decodeCsv(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Zürich,1')]))).toBe('Zürich,1');
    expect(decodeCsv(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Zürich\t1', 'utf16le')]))).toBe('Zürich\t1');
    expect(decodeCsv(Buffer.from([0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68, 0x3b, 0x80]))).toBe('Zürich;€');
  });
});

describe('detectDelimiter', () => {
  it('picks the delimiter that splits every line the same way, quoted text left out', () => {
    expect(detectDelimiter('a,b,c\n1,2,3\n')).toBe(',');
    expect(detectDelimiter('Name;Amount\n"Smith, J.";1,5\n"Doe, A.";2,25\n')).toBe(';');
    expect(detectDelimiter('a\tb\n"x, y"\t2\n')).toBe('\t');
    expect(detectDelimiter('a|b|c\n1|2|3')).toBe('|');
    expect(detectDelimiter('just one column\nof text\n')).toBe(',');
  });
});

describe('parseCsv', () => {
  it('reads RFC 4180 records: quotes, doubled quotes, delimiters and line breaks inside quotes, any line ending', async () => {
    expect(await parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",\rlast,', ',')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', ''],
      ['last', ''],
    ]);
    expect(await parseCsv('a,b\n', ',')).toEqual([['a', 'b']]);
    expect(await parseCsv('', ',')).toEqual([]);
  });

  it('reads a file larger than one slice whole', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => `row ${i},"quoted, ${i}",${i}`);
    const parsed = await parseCsv(rows.join('\n'), ',');
    expect(parsed).toHaveLength(30_000);
    expect(parsed[29_999]).toEqual(['row 29999', 'quoted, 29999', '29999']);
  });
});

describe('csvToXlsx', () => {
  it('names the sheet, writes numbers as numbers and everything else as text, never a formula', async () => {
    const book = (await csvToXlsx(Buffer.from('Region,Amount,Code,Note\nNorth & "East",1200.5,00123,=1+1\nSouth,-3e5,42,@SUM(A1)\n'), 'Q3 <numbers>'))!;
    expect(entry(book, 'xl/workbook.xml')).toContain('<sheet name="Q3 &lt;numbers&gt;" sheetId="1" r:id="rId1"/>');
    const sheet = entry(book, 'xl/worksheets/sheet1.xml');
    expect(sheet).toContain('<c r="B2"><v>1200.5</v></c>');
    expect(sheet).toContain('<c r="B3"><v>-3e5</v></c>');
    expect(sheet).toContain('<c r="C2" t="inlineStr"><is><t xml:space="preserve">00123</t></is></c>');
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">North &amp; &quot;East&quot;</t></is></c>');
    expect(sheet).toContain('<t xml:space="preserve">=1+1</t>');
    expect(sheet).not.toContain('<f>');
    // The header row: bold, and printed again on every page.
    expect(sheet).toContain('<c r="A1" s="1" t="inlineStr">');
    expect(entry(book, 'xl/workbook.xml')).toContain(`<definedName name="_xlnm.Print_Titles" localSheetId="0">'Q3 &lt;numbers&gt;'!$1:$1</definedName>`);
  });

  it('is printed one page wide with its name at the top of each page, landscape past 10 columns', async () => {
    const narrow = entry((await csvToXlsx(Buffer.from('a,b\n1,2\n'), 'Narrow'))!, 'xl/worksheets/sheet1.xml');
    expect(narrow).toContain('<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr><dimension ref="A1:B2"/>');
    expect(narrow).toContain('<pageSetup fitToWidth="1" fitToHeight="0"/><headerFooter><oddHeader>&amp;C&amp;A</oddHeader></headerFooter></worksheet>');
    const header = Array.from({ length: 30 }, (_, i) => `Column ${i + 1}`).join(',');
    const wide = entry((await csvToXlsx(Buffer.from(`${header}\n${'x,'.repeat(29)}x\n`), 'Wide'))!, 'xl/worksheets/sheet1.xml');
    expect(wide).toContain('<dimension ref="A1:AD2"/>');
    expect(wide).toContain('<pageSetup fitToWidth="1" fitToHeight="0" orientation="landscape"/>');
    // Each column as wide as its longest cell: "Column 10" is 9 characters.
    expect(wide).toContain('<col min="10" max="10" width="11" customWidth="1"/>');
  });

  it('repeats no header when the first row holds a number, and drops characters XML cannot hold', async () => {
    const book = (await csvToXlsx(Buffer.from('2024,bell\u0007\n2025,x\n'), "O'Brien"))!;
    expect(entry(book, 'xl/workbook.xml')).not.toContain('Print_Titles');
    expect(entry(book, 'xl/worksheets/sheet1.xml')).toContain('<t xml:space="preserve">bell</t>');
  });

  it('leaves a csv past the size limit to be converted as it is', async () => {
    expect(await csvToXlsx(Buffer.alloc(CSV_WORKBOOK_MAX_BYTES + 1, 0x61), 'Big')).toBeNull();
  });
});
