'use client';
import { EllipsisVertical, ExternalLink, FolderInput, Pencil, Share2, Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '@/components/ui/dropdown';
import type { DocumentItem } from '@/lib/trpc/types';
import { useLibraryActions } from './library-actions';
import { documentHref } from './urls';

/** `showOpen`/`showShare`: false on the document page, which has its own Share button. */
export function DocumentMenu({ doc, afterDelete, showOpen = true, showShare = true }: { doc: DocumentItem; afterDelete?: string; showOpen?: boolean; showShare?: boolean }) {
  const a = useLibraryActions();
  const router = useRouter();
  return (
    <Menu>
      <MenuTrigger className="rounded-md p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800" aria-label={`Actions for ${doc.name}`}>
        <EllipsisVertical className="h-4 w-4" />
      </MenuTrigger>
      <MenuContent>
        {showOpen && (
          <MenuItem icon={ExternalLink} onSelect={() => router.push(documentHref(doc.id))}>
            Open
          </MenuItem>
        )}
        {showShare && (
          <MenuItem icon={Share2} onSelect={() => a.shareDocument(doc)}>
            Share…
          </MenuItem>
        )}
        <MenuItem icon={Pencil} onSelect={() => a.renameDocument(doc)}>
          Rename
        </MenuItem>
        <MenuItem icon={FolderInput} onSelect={() => a.moveDocument(doc)}>
          Move to…
        </MenuItem>
        <MenuSeparator />
        <MenuItem icon={Trash2} danger onSelect={() => a.deleteDocument(doc, afterDelete)}>
          Delete
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
