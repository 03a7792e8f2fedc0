// What the conversion's worker thread runs (prepare-pool.ts): a file made ready for the converter
// (external links cut, external-links.ts; a spreadsheet's page setup, prepare-spreadsheet.ts).
// Both unpack the file's XML, run expressions over it and pack it again: seconds of CPU and
// hundreds of megabytes for a large spreadsheet, which never touch the thread answering requests.
import { ConversionError, REASONS } from './errors';
import { withoutExternalLinks } from './external-links';
import { prepareSpreadsheet } from './prepare-spreadsheet';

export type PrepareJob = { bytes: Uint8Array; ext: string; name: string | null };
/** `sheets`: a spreadsheet's visible sheets in print order (null for anything else). */
export type Prepared = { bytes: Uint8Array; ext: string; baseName?: string; sheets: string[] | null };

const transferable = (b: Buffer): Uint8Array<ArrayBuffer> =>
  b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer ? new Uint8Array(b.buffer) : new Uint8Array(b);

/** The same work on any thread (the worker calls it; so may a script). */
export async function prepareForConversion(job: PrepareJob): Promise<{ bytes: Buffer; ext: string; baseName?: string; sheets: string[] | null }> {
  const input = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const clean = withoutExternalLinks(input, job.ext);
  if (!clean) throw new ConversionError(REASONS.corrupt);
  const book = await prepareSpreadsheet(clean, job.ext, job.name);
  return { bytes: book?.bytes ?? clean, ext: book?.ext ?? job.ext, baseName: book?.baseName, sheets: book?.sheets ?? null };
}

export const handlers = {
  async prepare(job: PrepareJob) {
    const out = await prepareForConversion(job);
    const bytes = transferable(out.bytes);
    const value: Prepared = { bytes, ext: out.ext, baseName: out.baseName, sheets: out.sheets };
    return { value, transfer: [bytes.buffer] };
  },
};
