// The xlsx page-setup rewrite (fit every sheet to the page width, the sheet's name in the header)
// on worksheet XML as Excel, LibreOffice and other writers produce it.
import { describe, expect, it } from 'vitest';
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
