import { describe, expect, it } from 'vitest';
import { cellAt, changesOf, isInherited, parentIndex, pendingCount, setOneByOne, withCell, type Matrix, type Pending } from './permission-matrix-model';

// Legal (Signed (nda), spa), teaser; groups A and B.
const m: Matrix = {
  items: [
    { id: 'legal', type: 'dataroom_folder', parent_id: null, name: 'Legal', index_number: '1', depth: 0 },
    { id: 'signed', type: 'dataroom_folder', parent_id: 'legal', name: 'Signed', index_number: '1.1', depth: 1 },
    { id: 'nda', type: 'dataroom_document', parent_id: 'signed', name: 'NDA.pdf', index_number: '1.1.1', depth: 2 },
    { id: 'spa', type: 'dataroom_document', parent_id: 'legal', name: 'SPA.pdf', index_number: '1.2', depth: 1 },
    { id: 'teaser', type: 'dataroom_document', parent_id: null, name: 'Teaser.pdf', index_number: '2', depth: 0 },
  ],
  groups: [
    { id: 'A', name: 'A', cells: '11121' },
    { id: 'B', name: 'B', cells: '00000' },
  ],
};
const parents = parentIndex(m.items);
const none: Pending = new Map();
const row = (p: Pending, g: number) => m.items.map((_, i) => cellAt(m, p, g, i)).join('');

describe('the permission matrix model', () => {
  it('reads cells and tells inherited ones', () => {
    expect(row(none, 0)).toBe('11121');
    expect(isInherited(m, none, parents, 0, 1)).toBe(true);
    expect(isInherited(m, none, parents, 0, 3)).toBe(false);
    expect(isInherited(m, none, parents, 0, 4)).toBe(false);
    expect(setOneByOne(m, none, 0, 0)).toBe(1);
  });

  it('a folder given download carries it to what inherited, not to what was set one by one', () => {
    const p = withCell(m, none, parents, 0, 0, 2);
    expect(row(p, 0)).toBe('22221');
    const q = withCell(m, withCell(m, none, parents, 0, 3, 1), parents, 0, 1, 0);
    expect(row(q, 0)).toBe('10011');
  });

  it('hiding a folder hides everything inside; showing an item shows its folders', () => {
    expect(row(withCell(m, none, parents, 0, 0, 0), 0)).toBe('00001');
    expect(row(withCell(m, none, parents, 1, 2, 2), 1)).toBe('11200');
    expect(row(withCell(m, none, parents, 0, 3, 'inherit'), 0)).toBe('11111');
  });

  it('keeps only cells that differ from the server, and turns them into changes', () => {
    const p = withCell(m, withCell(m, none, parents, 0, 4, 0), parents, 0, 4, 1);
    expect(pendingCount(p)).toBe(0);
    const q = withCell(m, none, parents, 1, 2, 2);
    expect(changesOf(m, q)).toEqual([
      { group_id: 'B', item_type: 'dataroom_document', item_id: 'nda', can_view: true, can_download: true },
      { group_id: 'B', item_type: 'dataroom_folder', item_id: 'signed', can_view: true, can_download: false },
      { group_id: 'B', item_type: 'dataroom_folder', item_id: 'legal', can_view: true, can_download: false },
    ]);
  });
});
