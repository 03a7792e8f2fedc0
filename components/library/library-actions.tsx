'use client';
// Every change to the library in one place: the mutations, their dialogs and what to refresh
// afterwards. Lists, the folder tree and the document page ask for an action; this provider
// confirms, runs it and reports.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { LinkDialog } from '@/components/links/link-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import type { DocumentItem, FolderItem } from '@/lib/trpc/types';
import type { DragItem } from './drag';
import { MoveDialog } from './move-dialog';
import { FOLDER_CHAIN_KEY } from './use-folder-chain';
import { NameDialog } from './name-dialog';

type Dialog =
  | { kind: 'new-folder'; parentId: string | null }
  | { kind: 'rename-folder'; folder: FolderItem }
  | { kind: 'rename-document'; doc: DocumentItem }
  | { kind: 'move-document'; doc: DocumentItem }
  | { kind: 'share-document'; doc: DocumentItem }
  | { kind: 'move-folder'; folder: FolderItem }
  | { kind: 'delete-document'; doc: DocumentItem; after?: string }
  | { kind: 'delete-folder'; folder: FolderItem; after?: string };

type Actions = {
  newFolder: (parentId: string | null) => void;
  renameFolder: (f: FolderItem) => void;
  moveFolder: (f: FolderItem) => void;
  deleteFolder: (f: FolderItem, after?: string) => void;
  renameDocument: (d: DocumentItem) => void;
  moveDocument: (d: DocumentItem) => void;
  /** The link dialog for a document: the row menu's Share and the document page's button. */
  shareDocument: (d: DocumentItem) => void;
  deleteDocument: (d: DocumentItem, after?: string) => void;
  /** A document or folder dropped on a folder (null = top level). */
  drop: (item: DragItem, folderId: string | null) => void;
  refresh: () => Promise<void>;
};

const Ctx = createContext<Actions | null>(null);

export function useLibraryActions(): Actions {
  const v = useContext(Ctx);
  if (!v) throw new Error('useLibraryActions outside LibraryActionsProvider');
  return v;
}

