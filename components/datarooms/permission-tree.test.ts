import { describe, expect, it } from 'vitest';
import { folderState, treeRows, withFolderSwitched } from './permission-tree';

const folders = [
  { id: 'legal', name: '2. Legal', parent_id: null },
  { id: 'signed', name: 'Signed', parent_id: 'legal' },
  { id: 'hr', name: '3. HR', parent_id: null },
];
const documents = [
  { id: 'teaser', folder_id: null, document_name: 'Teaser.pdf' },
  { id: 'spa', folder_id: 'legal', document_name: 'SPA.pdf' },
  { id: 'nda', folder_id: 'signed', document_name: 'NDA.pdf' },
];
const rows = treeRows(folders, documents);
const row = (id: string) => rows.find((r) => r.id === id)!;
const rights = (entries: Record<string, [boolean, boolean]>) => new Map(Object.entries(entries).map(([id, [v, d]]) => [id, { can_view: v, can_download: d }]));

describe('the permissions tree', () => {
  it('lists depth-first with each folder holding everything inside it', () => {
    expect(rows.map((r) => `${'  '.repeat(r.depth)}${r.name}`)).toEqual(['Teaser.pdf', '2. Legal', '  SPA.pdf', '  Signed', '    NDA.pdf', '3. HR']);
    expect(row('legal').inside.sort()).toEqual(['nda', 'signed', 'spa']);
    expect(row('hr').inside).toEqual([]);
  });

  it('a folder is checked when it and all inside are visible, unchecked when nothing of it is, partly visible otherwise', () => {
    const all = rights({ legal: [true, false], spa: [true, false], signed: [true, false], nda: [true, false] });
    expect(folderState(row('legal'), all)).toMatchObject({ state: 'on', inside: 3, visibleInside: 3, setOneByOne: false });
    // The reported case: the folder's own row off, its documents still visible: the visitors see it.
    const ownOff = rights({ legal: [false, false], spa: [true, false], signed: [true, false], nda: [true, false] });
    expect(folderState(row('legal'), ownOff)).toMatchObject({ state: 'partial', visibleInside: 3, setOneByOne: false });
    const mixed = rights({ legal: [true, false], spa: [false, false], signed: [true, false], nda: [true, true] });
    expect(folderState(row('legal'), mixed)).toMatchObject({ state: 'partial', visibleInside: 2, downloadableInside: 1, setOneByOne: true });
    expect(folderState(row('legal'), rights({}))).toMatchObject({ state: 'off', visibleInside: 0, setOneByOne: false });
    expect(folderState(row('hr'), rights({ hr: [true, false] })).state).toBe('on');
  });

  it('switching a folder patches it and everything inside, adding rows it lacked', () => {
    const kinds = new Map(rows.map((r) => [r.id, r.kind]));
    const before = [
      { item_id: 'legal', item_type: 'dataroom_folder', can_view: true, can_download: true },
      { item_id: 'spa', item_type: 'dataroom_document', can_view: true, can_download: true },
      { item_id: 'teaser', item_type: 'dataroom_document', can_view: true, can_download: true },
    ];
    const hidden = withFolderSwitched(before, row('legal'), false, kinds);
    expect(hidden).toContainEqual({ item_id: 'teaser', item_type: 'dataroom_document', can_view: true, can_download: true });
    expect(hidden.filter((r) => r.item_id !== 'teaser').every((r) => !r.can_view && !r.can_download)).toBe(true);
    expect(hidden.find((r) => r.item_id === 'signed')).toMatchObject({ item_type: 'dataroom_folder' });
    const shown = withFolderSwitched(hidden, row('legal'), true, kinds);
    expect(shown.filter((r) => r.item_id !== 'teaser').every((r) => r.can_view)).toBe(true);
  });
});
