import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './branding-fields';
import { fill, pagesCount, viewerWords } from './viewer-words';

describe('viewer words', () => {
  it('every language has every word, with the same slots as English', () => {
    const en = viewerWords('en').t;
    const slots = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const l of LANGUAGES) {
      const { t, lang } = viewerWords(l);
      expect(lang).toBe(l);
      expect(Object.keys(t).sort()).toEqual(Object.keys(en).sort());
      for (const k of Object.keys(en) as (keyof typeof en)[]) {
        expect(t[k].length, `${l}.${k}`).toBeGreaterThan(0);
        expect(slots(t[k]), `${l}.${k}`).toEqual(slots(en[k]));
      }
    }
  });

  it('falls back to English and fills slots', () => {
    expect(viewerWords('xx').lang).toBe('en');
    expect(viewerWords(null).lang).toBe('en');
    expect(fill('Page {page} of {total}', { page: 2, total: 9 })).toBe('Page 2 of 9');
  });

  it('counts pages in the right number (issue 41 item 10: never "1 pages")', () => {
    expect(pagesCount(viewerWords('en').t, 1)).toBe('1 page');
    expect(pagesCount(viewerWords('en').t, 12)).toBe('12 pages');
    expect(pagesCount(viewerWords('de').t, 1)).toBe('1 Seite');
    expect(pagesCount(viewerWords('fr').t, 2)).toBe('2 pages');
  });
});