export function LibraryActionsProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const router = useRouter();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const refresh = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.documents.browse.pathFilter()),
      queryClient.invalidateQueries(trpc.documents.pathFilter()),
      queryClient.invalidateQueries(trpc.folders.pathFilter()),
      queryClient.invalidateQueries({ queryKey: FOLDER_CHAIN_KEY }),
    ]);
  }, [queryClient, trpc]);

  const done = (message: string, after?: string) => async () => {
    await refresh();
    notify(message);
    close();
    if (after) router.push(after);
  };

  const createFolder = useMutation(trpc.folders.create.mutationOptions());
  const updateFolder = useMutation(trpc.folders.update.mutationOptions());
  const moveFolderM = useMutation(trpc.folders.move.mutationOptions());
  const deleteFolderM = useMutation(trpc.folders.delete.mutationOptions());
  const updateDocument = useMutation(trpc.documents.update.mutationOptions());
  const deleteDocumentM = useMutation(trpc.documents.delete.mutationOptions());
  const all = [createFolder, updateFolder, moveFolderM, deleteFolderM, updateDocument, deleteDocumentM];
  const resetAll = () => all.forEach((m) => m.reset());
  const open = (d: Dialog) => {
    resetAll();
    setDialog(d);
  };

  const drop = useCallback(
    (item: DragItem, folderId: string | null) => {
      const onError = (e: unknown) => notify(errorMessage(e), 'error');
      if (item.kind === 'document') {
        updateDocument.mutate(
          { id: item.id, folder_id: folderId },
          { onSuccess: () => refresh().then(() => notify(`Moved “${item.name}”.`)), onError },
        );
      } else if (item.id !== folderId) {
        moveFolderM.mutate(
          { id: item.id, parent_id: folderId },
          { onSuccess: () => refresh().then(() => notify(`Moved folder “${item.name}”.`)), onError },
        );
      }
    },
    [notify, refresh],
  );

  const actions = useMemo<Actions>(
    () => ({
      newFolder: (parentId) => open({ kind: 'new-folder', parentId }),
      renameFolder: (folder) => open({ kind: 'rename-folder', folder }),
      moveFolder: (folder) => open({ kind: 'move-folder', folder }),
      deleteFolder: (folder, after) => open({ kind: 'delete-folder', folder, after }),
      renameDocument: (doc) => open({ kind: 'rename-document', doc }),
      moveDocument: (doc) => open({ kind: 'move-document', doc }),
      shareDocument: (doc) => open({ kind: 'share-document', doc }),
      deleteDocument: (doc, after) => open({ kind: 'delete-document', doc, after }),
      drop,
      refresh,
    }),
    [drop, refresh],
  );

  const err = (m: { error: unknown }) => (m.error ? errorMessage(m.error) : null);
  const d = dialog;

  return (
    <Ctx.Provider value={actions}>
      {children}

      <NameDialog
        open={d?.kind === 'new-folder'}
        onOpenChange={(o) => !o && close()}
        title="New folder"
        label="Folder name"
        submitLabel="Create folder"
        pending={createFolder.isPending}
        error={err(createFolder)}
        onSubmit={(name) =>
          d?.kind === 'new-folder' &&
          createFolder.mutate({ name, parent_id: d.parentId }, { onSuccess: (f) => done(`Folder “${f.name}” created.`)() })
        }
      />
      <NameDialog
        open={d?.kind === 'rename-folder'}
        onOpenChange={(o) => !o && close()}
        title="Rename folder"
        label="Folder name"
        initial={d?.kind === 'rename-folder' ? d.folder.name : ''}
        submitLabel="Rename"
        pending={updateFolder.isPending}
        error={err(updateFolder)}
        onSubmit={(name) => d?.kind === 'rename-folder' && updateFolder.mutate({ id: d.folder.id, name }, { onSuccess: done('Folder renamed.') })}
      />
      <NameDialog
        open={d?.kind === 'rename-document'}
        onOpenChange={(o) => !o && close()}
        title="Rename document"
        label="Document name"
        initial={d?.kind === 'rename-document' ? d.doc.name : ''}
        submitLabel="Rename"
        pending={updateDocument.isPending}
        error={err(updateDocument)}
        onSubmit={(name) => d?.kind === 'rename-document' && updateDocument.mutate({ id: d.doc.id, name }, { onSuccess: done('Document renamed.') })}
      />
      {d?.kind === 'share-document' && (
        <LinkDialog open onOpenChange={(o) => !o && close()} target={{ kind: 'document', id: d.doc.id, name: d.doc.name }} />
      )}
      <MoveDialog
        open={d?.kind === 'move-document'}
        onOpenChange={(o) => !o && close()}
        title={d?.kind === 'move-document' ? `Move “${d.doc.name}”` : 'Move'}
        currentFolderId={d?.kind === 'move-document' ? d.doc.folder_id : null}
        pending={updateDocument.isPending}
        error={err(updateDocument)}
        onMove={(folderId) =>
          d?.kind === 'move-document' && updateDocument.mutate({ id: d.doc.id, folder_id: folderId }, { onSuccess: done(`Moved “${d.doc.name}”.`) })
        }
      />
      <MoveDialog
        open={d?.kind === 'move-folder'}
        onOpenChange={(o) => !o && close()}
        title={d?.kind === 'move-folder' ? `Move folder “${d.folder.name}”` : 'Move folder'}
        currentFolderId={d?.kind === 'move-folder' ? d.folder.parent_id : null}
        exclude={d?.kind === 'move-folder' ? d.folder : null}
        pending={moveFolderM.isPending}
        error={err(moveFolderM)}
        onMove={(parentId) =>
          d?.kind === 'move-folder' && moveFolderM.mutate({ id: d.folder.id, parent_id: parentId }, { onSuccess: done(`Moved folder “${d.folder.name}”.`) })
        }
      />
      <ConfirmDialog
        open={d?.kind === 'delete-document'}
        onOpenChange={(o) => !o && close()}
        title={d?.kind === 'delete-document' ? `Delete “${d.doc.name}”?` : 'Delete document?'}
        confirmLabel="Delete document"
        pending={deleteDocumentM.isPending}
        error={err(deleteDocumentM)}
        onConfirm={() =>
          d?.kind === 'delete-document' && deleteDocumentM.mutate({ id: d.doc.id }, { onSuccess: done(`Deleted “${d.doc.name}”.`, d.after) })
        }
      >
        <p>The document, all of its versions and any links to it are deleted. This cannot be undone.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={d?.kind === 'delete-folder'}
        onOpenChange={(o) => !o && close()}
        title={d?.kind === 'delete-folder' ? `Delete folder “${d.folder.name}”?` : 'Delete folder?'}
        confirmLabel="Delete folder"
        pending={deleteFolderM.isPending}
        error={err(deleteFolderM)}
        onConfirm={() =>
          d?.kind === 'delete-folder' &&
          deleteFolderM.mutate(
            { id: d.folder.id, cascade: d.folder.document_count || d.folder.child_folder_count ? 'true' : 'false' },
            { onSuccess: done(`Deleted folder “${d.folder.name}”.`, d.after) },
          )
        }
      >
        {d?.kind === 'delete-folder' && <DeleteFolderText folder={d.folder} />}
      </ConfirmDialog>
    </Ctx.Provider>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function DeleteFolderText({ folder }: { folder: FolderItem }) {
  const docs = folder.document_count;
  const subs = folder.child_folder_count;
  if (!docs && !subs) return <p>The folder is empty. This cannot be undone.</p>;
  const holds = [docs && plural(docs, 'document'), subs && plural(subs, 'subfolder')].filter(Boolean).join(' and ');
  return (
    <>
      <p>
        It holds {holds}.{subs > 0 && ' Its subfolders are deleted with it.'}
      </p>
      <p>
        <strong className="font-medium text-zinc-800">No document is deleted:</strong> documents inside move to the top level of the
        library.
      </p>
    </>
  );
}
