// A data room as its visitor sees it: the tree filtered by the group's permissions (computed on
// the server), breadcrumbs, a search across the room, the folder tree at the side when the brand
// shows it, cards or a list as the brand chooses, downloads where permitted and "download all"
// when the room allows it. Plain links and a GET search form: works without script.
import { ChevronRight, Download, Folder, Search } from 'lucide-react';
import type { RoomTreeView, TreeFolder } from '@/server/services/visitor/content';
import { cn } from '@/lib/cn';
import { isInlineImage } from '@/lib/shared/content-types';
import { docTypeLabel } from '@/lib/shared/doc-type-labels';
import { fill, type ViewerWords } from '@/lib/shared/viewer-words';
import { RoomThumb } from './room-thumb';
import { hasPages } from '@/lib/shared/preview-status';
import { isPlayableVideo } from '@/lib/shared/video';

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

function FolderTree({ folders, parentId, base, current, depth = 0 }: { folders: TreeFolder[]; parentId: string | null; base: string; current: string | null; depth?: number }) {
  const children = folders.filter((f) => f.parentId === parentId);
  if (!children.length) return null;
  return (
    <ul className={cn(depth > 0 && 'ml-3 border-l border-zinc-200 pl-2')}>
      {children.map((f) => (
        <li key={f.id}>
          <a href={`${base}?folder=${f.id}`} aria-current={f.id === current ? 'page' : undefined} className={cn('flex items-center gap-1.5 truncate rounded px-1.5 py-1 text-sm hover:bg-zinc-100', f.id === current ? 'font-semibold text-zinc-900' : 'text-zinc-600')}>
            <Folder className="h-3.5 w-3.5 shrink-0" /> {f.name}
          </a>
          <FolderTree folders={folders} parentId={f.id} base={base} current={current} depth={depth + 1} />
        </li>
      ))}
    </ul>
  );
}

export function RoomView({ slug, tree, folderId, q, t, welcome, layout }: { slug: string; tree: RoomTreeView; folderId: string | null; q: string; t: ViewerWords; welcome: string | null; layout: Layout }) {
  const base = `/view/${slug}`;
  const byId = new Map(tree.folders.map((f) => [f.id, f]));
  const current = folderId && byId.has(folderId) ? folderId : null;
  const crumbs: TreeFolder[] = [];
  for (let f = current ? byId.get(current) : undefined; f; f = f.parentId ? byId.get(f.parentId) : undefined) crumbs.unshift(f);
  const needle = q.trim().toLowerCase();
  const folders = needle ? tree.folders.filter((f) => f.name.toLowerCase().includes(needle)) : tree.folders.filter((f) => f.parentId === current);
  const docs = needle ? tree.documents.filter((d) => d.name.toLowerCase().includes(needle)) : tree.documents.filter((d) => d.folderId === current);
  const pathOf = (id: string | null) => {
    const names: string[] = [];
    for (let f = id ? byId.get(id) : undefined; f; f = f.parentId ? byId.get(f.parentId) : undefined) names.unshift(f.name);
    return names.join(' / ');
  };
  const canZip = tree.room.allowBulkDownload && tree.documents.some((d) => d.canDownload);
  const grid = layout.cardLayout === 'grid';

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
          <form method="get" action={base} role="search" className="relative">
            <Search className="pointer-events-none absolute top-2.5 left-2.5 h-4 w-4 text-zinc-400" />
            <input name="q" defaultValue={q} placeholder={t.search} aria-label={t.search} className="h-9 w-56 rounded-lg border-0 bg-white pr-3 pl-8 text-sm shadow-sm ring-1 ring-zinc-300 ring-inset" />
          </form>
          {canZip ? (
            <a href={`${base}/zip`} data-testid="download-all" className="inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium shadow-sm" style={{ background: 'var(--viewer-brand)', color: 'var(--viewer-on-brand)' }}>
              <Download className="h-4 w-4" /> {t.downloadAll}
            </a>
          ) : null}
        </div>
        {!folders.length && !docs.length ? (
          <p className="rounded-xl bg-white p-8 text-center text-sm text-zinc-500 ring-1 ring-zinc-200">{needle ? t.noResults : t.emptyRoom}</p>
        ) : (
          <ul className={cn(grid ? 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3' : 'divide-y divide-zinc-100 overflow-hidden rounded-xl bg-white ring-1 ring-zinc-200')}>
            {folders.map((f) => (
              <li key={f.id} data-testid="room-folder" className={cn(grid && 'rounded-xl bg-white ring-1 ring-zinc-200')}>
                <a href={`${base}?folder=${f.id}`} className="flex items-center gap-3 px-4 py-3 hover:bg-zinc-50">
                  {!layout.hideFolderIcons ? <Folder className="h-5 w-5 shrink-0" style={{ color: 'var(--viewer-brand)' }} /> : null}
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium text-zinc-900">{f.name}</span>
                    {needle && f.parentId ? <span className="block truncate text-xs text-zinc-500">{pathOf(f.parentId)}</span> : null}
                  </span>
                </a>
              </li>
            ))}
            {docs.map((d) => (
              <li key={d.placementId} data-testid="room-document" className={cn('flex', grid ? 'flex-col overflow-hidden rounded-xl bg-white ring-1 ring-zinc-200' : 'items-center')}>
                <a href={`${base}/d/${d.placementId}`} className={cn('flex min-w-0 flex-1 hover:bg-zinc-50', grid ? 'flex-col' : 'items-center gap-3 px-4 py-3')}>
                  {grid ? (
                    <RoomThumb src={thumbOf(base, d)} videoSrc={videoOf(base, d)} type={d.type} ratio={ratioOf(d)} className="h-36 border-b border-zinc-100 bg-zinc-50 p-3" iconClassName="h-12 w-12 rounded-xl [&>svg]:h-6 [&>svg]:w-6" />
                  ) : !layout.hideFolderIcons ? (
                    <RoomThumb src={thumbOf(base, d)} videoSrc={videoOf(base, d)} type={d.type} ratio={ratioOf(d)} className="h-10 w-8 shrink-0" />
                  ) : null}
                  <span className={cn('min-w-0', grid && 'px-4 pt-3 pb-3 pr-12')}>
                    <span className="block truncate text-sm font-medium text-zinc-900">{d.name}</span>
                    <span className="block truncate text-xs text-zinc-500" data-testid="room-document-kind">
                      {needle && d.folderId ? `${pathOf(d.folderId)} · ` : ''}
                      {hasPages(d) ? fill(t.pagesCount, { n: d.numPages }) : docTypeLabel(d.type)}
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
        )}
      </div>
    </div>
  );
}
