import { describe, expect, it } from 'vitest';
import { snippetParts } from './snippet-parts';

describe('snippetParts', () => {
  it('cuts a snippet at its highlights', () => {
    expect(snippetParts('the escrow of ten percent', [[4, 10], [18, 25]])).toEqual([
      { text: 'the ', match: false },
      { text: 'escrow', match: true },
      { text: ' of ten ', match: false },
      { text: 'percent', match: true },
    ]);
  });

  it('merges overlaps, sorts, and clamps offsets past the end', () => {
    expect(snippetParts('abcdef', [[4, 99], [0, 2], [1, 3]])).toEqual([
      { text: 'abc', match: true },
      { text: 'd', match: false },
      { text: 'ef', match: true },
    ]);
  });

  it('keeps the whole text when nothing is highlighted or a range is empty', () => {
    expect(snippetParts('plain', [])).toEqual([{ text: 'plain', match: false }]);
    expect(snippetParts('plain', [[2, 2], [-5, 0]])).toEqual([{ text: 'plain', match: false }]);
    expect(snippetParts('', [[0, 3]])).toEqual([]);
  });

  it('counts UTF-16 code units, as the API does', () => {
    const s = '😀 Verträge';
    expect(snippetParts(s, [[3, 11]])).toEqual([
      { text: '😀 ', match: false },
      { text: 'Verträge', match: true },
    ]);
  });
});
