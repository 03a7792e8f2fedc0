// Which spreadsheet gets which preparation before conversion (issue 22): an xlsx's and an ods's
// own page setup is rewritten (spreadsheet.ts, ods.ts), a csv becomes an xlsx (csv-workbook.ts),
// anything else is converted as it is.
import { csvToXlsx } from './csv-workbook';
import { prepareOds } from './ods';
import { prepareXlsx } from './spreadsheet';

/**
 * The name a csv's one sheet takes: the document's name without `.csv`, less the characters a
 * sheet name or a file name cannot hold (a csv too large to become an xlsx is converted as a file
 * of that name, and LibreOffice names its sheet after the file).
 */
export function csvSheetName(documentName: string | null | undefined): string {
  const base = (documentName ?? '').replace(/\.(csv|txt)$/i, '');
  const cut = Array.from(base.replace(/[\u0000-\u001f\u007f/\\:*?"<>|[\]]/g, '_')).slice(0, 64).join('');
  return cut.replace(/^[\s.']+|[\s.']+$/g, '') || 'Sheet1';
}

/** `ext`: the type the converter is told, when the preparation changed it; `baseName`: the file name to give it. */
export type PreparedSpreadsheet = { bytes: Buffer; sheets: string[]; ext?: string; baseName?: string };

/**
 * A spreadsheet as the converter gets it, with its visible sheets in print order; null for
 * anything else (converted as it is).
 */
export async function prepareSpreadsheet(bytes: Buffer, ext: string, documentName?: string | null): Promise<PreparedSpreadsheet | null> {
  if (ext === 'xlsx') return prepareXlsx(bytes);
  if (ext === 'ods') return prepareOds(bytes);
  if (ext === 'csv') {
    const name = csvSheetName(documentName);
    const book = await csvToXlsx(bytes, name);
    return book ? { bytes: book, sheets: [name], ext: 'xlsx' } : { bytes, sheets: [name], baseName: name };
  }
  return null;
}
