// Watermarks (issue 11; shared/notes/viewer.md "Watermarks"; DESIGN.md watermark_config).
// On screen the viewer overlays `watermarkText()` on each page image; a downloaded PDF gets the
// same text burned in by `watermarkPdf()`: on every page, upright as the reader sees the page
// (whatever its /Rotate), in whatever script the text is written (embedded subsetted TTFs).
//
// The stamp is built once: the text block is one Form XObject, and each distinct page size gets
// one more Form XObject that places the block (once, or tiled); every page of that size then only
// draws that XObject (`q cm Do Q`). 200 pages cost a few KB, not a copy of the text per page.
import fontkit from '@pdf-lib/fontkit';
import {
  PDFDocument,
  PDFName,
  PDFOperator,
  PDFOperatorNames as Ops,
  PDFNumber,
  type PDFFont,
  type PDFHexString,
  type PDFRef,
} from 'pdf-lib';
import { ApiError } from '../errors';
import { bidiRuns, hasRtl } from './bidi';
import { loadFont, splitByFont, type WatermarkFont } from './watermark-fonts';
import { fillWatermarkText, placeWatermark, resolveWatermark, type Watermark, type WatermarkValues } from '../../lib/shared/watermark';

export { unsupportedWatermarkCharacters } from './watermark-fonts';

/** The PDF is encrypted: pdf-lib cannot rewrite it, so no watermarked copy can be made (422). */
export class WatermarkEncryptedPdfError extends ApiError {
  constructor() {
    super('unprocessable_entity', 'This PDF is encrypted, so a watermarked copy cannot be made for download');
    this.name = 'WatermarkEncryptedPdfError';
  }
}

/** The file could not be read as a PDF (422). */
export class WatermarkUnreadablePdfError extends ApiError {
  constructor() {
    super('unprocessable_entity', 'This file could not be read as a PDF, so a watermarked copy cannot be made');
    this.name = 'WatermarkUnreadablePdfError';
  }
}

/** The watermark text has characters none of the embedded fonts can draw (422). */
export class WatermarkTextNotSupportedError extends ApiError {
  constructor(readonly characters: string[]) {
    const shown = characters.slice(0, 10).map((c) => `"${c}" (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`);
    super(
      'unprocessable_entity',
      `The watermark text has characters that cannot be drawn in a PDF here: ${shown.join(', ')}${characters.length > 10 ? ', ...' : ''}`,
      { characters },
    );
    this.name = 'WatermarkTextNotSupportedError';
  }
}

/**
 * The watermark's text for one visit (`fillWatermarkText` in lib/shared/watermark.ts, which the
 * dashboard's preview uses too). The viewer overlays exactly this on screen.
 */
export function watermarkText(config: Pick<Watermark, 'text'>, values: Partial<WatermarkValues>): string {
  return fillWatermarkText(config.text, values);
}

/** `{{date}}` and `{{time}}` for a moment, in UTC (`2025-03-14`, `09:26 UTC`): screen and download agree. */
export function watermarkDateTime(now: Date = new Date()): Pick<WatermarkValues, 'date' | 'time'> {
  const iso = now.toISOString();
  return { date: iso.slice(0, 10), time: `${iso.slice(11, 16)} UTC` };
}

// ---- layout ----

type Piece = { font: WatermarkFont; text: string; encoded?: PDFHexString; width: number };
type Line = { pieces: Piece[]; width: number };

