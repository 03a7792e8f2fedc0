// The production converter: a Gotenberg service (CONVERSION_URL). Its documented contract:
// `POST /forms/libreoffice/convert`, multipart/form-data with the document in a `files` part whose
// file name carries the extension (Gotenberg picks LibreOffice's import filter from it); 200
// answers the PDF itself (one file, no merge); 400 means LibreOffice could not process the file
// (malformed or password-protected); 503 means Gotenberg's own conversion deadline passed. An
// xlsx or ods arrives already fitted to the page width (spreadsheet.ts), so no Gotenberg-specific option
// is needed for that (its `singlePageSheets` would squeeze a long sheet onto one page).
import { ConversionError, REASONS } from './errors';

/** The service answered something other than a verdict on the file (down, overloaded): try later. */
export class ConverterUnreachableError extends Error {}

/** `baseName`: the file name without extension LibreOffice sees (a csv's sheet is named after it); default `document`. */
export async function convertWithGotenberg(bytes: Buffer, ext: string, o: { url: string; timeoutMs: number; baseName?: string }): Promise<Buffer> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)]), `${o.baseName ?? 'document'}.${ext}`);
  if (ext === 'xlsx' || ext === 'xls' || ext === 'ods' || ext === 'csv') form.append('landscape', 'true');
  let res: Response;
  try {
    res = await fetch(`${o.url}/forms/libreoffice/convert`, {
      method: 'POST',
      body: form,
      headers: { 'Gotenberg-Output-Filename': 'document' },
      signal: AbortSignal.timeout(o.timeoutMs),
    });
  } catch (e) {
    if (e instanceof Error && e.name === 'TimeoutError') throw new ConversionError(REASONS.timeout(Math.ceil(o.timeoutMs / 1000)));
    throw new ConverterUnreachableError(`the converter at ${o.url} could not be reached`);
  }
  if (res.status === 200) {
    const pdf = Buffer.from(await res.arrayBuffer());
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new ConverterUnreachableError('the converter answered something other than a PDF');
    return pdf;
  }
  await res.body?.cancel().catch(() => {});
  if (res.status === 400) throw new ConversionError(REASONS.corrupt);
  if (res.status === 503) throw new ConversionError(REASONS.timeout(Math.ceil(o.timeoutMs / 1000)));
  throw new ConverterUnreachableError(`the converter answered ${res.status}`);
}
