// A data room as its visitor sees it: the tree filtered by the group's permissions (computed on
// the server), breadcrumbs, a search across the room, the folder tree at the side when the brand
// shows it, cards or a list as the brand chooses, downloads where permitted and "download all"
// when the room allows it. Plain links and a GET search form: works without script.
import { ChevronRight, Download, Folder, Upload, X } from 'lucide-react';
import type { RoomTreeView, TreeFolder } from '@/server/services/visitor/content';
import { cn } from '@/lib/cn';
import { isInlineImage } from '@/lib/shared/content-types';
import { docTypeLabel } from '@/lib/shared/doc-type-labels';
import { fill, pagesCount, type ViewerWords } from '@/lib/shared/viewer-words';
import { RoomThumb } from './room-thumb';
import { hasPages } from '@/lib/shared/preview-status';
import { isPlayableVideo } from '@/lib/shared/video';
import { ArrowNav } from './arrow-nav';
import { MarkedText } from './marked-text';
import { RoomSearch } from './room-search';
import { hitHref, type VisitorHit } from './search-api';

/** Hits the room's results page adds each time the visitor asks for more. */
export const MORE_HITS = 20;

/** What the room's search found on the server: hits of the search route, and whether it has more. */
export type RoomFound = { hits: VisitorHit[]; more: boolean };

/** A tile's picture: the first page's thumbnail, or an inline image itself; null: the type's icon. */
function thumbOf(base: string, d: ShownInRoom): string | null {
  if (!d.storageKey) return null;
  if (hasPages(d)) return `${base}/d/${d.placementId}/pages/1?w=480`;
  if (isInlineImage(d.contentType)) return `${base}/d/${d.placementId}/file?w=480`;
  return null;
}
/** A playable video's range route, for the frame on its tile. */
const videoOf = (base: string, d: ShownInRoom) => (d.storageKey && isPlayableVideo(d) ? `${base}/d/${d.placementId}/video` : null);
const ratioOf = (d: ShownInRoom) => (d.pageWidth && d.pageHeight ? d.pageWidth / d.pageHeight : null);

type ShownInRoom = RoomTreeView['documents'][number];

type Layout = { cardLayout: string; showFolderTree: boolean; hideFolderIcons: boolean };

/** The room's number of an item ("1.2"), before its name; nothing when the room shows none. */
function Num({ value }: { value: string | null | undefined }) {
  return value ? (
    <>
      <span className="text-zinc-400 tabular-nums" data-testid="index-number">
        {value}
      </span>{' '}
    </>
  ) : null;
}

function FolderTree({ folders, parentId, base, current, depth = 0 }: { folders: TreeFolder[]; parentId: string | null; base: string; current: string | null; depth?: number }) {
  const children = folders.filter((f) => f.parentId === parentId);
  if (!children.length) return null;
  return (
    <ul className={cn(depth > 0 && 'ml-3 border-l border-zinc-200 pl-2')}>
      {children.map((f) => (
        <li key={f.id}>
          <a href={`${base}?folder=${f.id}`} aria-current={f.id === current ? 'page' : undefined} className={cn('flex items-center gap-1.5 truncate rounded px-1.5 py-1 text-sm hover:bg-zinc-100', f.id === current ? 'font-semibold text-zinc-900' : 'text-zinc-600')}>
            <Folder className="h-3.5 w-3.5 shrink-0" />
            <span className="truncate">
              <Num value={f.indexNumber} />
              {f.name}
            </span>
          </a>
          <FolderTree folders={folders} parentId={f.id} base={base} current={current} depth={depth + 1} />
        </li>
      ))}
    </ul>
  );
}

