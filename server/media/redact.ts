// The redaction engine (DESIGN.md "Redaction that removes, and proves it"; docs/decisions.md
// "Issue 37"). Runs on the render threads (render-jobs.ts), three steps:
// - drawRedactedPage: a marked page drawn whole by pdf.js (its text, images, vector art and
//   annotations' appearances), the marks filled black on the pixels, the pixels Flate-compressed;
// - composeRedacted: a new PDF (pdf-lib) whose marked pages are those images with the words outside
//   every mark as an invisible text layer (render mode 3), and whose other pages are copied with
//   only what draws them (no annotations but plain web links, no page metadata); nothing of the
//   source's catalogue comes along (bookmarks, form fields, attachments, metadata, structure);
// - verifyRedacted: the new file read again by pdf.js: every character under a mark, and every
//   hidden copy (annotations, form fields, bookmarks, metadata, attachments) holding marked text.
import zlib from 'node:zlib';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import fontkit from '@pdf-lib/fontkit';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFString,
  PDFHexString,
  StandardFonts,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfInfo, type PdfInfo } from '../files/pdf';
import { pageWords } from './page-text';
import { loadFont, WATERMARK_FONTS } from './watermark-fonts';

export type Box = { x: number; y: number; width: number; height: number };
/** A word kept readable on a redacted page: its text and box (fractions of the page, origin top left). */
export type LayerWord = Box & { text: string };
/**
 * A redacted page's pixels: Flate-compressed rows, each led by PNG's "Up" filter byte (PDF's
 * predictor 12), in one channel when the page has no colour (`colors` 1) or three; `bits` per
 * channel: 4 for a gray page that is mostly blank paper and ink (text), 8 otherwise.
 */
export type RedactedRaster = { page: number; data: Uint8Array; colors: 1 | 3; bits: 4 | 8; pixelWidth: number; pixelHeight: number; pointWidth: number; pointHeight: number };

/** Share of a gray page's pixels within this of white or black for it to be kept in 4 bits. */
const PAPER_SHARE = 0.85;
const PAPER_MARGIN = 8;

/**
 * RGBA pixels as PNG-filtered rows ("Up": each byte less the one above it) of gray or RGB bytes:
 * a page of text compresses several times smaller than unfiltered RGB, so 200 redacted pages are
 * held and written in a fraction of the memory. A gray page of text keeps 16 levels (two pixels a
 * byte): its anti-aliased glyph edges need no more, and it is about half the size and time of 8
 * bits (measured: 168 KB against 302 KB for a dense page at 150 dpi). A gray photograph or scan
 * keeps 8 bits, where 16 levels would band.
 */
export function filteredRows(rgba: Uint8ClampedArray | Uint8Array, w: number, h: number): { rows: Buffer; colors: 1 | 3; bits: 4 | 8 } {
  let gray = true;
  let paper = 0;
  for (let i = 0; i < rgba.length && gray; i += 4) {
    const v = rgba[i]!;
    gray = v === rgba[i + 1] && v === rgba[i + 2];
    if (v <= PAPER_MARGIN || v >= 255 - PAPER_MARGIN) paper++;
  }
  const colors = gray ? 1 : 3;
  const bits = gray && paper >= PAPER_SHARE * w * h ? 4 : 8;
  const stride = bits === 4 ? Math.ceil(w / 2) : w * colors;
  const rows = Buffer.allocUnsafe((stride + 1) * h);
  let line = Buffer.alloc(stride);
  let above = Buffer.alloc(stride); // the row above the first is zeros
  for (let y = 0, o = 0; y < h; y++) {
    const row = y * w * 4;
    if (bits === 4) {
      for (let c = 0, i = row; c < stride; c++, i += 8) {
        const right = 2 * c + 1 < w ? NIBBLE[rgba[i + 4]!]! : 0;
        line[c] = (NIBBLE[rgba[i]!]! << 4) | right;
      }
    } else if (gray) {
      for (let x = 0, i = row; x < w; x++, i += 4) line[x] = rgba[i]!;
    } else {
      for (let x = 0, i = row, c = 0; x < w; x++, i += 4) {
        line[c++] = rgba[i]!;
        line[c++] = rgba[i + 1]!;
        line[c++] = rgba[i + 2]!;
      }
    }
    rows[o++] = 2; // Up
    for (let c = 0; c < stride; c++) rows[o++] = (line[c]! - above[c]!) & 0xff;
    [line, above] = [above, line];
  }
  return { rows, colors, bits };
}

