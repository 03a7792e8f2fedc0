'use client';
import { useState } from 'react';
import { isItemDrag, readDrag } from './drag';
import { useLibraryActions } from './library-actions';

/** Makes an element accept documents and folders dragged onto it; moves them into `folderId`. */
export function useDropTarget(folderId: string | null) {
  const { drop } = useLibraryActions();
  const [over, setOver] = useState(false);
  return {
    over,
    props: {
      onDragOver: (e: React.DragEvent) => {
        if (!isItemDrag(e)) return;
        e.preventDefault();
        e.stopPropagation();
        e.dataTransfer.dropEffect = 'move';
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (e: React.DragEvent) => {
        setOver(false);
        const item = readDrag(e);
        if (!item) return;
        e.preventDefault();
        e.stopPropagation();
        drop(item, folderId);
      },
    },
  };
}