export function RoomView({
  slug,
  tree,
  folderId,
  q,
  t,
  welcome,
  layout,
  search = null,
  uploadHere = false,
  base: baseOverride,
}: {
  slug: string;
  /** Where its links point (default /view/{slug}): the dashboard's "view as" keeps them in the preview. */
  base?: string;
  tree: RoomTreeView;
  folderId: string | null;
  q: string;
  t: ViewerWords;
  welcome: string | null;
  layout: Layout;
  /** The link lets visitors search (else no search box, and `q` is empty); `found` when `q` is searched. */
  search?: { found: RoomFound | null } | null;
  /** The folder shown takes this visitor's uploads: an Upload button leads to the upload panel. */
  uploadHere?: boolean;
}) {
  const base = baseOverride ?? `/view/${slug}`;
  const byId = new Map(tree.folders.map((f) => [f.id, f]));
  const current = folderId && byId.has(folderId) ? folderId : null;
  const crumbs: TreeFolder[] = [];
  for (let f = current ? byId.get(current) : undefined; f; f = f.parentId ? byId.get(f.parentId) : undefined) crumbs.unshift(f);
  const needle = q.trim().toLowerCase();
  const folders = needle ? tree.folders.filter((f) => f.name.toLowerCase().includes(needle)) : tree.folders.filter((f) => f.parentId === current);
  // A name with the words in another order (the search's word match) counts as well.
  const nameHits = new Set(search?.found?.hits.flatMap((h) => (h.match === 'name' && h.item_id ? [h.item_id] : [])));
  const docs = needle ? tree.documents.filter((d) => d.name.toLowerCase().includes(needle) || (!!d.placementId && nameHits.has(d.placementId))) : tree.documents.filter((d) => d.folderId === current);
  const textHits = needle ? (search?.found?.hits.filter((h) => h.match === 'text') ?? []) : [];
  const byPlacement = new Map(tree.documents.map((d) => [d.placementId, d]));
  const pathOf = (id: string | null) => {
    const names: string[] = [];
    for (let f = id ? byId.get(id) : undefined; f; f = f.parentId ? byId.get(f.parentId) : undefined) names.unshift(f.name);
    return names.join(' / ');
  };
  const canZip = tree.room.allowBulkDownload && tree.documents.some((d) => d.canDownload);
  const grid = layout.cardLayout === 'grid';

  const listing = (
    <ul className={cn(grid ? 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3' : 'divide-y divide-zinc-100 overflow-hidden rounded-xl bg-white ring-1 ring-zinc-200')}>
      {folders.map((f) => (
        <li key={f.id} data-testid="room-folder" className={cn(grid && 'rounded-xl bg-white ring-1 ring-zinc-200')}>
          <a href={`${base}?folder=${f.id}`} data-nav className="flex items-center gap-3 px-4 py-3 hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-visible:outline-none">
            {!layout.hideFolderIcons ? <Folder className="h-5 w-5 shrink-0" style={{ color: 'var(--viewer-brand)' }} /> : null}
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-zinc-900">
                <Num value={f.indexNumber} />
                {f.name}
              </span>
              {needle && f.parentId ? <span className="block truncate text-xs text-zinc-500">{pathOf(f.parentId)}</span> : null}
            </span>
          </a>
        </li>
      ))}
      {docs.map((d) => (
        <li key={d.placementId} data-testid="room-document" className={cn('flex', grid ? 'flex-col overflow-hidden rounded-xl bg-white ring-1 ring-zinc-200' : 'items-center')}>
          <a href={`${base}/d/${d.placementId}`} data-nav className={cn('flex min-w-0 flex-1 hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-visible:outline-none', grid ? 'flex-col' : 'items-center gap-3 px-4 py-3')}>
            {grid ? (
              <RoomThumb src={thumbOf(base, d)} videoSrc={videoOf(base, d)} type={d.type} ratio={ratioOf(d)} className="h-36 border-b border-zinc-100 bg-zinc-50 p-3" iconClassName="h-12 w-12 rounded-xl [&>svg]:h-6 [&>svg]:w-6" />
            ) : !layout.hideFolderIcons ? (
              <RoomThumb src={thumbOf(base, d)} videoSrc={videoOf(base, d)} type={d.type} ratio={ratioOf(d)} className="h-10 w-8 shrink-0" />
            ) : null}
            <span className={cn('min-w-0', grid && 'px-4 pt-3 pb-3 pr-12')}>
              <span className="block truncate text-sm font-medium text-zinc-900">
                <Num value={d.indexNumber} />
                {d.name}
              </span>
              <span className="block truncate text-xs text-zinc-500" data-testid="room-document-kind">
                {needle && d.folderId ? `${pathOf(d.folderId)} · ` : ''}
                {hasPages(d) ? pagesCount(t, d.numPages) : docTypeLabel(d.type)}
              </span>
            </span>
          </a>
          {d.canDownload ? (
            <a
              href={`${base}/d/${d.placementId}/download`}
              aria-label={`${t.download} ${d.name}`}
              title={t.download}
              className={cn('inline-flex h-8 w-8 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-100', grid ? '-mt-11 mr-2 mb-3 self-end' : 'mr-2')}
            >
              <Download className="h-4 w-4" />
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
  return (
    <div className="flex gap-6" data-testid="room-view" data-layout={layout.cardLayout}>
      {layout.showFolderTree && tree.folders.length ? (
        <aside className="hidden w-56 shrink-0 md:block" aria-label={t.folders}>
          <a href={base} className={cn('mb-1 block truncate rounded px-1.5 py-1 text-sm font-semibold hover:bg-zinc-100', !current ? 'text-zinc-900' : 'text-zinc-600')}>
            {tree.room.name}
          </a>
          <FolderTree folders={tree.folders} parentId={null} base={base} current={current} />
        </aside>
      ) : null}
      <div className="min-w-0 flex-1">
        {welcome && !current && !needle ? <p className="mb-4 text-sm whitespace-pre-line text-zinc-600" data-testid="viewer-welcome">{welcome}</p> : null}
        {tree.room.description && !current && !needle ? <p className="mb-4 text-sm text-zinc-500">{tree.room.description}</p> : null}
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <nav aria-label="Breadcrumb" className="mr-auto flex min-w-0 flex-wrap items-center gap-1 text-sm" data-testid="breadcrumbs">
            <a href={base} className="font-medium text-zinc-700 hover:underline">
              {tree.room.name}
            </a>
            {crumbs.map((f) => (
              <span key={f.id} className="flex items-center gap-1">
                <ChevronRight className="h-3.5 w-3.5 text-zinc-400" />
                <a href={`${base}?folder=${f.id}`} className="text-zinc-700 hover:underline">
                  {f.name}
                </a>
              </span>
            ))}
          </nav>
          {search ? <RoomSearch base={base} initialQ={q} t={t} /> : null}
          {uploadHere && !needle ? (
            <a href="#uploads" data-testid="room-upload" className="inline-flex h-9 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-medium text-zinc-800 shadow-sm ring-1 ring-zinc-300 hover:bg-zinc-50">
              <Upload className="h-4 w-4" /> {t.uploadButton}
            </a>
          ) : null}
          {canZip ? (
            <a href={`${base}/zip`} data-testid="download-all" className="inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium shadow-sm" style={{ background: 'var(--viewer-brand)', color: 'var(--viewer-on-brand)' }}>
              <Download className="h-4 w-4" /> {t.downloadAll}
            </a>
          ) : null}
        </div>
        {!needle ? (
          !folders.length && !docs.length ? (
            <p className="rounded-xl bg-white p-8 text-center text-sm text-zinc-500 ring-1 ring-zinc-200">{t.emptyRoom}</p>
          ) : (
            listing
          )
        ) : (
          <ArrowNav testId="room-results" className="space-y-6">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h2 className="min-w-0 text-base font-semibold break-words text-zinc-900">{fill(t.searchResultsFor, { q: q.trim() })}</h2>
              <a href={base} className="inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800">
                <X className="h-3.5 w-3.5" aria-hidden /> {t.searchClear}
              </a>
            </div>
            {!folders.length && !docs.length && !textHits.length ? (
              <p className="rounded-xl bg-white p-8 text-center text-sm text-zinc-500 ring-1 ring-zinc-200">{t.noResults}</p>
            ) : null}
            {folders.length || docs.length ? (
              <section aria-label={t.searchNames}>
                <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{t.searchNames}</h3>
                {listing}
              </section>
            ) : null}
            {textHits.length ? (
              <section aria-label={t.searchInText}>
                <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{t.searchInText}</h3>
                <ul className="divide-y divide-zinc-100 overflow-hidden rounded-xl bg-white ring-1 ring-zinc-200">
                  {textHits.map((h, i) => {
                    const d = h.item_id ? byPlacement.get(h.item_id) : undefined;
                    return (
                      <li key={`${h.item_id}-${h.page_number}`} id={`hit-${i + 1}`} data-testid="room-hit">
                        <a href={hitHref(base, h, q.trim())} data-nav className="flex gap-3 px-4 py-3 hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-visible:outline-none">
                          {d ? (
                            <RoomThumb
                              src={d.storageKey && hasPages(d) ? `${base}/d/${d.placementId}/pages/${h.page_number ?? 1}?w=480` : null}
                              type={d.type}
                              ratio={ratioOf(d)}
                              className="hidden h-16 w-12 shrink-0 sm:flex"
                            />
                          ) : null}
                          <span className="min-w-0 flex-1">
                            <span className="flex items-baseline gap-2">
                              <span className="min-w-0 truncate text-sm font-medium text-zinc-900" data-testid="room-hit-name">
                                <Num value={h.index_number} />
                                {h.document_name}
                              </span>
                              <span className="shrink-0 rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-600 tabular-nums">{fill(t.searchHitPage, { page: h.page_number ?? 1 })}</span>
                            </span>
                            {d?.folderId ? <span className="block truncate text-xs text-zinc-500">{pathOf(d.folderId)}</span> : null}
                            <MarkedText text={h.snippet} highlights={h.highlights} className="mt-1 line-clamp-3 block text-sm leading-6 text-zinc-600 sm:line-clamp-2" />
                          </span>
                        </a>
                      </li>
                    );
                  })}
                </ul>
                {search?.found?.more ? (
                  <a
                    href={`${base}?${new URLSearchParams({ q: q.trim(), hits: String(search.found.hits.length + MORE_HITS) })}#hit-${textHits.length + 1}`}
                    data-nav
                    data-testid="room-hits-more"
                    className="mt-3 inline-flex h-9 items-center rounded-lg bg-white px-3 text-sm font-medium text-zinc-700 shadow-sm ring-1 ring-zinc-200 hover:bg-zinc-50"
                  >
                    {t.searchMore}
                  </a>
                ) : null}
              </section>
            ) : null}
          </ArrowNav>
        )}
      </div>
    </div>
  );
}