/** A gray level's nearest of 16 (v * 15 / 255, rounded). */
const NIBBLE = Uint8Array.from({ length: 256 }, (_, v) => Math.round((v * 15) / 255));

/** Redacted pages are drawn at this resolution (dots per inch), at most MAX_PIXELS. */
export const REDACTION_DPI = 150;
const MAX_PIXELS = 4_000_000;

/** The PDF cannot be redacted as it is (encrypted, unreadable): the redaction fails with `message`. */
export class RedactionInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RedactionInputError';
  }
}

/**
 * The last page's canvas, when its drawing ended well: a redaction draws its pages one after
 * another at the same size, and a new 8 MB canvas a page only waits for the collector to be freed.
 * It is reset to a blank, untransformed state before it is drawn on again.
 */
let spare: Canvas | null = null;
function canvasOf(w: number, h: number): Canvas {
  const c = spare;
  spare = null;
  if (!c || c.width !== w || c.height !== h) return createCanvas(w, h);
  c.getContext('2d').reset();
  return c;
}

/** Draws one page with its marks burnt in (black), as Flate-compressed filtered rows (RedactedRaster). */
export async function drawRedactedPage(doc: PDFDocumentProxy, pageNumber: number, marks: Box[], dpi = REDACTION_DPI): Promise<RedactedRaster> {
  const page = await doc.getPage(pageNumber);
  try {
    const natural = page.getViewport({ scale: 1 });
    let scale = dpi / 72;
    if (natural.width * natural.height * scale * scale > MAX_PIXELS) scale = Math.sqrt(MAX_PIXELS / (natural.width * natural.height));
    const viewport = page.getViewport({ scale });
    const w = Math.max(1, Math.ceil(viewport.width));
    const h = Math.max(1, Math.ceil(viewport.height));
    const canvas = canvasOf(w, h);
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: '#ffffff' }).promise;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#000000';
    // Whole pixels, one more on each side: no anti-aliased edge of a glyph survives beside a box.
    for (const m of marks) {
      const x0 = Math.max(0, Math.floor(m.x * w) - 1), y0 = Math.max(0, Math.floor(m.y * h) - 1);
      const x1 = Math.min(w, Math.ceil((m.x + m.width) * w) + 1), y1 = Math.min(h, Math.ceil((m.y + m.height) * h) + 1);
      ctx.fillRect(x0, y0, x1 - x0, y1 - y0);
    }
    // The canvas's own pixels, RGBA: a copy in under a millisecond where getImageData takes 30-45
    // ms a page (the page is opaque, so un-premultiplying changes nothing).
    const raw = canvas.data();
    const { rows, colors, bits } = filteredRows(raw.byteLength === w * h * 4 ? raw : ctx.getImageData(0, 0, w, h).data, w, h);
    spare = canvas;
    const data = zlib.deflateSync(rows, { level: 6 });
    return { page: pageNumber, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), colors, bits, pixelWidth: w, pixelHeight: h, pointWidth: natural.width, pointHeight: natural.height };
  } finally {
    page.cleanup();
  }
}

/** Case, accents and spacing as a term search ignores them (the needles come folded the same way). */
export const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

// Page keys that draw the page; everything else (annotations, page metadata, thumbnails' links,
// article beads, piece info) is left behind.
const PAGE_KEYS = new Set(['Type', 'Parent', 'MediaBox', 'CropBox', 'BleedBox', 'TrimBox', 'ArtBox', 'Rotate', 'Resources', 'Contents', 'Group', 'UserUnit']);

