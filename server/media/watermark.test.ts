import zlib from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { bidiRuns } from './bidi';
import { makeEncryptedPdf, makePages, makePdf } from './fixtures';
import { loadPdfjs, pdfjsDataOptions } from './pdfjs';
import {
  unsupportedWatermarkCharacters,
  watermarkDateTime,
  WatermarkEncryptedPdfError,
  watermarkPdf,
  watermarkText,
  WatermarkTextNotSupportedError,
  WatermarkUnreadablePdfError,
} from './watermark';
import type { Watermark, WatermarkValues } from '../../lib/shared/watermark';

const values: WatermarkValues = {
  email: 'visitor@example.com',
  date: '2025-03-14',
  time: '09:26 UTC',
  ip_address: '203.0.113.7',
  link_name: 'Series A deck',
};

type TextItem = { str: string; transform: number[] };
type PageText = { text: string; items: TextItem[]; width: number; height: number; viewportTransform: number[] };

async function readPages(bytes: Uint8Array, only?: number[]): Promise<PageText[]> {
  const pdfjs = await loadPdfjs();
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), ...pdfjsDataOptions(), verbosity: 0 }).promise;
  try {
    const out: PageText[] = [];
    for (const p of only ?? Array.from({ length: doc.numPages }, (_, i) => i + 1)) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      const items = content.items.filter((i): i is TextItem & typeof i => 'str' in i);
      const vp = page.getViewport({ scale: 1 });
      out.push({ text: items.map((i) => i.str).join(''), items, width: vp.width, height: vp.height, viewportTransform: vp.transform });
    }
    return out;
  } finally {
    await doc.destroy();
  }
}

const squash = (s: string) => s.normalize('NFKC').replace(/\s+/g, '');

/** Fraction of dark pixels of page 1 rendered at 400 px wide. */
async function ink(bytes: Uint8Array): Promise<number> {
  const pdfjs = await loadPdfjs();
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), ...pdfjsDataOptions(), verbosity: 0 }).promise;
  try {
    const page = await doc.getPage(1);
    const vp = page.getViewport({ scale: 400 / page.getViewport({ scale: 1 }).width });
    const canvas = createCanvas(Math.round(vp.width), Math.round(vp.height));
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport: vp }).promise;
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 384) dark++;
    return dark / (canvas.width * canvas.height);
  } finally {
    await doc.destroy();
  }
}

/** Where and how a text item lies as the reader sees the page (y down): position and baseline angle. */
function onScreen(page: PageText, item: TextItem) {
  const [a, b, c, d, e, f] = page.viewportTransform as [number, number, number, number, number, number];
  const [ta, tb, , , te, tf] = item.transform as [number, number, number, number, number, number];
  const dx = a * ta + c * tb;
  const dy = b * ta + d * tb;
  return { x: a * te + c * tf + e, y: b * te + d * tf + f, angle: (Math.atan2(dy, dx) * 180) / Math.PI, size: Math.hypot(ta, tb) };
}

/** Every embedded TrueType font program, parsed: each glyph's outline command count (throws when broken). */
async function embeddedGlyphs(bytes: Uint8Array): Promise<number[][]> {
  const doc = await PDFDocument.load(bytes);
  const fonts: number[][] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const file = doc.context.lookup(obj.get(PDFName.of('FontFile2')));
    if (!(file instanceof PDFRawStream)) continue;
    const raw = Buffer.from(file.contents);
    const face = fontkit.create(file.dict.get(PDFName.of('Filter')) ? zlib.inflateSync(raw) : raw) as unknown as {
      numGlyphs: number;
      getGlyph(id: number): { path: { commands: unknown[] } };
    };
    fonts.push(Array.from({ length: face.numGlyphs }, (_, id) => face.getGlyph(id).path.commands.length));
  }
  return fonts;
}

