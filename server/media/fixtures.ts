// Generated PDFs for the viewer's unit tests and bench (no files checked in).
import crypto from 'node:crypto';
import { degrees, PDFDocument, PDFHexString, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** `photo`: the page is covered by an image of random pixels (a stand-in for a photograph). */
export type FixturePage = { width?: number; height?: number; rotate?: 0 | 90 | 180 | 270; text?: string; photo?: boolean };

/** A PDF whose pages carry a line of text in Helvetica (not embedded: pdf.js needs its standard fonts). */
export async function makePdf(pages: FixturePage[], opts: { userPassword?: string } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const noise = pages.some((p) => p.photo)
    ? await doc.embedPng(await sharp(crypto.randomBytes(512 * 512 * 3), { raw: { width: 512, height: 512, channels: 3 } }).blur(1.5).png().toBuffer())
    : null;
  pages.forEach((p, i) => {
    const page = doc.addPage([p.width ?? 595, p.height ?? 842]);
    if (p.photo && noise) page.drawImage(noise, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
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

/**
 * A PDF whose trailer names an /Encrypt dictionary (RC4 40-bit, empty user password), which is
 * how readers, pdf-lib included, tell an encrypted file. The strings are not really encrypted:
 * enough for the code paths that must refuse encrypted input.
 */
export async function makeEncryptedPdf(pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.load(await makePages(pages));
  const ctx = doc.context;
  const hex32 = PDFHexString.of('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a');
  ctx.trailerInfo.Encrypt = ctx.register(ctx.obj({ Filter: 'Standard', V: 1, R: 2, Length: 40, O: hex32, U: hex32, P: -44 }));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