/** Leaves a copied page only what draws it, and its plain web links (rebuilt: no text, no page references). */
function stripPage(page: PDFPage, needles: string[]) {
  const node = page.node;
  const links: PDFDict[] = [];
  const annots = node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  for (let i = 0; annots && i < annots.size(); i++) {
    const a = annots.lookupMaybe(i, PDFDict);
    if (a?.lookupMaybe(PDFName.of('Subtype'), PDFName)?.asString() !== '/Link') continue;
    const action = a.lookupMaybe(PDFName.of('A'), PDFDict);
    const uri = action?.lookupMaybe(PDFName.of('URI'), PDFString, PDFHexString);
    const rect = a.lookupMaybe(PDFName.of('Rect'), PDFArray);
    if (action?.lookupMaybe(PDFName.of('S'), PDFName)?.asString() !== '/URI' || !uri || !rect) continue;
    if (needles.some((n) => fold(uri.decodeText()).includes(n))) continue;
    const ctx = node.context;
    links.push(ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: rect.asArray().map((n) => n), Border: [0, 0, 0], A: { S: 'URI', URI: PDFString.of(uri.decodeText()) } }) as PDFDict);
  }
  for (const key of node.keys()) if (!PAGE_KEYS.has(key.asString().slice(1))) node.delete(key);
  if (links.length) node.set(PDFName.of('Annots'), node.context.obj(links.map((l) => node.context.register(l))));
}

type Fonts = { standard: PDFFont; unicode: () => Promise<PDFFont> };

/** A number as a content stream writes it: at most three decimals, never an exponent. */
const num = (n: number) => String(Number(n.toFixed(3)));

/**
 * The page's content: its image over the whole page, then `words` drawn invisibly over it, each
 * fitted to its box (selection and search find them where they are seen). Written as one
 * Flate-compressed stream, not as pdf-lib operators: a page holds hundreds of words, and 200
 * pages of operator objects cost hundreds of megabytes and seconds to write.
 */
