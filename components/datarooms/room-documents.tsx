'use client';
// The room's folder tree and the documents of the selected folder: add from the library, make,
// rename, move and delete folders, drag documents onto a folder or onto another row to reorder,
// drag subfolders onto one another to reorder them (or, by keyboard, Alt+↑/↓ on a row, or the
// row's menu: move up/down, move to…), detach. Index numbers (1.2.3) as the room shows them, and
// the index as CSV, Excel or PDF. A frozen room shows it all read-only.
import { useMutation } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, FileDown, FileText, Folder, FolderInput, FolderPlus, FolderUp, MoreHorizontal, Pencil, Plus, Trash2, Unlink } from 'lucide-react';
import { useMemo, useState, type DragEvent, type KeyboardEvent } from 'react';
import { NameDialog } from '@/components/library/name-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DocIcon } from '@/components/ui/doc-icon';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '@/components/ui/dropdown';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { documentTypeFor } from '@/lib/shared/content-types';
import { contentTypeLabel } from '@/lib/shared/doc-type-labels';
import { pagesLabel } from '@/lib/format';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { DocumentPicker } from './document-picker';
import { useRefreshRooms, useRoomDocuments, useRoomFolders, type Room, type RoomDocument, type RoomFolder } from './hooks';
import { FolderPickerDialog } from './folder-picker-dialog';

const DRAG_TYPE = 'application/x-quire-room-document';
const FOLDER_DRAG_TYPE = 'application/x-quire-room-folder';

/** A room item's number before its name (nothing when the room shows none). */
function IndexNumber({ value }: { value: string | null | undefined }) {
  return value ? (
    <span className="shrink-0 text-xs font-medium text-zinc-400 tabular-nums" data-testid="index-number">
      {value}
    </span>
  ) : null;
}

/** Alt+↑ / Alt+↓ on a focused row moves it up or down: the keyboard's drag. */
const reorderKeys = (move: (delta: -1 | 1) => void) => (e: KeyboardEvent) => {
  if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
  e.preventDefault();
  move(e.key === 'ArrowUp' ? -1 : 1);
};

