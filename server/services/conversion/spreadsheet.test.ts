// The page-setup rewrites (fit every sheet to the page width, the sheet's name in the header) on
// xlsx worksheet XML and ods styles.xml as Excel, LibreOffice and other writers produce them; the
// sheet names each format lists, and the name a csv's one sheet takes.
import { describe, expect, it } from 'vitest';
import { addLandscapeMasters, fitOdsStyles, landscapeWideSheets, mastersOfWideSheets, odsSheetNames, usedColumns } from './ods';
import { csvSheetName } from './prepare-spreadsheet';
import { fitWorksheet, visibleSheetNames } from './spreadsheet';

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const order = (xml: string, names: string[]) => names.map((n) => xml.search(new RegExp(`<(\\w+:)?${n}[\\s/>]`)));

describe('fitWorksheet', () => {
  it('a bare sheet (as Excel writes one) gains sheetPr, pageSetup and a header, each where the schema puts it', () => {
    const xml = `<?xml version="1.0"?><worksheet ${NS}><dimension ref="A1:H3"/><sheetData><row r="1"/></sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/><drawing r:id="rId1"/></worksheet>`;
    const out = fitWorksheet(xml);
    expect(out).toContain('<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>');
    expect(out).toContain('<pageSetup fitToWidth="1" fitToHeight="0"/>');
    expect(out).toContain('<headerFooter><oddHeader>&amp;C&amp;A</oddHeader></headerFooter>');
    const at = order(out, ['sheetPr', 'dimension', 'sheetData', 'pageMargins', 'pageSetup', 'headerFooter', 'drawing']);
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it("a sheet's own settings are turned to fit the width; its own header is kept", () => {
    const xml = `<worksheet ${NS}><sheetPr filterMode="false"><tabColor rgb="FF0000"/><pageSetUpPr fitToPage="false"/></sheetPr><sheetData/><pageSetup paperSize="9" fitToWidth="2" fitToHeight="1" orientation="landscape"/><headerFooter><oddHeader>&amp;LConfidential</oddHeader></headerFooter></worksheet>`;
    const out = fitWorksheet(xml);
    expect(out).toContain('<tabColor rgb="FF0000"/><pageSetUpPr fitToPage="1"/></sheetPr>');
    expect(out).toContain('<pageSetup paperSize="9" fitToWidth="1" fitToHeight="0" orientation="landscape"/>');
    expect(out).toContain('&amp;LConfidential');
    expect(out.match(/<headerFooter/g)).toHaveLength(1);
  });

  it('a self-closing sheetPr, a missing pageSetUpPr, and a prefixed namespace', () => {
    expect(fitWorksheet(`<worksheet ${NS}><sheetPr codeName="S1"/><sheetData/></worksheet>`)).toContain('<sheetPr codeName="S1"><pageSetUpPr fitToPage="1"/></sheetPr>');
    expect(fitWorksheet(`<worksheet ${NS}><sheetPr><tabColor rgb="FF0000"/></sheetPr><sheetData/></worksheet>`)).toContain('<tabColor rgb="FF0000"/><pageSetUpPr fitToPage="1"/></sheetPr>');
    const x = fitWorksheet(`<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData/></x:worksheet>`);
    expect(x).toBe(
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetPr><x:pageSetUpPr fitToPage="1"/></x:sheetPr><x:sheetData/><x:pageSetup fitToWidth="1" fitToHeight="0"/><x:headerFooter><x:oddHeader>&amp;C&amp;A</x:oddHeader></x:headerFooter></x:worksheet>',
    );
  });

  it('a sheet wider than 10 columns prints landscape; a narrow one keeps its orientation', () => {
    expect(fitWorksheet(`<worksheet ${NS}><dimension ref="A1:AN31"/><sheetData/></worksheet>`)).toContain('<pageSetup fitToWidth="1" fitToHeight="0" orientation="landscape"/>');
    expect(fitWorksheet(`<worksheet ${NS}><dimension ref="B2:L9"/><sheetData/><pageSetup orientation="portrait"/></worksheet>`)).toContain('<pageSetup orientation="landscape" fitToWidth="1" fitToHeight="0"/>');
    expect(fitWorksheet(`<worksheet ${NS}><dimension ref="A1:J9"/><sheetData/><pageSetup orientation="portrait"/></worksheet>`)).toContain('<pageSetup orientation="portrait" fitToWidth="1" fitToHeight="0"/>');
    expect(fitWorksheet(`<worksheet ${NS}><dimension ref="A1"/><sheetData/></worksheet>`)).toContain('<pageSetup fitToWidth="1" fitToHeight="0"/>');
  });

  it('anything that is not a worksheet is left as it is', () => {
    expect(fitWorksheet('<chartsheet/>')).toBe('<chartsheet/>');
  });
});

describe('visibleSheetNames', () => {
  it('lists the visible sheets in tab order, names unescaped', () => {
    const wb = `<workbook ${NS}><sheets><sheet name="Summary" sheetId="1" r:id="rId1"/><sheet name="Secret" sheetId="2" state="hidden" r:id="rId2"/><sheet name="P&amp;L &quot;2026&quot;" sheetId="3" r:id="rId3"/><sheet name="Very" state="veryHidden" sheetId="4" r:id="rId4"/></sheets></workbook>`;
    expect(visibleSheetNames(wb)).toEqual(['Summary', 'P&L "2026"']);
  });
});

const ODS_ROOT = '<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0">';

describe('fitOdsStyles', () => {
  it("LibreOffice's own styles (a sheet-name header already): every page layout fitted to one page wide, the header kept", () => {
    const xml = `${ODS_ROOT}<office:automatic-styles><style:page-layout style:name="Mpm1"><style:page-layout-properties style:writing-mode="lr-tb"/><style:header-style><style:header-footer-properties fo:min-height="0.2953in"/></style:header-style></style:page-layout><style:page-layout style:name="Mpm2"><style:page-layout-properties style:scale-to-pages="1" loext:scale-to-Y="3" fo:page-width="21cm"><style:background-image/></style:page-layout-properties></style:page-layout></office:automatic-styles><office:master-styles><style:master-page style:name="Default" style:page-layout-name="Mpm1"><style:header><text:p><text:sheet-name>???</text:sheet-name></text:p></style:header><style:header-left style:display="false"/></style:master-page></office:master-styles></office:document-styles>`;
    const out = fitOdsStyles(xml);
    expect(out).toContain('<style:page-layout-properties style:writing-mode="lr-tb" style:scale-to-X="1"/>');
    // A layout's own "fit to N pages" would squeeze the sheet: it gives way to one page wide.
    expect(out).toContain('<style:page-layout-properties fo:page-width="21cm" style:scale-to-X="1"><style:background-image/></style:page-layout-properties>');
    expect(out).not.toMatch(/scale-to-pages|scale-to-Y/);
    expect(out.match(/<style:header>/g)).toHaveLength(1);
    expect(out.match(/<style:header-style>/g)).toHaveLength(1);
    expect(out).toContain('<style:header-style><style:header-footer-properties fo:min-height="0.2953in"/></style:header-style>');
  });

  it('a master page without a header, or with its header switched off, prints the sheet name; its layout gets header properties', () => {
    const xml = `${ODS_ROOT}<office:automatic-styles><style:page-layout style:name="A"><style:page-layout-properties/><style:header-style/><style:footer-style/></style:page-layout><style:page-layout style:name="B"/><style:page-layout style:name="C"><style:page-layout-properties/></style:page-layout></office:automatic-styles><office:master-styles><style:master-page style:name="One" style:page-layout-name="A"><style:header-left style:display="false"/><style:footer><text:p>Page</text:p></style:footer></style:master-page><style:master-page style:name="Two" style:page-layout-name="B"/><style:master-page style:name="Three" style:page-layout-name="C"><style:header style:display="false"><text:p>Old</text:p></style:header></style:master-page></office:master-styles></office:document-styles>`;
    const out = fitOdsStyles(xml);
    const header = '<style:header><text:p><text:sheet-name>???</text:sheet-name></text:p></style:header>';
    expect(out).toContain(`<style:master-page style:name="One" style:page-layout-name="A">${header}<style:header-left style:display="false"/><style:footer>`);
    expect(out).toContain(`<style:master-page style:name="Two" style:page-layout-name="B">${header}</style:master-page>`);
    expect(out).toContain(`<style:master-page style:name="Three" style:page-layout-name="C">${header}</style:master-page>`);
    const props = '<style:header-style><style:header-footer-properties fo:min-height="0.75cm" fo:margin-bottom="0.25cm"/></style:header-style>';
    expect(out).toContain(`<style:page-layout style:name="A"><style:page-layout-properties style:scale-to-X="1"/>${props}<style:footer-style/></style:page-layout>`);
    expect(out).toContain(`<style:page-layout style:name="B"><style:page-layout-properties style:scale-to-X="1"/>${props}</style:page-layout>`);
    expect(out).toContain(`<style:page-layout style:name="C"><style:page-layout-properties style:scale-to-X="1"/>${props}</style:page-layout>`);
  });

  it('a header of its own (not the sheet name) is kept, and its layout is left with its own header style', () => {
    const xml = `${ODS_ROOT}<office:automatic-styles><style:page-layout style:name="A"><style:page-layout-properties/><style:header-style/></style:page-layout></office:automatic-styles><office:master-styles><style:master-page style:name="M" style:page-layout-name="A"><style:header><text:p>Confidential</text:p></style:header></style:master-page></office:master-styles></office:document-styles>`;
    const out = fitOdsStyles(xml);
    expect(out).toContain('<style:header><text:p>Confidential</text:p></style:header>');
    expect(out).not.toContain('text:sheet-name');
    expect(out).toContain('<style:page-layout style:name="A"><style:page-layout-properties style:scale-to-X="1"/><style:header-style/></style:page-layout>');
  });

  it('declares the text and fo prefixes where the writer did not', () => {
    const out = fitOdsStyles('<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"><office:master-styles><style:master-page style:name="M" style:page-layout-name="A"/></office:master-styles></office:document-styles>');
    expect(out).toMatch(/^<office:document-styles [^>]*xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0">/);
    expect(out.match(/xmlns:style=/g)).toHaveLength(1);
  });
});

describe('odsSheetNames', () => {
  it('lists the sheets in tab order, names unescaped, hidden ones (table:display="false") left out', () => {
    const content = `<office:document-content><office:automatic-styles><style:style style:name="ta1" style:family="table" style:master-page-name="Default"><style:table-properties table:display="true"/></style:style><style:style style:name="ta2" style:family="table"><style:table-properties table:display="false"/></style:style><style:style style:name="ce1" style:family="table-cell"/></office:automatic-styles><office:body><office:spreadsheet><table:table table:name="Summary" table:style-name="ta1"><table:table-row/></table:table><table:table table:name="Secret" table:style-name="ta2"/><table:table table:name="P&amp;L &quot;2026&quot;" table:style-name="ta1"><table:table-column/></table:table><table:table table:name="Plain"></table:table></office:spreadsheet></office:body></office:document-content>`;
    expect(odsSheetNames(content)).toEqual(['Summary', 'P&L "2026"', 'Plain']);
  });
});

describe('csvSheetName', () => {
  it("is the document's name without .csv, less what a sheet or file name cannot hold", () => {
    expect(csvSheetName('Q3 numbers.csv')).toBe('Q3 numbers');
    expect(csvSheetName('Pipeline.CSV')).toBe('Pipeline');
    expect(csvSheetName('Report v1.2')).toBe('Report v1.2');
    expect(csvSheetName('Budget [draft]: a/b*?.csv')).toBe('Budget _draft__ a_b__');
    expect(csvSheetName("'Ümlaut & co's 50% #1'.csv")).toBe("Ümlaut & co's 50% #1");
    expect(csvSheetName('x'.repeat(100))).toHaveLength(64);
    expect(csvSheetName('.csv')).toBe('Sheet1');
    expect(csvSheetName(null)).toBe('Sheet1');
  });
});

describe('wide ods sheets turn landscape', () => {
  const cells = (n: number) => Array.from({ length: n }, (_, i) => `<table:table-cell office:value-type="string"><text:p>c${i}</text:p></table:table-cell>`).join('');
  const row = (inner: string) => `<table:table-row table:style-name="ro1">${inner}</table:table-row>`;
  const content = (automatic: string, tables: string) =>
    `<office:document-content xmlns:office="o" xmlns:style="s" xmlns:table="t" xmlns:text="x">${automatic}<office:body><office:spreadsheet>${tables}</office:spreadsheet></office:body></office:document-content>`;
  const TA1 = '<style:style style:name="ta1" style:family="table" style:master-page-name="Default"><style:table-properties table:display="true"/></style:style>';

  it('counts the columns up to the last cell with content, repeats included, trailing empty cells not', () => {
    expect(usedColumns(row(cells(3)))).toBe(3);
    expect(usedColumns(row(`${cells(2)}<table:table-cell table:number-columns-repeated="1020"/>`))).toBe(2);
    expect(usedColumns(row(`<table:table-cell table:number-columns-repeated="12" office:value-type="float" office:value="0"/>`))).toBe(12);
    expect(usedColumns(row(`<table:table-cell table:number-columns-repeated="11"/><table:covered-table-cell/><table:table-cell><text:p>x</text:p></table:table-cell>`))).toBe(13);
    expect(usedColumns(`${row(cells(2))}<table:table-row-group>${row(cells(11))}</table:table-row-group>`)).toBe(11);
  });

  it('gives a wide sheet a copy of its table style on the landscape twin of its master page; a narrow sheet sharing the style keeps it', () => {
    const xml = content(`<office:automatic-styles>${TA1}</office:automatic-styles>`, `<table:table table:name="Narrow" table:style-name="ta1">${row(cells(3))}</table:table><table:table table:name="Wide" table:style-name="ta1">${row(cells(11))}</table:table>`);
    expect(mastersOfWideSheets(xml)).toEqual(new Set(['Default']));
    const out = landscapeWideSheets(xml, new Set(['Default']));
    expect(out).toContain('<table:table table:name="Narrow" table:style-name="ta1">');
    expect(out).toContain('<table:table table:name="Wide" table:style-name="ta1-quire-wide">');
    expect(out).toContain('<style:style style:name="ta1-quire-wide" style:family="table" style:master-page-name="Default-quire-wide"><style:table-properties table:display="true"/></style:style></office:automatic-styles>');
    // A sheet written as an empty element does not swallow the next one.
    const empty = content(`<office:automatic-styles>${TA1}</office:automatic-styles>`, `<table:table table:name="Empty" table:style-name="ta1"/><table:table table:name="Wide" table:style-name="ta1">${row(cells(11))}</table:table>`);
    expect(landscapeWideSheets(empty, new Set(['Default']))).toContain('<table:table table:name="Empty" table:style-name="ta1"/><table:table table:name="Wide" table:style-name="ta1-quire-wide">');
    // No twin master made: nothing changes.
    expect(landscapeWideSheets(xml, new Set())).toBe(xml);
  });

  it('gives a wide sheet without a table style one of its own, and content without automatic styles a place for it', () => {
    const out = landscapeWideSheets(content('', `<table:table table:name="Wide">${row(cells(12))}</table:table>`), new Set(['Default']));
    expect(out).toContain('<office:automatic-styles><style:style style:family="table" style:name="quire-table-quire-wide" style:master-page-name="Default-quire-wide"></style:style></office:automatic-styles><office:body>');
    expect(out).toContain('<table:table table:name="Wide" table:style-name="quire-table-quire-wide">');
  });

  it('makes the landscape twin of a master page and its page layout, turning a given page size and giving A4 where none is given', () => {
    const styles = `<office:document-styles><office:automatic-styles><style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="8.5in" fo:page-height="11in" style:scale-to-X="1"/></style:page-layout><style:page-layout style:name="pm2"/></office:automatic-styles><office:master-styles><style:master-page style:name="Default" style:display-name="Standard" style:page-layout-name="pm1"><style:header><text:p>x</text:p></style:header></style:master-page><style:master-page style:name="Report" style:page-layout-name="pm2"/><style:master-page style:name="Other" style:page-layout-name="pm1"/></office:master-styles></office:document-styles>`;
    const { xml, made } = addLandscapeMasters(styles, new Set(['Default', 'Report', 'Missing']));
    expect(made).toEqual(new Set(['Default', 'Report']));
    expect(xml).toContain('<style:page-layout style:name="pm1-quire-wide"><style:page-layout-properties fo:page-width="11in" fo:page-height="8.5in" style:scale-to-X="1" style:print-orientation="landscape"/></style:page-layout>');
    expect(xml).toContain('<style:page-layout style:name="pm2-quire-wide"><style:page-layout-properties fo:page-width="29.7cm" fo:page-height="21cm" style:print-orientation="landscape"/></style:page-layout>');
    expect(xml).toContain('<style:master-page style:name="Default-quire-wide" style:page-layout-name="pm1-quire-wide"><style:header><text:p>x</text:p></style:header></style:master-page>');
    expect(xml).toContain('<style:master-page style:name="Report-quire-wide" style:page-layout-name="pm2-quire-wide"/>');
    expect(xml).not.toContain('Other-quire-wide');
    // The originals stay as they were.
    expect(xml).toContain('<style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="8.5in" fo:page-height="11in" style:scale-to-X="1"/></style:page-layout>');
  });
});
