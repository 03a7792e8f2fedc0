import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { wrapText, type Measure } from './wrap-text';

let helvetica: PDFFont;
beforeAll(async () => {
  helvetica = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
});

/** The font at 10 pt, counting how many characters it was asked to measure in all. */
function counted() {
  const seen = { chars: 0 };
  const measure: Measure = (s) => {
    seen.chars += s.length;
    return helvetica.widthOfTextAtSize(s, 10);
  };
  return { measure, seen };
}

describe('wrapText', () => {
  it('wraps at whitespace, drops the whitespace at a break, and keeps paragraphs', () => {
    const { measure } = counted();
    const lines = wrapText('The quick brown fox jumps over the lazy dog\n\nSecond   paragraph', measure, helvetica.widthOfTextAtSize('The quick brown fox', 10));
    expect(lines).toEqual(['The quick brown fox', 'jumps over the lazy', 'dog', '', 'Second   paragraph']);
  });

  it('breaks a 50,000-character word into full lines, each within the width, measuring each pair of characters once', () => {
    const word = 'Wa'.repeat(12_500) + 'x'.repeat(25_000);
    const { measure, seen } = counted();
    const width = 483;
    const lines = wrapText(`Before ${word} after`, measure, width);
    expect(lines[0]).toBe('Before');
    expect(lines.at(-1)).toMatch(/ after$|^after$/);
    expect(lines.join('').replace(/^Before/, '').replace(/ ?after$/, '')).toBe(word);
    for (const [i, l] of lines.entries()) {
      const w = helvetica.widthOfTextAtSize(l, 10);
      expect(w).toBeLessThanOrEqual(width + 1e-9);
      // Full: the next line's first character would not have fitted.
      if (i > 0 && i < lines.length - 2) expect(helvetica.widthOfTextAtSize(l + lines[i + 1]![0], 10)).toBeGreaterThan(width);
    }
    // Linear: a handful of distinct pairs, each measured once (the old wrap re-measured every prefix).
    expect(seen.chars).toBeLessThan(200);
  });

  it('gives a character wider than the line a line of its own', () => {
    expect(wrapText('WWW', (s) => s.length * 10, 5)).toEqual(['W', 'W', 'W']);
  });
});