async function pageContent(page: PDFPage, image: PDFName, words: LayerWord[], fonts: Fonts): Promise<PDFRawStream> {
  const { width: W, height: H } = page.getSize();
  const names = new Map<PDFFont, string>();
  const nameOf = (f: PDFFont) => {
    let n = names.get(f);
    if (!n) names.set(f, (n = page.node.newFontDictionary(f.name, f.ref).toString()));
    return n;
  };
  const lines = [`q ${num(W)} 0 0 ${num(H)} 0 0 cm ${image.toString()} Do Q`, 'BT 3 Tr'];
  for (const w of words) {
    let font = fonts.standard;
    let encoded: PDFHexString;
    try {
      encoded = font.encodeText(w.text);
    } catch {
      font = await fonts.unicode();
      encoded = font.encodeText(w.text);
    }
    const unit = font.widthOfTextAtSize(w.text, 1);
    const boxW = w.width * W, boxH = w.height * H;
    if (unit <= 0 || boxW <= 0 || boxH <= 0) continue;
    const size = Math.min(boxH, boxW / unit);
    if (size < 0.5) continue;
    // Baseline at the box's foot: the glyphs' boxes stay inside the word's own box.
    const squeeze = Math.min(1000, (boxW / (unit * size)) * 100);
    lines.push(`${nameOf(font)} ${num(size)} Tf ${num(squeeze)} Tz 1 0 0 1 ${num(w.x * W)} ${num(H - (w.y + w.height) * H)} Tm ${encoded.toString()} Tj`);
  }
  lines.push('ET');
  const data = zlib.deflateSync(Buffer.from(lines.join('\n'), 'latin1'));
  return PDFRawStream.of(page.doc.context.obj({ Filter: 'FlateDecode', Length: data.byteLength }) as PDFDict, new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
}

/**
 * The redacted file: `rasters` replace their pages (with `words` as the text layer), the other
 * pages are copied stripped. Its bytes come with its page count and first page's size, read from
 * the document in hand (the caller stores them without parsing tens of megabytes again).
 */
export async function composeRedacted(source: Uint8Array, rasters: RedactedRaster[], words: Record<number, LayerWord[]>, needles: string[]): Promise<{ bytes: Uint8Array; info: PdfInfo }> {
  let src: PDFDocument;
  try {
    src = await PDFDocument.load(source, { updateMetadata: false });
  } catch (e) {
    if ((e as Error)?.name === 'EncryptedPDFError') throw new RedactionInputError('The PDF is encrypted; remove its password or protection and upload it again to redact it.');
    throw new RedactionInputError('The PDF could not be read: it is damaged or not a complete PDF file.');
  }
  const out = await PDFDocument.create({ updateMetadata: false });
  out.registerFontkit(fontkit);
  let unicode: PDFFont | undefined;
  const fonts: Fonts = {
    standard: await out.embedFont(StandardFonts.Helvetica),
    unicode: async () => (unicode ??= await out.embedFont(loadFont(WATERMARK_FONTS[0]!).bytes, { subset: true })),
  };
  const byPage = new Map(rasters.map((r) => [r.page, r]));
  const count = src.getPageCount();
  const kept = [...Array(count).keys()].filter((i) => !byPage.has(i + 1));
  for (const i of kept) stripPage(src.getPage(i), needles);
  const copies = new Map((await out.copyPages(src, kept)).map((p, k) => [kept[k]!, p]));
  for (let i = 0; i < count; i++) {
    const r = byPage.get(i + 1);
    if (!r) {
      out.addPage(copies.get(i)!);
      continue;
    }
    const page = out.addPage([r.pointWidth, r.pointHeight]);
    const image = PDFRawStream.of(
      out.context.obj({
        Type: 'XObject',
        Subtype: 'Image',
        Width: r.pixelWidth,
        Height: r.pixelHeight,
        ColorSpace: r.colors === 1 ? 'DeviceGray' : 'DeviceRGB',
        BitsPerComponent: r.bits,
        Filter: 'FlateDecode',
        DecodeParms: { Predictor: 12, Colors: r.colors, BitsPerComponent: r.bits, Columns: r.pixelWidth },
        Length: r.data.byteLength,
      }) as PDFDict,
      r.data,
    );
    const name = page.node.newXObject('Redacted', out.context.register(image));
    page.node.addContentStream(out.context.register(await pageContent(page, name, words[r.page] ?? [], fonts)));
  }
  return { bytes: await out.save({ useObjectStreams: true }), info: pdfInfo(out) };
}

export type Verification = { pagesChecked: number; charactersUnderMarks: number; pagesWithCharacters: number[]; hidden: string[] };

/** Strings a hidden part of the file holds: an annotation's contents, a field's value, a title. */
function annotationStrings(a: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const k of ['contents', 'fieldValue', 'alternativeText', 'title', 'buttonValue', 'exportValue', 'url', 'unsafeUrl']) {
    const v = a[k];
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) out.push(...v.filter((s): s is string => typeof s === 'string'));
    else if (v && typeof v === 'object' && 'str' in v && typeof (v as { str: unknown }).str === 'string') out.push((v as { str: string }).str);
  }
  const tc = a.textContent;
  if (Array.isArray(tc)) out.push(tc.join(' '));
  return [...new Set(out.map((s) => s.trim()).filter(Boolean))];
}

/**
 * Reads the redacted file again: the characters inside any mark (word by word, every character of
 * a word whose box reaches into a mark counts), and every hidden copy of marked text (`needles`,
 * folded) in annotations, form fields, bookmarks, metadata or attachments.
 */
/**
 * `pages`: the first and last page this call checks (all by default); `whole`: whether it also
 * checks the document's own parts (metadata, bookmarks, attachments, form fields). The job splits
 * a long document over its threads this way.
 */
