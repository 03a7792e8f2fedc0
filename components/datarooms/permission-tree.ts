// The permissions list's rows and what a folder's View box says: the room's tree depth-first,
// each folder with everything inside it, and a folder's state from its own row and its
// contents' (checked: it and all inside visible; partly: something of it visible, not all;
// unchecked: nothing of it visible, which is what its group's visitors see).

export type TreeRow = { id: string; kind: 'folder' | 'document'; name: string; depth: number; inside: string[] };
type Rights = { can_view: boolean; can_download: boolean };

/** Depth-first: each folder, then its documents, then its subfolders (by name). */
export function treeRows(
  folders: { id: string; name: string; parent_id: string | null }[],
  documents: { id: string; folder_id: string | null; document_name: string }[],
): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (parent: string | null, depth: number): string[] => {
    const ids: string[] = [];
    for (const d of documents.filter((x) => x.folder_id === parent)) {
      rows.push({ id: d.id, kind: 'document', name: d.document_name, depth, inside: [] });
      ids.push(d.id);
    }
    for (const f of folders.filter((x) => x.parent_id === parent).sort((a, b) => a.name.localeCompare(b.name))) {
      const row: TreeRow = { id: f.id, kind: 'folder', name: f.name, depth, inside: [] };
      rows.push(row);
      row.inside = walk(f.id, depth + 1);
      ids.push(f.id, ...row.inside);
    }
    return ids;
  };
  walk(null, 0);
  return rows;
}

export type FolderState = {
  state: 'on' | 'partial' | 'off';
  /** Items inside (at any depth) and how many of them are visible or downloadable. */
  inside: number;
  visibleInside: number;
  downloadableInside: number;
  /** The items inside do not all have the same rights: hiding the folder would undo choices made one by one. */
  setOneByOne: boolean;
};

export function folderState(row: TreeRow, rights: Map<string, Rights>): FolderState {
  const of = (id: string) => rights.get(id) ?? { can_view: false, can_download: false };
  const inside = row.inside.map(of);
  const visibleInside = inside.filter((r) => r.can_view).length;
  const downloadableInside = inside.filter((r) => r.can_download).length;
  const own = of(row.id).can_view;
  const state = !own && visibleInside === 0 ? 'off' : own && visibleInside === inside.length ? 'on' : 'partial';
  const setOneByOne = inside.some((r) => r.can_view !== inside[0]!.can_view || r.can_download !== inside[0]!.can_download);
  return { state, inside: inside.length, visibleInside, downloadableInside, setOneByOne };
}

/** The rows as the server will have them after the folder switch (shown before it answers). */
export function withFolderSwitched<P extends Rights & { item_id: string; item_type: string }>(rows: P[], folder: TreeRow, visible: boolean, kinds: Map<string, TreeRow['kind']>): P[] {
  const ids = new Set([folder.id, ...folder.inside]);
  const patch = (r: P): P => (visible ? { ...r, can_view: true } : { ...r, can_view: false, can_download: false });
  const known = new Set(rows.map((r) => r.item_id));
  const added = [...ids]
    .filter((id) => !known.has(id))
    .map((id) => ({ item_id: id, item_type: kinds.get(id) === 'folder' ? 'dataroom_folder' : 'dataroom_document', can_view: visible, can_download: false }) as P);
  return [...rows.map((r) => (ids.has(r.item_id) ? patch(r) : r)), ...added];
}
