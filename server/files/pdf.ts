import { PDFDocument } from 'pdf-lib';
import { FileTypeError } from './detect';

/** Page count of a PDF; FileTypeError when pdf-lib cannot read it. Encrypted PDFs still count. */
export async function countPdfPages(bytes: Uint8Array): Promise<number> {
  let pages: number;
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    pages = doc.getPageCount();
  } catch (err) {
    const reason = err instanceof Error ? err.message.split('\n')[0]!.slice(0, 200) : 'unknown error';
    throw new FileTypeError(`The PDF could not be read: ${reason}`);
  }
  if (pages < 1) throw new FileTypeError('The PDF could not be read: it has no pages.');
  return pages;
}