export async function verifyRedacted(doc: PDFDocumentProxy, marks: Record<number, Box[]>, needles: string[], pages?: { from: number; to: number }, whole = true): Promise<Verification> {
  const hidden: string[] = [];
  const look = (where: string, s: string) => {
    const f = fold(s);
    if (needles.some((n) => n && f.includes(n))) hidden.push(where);
  };
  let under = 0;
  const pagesWithCharacters: number[] = [];
  const from = Math.max(1, pages?.from ?? 1), to = Math.min(doc.numPages, pages?.to ?? doc.numPages);
  for (let n = from; n <= to; n++) {
    const page = await doc.getPage(n);
    try {
      const boxes = marks[n];
      if (boxes?.length) {
        const content = await page.getTextContent({ includeMarkedContent: false });
        const { body, words } = pageWords(content.items, page.getViewport({ scale: 1 }));
        let here = 0;
        for (let i = 0; i + 5 < words.length; i += 6) {
          const [s, e, x, y, w, h] = words.slice(i, i + 6) as [number, number, number, number, number, number];
          const box = { x: x / 1000, y: y / 1000, width: w / 1000, height: h / 1000 };
          // Two thousandths of the page: the words' boxes are rounded to one, and estimated within a run.
          if (boxes.some((m) => Math.min(m.x + m.width, box.x + box.width) - Math.max(m.x, box.x) > 0.002 && Math.min(m.y + m.height, box.y + box.height) - Math.max(m.y, box.y) > 0.002)) {
            here += body.slice(s, e).replace(/\s/g, '').length;
          }
        }
        if (here) pagesWithCharacters.push(n);
        under += here;
      }
      const annotations = (await page.getAnnotations()) as Record<string, unknown>[];
      for (const a of annotations) {
        if (a.subtype !== 'Link') hidden.push(`an annotation (${String(a.subtype)}) on page ${n}`);
        for (const s of annotationStrings(a)) look(`an annotation on page ${n}`, s);
      }
    } finally {
      page.cleanup();
    }
  }
  const checked = Math.max(0, to - from + 1);
  if (!whole) return { pagesChecked: checked, charactersUnderMarks: under, pagesWithCharacters, hidden };
  const meta = await doc.getMetadata().catch(() => null);
  if (meta) {
    for (const [k, v] of Object.entries((meta.info ?? {}) as Record<string, unknown>)) if (typeof v === 'string') look(`the document information (${k})`, v);
    const xmp = meta.metadata as { getAll?: () => Record<string, unknown> } | null;
    for (const [k, v] of Object.entries(xmp?.getAll?.() ?? {})) look(`the XMP metadata (${k})`, String(v));
  }
  const outline = await doc.getOutline().catch(() => null);
  if (outline?.length) hidden.push('bookmarks');
  const attachments = await doc.getAttachments().catch(() => null);
  if (attachments && Object.keys(attachments).length) hidden.push('attachments');
  const fields = await doc.getFieldObjects().catch(() => null);
  if (fields && Object.keys(fields).length) hidden.push('form fields');
  return { pagesChecked: checked, charactersUnderMarks: under, pagesWithCharacters, hidden };
}

/** Text held by a page's annotations and form fields, with where they sit (fractions, origin top left): terms and patterns are found there too. */
export async function annotationTexts(doc: PDFDocumentProxy, pageNumber: number): Promise<(Box & { text: string })[]> {
  const page = await doc.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const out: (Box & { text: string })[] = [];
    for (const a of (await page.getAnnotations()) as Record<string, unknown>[]) {
      const rect = a.rect as number[] | undefined;
      const strings = annotationStrings(a).filter((s) => s.trim());
      if (!rect || rect.length !== 4 || !strings.length) continue;
      const [x0, y0, x1, y1] = viewport.convertToViewportRectangle(rect) as [number, number, number, number];
      const box = { x: Math.min(x0, x1) / viewport.width, y: Math.min(y0, y1) / viewport.height, width: Math.abs(x1 - x0) / viewport.width, height: Math.abs(y1 - y0) / viewport.height };
      out.push({ ...box, text: strings.join('\n') });
    }
    return out;
  } finally {
    page.cleanup();
  }
}
