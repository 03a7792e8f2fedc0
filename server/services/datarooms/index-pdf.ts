// The room index as a PDF: a band in the room's brand colour with its name and the brand's logo,
// then the tree as a table (folders bold, names indented by depth), page numbers in the footer.
// Drawn with pdf-lib and the embedded DejaVu Sans of the watermarks (subsetted), so names in
// Greek, Cyrillic, Hebrew or Arabic print; characters it lacks print as "?".
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { INVISIBLE, loadFont, WATERMARK_FONTS } from '../../media/watermark-fonts';
import type { IndexRow } from './index-export';

const [W, H, M] = [841.89, 595.28, 40];
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.45, 0.45, 0.5);

function hexColor(hex: string) {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  const n = m ? parseInt(m[1]!, 16) : 0x18181b;
  return { r: ((n >> 16) & 255) / 255, g: ((n >> 8) & 255) / 255, b: (n & 255) / 255 };
}

/** Text on the band: white on a dark colour, near-black on a light one. */
const onColor = (c: { r: number; g: number; b: number }) => (0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b > 0.6 ? INK : rgb(1, 1, 1));

const sizeText = (n: number | null) =>
  n === null ? '' : n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KB` : n < 1024 ** 3 ? `${(n / 1024 ** 2).toFixed(1)} MB` : `${(n / 1024 ** 3).toFixed(2)} GB`;

/** The brand's own logo (PNG or JPEG, as the logo slot takes), drawn on the band's right. */
export type IndexLogo = { bytes: Buffer; contentType: string };

const LOGO_BOX = { width: 160, height: 40 };

export async function drawIndexPdf(o: { roomName: string; subtitle: string; brandColor: string; logo?: IndexLogo | null; rows: IndexRow[]; numbered: boolean }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const dejavu = WATERMARK_FONTS[0]!;
  const { bytes, face } = loadFont(dejavu);
  const regular = await pdf.embedFont(bytes, { subset: true });
  const boldBytes = (() => {
    try {
      return loadFont({ ...dejavu, name: 'DejaVuSansBold', file: 'ttf/DejaVuSans-Bold.ttf' }).bytes;
    } catch {
      return bytes;
    }
  })();
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  const clean = (s: string) => [...s].map((c) => (INVISIBLE.test(c) ? '' : face.hasGlyphForCodePoint(c.codePointAt(0)!) ? c : '?')).join('');
  const fit = (s: string, font: PDFFont, size: number, width: number) => {
    let t = clean(s);
    if (font.widthOfTextAtSize(t, size) <= width) return t;
    while (t.length > 1 && font.widthOfTextAtSize(t + '…', size) > width) t = t.slice(0, -1);
    return t + '…';
  };
  pdf.setTitle(`${clean(o.roomName)} — index`);
  pdf.setProducer('Quire');
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));

  const brand = hexColor(o.brandColor);
  const logo = o.logo ? await (o.logo.contentType === 'image/jpeg' ? pdf.embedJpg(o.logo.bytes) : pdf.embedPng(o.logo.bytes)).catch(() => null) : null;
  const logoSize = logo ? logo.scale(Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height, 1)) : null;
  const titleWidth = W - 2 * M - (logoSize ? logoSize.width + 16 : 0);
  const cols = [
    ...(o.numbered ? [{ key: 'index', title: 'Index', width: 60 }] : []),
    { key: 'name', title: 'Name', width: o.numbered ? 420 : 480 },
    { key: 'type', title: 'Type', width: 70 },
    { key: 'pages', title: 'Pages', width: 50 },
    { key: 'size', title: 'Size', width: 70 },
    { key: 'updated', title: 'Updated', width: 90 },
  ];
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const header = () => {
    page = pdf.addPage([W, H]);
    pages.push(page);
    y = H;
    if (pages.length === 1) {
      page.drawRectangle({ x: 0, y: H - 72, width: W, height: 72, color: rgb(brand.r, brand.g, brand.b) });
      page.drawText(fit(o.roomName, bold, 20, titleWidth), { x: M, y: H - 40, size: 20, font: bold, color: onColor(brand) });
      page.drawText(fit(o.subtitle, regular, 10, titleWidth), { x: M, y: H - 58, size: 10, font: regular, color: onColor(brand) });
      if (logo && logoSize) page.drawImage(logo, { x: W - M - logoSize.width, y: H - 36 - logoSize.height / 2, width: logoSize.width, height: logoSize.height });
      y = H - 100;
    } else y = H - M;
    let x = M;
    for (const c of cols) {
      page.drawText(c.title, { x, y, size: 8, font: bold, color: MUTED });
      x += c.width;
    }
    y -= 6;
    page.drawLine({ start: { x: M, y }, end: { x: W - M, y }, thickness: 0.5, color: MUTED });
    y -= 14;
  };
  header();
  if (!o.rows.length) page.drawText('This room is empty.', { x: M, y, size: 10, font: regular, color: MUTED });
  for (const r of o.rows) {
    if (y < M + 20) header();
    const font = r.type === 'folder' ? bold : regular;
    let x = M;
    for (const c of cols) {
      const indent = c.key === 'name' ? Math.min(r.depth, 8) * 12 : 0;
      const value =
        c.key === 'index' ? (r.index ?? '') : c.key === 'name' ? r.name : c.key === 'type' ? r.type : c.key === 'pages' ? (r.pages ?? '') : c.key === 'size' ? sizeText(r.size) : r.updated.slice(0, 10);
      const text = fit(String(value), font, 9, c.width - 8 - indent);
      if (text) page.drawText(text, { x: x + indent, y, size: 9, font, color: INK });
      x += c.width;
    }
    y -= 15;
  }
  pages.forEach((p, i) => p.drawText(`${clean(o.roomName)} · page ${i + 1} of ${pages.length}`, { x: M, y: 20, size: 7, font: regular, color: MUTED }));
  return pdf.save();
}
