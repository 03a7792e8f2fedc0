import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './branding-fields';
import { fill, viewerWords } from './viewer-words';

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
});