function parseColor(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** Lines of runs in display order, each run with the font that draws it. */
function layoutLines(text: string): { lines: { font: WatermarkFont; text: string; rtl: boolean }[][]; missing: string[] } {
  const missing = new Set<string>();
  const lines = text.split(/\r\n|\r|\n/).map((line) => {
    const out: { font: WatermarkFont; text: string; rtl: boolean }[] = [];
    for (const run of bidiRuns(line)) {
      const { runs, missing: m } = splitByFont(run.text);
      m.forEach((c) => missing.add(c));
      const pieces = runs.map((r) => ({ ...r, rtl: run.rtl }));
      out.push(...(run.rtl ? pieces.reverse() : pieces));
    }
    return out;
  });
  return { lines, missing: [...missing] };
}

const op = (name: string, ...args: (number | string | PDFName | PDFHexString)[]) =>
  PDFOperator.of(name as Ops, args.map((a) => (typeof a === 'number' ? PDFNumber.of(a) : typeof a === 'string' ? PDFName.of(a) : a)));

/** Rounds to 4 decimals so content streams stay short and deterministic. */
const r4 = (n: number) => Math.round(n * 1e4) / 1e4;

/** The page's visible box as the reader sees it, and the matrix from that space to the page's. */
function readerSpace(page: ReturnType<PDFDocument['getPages']>[number]) {
  const box = page.getCropBox();
  const rot = ((Math.round(page.getRotation().angle / 90) * 90) % 360 + 360) % 360;
  // A box may be written with its corners in either order.
  const x = Math.min(box.x, box.x + box.width);
  const y = Math.min(box.y, box.y + box.height);
  const w = Math.abs(box.width);
  const h = Math.abs(box.height);
  // The reader sees the page turned clockwise by `rot`; (u, v) are coordinates in that view.
  switch (rot) {
    case 90:
      return { width: h, height: w, cm: [0, 1, -1, 0, x + w, y] };
    case 180:
      return { width: w, height: h, cm: [-1, 0, 0, -1, x + w, y + h] };
    case 270:
      return { width: h, height: w, cm: [0, -1, 1, 0, x, y + h] };
    default:
      return { width: w, height: h, cm: [1, 0, 0, 1, x, y] };
  }
}

/**
 * The watermarked copy of a PDF: the config's text (placeholders substituted from `values`)
 * drawn on every page, upright as the reader sees each page.
 * Throws WatermarkEncryptedPdfError, WatermarkUnreadablePdfError, WatermarkTextNotSupportedError.
 */
export async function watermarkPdf(
  bytes: Uint8Array,
  config: Partial<Watermark> & { text: string },
  values: Partial<WatermarkValues>,
): Promise<Uint8Array> {
  const wm = resolveWatermark(config);
  const text = watermarkText(wm, values).trim();
  const { lines: layout, missing } = layoutLines(text);
  if (missing.length) throw new WatermarkTextNotSupportedError(missing);

  let doc: PDFDocument;
  try {
    // Loaded with ignoreEncryption and then checked: pdf-lib's EncryptedPDFError is not an
    // `instanceof`-able class (ES5 output), and its message is not an API.
    doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    throw new WatermarkUnreadablePdfError();
  }
  if (doc.isEncrypted) throw new WatermarkEncryptedPdfError();
  if (!text || wm.opacity === 0 || doc.getPageCount() === 0) return doc.save();

  // Fonts: each needed font embedded once, subsetted to the glyphs drawn.
  doc.registerFontkit(fontkit);
  const embedded = new Map<string, { font: PDFFont; key: string }>();
  for (const run of layout.flat()) {
    if (embedded.has(run.font.name)) continue;
    const font = await doc.embedFont(loadFont(run.font).bytes, { subset: true });
    embedded.set(run.font.name, { font, key: `F${embedded.size}` });
  }

  const size = wm.font_size;
  const lines: Line[] = layout.map((runs) => {
    const pieces: Piece[] = runs.map((run) => {
      const { font } = embedded.get(run.font.name)!;
      // fontkit reverses runs of a right-to-left script after shaping them; a right-to-left run
      // without such letters (neutrals only) is reversed here.
      const t = run.rtl && !hasRtl(run.text) ? [...run.text].reverse().join('') : run.text;
      return { font: run.font, text: t, encoded: font.encodeText(t), width: font.widthOfTextAtSize(t, size) };
    });
    return { pieces, width: pieces.reduce((s, p) => s + p.width, 0) };
  });

  // The text block, centred on its own origin: one Form XObject for the whole document.
  const lineHeight = size * 1.25;
  const blockW = Math.max(1, ...lines.map((l) => l.width));
  const blockH = lines.length * lineHeight;
  const [cr, cg, cb] = parseColor(wm.color);
  const ops: PDFOperator[] = [op(Ops.PushGraphicsState), op(Ops.SetGraphicsStateParams, 'GS0'), op(Ops.NonStrokingColorRgb, r4(cr), r4(cg), r4(cb)), op(Ops.BeginText)];
  lines.forEach((line, i) => {
    const baseline = blockH / 2 - (i + 1) * lineHeight + (lineHeight - size) / 2 + size * 0.22;
    ops.push(op(Ops.SetTextMatrix, 1, 0, 0, 1, r4(-line.width / 2), r4(baseline)));
    let lastFont = '';
    for (const p of line.pieces) {
      const key = embedded.get(p.font.name)!.key;
      if (key !== lastFont) ops.push(op(Ops.SetFontAndSize, key, size));
      lastFont = key;
      ops.push(op(Ops.ShowText, p.encoded!));
    }
  });
  ops.push(op(Ops.EndText), op(Ops.PopGraphicsState));
  const ctx = doc.context;
  const fonts: Record<string, PDFRef> = {};
  for (const { font, key } of embedded.values()) fonts[key] = font.ref;
  const pad = size;
  const block = ctx.register(
    ctx.formXObject(ops, {
      BBox: [r4(-blockW / 2 - pad), r4(-blockH / 2 - pad), r4(blockW / 2 + pad), r4(blockH / 2 + pad)],
      Resources: { Font: fonts, ExtGState: { GS0: { Type: 'ExtGState', ca: wm.opacity, CA: wm.opacity } } },
    }),
  );

  // One stamp per distinct (reader-space) page size.
  const theta = (wm.rotation * Math.PI) / 180;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  const halfX = (blockW * Math.abs(cos) + blockH * Math.abs(sin)) / 2;
  const halfY = (blockW * Math.abs(sin) + blockH * Math.abs(cos)) / 2;
  const stamps = new Map<string, PDFRef>();

  const stampFor = (W: number, H: number): PDFRef => {
    const sizeKey = `${r4(W)}x${r4(H)}`;
    const existing = stamps.get(sizeKey);
    if (existing) return existing;
    const place = (cx: number, cy: number, scale: number) => [
      op(Ops.PushGraphicsState),
      op(Ops.ConcatTransformationMatrix, r4(cos * scale), r4(sin * scale), r4(-sin * scale), r4(cos * scale), r4(cx), r4(cy)),
      op(Ops.DrawObject, 'B'),
      op(Ops.PopGraphicsState),
    ];
    const out: PDFOperator[] = [];
    if (wm.is_tiled) {
      // A brick pattern of blocks, spaced by the rotated block's extent plus a gap, covering the page.
      const stepX = 2 * halfX + Math.max(size * 3, 36);
      const stepY = 2 * halfY + Math.max(size * 3, 36);
      const rows = Math.ceil(H / stepY) + 1;
      const cols = Math.ceil(W / stepX) + 1;
      for (let r = 0; r <= rows; r++) {
        const shift = r % 2 ? stepX / 2 : 0;
        for (let c = -1; c <= cols; c++) {
          const cx = c * stepX + shift + stepX / 4;
          const cy = H - r * stepY - stepY / 4;
          if (cx + halfX < 0 || cx - halfX > W || cy + halfY < 0 || cy - halfY > H) continue;
          out.push(...place(cx, cy, 1));
        }
      }
    } else {
      // One block, fitted inside the page's margins whatever its orientation (y down in placeWatermark).
      const at = placeWatermark({ width: W, height: H }, { width: blockW, height: blockH }, wm);
      out.push(...place(at.cx, H - at.cy, at.scale));
    }
    const ref = ctx.register(ctx.formXObject(out, { BBox: [0, 0, r4(W), r4(H)], Resources: { XObject: { B: block } } }));
    stamps.set(sizeKey, ref);
    return ref;
  };

  for (const page of doc.getPages()) {
    const view = readerSpace(page);
    if (!(view.width > 0 && view.height > 0)) continue;
    const stamp = stampFor(view.width, view.height);
    const name = page.node.newXObject('Wm', stamp);
    page.pushOperators(
      op(Ops.PushGraphicsState),
      op(Ops.ConcatTransformationMatrix, ...view.cm.map(r4)),
      op(Ops.DrawObject, name),
      op(Ops.PopGraphicsState),
    );
  }
  return doc.save();
}
