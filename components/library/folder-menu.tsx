'use client';
import { EllipsisVertical, FolderInput, FolderPlus, Pencil, Trash2 } from 'lucide-react';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '@/components/ui/dropdown';
import type { FolderItem } from '@/lib/trpc/types';
import { useLibraryActions } from './library-actions';

export function FolderMenu({ folder, compact, afterDelete }: { folder: FolderItem; compact?: boolean; afterDelete?: string }) {
  const a = useLibraryActions();
  return (
    <Menu>
      <MenuTrigger
        className={compact ? 'rounded p-1 text-zinc-400 hover:bg-zinc-200 hover:text-zinc-700' : 'rounded-md p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800'}
        aria-label={`Actions for folder ${folder.name}`}
      >
        <EllipsisVertical className="h-4 w-4" />
      </MenuTrigger>
      <MenuContent>
        <MenuItem icon={FolderPlus} onSelect={() => a.newFolder(folder.id)}>
          New subfolder
        </MenuItem>
        <MenuItem icon={Pencil} onSelect={() => a.renameFolder(folder)}>
          Rename
        </MenuItem>
        <MenuItem icon={FolderInput} onSelect={() => a.moveFolder(folder)}>
          Move to…
        </MenuItem>
        <MenuSeparator />
        <MenuItem icon={Trash2} danger onSelect={() => a.deleteFolder(folder, afterDelete)}>
          Delete
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