/** The decoded content of every Form XObject in a PDF, and every ExtGState's fill opacity. */
async function formsOf(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const contents: string[] = [];
  const opacities: number[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFRawStream ? obj.dict : obj instanceof PDFDict ? obj : null;
    if (!dict) continue;
    if (obj instanceof PDFRawStream && dict.get(PDFName.of('Subtype')) === PDFName.of('Form')) {
      const raw = Buffer.from(obj.contents);
      contents.push((dict.get(PDFName.of('Filter')) ? zlib.inflateSync(raw) : raw).toString('latin1'));
    }
    const res = dict.get(PDFName.of('Resources'));
    const gs = res instanceof PDFDict ? res.get(PDFName.of('ExtGState')) : undefined;
    if (gs instanceof PDFDict) {
      for (const [, v] of gs.entries()) {
        const ca = v instanceof PDFDict ? v.get(PDFName.of('ca')) : undefined;
        if (ca instanceof PDFNumber) opacities.push(ca.asNumber());
      }
    }
  }
  return { contents, opacities };
}

describe('watermarkText', () => {
  it('substitutes the five placeholders and leaves anything else literal', () => {
    const text = '{{email}} {{ date }} {{time}} {{ip_address}} {{link_name}} {{name}} {{constructor}} {{__proto__}} {email} {{}}';
    expect(watermarkText({ text }, values)).toBe(
      'visitor@example.com 2025-03-14 09:26 UTC 203.0.113.7 Series A deck {{name}} {{constructor}} {{__proto__}} {email} {{}}',
    );
  });

  it('substitutes a missing value with nothing and keeps values on one line', () => {
    expect(watermarkText({ text: '[{{email}}]' }, {})).toBe('[]');
    expect(watermarkText({ text: '{{link_name}}' }, { link_name: 'a\nb\u0000c' })).toBe('a b c');
    // A value that looks like a placeholder is not substituted again.
    expect(watermarkText({ text: '{{email}} {{date}}' }, { email: '{{date}}', date: 'D' })).toBe('{{date}} D');
  });

  it('drops an empty placeholder with one separator beside it, never leaving a gap', () => {
    const date = { date: '2025-03-14' };
    expect(watermarkText({ text: 'Confidential · {{email}} · {{date}}' }, date)).toBe('Confidential · 2025-03-14');
    expect(watermarkText({ text: '{{email}} | Confidential' }, {})).toBe('Confidential');
    expect(watermarkText({ text: 'Confidential - {{ email }}' }, { email: '  ' })).toBe('Confidential');
    expect(watermarkText({ text: 'Viewed by {{email}} on {{date}}' }, date)).toBe('Viewed by on 2025-03-14');
    expect(watermarkText({ text: 'Confidential · {{email}} · {{date}}' }, { ...date, email: 'a@b.example' })).toBe('Confidential · a@b.example · 2025-03-14');
    expect(watermarkText({ text: 'a\u0000b {{email}}' }, { email: 'x' })).toBe('ab x');
  });

  it('formats {{date}} and {{time}} in UTC', () => {
    expect(watermarkDateTime(new Date('2025-03-14T09:26:53.000Z'))).toEqual({ date: '2025-03-14', time: '09:26 UTC' });
  });
});

describe('bidiRuns', () => {
  it('keeps left-to-right text in one run and orders mixed runs for display', () => {
    expect(bidiRuns('plain text')).toEqual([{ text: 'plain text', rtl: false }]);
    expect(bidiRuns('Hello שלום עולם!')).toEqual([
      { text: 'Hello ', rtl: false },
      { text: 'שלום עולם', rtl: true },
      { text: '!', rtl: false },
    ]);
    // A right-to-left line: the number stays left-to-right and sits left of the words before it.
    expect(bidiRuns('שלום 2025-01-02')).toEqual([
      { text: '2025-01-02', rtl: false },
      { text: 'שלום ', rtl: true },
    ]);
  });
});

