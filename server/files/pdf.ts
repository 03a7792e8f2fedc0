import { PDFDocument } from 'pdf-lib';
import { FileTypeError } from './detect';

/** Page count of a PDF; FileTypeError when pdf-lib cannot read it. Encrypted PDFs still count. */
export async function countPdfPages(bytes: Uint8Array): Promise<number> {
  let pages: number;
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    pages = doc.getPageCount();
  } catch {
    // pdf-lib's own messages name its internals ("reading 'Pages'"); clients get ours.
    throw new FileTypeError('The PDF could not be read: it is damaged, truncated or not a complete PDF file.');
  }
  if (pages < 1) throw new FileTypeError('The PDF could not be read: it has no pages.');
  return pages;
}
