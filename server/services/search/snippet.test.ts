import { describe, expect, it } from 'vitest';
import { fromMarked, hasWords, positivePart, SNIPPET_MAX } from './snippet';

const mark = (s: string) => s.replace(/\[/g, '\u0001').replace(/\]/g, '\u0002');
const shown = (r: { snippet: string; highlights: [number, number][] }) => r.highlights.map(([a, b]) => r.snippet.slice(a, b));

describe('snippets', () => {
  it('turns marks into offsets into the plain text', () => {
    const r = fromMarked(mark('the [escrow] agreement is [signed]'));
    expect(r.snippet).toBe('the escrow agreement is signed');
    expect(shown(r)).toEqual(['escrow', 'signed']);
  });

  it('collapses the page’s line breaks and runs of spaces, offsets kept true', () => {
    const r = fromMarked(mark('Line one:  the [escrow]\nagreement   is\n\n[signed].'));
    expect(r.snippet).toBe('Line one: the escrow agreement is signed.');
    expect(shown(r)).toEqual(['escrow', 'signed']);
  });

  it('joins words matched side by side (a phrase) into one highlight, across a line break too', () => {
    const r = fromMarked(mark('the [escrow] [agent]\n[holds] it; the [price], [paid]'));
    expect(shown(r)).toEqual(['escrow agent holds', 'price', 'paid']);
  });

  it('cuts a long text to at most 240 characters around the first hit, at spaces', () => {
    const words = Array.from({ length: 200 }, (_, i) => `w${i}`);
    words[120] = '[needle]';
    const r = fromMarked(mark(words.join(' ')));
    expect(r.snippet.length).toBeLessThanOrEqual(SNIPPET_MAX);
    expect(r.snippet.startsWith('…')).toBe(true);
    expect(r.snippet.endsWith('…')).toBe(true);
    expect(shown(r)).toEqual(['needle']);
    expect(r.snippet.slice(1, -1).split(" ").every((w) => /^(w\d+|needle)$/.test(w))).toBe(true); // whole words only
  });

  it('keeps emoji and other astral characters whole around the offsets', () => {
    const r = fromMarked(mark('😀 the [Verträge] 😀'));
    expect(shown(r)).toEqual(['Verträge']);
  });
});

describe('the query’s words', () => {
  it('leaves out exclusions for highlighting', () => {
    expect(positivePart('"signed contracts" -draft or NDA')).toBe('"signed contracts" or NDA');
    expect(positivePart('escrow -"draft version" term')).toBe('escrow term');
  });

  it('finds nothing to match in operators, punctuation or exclusions alone', () => {
    for (const q of ['-draft', '"', 'or', ' - ', '"" or ""', '-"a b"', '&|!()']) expect(hasWords(q), q).toBe(false);
    for (const q of ['escrow', '"unbalanced', '😀 x', 'Vertrag', '42']) expect(hasWords(q), q).toBe(true);
  });
});
