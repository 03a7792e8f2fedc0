'use client';
import { CircleAlert, FolderPlus, Link2, Search, Upload, UploadCloud, X } from 'lucide-react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, Select } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { errorMessage, isNotFound } from '@/lib/trpc/errors';
import { useDocumentPages, useFolderPages } from '@/lib/trpc/lists';
import { ACCEPT_ATTR } from '@/lib/upload/file-check';
import { formatBytes } from '@/lib/format';
import { useLoadOnScroll } from '@/lib/use-load-on-scroll';
import { useIdentity } from '@/components/shell/team-context';
import { AddLinkDialog } from './add-link-dialog';
import { isFileDrag } from './drag';
import { FolderMenu } from './folder-menu';
import { FolderTree } from './folder-tree';
import { LibraryActionsProvider, useLibraryActions } from './library-actions';
import { DocumentRow, FolderRow, ListHeader } from './rows';
import { UploadPanel } from './upload-panel';
import { folderHref } from './urls';
import { FolderCrumbs } from './folder-crumbs';
import { focusFirstResult, SearchResults } from './search-results';
import { useFolderChain } from './use-folder-chain';
import { useUploadQueue } from './use-upload-queue';

const SORTS = [
  { value: 'created_desc', label: 'Newest first' },
  { value: 'created_asc', label: 'Oldest first' },
  { value: 'name_asc', label: 'Name A–Z' },
  { value: 'name_desc', label: 'Name Z–A' },
] as const;
type Sort = (typeof SORTS)[number]['value'];

function useLibraryUrl() {
  const params = useSearchParams();
  const folderId = params.get('folder');
  const q = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const sort: Sort = SORTS.some((s) => s.value === sortParam) ? (sortParam as Sort) : 'created_desc';
  // Query and sort change the URL in place (history.replaceState, which Next's router follows):
  // no server round trip, and always built on the current URL, never on a stale render's copy.
  const set = useCallback((next: Record<string, string | null>) => {
    const url = new URL(window.location.href);
    for (const [k, v] of Object.entries(next)) {
      if (v) url.searchParams.set(k, v);
      else url.searchParams.delete(k);
    }
    window.history.replaceState(null, '', url.pathname + url.search);
  }, []);
  return { folderId, q, sort, set };
}

export function LibraryView() {
  return (
    <LibraryActionsProvider>
      <Library />
    </LibraryActionsProvider>
  );
}