describe('watermarkPdf', () => {
  const config = { text: 'Confidential {{email}} {{date}} {{link_name}} {{unknown}}', rotation: 45 } as const;

  it('puts the substituted text on every page, rotated pages included, upright as the reader sees them', async () => {
    const input = await makePdf([{}, { rotate: 90 }, { rotate: 270, width: 842, height: 595 }]);
    const out = await watermarkPdf(input, { ...config, text: 'Confidential {{email}} {{link_name}} {{unknown}}', rotation: 0, font_size: 14 }, values);
    const expected = 'Confidential visitor@example.com Series A deck {{unknown}}';
    const pages = await readPages(out);
    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(squash(page.text)).toContain(squash(expected));
      const item = page.items.find((i) => i.str.includes('Confidential'))!;
      const pos = onScreen(page, item);
      expect(Math.abs(pos.angle)).toBeLessThan(0.5); // horizontal for the reader, on every page
      expect(pos.size).toBeCloseTo(14, 1);
    }
  });

  it('honours rotation (counter-clockwise, as the reader sees the page) and position', async () => {
    const input = await makePdf([{}, { rotate: 90 }]);
    const out = await watermarkPdf(input, { text: 'WM {{email}}', rotation: 30, position: 'top-left', font_size: 12 }, values);
    for (const page of await readPages(out)) {
      const pos = onScreen(page, page.items.find((i) => i.str.includes('WM'))!);
      expect(pos.angle).toBeCloseTo(-30, 0); // y grows downward on screen: rising text has a negative angle
      expect(pos.x).toBeLessThan(page.width / 3);
      expect(pos.y).toBeLessThan(page.height / 3);
    }
    const bottomRight = await watermarkPdf(input, { text: 'WM', rotation: 0, position: 'bottom-right' }, values);
    for (const page of await readPages(bottomRight)) {
      const pos = onScreen(page, page.items.find((i) => i.str.includes('WM'))!);
      expect(pos.x).toBeGreaterThan(page.width * 0.7);
      expect(pos.y).toBeGreaterThan(page.height * 0.8);
    }
  });

  it('places the stamp inside a page whose box does not start at the origin', async () => {
    const doc = await PDFDocument.load(await makePdf([{}, { rotate: 90 }]));
    for (const page of doc.getPages()) {
      page.setMediaBox(-300, 500, 595, 842);
      page.setCropBox(-250, 550, 400, 700);
    }
    const out = await watermarkPdf(await doc.save(), { text: 'Boxed {{email}}', rotation: 0, position: 'top-left', font_size: 10 }, values);
    for (const page of await readPages(out)) {
      const pos = onScreen(page, page.items.find((i) => i.str.includes('Boxed'))!);
      expect(Math.abs(pos.angle)).toBeLessThan(0.5);
      expect(pos.x).toBeGreaterThan(0);
      expect(pos.x).toBeLessThan(page.width / 2);
      expect(pos.y).toBeGreaterThan(0);
      expect(pos.y).toBeLessThan(page.height / 2);
    }
  });

  it('shrinks a single watermark that would not fit the page, and never grows one', async () => {
    const input = await makePdf([{ width: 300, height: 300 }]);
    const long = await readPages(await watermarkPdf(input, { text: 'A rather long watermark line {{email}}', rotation: 0, font_size: 40 }, values));
    const item = long[0]!.items.find((i) => i.str.includes('rather'))!;
    expect(onScreen(long[0]!, item).size).toBeLessThan(20);
    const short = await readPages(await watermarkPdf(input, { text: 'OK', rotation: 0, font_size: 40 }, values));
    expect(onScreen(short[0]!, short[0]!.items.find((i) => i.str.includes('OK'))!).size).toBeCloseTo(40, 1);
  });

  it('honours colour and opacity, and tiles the text over the page', async () => {
    const out = await watermarkPdf(await makePages(1), { text: 'Tile {{email}}', is_tiled: true, color: '#cc3300', opacity: 0.25, font_size: 10 }, values);
    const { contents, opacities } = await formsOf(out);
    expect(contents.some((c) => c.includes('0.8 0.2 0 rg'))).toBe(true);
    expect(opacities).toContain(0.25);
    const [page] = await readPages(out);
    const copies = page!.items.filter((i) => i.str.includes('Tile')).length;
    expect(copies).toBeGreaterThan(6);
  });

  it('draws Cyrillic, Greek, Chinese, Japanese, Korean, Hebrew and Arabic text (found in the text and as ink)', async () => {
    const samples = {
      cyrillic: 'Конфиденциально',
      greek: 'Εμπιστευτικό',
      chinese: '机密文件 機密',
      japanese: 'ひらがな カタカナ',
      korean: '대외비 문서',
      hebrew: 'סודי ביותר',
      arabic: 'سري للغاية',
    };
    const blank = await makePdf([{ width: 400, height: 200, text: ' ' }]);
    const blankInk = await ink(blank);
    for (const [script, text] of Object.entries(samples)) {
      const out = await watermarkPdf(blank, { text: `${text} {{email}}`, rotation: 0, opacity: 1, color: '#000000', font_size: 20 }, values);
      const [page] = await readPages(out);
      for (const word of text.split(' ')) expect(squash(page!.text), script).toContain(squash(word));
      // The glyphs are really drawn: a broken font subset still extracts as text but draws
      // nothing (or garbage), so every glyph of every embedded subset must decode to an outline.
      const fonts = await embeddedGlyphs(out);
      expect(fonts.length, script).toBeGreaterThan(0);
      const outlined = fonts.flat().filter((n) => n > 0).length;
      expect(outlined, script).toBeGreaterThanOrEqual(new Set([...`${text}${values.email}`.replace(/\s/g, '')]).size - 2);
      const alone = await watermarkPdf(blank, { text, rotation: 0, opacity: 1, color: '#000000', font_size: 20 }, values);
      expect((await ink(alone)) - blankInk, script).toBeGreaterThan(0.0015);
    }
  });

  it('refuses text no embedded font can draw, naming the characters', async () => {
    expect(unsupportedWatermarkCharacters('ok ภาษาไทย')).toEqual(['ภ', 'า', 'ษ', 'ไ', 'ท', 'ย']);
    expect(unsupportedWatermarkCharacters('Confidential Привет 机密 한국어 שלום')).toEqual([]);
    const err = await watermarkPdf(await makePages(1), { text: 'हिन्दी {{email}}' }, values).catch((e) => e);
    expect(err).toBeInstanceOf(WatermarkTextNotSupportedError);
    expect(err).toMatchObject({ status: 422 });
    expect(err.characters).toContain('ह');
  });

  it('refuses encrypted and unreadable PDFs with typed errors', async () => {
    const enc = await watermarkPdf(await makeEncryptedPdf(), config, values).catch((e) => e);
    expect(enc).toBeInstanceOf(WatermarkEncryptedPdfError);
    expect(enc).toMatchObject({ status: 422 });
    await expect(watermarkPdf(Buffer.from('not a pdf at all'), config, values)).rejects.toBeInstanceOf(WatermarkUnreadablePdfError);
  });

  it('adds little to a 200-page PDF: one stamp per page size, not a copy of the text per page', async () => {
    const sizes = Array.from({ length: 200 }, (_, i) => (i % 50 === 49 ? { width: 842, height: 595 } : i % 7 === 3 ? { rotate: 90 as const } : {}));
    const input = await makePdf(sizes);
    const cjk: Watermark = { text: '机密 Confidential {{email}} {{date}} {{time}} {{ip_address}}', is_tiled: true, position: 'center', rotation: 45, color: '#808080', font_size: 16, opacity: 0.3 };
    for (const cfg of [{ ...cjk, is_tiled: false }, cjk]) {
      const out = await watermarkPdf(input, cfg, values);
      expect(out.length - input.length).toBeLessThan(0.5 * 1024 * 1024);
      // Distinct reader-space sizes: portrait A4, landscape (rotated A4 and the 842x595 pages).
      const { contents } = await formsOf(out);
      expect(contents.filter((c) => c.includes(' Do')).length).toBe(2);
      for (const page of await readPages(out, [1, 4, 100, 150, 200])) {
        expect(squash(page.text)).toContain(squash('机密 Confidential visitor@example.com 2025-03-14'));
      }
    }
  });

  it('returns an unchanged copy when the text is empty after substitution', async () => {
    const input = await makePages(2);
    const out = await watermarkPdf(input, { text: '{{email}}' }, { email: '' });
    const pages = await readPages(out);
    expect(pages.map((p) => p.text.includes('Page'))).toEqual([true, true]);
    expect((await formsOf(out)).contents).toHaveLength(0);
  });
});
