// Generated PDFs for the viewer's unit tests and bench (no files checked in).
import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';

export type FixturePage = { width?: number; height?: number; rotate?: 0 | 90 | 180 | 270; text?: string };

/** A PDF whose pages carry a line of text in Helvetica (not embedded: pdf.js needs its standard fonts). */
export async function makePdf(pages: FixturePage[], opts: { userPassword?: string } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  pages.forEach((p, i) => {
    const page = doc.addPage([p.width ?? 595, p.height ?? 842]);
    if (p.rotate) page.setRotation(degrees(p.rotate));
    page.drawRectangle({ x: 20, y: 20, width: page.getWidth() - 40, height: page.getHeight() - 40, borderColor: rgb(0.2, 0.2, 0.6), borderWidth: 2 });
    page.drawText(p.text ?? `Page ${i + 1} of ${pages.length}`, { x: 50, y: page.getHeight() - 80, size: 24, font });
    for (let l = 0; l < 30; l++) {
      page.drawText(`Line ${l + 1}: the quick brown fox jumps over the lazy dog.`, { x: 50, y: page.getHeight() - 130 - l * 20, size: 11, font });
    }
  });
  return Buffer.from(await doc.save());
}

/** n A4 pages. */
export const makePages = (n: number, extra: Partial<FixturePage> = {}) =>
  makePdf(Array.from({ length: n }, () => ({ ...extra })));