function Library() {
  const actions = useLibraryActions();
  const maxUpload = formatBytes(useIdentity().limits.maxUploadBytes);
  const { folderId, q, sort, set } = useLibraryUrl();
  const [search, setSearch] = useState(q);
  const [addingLink, setAddingLink] = useState(false);
  const [dragDepth, setDragDepth] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const uploads = useUploadQueue({ onUploaded: () => void actions.refresh() });
  const chain = useFolderChain(folderId);
  const folder = folderId ? chain.data?.[chain.data.length - 1] : null;
  const searching = q.trim().length > 0;

  // Typing searches after a short pause; the URL keeps the query so back/forward work. Only a
  // query the box did not push itself (back button, a link) replaces what is being typed.
  const pushed = useRef(q);
  useEffect(() => {
    if (q !== pushed.current) {
      pushed.current = q;
      setSearch(q);
    }
  }, [q]);
  useEffect(() => {
    const value = search.trim();
    if (value === pushed.current.trim()) return;
    const t = setTimeout(() => {
      pushed.current = value;
      set({ q: value || null });
    }, 250);
    return () => clearTimeout(t);
  }, [search, set]);

  // "/" focuses search, as in most document tools.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (e.key === '/' && !e.metaKey && !e.ctrlKey && !['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName) && !t.isContentEditable) {
        e.preventDefault();
        searchInput.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const folders = useFolderPages(folderId, { enabled: !searching });
  const docs = useDocumentPages({ folderId: folderId ?? 'root', sort }, { enabled: !searching });

  // Deep pages load as the end of the list scrolls into view (and by the button below).
  const sentinel = useRef<HTMLDivElement>(null);
  useLoadOnScroll(sentinel, docs);

  const folderRows = folders.data?.pages.flatMap((p) => p.data) ?? [];
  const docRows = docs.data?.pages.flatMap((p) => p.data) ?? [];
  const loading = docs.isPending || folders.isPending;
  const folderMissing = !!folderId && (isNotFound(chain.error) || isNotFound(docs.error));

  const pickFiles = () => fileInput.current?.click();
  const addFiles = (files: FileList | File[] | null) => {
    if (files && files.length) uploads.add(Array.from(files), folderId);
  };

  const title = folderId ? (folder?.name ?? (chain.isPending ? '\u00a0' : 'Folder')) : 'Documents';

  if (folderMissing) {
    return (
      <EmptyState
        icon={CircleAlert}
        title="Folder not found"
        action={
          <Link href="/documents" className="text-sm font-medium text-brand-600 hover:underline">
            Back to all documents
          </Link>
        }
      >
        This folder was deleted, or it belongs to another team.
      </EmptyState>
    );
  }

  return (
    <div
      className="relative"
      onDragEnter={(e) => isFileDrag(e) && setDragDepth((d) => d + 1)}
      onDragLeave={(e) => isFileDrag(e) && setDragDepth((d) => Math.max(0, d - 1))}
      onDragOver={(e) => {
        if (isFileDrag(e)) e.preventDefault();
      }}
      onDrop={(e) => {
        if (!isFileDrag(e)) return;
        e.preventDefault();
        setDragDepth(0);
        addFiles(e.dataTransfer.files);
      }}
    >
      {/* header */}
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <nav aria-label="Breadcrumb" className="mb-1 flex min-h-5 flex-wrap items-center gap-1 text-sm text-zinc-500">
            {folderId && <FolderCrumbs folders={(chain.data ?? []).slice(0, -1)} trailingChevron />}
          </nav>
          <div className="flex items-center gap-1">
            <h1 className="truncate text-xl font-semibold tracking-tight text-zinc-900 sm:text-2xl">{title}</h1>
            {folder && <FolderMenu folder={folder} afterDelete={folderHref(folder.parent_id)} />}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setAddingLink(true)}>
            <Link2 className="h-4 w-4" aria-hidden />
            Add link
          </Button>
          <Button variant="secondary" onClick={() => actions.newFolder(folderId)}>
            <FolderPlus className="h-4 w-4" aria-hidden />
            New folder
          </Button>
          <Button onClick={pickFiles}>
            <Upload className="h-4 w-4" aria-hidden />
            Upload
          </Button>
          <input
            ref={fileInput}
            type="file"
            multiple
            accept={ACCEPT_ATTR}
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose files to upload"
            data-testid="file-input"
            onChange={(e) => {
              addFiles(e.target.files);
              e.target.value = '';
            }}
          />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside className="hidden lg:block">
          <div className="sticky top-8 max-h-[calc(100dvh-4rem)] overflow-y-auto rounded-xl bg-white p-2 shadow-sm ring-1 ring-zinc-200">
            <FolderTree activeId={folderId} ancestorIds={(chain.data ?? []).map((f) => f.id)} />
          </div>
        </aside>

        <div className="min-w-0">
          <UploadPanel items={uploads.items} onCancel={uploads.cancel} onDismiss={uploads.dismiss} onClear={uploads.clearFinished} />

          <div className="mb-3 flex flex-col gap-2 sm:flex-row">
            <div className="relative flex-1">
              <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-zinc-400" aria-hidden />
              <Input
                ref={searchInput}
                type="search"
                placeholder="Search names and text  ( / )"
                aria-label="Search documents"
                data-library-search
                maxLength={500}
                className="pl-9"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') setSearch('');
                  else if (e.key === 'Enter') {
                    // Enter searches now, without the typing pause.
                    pushed.current = search.trim();
                    set({ q: search.trim() || null });
                  } else if (e.key === 'ArrowDown' && searching) {
                    e.preventDefault();
                    focusFirstResult();
                  }
                }}
              />
            </div>
            {!searching && (
              <Select aria-label="Sort documents" className="sm:w-44" value={sort} onChange={(e) => set({ sort: e.target.value === 'created_desc' ? null : e.target.value })}>
                {SORTS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </Select>
            )}
          </div>

          {searching && (
            <p className="mb-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-zinc-600">
              <span>
                Names and text in all folders matching <strong className="font-medium text-zinc-900">“{q}”</strong>
              </span>
              <button className="inline-flex items-center gap-1 rounded text-brand-600 hover:underline" onClick={() => setSearch('')}>
                <X className="h-3.5 w-3.5" aria-hidden /> Clear
              </button>
            </p>
          )}

          {searching ? (
            <SearchResults q={q.trim()} sort={sort} />
          ) : (
            <section aria-label="Folder contents" className="relative overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
              {loading ? (
                <div className="space-y-3 p-5" aria-busy="true">
                  {Array.from({ length: 5 }, (_, i) => (
                    <div key={i} className="flex items-center gap-3">
                      <Skeleton className="h-8 w-8" />
                      <Skeleton className="h-4 flex-1" />
                    </div>
                  ))}
                </div>
              ) : docs.isError ? (
                <EmptyState icon={CircleAlert} title="Documents could not be loaded" action={<Button variant="secondary" onClick={() => docs.refetch()}>Try again</Button>}>
                  {errorMessage(docs.error)}
                </EmptyState>
              ) : folderRows.length === 0 && docRows.length === 0 ? (
                <EmptyState
                  icon={UploadCloud}
                  title={folderId ? 'This folder is empty' : 'Upload your first document'}
                  action={
                    <>
                      <Button onClick={pickFiles}>
                        <Upload className="h-4 w-4" aria-hidden /> Upload files
                      </Button>
                      <Button variant="secondary" onClick={() => setAddingLink(true)}>
                        <Link2 className="h-4 w-4" aria-hidden /> Add a link
                      </Button>
                    </>
                  }
                >
                  Drag files here or choose them from your computer: PDFs, Office files, images, video and more, up to {maxUpload} each.
                  {!folderId && ' Then organise them in folders and share them with a link.'}
                </EmptyState>
              ) : (
                <>
                  <ListHeader />
                  <ul className="divide-y divide-zinc-100">
                    {folderRows.map((f) => (
                      <FolderRow key={f.id} folder={f} />
                    ))}
                    {docRows.map((d) => (
                      <DocumentRow key={d.id} doc={d} />
                    ))}
                  </ul>
                  {folders.hasNextPage && (
                    <div className="border-t border-zinc-100 p-2 text-center">
                      <Button variant="ghost" size="sm" loading={folders.isFetchingNextPage} onClick={() => folders.fetchNextPage()}>
                        Show more folders
                      </Button>
                    </div>
                  )}
                  <div ref={sentinel} />
                  {docs.hasNextPage && (
                    <div className="border-t border-zinc-100 p-3 text-center">
                      <Button variant="secondary" size="sm" loading={docs.isFetchingNextPage} onClick={() => docs.fetchNextPage()}>
                        Load more documents
                      </Button>
                    </div>
                  )}
                </>
              )}
              {dragDepth > 0 && (
                <div className="pointer-events-none absolute inset-0 z-10 flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-brand-500 bg-brand-50/90 text-brand-700">
                  <UploadCloud className="h-8 w-8" aria-hidden />
                  <p className="text-sm font-medium">Drop files to upload to {folder?.name ?? 'Documents'}</p>
                </div>
              )}
            </section>
          )}
          {!searching && docRows.length > 0 && (
            <p className={cn('mt-3 text-xs text-zinc-500', docs.hasNextPage && 'hidden')}>
              {docRows.length} document{docRows.length === 1 ? '' : 's'}
              {folderRows.length ? ` and ${folderRows.length} folder${folderRows.length === 1 ? '' : 's'}` : ''}
            </p>
          )}
        </div>
      </div>

      <AddLinkDialog open={addingLink} onOpenChange={setAddingLink} folderId={folderId} />
    </div>
  );
}
