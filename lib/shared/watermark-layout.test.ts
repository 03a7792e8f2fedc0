// The single watermark's layout (issue 41 item 6): on a landscape page and a wide image the
// turned text box lies inside the page at every position and rotation; a page's orientation does
// not change the text's size against its longer side; the PDF stamp and the viewer share it.
import { describe, expect, it } from 'vitest';
import { placeWatermark, watermarkFontSize, WATERMARK_POSITIONS, WATERMARK_ROTATIONS } from './watermark';

/** A long watermark line at `fontPx`: about 0.55 em a character, 1.2 em high. */
const line = (text: string, fontPx: number) => ({ width: text.length * fontPx * 0.55, height: fontPx * 1.2 });
const TEXT = 'Confidential · olivia@harbor.test · 2026-11-27 · 09:26 UTC';

describe('placeWatermark', () => {
  const pages = {
    'landscape Letter page (pt)': { width: 792, height: 612 },
    'wide image (px)': { width: 2400, height: 500 },
    'tall image (px)': { width: 400, height: 1800 },
    'portrait Letter page (pt)': { width: 612, height: 792 },
  };
  for (const [name, page] of Object.entries(pages)) {
    it(`keeps the turned text box inside a ${name} at every position and rotation`, () => {
      const font = watermarkFontSize(24, page.width, page.height);
      const block = line(TEXT, font);
      for (const position of WATERMARK_POSITIONS) {
        for (const rotation of WATERMARK_ROTATIONS) {
          const at = placeWatermark(page, block, { position, rotation });
          const where = `${position} ${rotation}°`;
          expect(at.scale, where).toBeGreaterThan(0);
          expect(at.scale, where).toBeLessThanOrEqual(1);
          expect(at.cx - at.halfWidth, where).toBeGreaterThanOrEqual(-1e-6);
          expect(at.cx + at.halfWidth, where).toBeLessThanOrEqual(page.width + 1e-6);
          expect(at.cy - at.halfHeight, where).toBeGreaterThanOrEqual(-1e-6);
          expect(at.cy + at.halfHeight, where).toBeLessThanOrEqual(page.height + 1e-6);
          // The four corners of the turned, scaled block (not only its bounding box).
          const t = (rotation * Math.PI) / 180;
          for (const [sx, sy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
            const x = (sx * block.width) / 2;
            const y = (sy * block.height) / 2;
            const px = at.cx + at.scale * (x * Math.cos(t) + y * Math.sin(t));
            const py = at.cy + at.scale * (-x * Math.sin(t) + y * Math.cos(t));
            expect(px, where).toBeGreaterThanOrEqual(-1e-6);
            expect(px, where).toBeLessThanOrEqual(page.width + 1e-6);
            expect(py, where).toBeGreaterThanOrEqual(-1e-6);
            expect(py, where).toBeLessThanOrEqual(page.height + 1e-6);
          }
        }
      }
    });
  }

  it('never grows a block that fits, and places it where asked', () => {
    const page = { width: 792, height: 612 };
    const at = placeWatermark(page, { width: 40, height: 20 }, { position: 'top-left', rotation: 0 });
    expect(at.scale).toBe(1);
    expect(at.cx - at.halfWidth).toBeCloseTo(612 * 0.04);
    expect(at.cy - at.halfHeight).toBeCloseTo(612 * 0.04);
    const bottom = placeWatermark(page, { width: 40, height: 20 }, { position: 'bottom-right', rotation: 0 });
    expect(bottom.cx + bottom.halfWidth).toBeCloseTo(792 - 612 * 0.04);
    expect(bottom.cy + bottom.halfHeight).toBeCloseTo(612 - 612 * 0.04);
  });
});

describe('watermarkFontSize', () => {
  it('sizes the text against the longer side: a Letter page gets font_size points in either orientation', () => {
    expect(watermarkFontSize(24, 612, 792)).toBeCloseTo(24);
    expect(watermarkFontSize(24, 792, 612)).toBeCloseTo(24);
    // A wide image shown 1600 px wide: 24 pt of a 792 pt long side.
    expect(watermarkFontSize(24, 1600, 400)).toBeCloseTo((24 * 1600) / 792);
  });
});