export function RoomDocuments({ room }: { room: Room }) {
  const trpc = useTRPC();
  const notify = useToast();
  const refresh = useRefreshRooms();
  const folders = useRoomFolders(room.id);
  const documents = useRoomDocuments(room.id);
  const [folderId, setFolderId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<
    | { kind: 'new-folder' }
    | { kind: 'rename'; folder: RoomFolder }
    | { kind: 'move-folder'; folder: RoomFolder }
    | { kind: 'delete-folder'; folder: RoomFolder }
    | { kind: 'move-doc'; doc: RoomDocument }
    | { kind: 'detach'; doc: RoomDocument }
    | { kind: 'add' }
    | null
  >(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const frozen = room.is_frozen;
  const close = () => setDialog(null);
  const onError = (e: unknown) => notify(errorMessage(e), 'error');

  const createFolder = useMutation(trpc.datarooms.folders.create.mutationOptions({ onSuccess: async () => (await refresh(), close()) }));
  const renameFolder = useMutation(trpc.datarooms.folders.update.mutationOptions({ onSuccess: async () => (await refresh(), close()) }));
  const moveFolder = useMutation(trpc.datarooms.folders.move.mutationOptions({ onSuccess: async () => (await refresh(), close()) }));
  const reorderFolder = useMutation(trpc.datarooms.folders.update.mutationOptions({ onSuccess: () => refresh(), onError }));
  const setUploads = useMutation(
    trpc.datarooms.folders.update.mutationOptions({
      onSuccess: async (f) => {
        await refresh();
        notify(f.accepts_uploads ? 'The folder accepts uploads from groups you allow in Permissions.' : 'The folder no longer accepts uploads.');
      },
      onError,
    }),
  );
  const deleteFolder = useMutation(
    trpc.datarooms.folders.delete.mutationOptions({
      onSuccess: async (_r, v) => {
        if (v.folderId === folderId) setFolderId(null);
        await refresh();
        close();
        notify('Folder deleted.');
      },
    }),
  );
  const moveDoc = useMutation(trpc.datarooms.documents.move.mutationOptions({ onSuccess: async () => (await refresh(), close()), onError }));
  const detach = useMutation(
    trpc.datarooms.documents.detach.mutationOptions({
      onSuccess: async () => {
        await refresh();
        close();
        notify('Document removed from the room. It stays in your library.');
      },
    }),
  );

  const byId = useMemo(() => new Map((folders.data ?? []).map((f) => [f.id, f])), [folders.data]);
  const current = folderId ? byId.get(folderId) ?? null : null;
  const docs = (documents.data ?? []).filter((d) => d.folder_id === folderId);
  const byOrder = (a: RoomFolder, b: RoomFolder) => a.order_index - b.order_index;
  const subfolders = (folders.data ?? []).filter((f) => f.parent_id === folderId).sort(byOrder);

  const onDragStart = (e: DragEvent, doc: RoomDocument) => {
    e.dataTransfer.setData(DRAG_TYPE, doc.id);
    e.dataTransfer.effectAllowed = 'move';
  };
  const dropProps = (key: string, target: { folder_id: string | null; order_index?: number }) =>
    frozen
      ? {}
      : {
          onDragOver: (e: DragEvent) => {
            if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
            e.preventDefault();
            setDropTarget(key);
          },
          onDragLeave: () => setDropTarget((t) => (t === key ? null : t)),
          onDrop: (e: DragEvent) => {
            const ddId = e.dataTransfer.getData(DRAG_TYPE);
            setDropTarget(null);
            if (!ddId) return;
            e.preventDefault();
            moveDoc.mutate({ id: room.id, ddId, ...target });
          },
        };

  const folderDrag = (f: RoomFolder) =>
    frozen
      ? {}
      : {
          draggable: true,
          onDragStart: (e: DragEvent) => {
            e.dataTransfer.setData(FOLDER_DRAG_TYPE, f.id);
            e.dataTransfer.effectAllowed = 'move';
          },
        };
  /** A subfolder row takes a document (into it) or a sibling folder (to its place). */
  const folderRowDrop = (f: RoomFolder) => {
    const key = `row:${f.id}`;
    const doc = dropProps(key, { folder_id: f.id });
    if (frozen) return doc;
    return {
      ...doc,
      onDragOver: (e: DragEvent) => {
        if (e.dataTransfer.types.includes(FOLDER_DRAG_TYPE)) {
          e.preventDefault();
          setDropTarget(key);
        } else (doc as { onDragOver: (e: DragEvent) => void }).onDragOver(e);
      },
      onDrop: (e: DragEvent) => {
        const dragged = e.dataTransfer.getData(FOLDER_DRAG_TYPE);
        if (!dragged) return (doc as { onDrop: (e: DragEvent) => void }).onDrop(e);
        e.preventDefault();
        setDropTarget(null);
        if (dragged !== f.id) reorderFolder.mutate({ id: room.id, folderId: dragged, order_index: f.order_index });
      },
    };
  };

  const renderTree = (parent: string | null, depth: number): React.ReactNode =>
    (folders.data ?? [])
      .filter((f) => f.parent_id === parent)
      .sort(byOrder)
      .map((f) => (
        <li key={f.id}>
          <button
            type="button"
            onClick={() => setFolderId(f.id)}
            aria-current={folderId === f.id ? 'true' : undefined}
            style={{ paddingLeft: `${0.5 + depth * 0.9}rem` }}
            className={cn(
              'flex w-full items-center gap-2 rounded-md py-1.5 pr-2 text-left text-sm focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
              folderId === f.id ? 'bg-brand-50 font-medium text-brand-700' : 'text-zinc-700 hover:bg-zinc-100',
              dropTarget === `tree:${f.id}` && 'ring-2 ring-brand-400',
            )}
            {...dropProps(`tree:${f.id}`, { folder_id: f.id })}
          >
            <Folder className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden />
            <IndexNumber value={f.index_number} />
            <span className="truncate">{f.name}</span>
            <span className="ml-auto text-xs text-zinc-400 tabular-nums">{f.document_count || ''}</span>
          </button>
          <ul>{renderTree(f.id, depth + 1)}</ul>
        </li>
      ));

  return (
    <div className="grid gap-5 lg:grid-cols-[16rem_1fr]">
      <Card className="h-fit p-2">
        <nav aria-label="Room folders">
          <ul className="space-y-px">
            <li>
              <button
                type="button"
                onClick={() => setFolderId(null)}
                aria-current={folderId === null ? 'true' : undefined}
                className={cn(
                  'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                  folderId === null ? 'bg-brand-50 font-medium text-brand-700' : 'text-zinc-700 hover:bg-zinc-100',
                  dropTarget === 'tree:root' && 'ring-2 ring-brand-400',
                )}
                {...dropProps('tree:root', { folder_id: null })}
              >
                <Folder className="h-4 w-4 shrink-0 text-brand-500" aria-hidden />
                Room top level
              </button>
            </li>
            {folders.isPending ? (
              <li className="space-y-2 p-2">
                <Skeleton className="h-5 w-full" />
                <Skeleton className="h-5 w-3/4" />
              </li>
            ) : (
              renderTree(null, 1)
            )}
          </ul>
        </nav>
      </Card>

      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-100 px-5 py-3">
          <div className="min-w-0">
            <h2 className="flex items-center gap-2 truncate text-sm font-semibold text-zinc-900">
              {current ? current.name : 'Top level'}
              {current?.accepts_uploads && (
                <span data-testid="folder-accepts-uploads" className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-100">
                  <FolderUp className="h-3 w-3" aria-hidden />
                  Accepts uploads
                </span>
              )}
            </h2>
            <p className="truncate text-xs text-zinc-500">{current ? current.path : 'Documents and folders at the top of the room'}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Menu>
              <MenuTrigger asChild>
                <Button variant="secondary" aria-label="Download the room index">
                  <FileDown className="h-4 w-4" aria-hidden />
                  Index
                </Button>
              </MenuTrigger>
              <MenuContent>
                {(
                  [
                    ['csv', 'CSV'],
                    ['xlsx', 'Excel workbook'],
                    ['pdf', 'PDF (branded)'],
                  ] as const
                ).map(([format, label]) => (
                  <MenuItem key={format} icon={FileDown} onSelect={() => window.location.assign(`/api/datarooms/${room.id}/index?format=${format}`)}>
                    {label}
                  </MenuItem>
                ))}
              </MenuContent>
            </Menu>
            {current && !frozen && (
              <Menu>
                <MenuTrigger asChild>
                  <Button variant="ghost" size="icon" aria-label={`Actions for folder ${current.name}`}>
                    <MoreHorizontal className="h-4 w-4" />
                  </Button>
                </MenuTrigger>
                <MenuContent>
                  <MenuItem icon={Pencil} onSelect={() => setDialog({ kind: 'rename', folder: current })}>
                    Rename
                  </MenuItem>
                  <MenuItem icon={FolderInput} onSelect={() => setDialog({ kind: 'move-folder', folder: current })}>
                    Move to…
                  </MenuItem>
                  <MenuItem icon={FolderUp} onSelect={() => setUploads.mutate({ id: room.id, folderId: current.id, accepts_uploads: !current.accepts_uploads })}>
                    {current.accepts_uploads ? 'Stop accepting visitor uploads' : 'Accept visitor uploads'}
                  </MenuItem>
                  <MenuSeparator />
                  <MenuItem icon={Trash2} danger onSelect={() => setDialog({ kind: 'delete-folder', folder: current })}>
                    Delete
                  </MenuItem>
                </MenuContent>
              </Menu>
            )}
            <Button variant="secondary" onClick={() => setDialog({ kind: 'new-folder' })} disabled={frozen}>
              <FolderPlus className="h-4 w-4" aria-hidden />
              New folder
            </Button>
            <Button onClick={() => setDialog({ kind: 'add' })} disabled={frozen}>
              <Plus className="h-4 w-4" aria-hidden />
              Add documents
            </Button>
          </div>
        </div>

        {documents.isPending || folders.isPending ? (
          <div className="space-y-3 p-5">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : documents.isError ? (
          <EmptyState icon={FileText} title="Documents could not be loaded" action={<Button variant="secondary" onClick={() => documents.refetch()}>Try again</Button>}>
            {errorMessage(documents.error)}
          </EmptyState>
        ) : docs.length === 0 && subfolders.length === 0 ? (
          <EmptyState
            icon={FileText}
            title={current ? 'This folder is empty' : 'No documents in this room yet'}
            action={
              !frozen && (
                <Button onClick={() => setDialog({ kind: 'add' })}>
                  <Plus className="h-4 w-4" aria-hidden />
                  Add documents
                </Button>
              )
            }
          >
            Add documents from your library. A document can sit in several rooms; removing it from a room keeps it in the library.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-zinc-100" aria-label="Folder contents">
            {subfolders.map((f, i) => (
              <li
                key={f.id}
                data-testid="room-folder-row"
                tabIndex={frozen ? undefined : 0}
                aria-label={frozen ? undefined : `Folder ${f.name}. Alt+Up or Alt+Down to reorder.`}
                onKeyDown={
                  frozen
                    ? undefined
                    : reorderKeys((delta) => {
                        const at = i + delta;
                        if (at >= 0 && at < subfolders.length) reorderFolder.mutate({ id: room.id, folderId: f.id, order_index: subfolders[at]!.order_index });
                      })
                }
                className={cn(
                  'flex items-center gap-3 px-5 py-2.5 focus-visible:bg-brand-50/60 focus-visible:outline-none',
                  !frozen && 'cursor-grab',
                  dropTarget === `row:${f.id}` && 'bg-brand-50',
                )}
                {...folderDrag(f)}
                {...folderRowDrop(f)}
              >
                <IndexNumber value={f.index_number} />
                <Folder className="h-4 w-4 shrink-0 text-brand-500" aria-hidden />
                <button type="button" className="min-w-0 flex-1 truncate text-left text-sm font-medium text-zinc-900 hover:underline" onClick={() => setFolderId(f.id)}>
                  {f.name}
                </button>
                <span className="hidden text-xs text-zinc-500 sm:inline">
                  {f.document_count} {f.document_count === 1 ? 'document' : 'documents'} · {f.child_folder_count} {f.child_folder_count === 1 ? 'folder' : 'folders'}
                </span>
                {!frozen && (
                  <Menu>
                    <MenuTrigger asChild>
                      <Button variant="ghost" size="icon" aria-label={`Actions for folder ${f.name}`}>
                        <MoreHorizontal className="h-4 w-4" />
                      </Button>
                    </MenuTrigger>
                    <MenuContent>
                      <MenuItem icon={ArrowUp} disabled={i === 0} onSelect={() => reorderFolder.mutate({ id: room.id, folderId: f.id, order_index: f.order_index - 1 })}>
                        Move up
                      </MenuItem>
                      <MenuItem icon={ArrowDown} disabled={i === subfolders.length - 1} onSelect={() => reorderFolder.mutate({ id: room.id, folderId: f.id, order_index: f.order_index + 1 })}>
                        Move down
                      </MenuItem>
                      <MenuItem icon={Pencil} onSelect={() => setDialog({ kind: 'rename', folder: f })}>
                        Rename
                      </MenuItem>
                    </MenuContent>
                  </Menu>
                )}
              </li>
            ))}
            {docs.map((d, i) => (
              <li
                key={d.id}
                data-testid="room-document-row"
                draggable={!frozen}
                onDragStart={(e) => onDragStart(e, d)}
                tabIndex={frozen ? undefined : 0}
                aria-label={frozen ? undefined : `${d.document_name}. Alt+Up or Alt+Down to reorder.`}
                onKeyDown={
                  frozen
                    ? undefined
                    : reorderKeys((delta) => {
                        const at = d.order_index + delta;
                        if (at >= 0 && i + delta < docs.length) moveDoc.mutate({ id: room.id, ddId: d.id, order_index: at });
                      })
                }
                className={cn(
                  'flex items-center gap-3 px-5 py-2.5 focus-visible:bg-brand-50/60 focus-visible:outline-none',
                  !frozen && 'cursor-grab',
                  dropTarget === `row:${d.id}` && 'border-t-2 border-brand-500',
                )}
                {...dropProps(`row:${d.id}`, { folder_id: folderId, order_index: d.order_index })}
              >
                <span className="min-w-6 text-right">
                  <IndexNumber value={d.index_number ?? (room.index_numbers ? null : undefined)} />
                </span>
                <DocIcon type={documentTypeFor(d.content_type)} />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-zinc-900">{d.document_name}</p>
                  <p className="truncate text-xs text-zinc-500" data-testid="room-document-kind">
                    {contentTypeLabel(d.content_type)}
                    {documentTypeFor(d.content_type) !== 'video' && ` · ${pagesLabel(d.num_pages)}`}
                  </p>
                </div>
                {!frozen && (
                  <Menu>
                    <MenuTrigger asChild>
                      <Button variant="ghost" size="icon" aria-label={`Actions for ${d.document_name}`}>
                        <MoreHorizontal className="h-4 w-4" />
                      </Button>
                    </MenuTrigger>
                    <MenuContent>
                      <MenuItem icon={ArrowUp} disabled={i === 0} onSelect={() => moveDoc.mutate({ id: room.id, ddId: d.id, order_index: d.order_index - 1 })}>
                        Move up
                      </MenuItem>
                      <MenuItem icon={ArrowDown} disabled={i === docs.length - 1} onSelect={() => moveDoc.mutate({ id: room.id, ddId: d.id, order_index: d.order_index + 1 })}>
                        Move down
                      </MenuItem>
                      <MenuItem icon={FolderInput} onSelect={() => setDialog({ kind: 'move-doc', doc: d })}>
                        Move to folder…
                      </MenuItem>
                      <MenuSeparator />
                      <MenuItem icon={Unlink} danger onSelect={() => setDialog({ kind: 'detach', doc: d })}>
                        Remove from room
                      </MenuItem>
                    </MenuContent>
                  </Menu>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>

      <NameDialog
        open={dialog?.kind === 'new-folder'}
        onOpenChange={(o) => !o && (close(), createFolder.reset())}
        title={current ? `New folder in ${current.name}` : 'New folder'}
        label="Folder name"
        submitLabel="Create folder"
        pending={createFolder.isPending}
        error={createFolder.error ? errorMessage(createFolder.error) : null}
        onSubmit={(name) => createFolder.mutate({ id: room.id, name, parent_id: folderId })}
      />
      <NameDialog
        open={dialog?.kind === 'rename'}
        onOpenChange={(o) => !o && (close(), renameFolder.reset())}
        title="Rename folder"
        label="Folder name"
        initial={dialog?.kind === 'rename' ? dialog.folder.name : ''}
        submitLabel="Rename"
        pending={renameFolder.isPending}
        error={renameFolder.error ? errorMessage(renameFolder.error) : null}
        onSubmit={(name) => dialog?.kind === 'rename' && renameFolder.mutate({ id: room.id, folderId: dialog.folder.id, name })}
      />
      <FolderPickerDialog
        open={dialog?.kind === 'move-folder' || dialog?.kind === 'move-doc'}
        onOpenChange={(o) => !o && (close(), moveFolder.reset())}
        title={dialog?.kind === 'move-folder' ? `Move “${dialog.folder.name}”` : dialog?.kind === 'move-doc' ? `Move “${dialog.doc.document_name}”` : ''}
        folders={folders.data ?? []}
        exclude={dialog?.kind === 'move-folder' ? dialog.folder : null}
        current={dialog?.kind === 'move-folder' ? dialog.folder.parent_id : dialog?.kind === 'move-doc' ? dialog.doc.folder_id : null}
        pending={moveFolder.isPending || moveDoc.isPending}
        error={moveFolder.error ? errorMessage(moveFolder.error) : null}
        onPick={(target) => {
          if (dialog?.kind === 'move-folder') moveFolder.mutate({ id: room.id, folderId: dialog.folder.id, parent_id: target });
          if (dialog?.kind === 'move-doc') moveDoc.mutate({ id: room.id, ddId: dialog.doc.id, folder_id: target });
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete-folder'}
        onOpenChange={(o) => !o && (close(), deleteFolder.reset())}
        title={dialog?.kind === 'delete-folder' ? `Delete “${dialog.folder.name}”?` : ''}
        confirmLabel="Delete folder"
        pending={deleteFolder.isPending}
        error={deleteFolder.error ? errorMessage(deleteFolder.error) : null}
        onConfirm={() => dialog?.kind === 'delete-folder' && deleteFolder.mutate({ id: room.id, folderId: dialog.folder.id, cascade: 'true' })}
      >
        <p>Its subfolders are deleted and its documents removed from the room. The documents stay in your library.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'detach'}
        onOpenChange={(o) => !o && (close(), detach.reset())}
        title={dialog?.kind === 'detach' ? `Remove “${dialog.doc.document_name}” from the room?` : ''}
        confirmLabel="Remove from room"
        pending={detach.isPending}
        error={detach.error ? errorMessage(detach.error) : null}
        onConfirm={() => dialog?.kind === 'detach' && detach.mutate({ id: room.id, ddId: dialog.doc.id })}
      >
        <p>Viewers of the room no longer see it. It stays in your library and in other rooms.</p>
      </ConfirmDialog>
      <DocumentPicker
        open={dialog?.kind === 'add'}
        onOpenChange={(o) => !o && close()}
        room={room}
        folder={current}
        inRoom={new Set((documents.data ?? []).map((d) => d.document_id))}
      />
    </div>
  );
}
