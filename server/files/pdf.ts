import { PDFDocument, type PDFPage } from 'pdf-lib';
import { FileTypeError } from './detect';

export type PageSize = { width: number; height: number };

/**
 * A page's size as a reader sees it: the crop box (what pdf.js draws), turned by /Rotate; whole
 * points, at least 1. Null when the page's boxes cannot be read.
 */
function shownSize(page: PDFPage): PageSize | null {
  try {
    const box = page.getCropBox();
    const turned = Math.abs(page.getRotation().angle) % 180 === 90;
    const [w, h] = turned ? [box.height, box.width] : [box.width, box.height];
    if (!(Math.abs(w) >= 1 && Math.abs(h) >= 1)) return null;
    return { width: Math.round(Math.abs(w)), height: Math.round(Math.abs(h)) };
  } catch {
    return null;
  }
}

export type PdfInfo = { pages: number; firstPage: PageSize | null };

/** Page count and the first page's shown size of a document pdf-lib holds (one it made, or read). */
export function pdfInfo(doc: PDFDocument): PdfInfo {
  const pages = doc.getPageCount();
  return { pages, firstPage: pages > 0 ? shownSize(doc.getPage(0)) : null };
}

/** Page count (encrypted PDFs still count) and the first page's shown size, in one parse; FileTypeError when pdf-lib cannot read it. */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfInfo> {
  let pages: number;
  let firstPage: PageSize | null = null;
  try {
    ({ pages, firstPage } = pdfInfo(await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })));
  } catch {
    // pdf-lib's own messages name its internals ("reading 'Pages'"); clients get ours.
    throw new FileTypeError('The PDF could not be read: it is damaged, truncated or not a complete PDF file.');
  }
  if (pages < 1) throw new FileTypeError('The PDF could not be read: it has no pages.');
  return { pages, firstPage };
}
