'use client';
import { useQuery } from '@tanstack/react-query';
import { Folder } from 'lucide-react';
import Link from 'next/link';
import { RelativeTime } from '@/components/ui/time';
import { cn } from '@/lib/cn';
import { useTRPC } from '@/lib/trpc/react';
import type { FolderItem, RouterOutputs } from '@/lib/trpc/types';
import { DocIcon } from '@/components/ui/doc-icon';
import { docTypeLabel } from '@/lib/shared/doc-type-labels';
import { DocumentLength, lengthText } from './document-length';
import { DocumentMenu } from './document-menu';
import { startDrag } from './drag';
import { FolderMenu } from './folder-menu';
import { documentHref, folderHref } from './urls';
import { useDropTarget } from './use-drop-target';

const grid = 'grid grid-cols-[minmax(0,1fr)_auto] items-center gap-3 px-4 sm:grid-cols-[minmax(0,1fr)_7rem_7.5rem_8rem_auto] sm:px-5';

/** A library row's document: the Document object and, for a video, its length. */
export type LibraryDocument = RouterOutputs['documents']['browse']['data'][number];

export function ListHeader({ showFolder }: { showFolder?: boolean }) {
  return (
    <div className={cn(grid, 'hidden border-b border-zinc-100 py-2 text-xs font-medium text-zinc-500 sm:grid')} aria-hidden>
      <span>Name</span>
      <span>{showFolder ? 'Folder' : 'Type'}</span>
      <span className="text-right">Length</span>
      <span>Updated</span>
      <span className="w-7" />
    </div>
  );
}

export function FolderRow({ folder }: { folder: FolderItem }) {
  const target = useDropTarget(folder.id);
  const counts = [
    folder.child_folder_count ? `${folder.child_folder_count} folder${folder.child_folder_count === 1 ? '' : 's'}` : null,
    `${folder.document_count} document${folder.document_count === 1 ? '' : 's'}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li
      {...target.props}
      className={cn(grid, 'group py-2.5 hover:bg-zinc-50', target.over && 'bg-brand-50 ring-2 ring-brand-400 ring-inset')}
      data-testid="folder-row"
    >
      <Link
        href={folderHref(folder.id)}
        draggable
        onDragStart={(e) => startDrag(e, { kind: 'folder', id: folder.id, name: folder.name })}
        className="flex min-w-0 items-center gap-3"
      >
        <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-600" aria-hidden>
          <Folder className="h-4 w-4" fill="currentColor" fillOpacity={0.15} />
        </span>
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium text-zinc-900 group-hover:underline">{folder.name}</span>
          <span className="block text-xs text-zinc-500 sm:hidden">{counts}</span>
        </span>
      </Link>
      <span className="hidden truncate text-sm text-zinc-500 sm:block">{counts}</span>
      <span className="hidden sm:block" />
      <span className="hidden text-sm text-zinc-500 sm:block">
        <RelativeTime iso={folder.updated_at} />
      </span>
      <FolderMenu folder={folder} />
    </li>
  );
}

function FolderName({ id }: { id: string | null }) {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.folders.get.queryOptions({ id: id ?? '' }), enabled: !!id, staleTime: 60_000 });
  if (!id) return <span className="text-zinc-400">Top level</span>;
  return <Link href={folderHref(id)} className="hover:underline">{q.data?.name ?? '…'}</Link>;
}

export function DocumentRow({ doc, showFolder }: { doc: LibraryDocument; showFolder?: boolean }) {
  const measured = doc.preview_status === 'processing' || doc.preview_status === 'failed' || lengthText(doc) !== null;
  return (
    <li className={cn(grid, 'group py-2.5 hover:bg-zinc-50')} data-testid="document-row">
      <Link
        href={documentHref(doc.id)}
        draggable
        onDragStart={(e) => startDrag(e, { kind: 'document', id: doc.id, name: doc.name })}
        className="flex min-w-0 items-center gap-3"
      >
        <DocIcon type={doc.type} />
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium text-zinc-900 group-hover:underline">{doc.name}</span>
          <span className="block text-xs text-zinc-500 sm:hidden">
            {docTypeLabel(doc.type)}
            {measured && (
              <>
                {' · '}
                <DocumentLength doc={doc} />
              </>
            )}
            {' · '}
            <RelativeTime iso={doc.updated_at} />
          </span>
        </span>
      </Link>
      <span className="hidden truncate text-sm text-zinc-500 sm:block">{showFolder ? <FolderName id={doc.folder_id} /> : docTypeLabel(doc.type)}</span>
      <span className="hidden text-right text-sm text-zinc-500 tabular-nums sm:block" data-testid="document-length">
        <DocumentLength doc={doc} />
      </span>
      <span className="hidden text-sm text-zinc-500 sm:block">
        <RelativeTime iso={doc.updated_at} />
      </span>
      <DocumentMenu doc={doc} />
    </li>
  );
}
