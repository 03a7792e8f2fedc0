// Dragging documents and folders onto folders (HTML5 drag and drop). Files dragged in from
// the computer carry 'Files' instead and go to the uploader.
export const DRAG_TYPE = 'application/x-quire-item';

export type DragItem = { kind: 'document' | 'folder'; id: string; name: string };

export function startDrag(e: React.DragEvent, item: DragItem) {
  e.dataTransfer.setData(DRAG_TYPE, JSON.stringify(item));
  e.dataTransfer.setData('text/plain', item.name);
  e.dataTransfer.effectAllowed = 'move';
}

export const isItemDrag = (e: React.DragEvent) => e.dataTransfer.types.includes(DRAG_TYPE);
export const isFileDrag = (e: React.DragEvent) => e.dataTransfer.types.includes('Files');

export function readDrag(e: React.DragEvent): DragItem | null {
  try {
    const v = JSON.parse(e.dataTransfer.getData(DRAG_TYPE));
    return v && (v.kind === 'document' || v.kind === 'folder') && typeof v.id === 'string' ? v : null;
  } catch {
    return null;
  }
}
