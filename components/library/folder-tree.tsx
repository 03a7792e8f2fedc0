'use client';
// The library's folder tree: loads one level at a time as folders are expanded, highlights the
// open folder, and takes documents and folders dropped on any node.
import { ChevronRight, Folder, FolderOpen, FolderPlus, Library } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useState, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useFolderPages } from '@/lib/trpc/lists';
import type { FolderItem } from '@/lib/trpc/types';
import { startDrag } from './drag';
import { FolderMenu } from './folder-menu';
import { useLibraryActions } from './library-actions';
import { useDropTarget } from './use-drop-target';

import { folderHref } from './urls';

function Row({
  folderId,
  label,
  icon,
  level,
  active,
  expander,
  draggable,
  menu,
}: {
  folderId: string | null;
  label: string;
  icon: ReactNode;
  level: number;
  active: boolean;
  expander: ReactNode;
  draggable?: { name: string };
  menu?: ReactNode;
}) {
  const target = useDropTarget(folderId);
  return (
    <div
      {...target.props}
      className={cn(
        'group flex items-center rounded-md pr-1 text-sm',
        active ? 'bg-brand-50 text-brand-700' : 'text-zinc-700 hover:bg-zinc-100',
        target.over && 'bg-brand-100 ring-2 ring-brand-400',
      )}
      style={{ paddingLeft: `${level * 0.85}rem` }}
      data-testid={folderId ? `tree-folder-${label}` : 'tree-root'}
    >
      {expander}
      <Link
        href={folderHref(folderId)}
        draggable={!!draggable}
        onDragStart={draggable && folderId ? (e) => startDrag(e, { kind: 'folder', id: folderId, name: draggable.name }) : undefined}
        className="flex min-w-0 flex-1 items-center gap-2 py-1.5"
        aria-current={active ? 'page' : undefined}
      >
        {icon}
        <span className="truncate">{label}</span>
      </Link>
      {menu && <div className="opacity-0 group-focus-within:opacity-100 group-hover:opacity-100">{menu}</div>}
    </div>
  );
}

function Children({ parentId, level, activeId, ancestors }: { parentId: string | null; level: number; activeId: string | null; ancestors: Set<string> }) {
  const q = useFolderPages(parentId);
  if (q.isPending) {
    return (
      <div className="space-y-1.5 py-1" style={{ paddingLeft: `${level * 0.85 + 1.5}rem` }}>
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-4 w-16" />
      </div>
    );
  }
  const folders = q.data?.pages.flatMap((p) => p.data) ?? [];
  if (parentId === null && folders.length === 0) return <NoFoldersYet />;
  return (
    <ul role="group" className="space-y-px">
      {folders.map((f) => (
        <Node key={f.id} folder={f} level={level} activeId={activeId} ancestors={ancestors} />
      ))}
      {q.hasNextPage && (
        <li style={{ paddingLeft: `${level * 0.85 + 1.5}rem` }}>
          <button className="py-1 text-xs font-medium text-brand-600 hover:underline" onClick={() => q.fetchNextPage()}>
            Show more
          </button>
        </li>
      )}
    </ul>
  );
}

function NoFoldersYet() {
  const { newFolder } = useLibraryActions();
  return (
    <button
      type="button"
      onClick={() => newFolder(null)}
      className="mt-1 flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-xs text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800"
    >
      <FolderPlus className="h-3.5 w-3.5" aria-hidden /> Create a folder to organise documents
    </button>
  );
}

function Node({ folder, level, activeId, ancestors }: { folder: FolderItem; level: number; activeId: string | null; ancestors: Set<string> }) {
  const [open, setOpen] = useState(ancestors.has(folder.id));
  // Opening a folder elsewhere (list, breadcrumb) unfolds the tree down to it.
  useEffect(() => {
    if (ancestors.has(folder.id)) setOpen(true);
  }, [ancestors, folder.id]);
  const hasChildren = folder.child_folder_count > 0;
  const active = activeId === folder.id;
  return (
    <li role="treeitem" aria-expanded={hasChildren ? open : undefined} aria-selected={active}>
      <Row
        folderId={folder.id}
        label={folder.name}
        level={level}
        active={active}
        draggable={{ name: folder.name }}
        icon={active ? <FolderOpen className="h-4 w-4 shrink-0" aria-hidden /> : <Folder className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden />}
        expander={
          hasChildren ? (
            <button
              type="button"
              onClick={() => setOpen(!open)}
              className="flex h-6 w-6 shrink-0 items-center justify-center rounded text-zinc-400 hover:text-zinc-700"
              aria-label={open ? `Collapse ${folder.name}` : `Expand ${folder.name}`}
            >
              <ChevronRight className={cn('h-3.5 w-3.5 transition-transform', open && 'rotate-90')} />
            </button>
          ) : (
            <span className="w-6 shrink-0" />
          )
        }
        menu={<FolderMenu folder={folder} compact />}
      />
      {open && hasChildren && <Children parentId={folder.id} level={level + 1} activeId={activeId} ancestors={ancestors} />}
    </li>
  );
}

export function FolderTree({ activeId, ancestorIds }: { activeId: string | null; ancestorIds: string[] }) {
  const ancestors = new Set(ancestorIds);
  return (
    <nav aria-label="Folders">
      <ul role="tree" aria-label="Folders" className="space-y-px">
        <li role="treeitem" aria-selected={activeId === null} aria-expanded>
          <Row
            folderId={null}
            label="All documents"
            level={0}
            active={activeId === null}
            icon={<Library className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden />}
            expander={<span className="w-1.5 shrink-0" />}
          />
          <Children parentId={null} level={0} activeId={activeId} ancestors={ancestors} />
        </li>
      </ul>
    </nav>
  );
}
