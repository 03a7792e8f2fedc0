import { describe, expect, it } from 'vitest';
import { compareIndexNumbers, numberItems } from './index-numbers';

describe('index numbers', () => {
  it('numbers a folder’s subfolders first, then its documents, each by order_index', () => {
    const folders = [
      { id: 'b', parentId: null, orderIndex: 1 },
      { id: 'a', parentId: null, orderIndex: 0 },
      { id: 'a1', parentId: 'a', orderIndex: 0 },
    ];
    const docs = [
      { id: 'r2', folderId: null, orderIndex: 1 },
      { id: 'r1', folderId: null, orderIndex: 0 },
      { id: 'y', folderId: 'a', orderIndex: 0 },
      { id: 'x', folderId: 'a1', orderIndex: 0 },
    ];
    expect(Object.fromEntries(numberItems(folders, docs))).toEqual({ a: '1', a1: '1.1', x: '1.1.1', y: '1.2', b: '2', r1: '3', r2: '4' });
  });

  it('orders numbers as the tree does', () => {
    expect(['1.10', '2', '1.9', '1', '1.9.1'].sort(compareIndexNumbers)).toEqual(['1', '1.9', '1.9.1', '1.10', '2']);
  });
});
