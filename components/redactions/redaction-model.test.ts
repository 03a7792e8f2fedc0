import { describe, expect, it } from 'vitest';
import { boxFromDrag, byPage, undecided, type EditorMark } from './redaction-model';

describe('boxFromDrag', () => {
  it('makes the box between the two points whichever way the drag went', () => {
    expect(boxFromDrag(2, { x: 0.5, y: 0.4 }, { x: 0.1, y: 0.2 })).toEqual({ page: 2, x: 0.1, y: 0.2, width: 0.4, height: 0.2 });
  });
  it('clamps to the page, and never passes its edge after rounding', () => {
    const b = boxFromDrag(1, { x: -0.2, y: 0.3333333333 }, { x: 1.4, y: 1.2 })!;
    expect(b.x).toBe(0);
    expect(b.x + b.width).toBeLessThanOrEqual(1);
    expect(b.y + b.height).toBeLessThanOrEqual(1);
    expect(b.width).toBe(1);
  });
  it('a click or a line is no box', () => {
    expect(boxFromDrag(1, { x: 0.3, y: 0.3 }, { x: 0.3, y: 0.3 })).toBeNull();
    expect(boxFromDrag(1, { x: 0.1, y: 0.3 }, { x: 0.9, y: 0.302 })).toBeNull();
  });
});

const mark = (id: string, page: number, y: number, x = 0.1, source: EditorMark['source'] = 'box'): EditorMark => ({ id, page, x, y, width: 0.1, height: 0.05, source, text: '' });

describe('byPage', () => {
  it('groups by page in page order, each page top to bottom then left to right', () => {
    const groups = byPage([mark('c', 3, 0.1), mark('b', 1, 0.5), mark('a', 1, 0.2, 0.6), mark('d', 1, 0.2, 0.1)]);
    expect(groups.map((g) => [g.page, g.marks.map((m) => m.id)])).toEqual([
      [1, ['d', 'a', 'b']],
      [3, ['c']],
    ]);
  });
});

describe('undecided', () => {
  it('is the pattern marks not yet accepted; boxes and terms are the person’s own choice', () => {
    const marks = [mark('a', 1, 0.1, 0.1, 'pattern'), mark('b', 1, 0.2, 0.1, 'pattern'), mark('c', 1, 0.3), mark('d', 1, 0.4, 0.1, 'term')];
    expect(undecided(marks, new Set(['a'])).map((m) => m.id)).toEqual(['b']);
  });
});
