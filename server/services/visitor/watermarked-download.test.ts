// What a watermarked link's download is (issue 41 items 2 and 6): an image as a one-page PDF with
// the watermark inside the page however wide the image; names; what cannot carry a watermark.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadPdfjs, pdfjsDataOptions } from '../../media/pdfjs';
import { watermarkPdf } from '../../media/watermark';
import { imageAsPdf, pdfName, watermarkCarrier, watermarkRefusal } from './watermarked-download';

async function firstPage(bytes: Uint8Array) {
  const pdfjs = await loadPdfjs();
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), ...pdfjsDataOptions(), verbosity: 0 }).promise;
  try {
    const page = await doc.getPage(1);
    const vp = page.getViewport({ scale: 1 });
    const items = (await page.getTextContent()).items.filter((i) => 'str' in i) as { str: string; transform: number[]; width: number }[];
    return { pages: doc.numPages, width: vp.width, height: vp.height, items };
  } finally {
    await doc.destroy();
  }
}

describe('imageAsPdf', () => {
  it('makes a wide image one landscape page with a 792 pt long side, and the watermark lies within it', async () => {
    const png = await sharp({ create: { width: 2400, height: 500, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const pdf = await imageAsPdf(png);
    const bare = await firstPage(pdf);
    expect(bare.pages).toBe(1);
    expect(bare.width).toBeCloseTo(792, 0);
    expect(bare.height).toBeCloseTo(165, 0);
    const text = 'Confidential · olivia@harbor.test · 2026-11-27 · a long line';
    const stamped = await firstPage(await watermarkPdf(pdf, { text, rotation: 0, font_size: 40 }, {}));
    const item = stamped.items.find((i) => i.str.includes('Confidential'))!;
    const [a, , , , x, y] = item.transform as [number, number, number, number, number, number];
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x + item.width).toBeLessThanOrEqual(stamped.width + 0.5);
    expect(y).toBeGreaterThanOrEqual(0);
    expect(y + a).toBeLessThanOrEqual(stamped.height + 0.5);
  });

  it('refuses bytes that are not an image with a clear error', async () => {
    await expect(imageAsPdf(Buffer.from('not an image'))).rejects.toMatchObject({ code: 'unprocessable_entity' });
  });
});

describe('what a watermarked link downloads', () => {
  const base = { storageKey: 'k', previewKey: null };
  it('a PDF, a converted file or a decodable image carry it; a video, an archive or an unconverted file do not, with the reason', () => {
    expect(watermarkCarrier({ ...base, type: 'pdf', contentType: 'application/pdf' })).toBe('pdf');
    expect(watermarkCarrier({ ...base, type: 'slides', contentType: 'application/vnd.ms-powerpoint', previewKey: 'p' })).toBe('preview');
    expect(watermarkCarrier({ ...base, type: 'image', contentType: 'image/png' })).toBe('image');
    expect(watermarkRefusal({ ...base, type: 'video', contentType: 'video/webm' })).toMatch(/video cannot carry/);
    expect(watermarkRefusal({ ...base, type: 'zip', contentType: 'application/zip' })).toMatch(/cannot carry one/);
    expect(watermarkRefusal({ ...base, type: 'docs', contentType: 'application/rtf', previewStatus: 'processing' })).toMatch(/once its preview is ready/);
    expect(watermarkCarrier({ storageKey: null, previewKey: null, type: 'pdf', contentType: 'application/pdf' })).toBeNull();
  });

  it('names the PDF after the file', () => {
    expect(pdfName('Deck.pptx')).toBe('Deck.pdf');
    expect(pdfName('Site plan.final.png')).toBe('Site plan.final.pdf');
    expect(pdfName('Logo')).toBe('Logo.pdf');
    expect(pdfName('.hidden')).toBe('.hidden.pdf');
  });
});
