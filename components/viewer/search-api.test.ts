import { describe, expect, it } from 'vitest';
import { groupBoxes, hitHref, type Box } from './search-api';

describe('find matches from word boxes', () => {
  it('a phrase on one line is one match; words apart or on another line are their own', () => {
    const escrow: Box = [120, 300, 60, 14];
    const agent: Box = [186, 300, 50, 14];
    const far: Box = [600, 300, 60, 14];
    const below: Box = [120, 330, 60, 14];
    expect(groupBoxes([escrow, agent, far, below])).toEqual([[escrow, agent], [far], [below]]);
    expect(groupBoxes([])).toEqual([]);
  });
});

describe('where a room hit opens', () => {
  it('a text hit at its page with the words; a name hit at the document', () => {
    expect(hitHref('/view/s', { item_id: 'p1', page_number: 3, match: 'text' }, 'escrow agent')).toBe('/view/s/d/p1?page=3&q=escrow+agent');
    expect(hitHref('/view/s', { item_id: 'p1', page_number: null, match: 'name' }, 'bid')).toBe('/view/s/d/p1');
    expect(hitHref('/view/s', { item_id: null, page_number: 2, match: 'text' }, 'x')).toBe('/view/s?page=2&q=x');
  });
});
