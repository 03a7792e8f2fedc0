'use client';
// The viewer as a visitor sees it, drawn by the viewer's own components (ViewerShell, RoomView,
// DocumentBody) with a real room or document link of the team, so the preview cannot drift from
// the product (issue 26: it used to show made-up files and a banner the room did not). The page
// is laid out at a laptop's width and scaled to fit; it is inert (no link in it can be followed,
// nothing is reported). A room's own branding tab shows that room; a brand's editor lists the
// rooms and document links the brand is on (server/services/branding/preview.ts) and shows the
// newest room, else the newest document link; a document's pages come through the dashboard's
// page route, drawn and cached as visitors get them.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DocumentBody } from '@/components/viewer/document-body';
import { RoomView } from '@/components/viewer/room-view';
import { ViewerShell } from '@/components/viewer/shell';
import { Select } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/spinner';
import { viewerWords } from '@/lib/shared/viewer-words';
import { useTRPC } from '@/lib/trpc/react';
import { Chrome } from './preview';
import type { PreviewModel } from './model';

/** The width the viewer page is laid out at before it is scaled down. */
const PAGE_W = 1200;
const PAGE_H = 760;

/** `scale` of the page so it fills the width of `ref`'s element. */
function useFitScale() {
  const ref = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.45);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => el.clientWidth && setScale(el.clientWidth / PAGE_W);
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, scale };
}

type Choice = { dataroom_id: string } | { link_id: string } | Record<string, never>;

/** The picker's value of a choice: room:<id> or link:<id>. */
const choiceOf = (value: string): Choice => {
  const [kind, id] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
  return kind === 'room' ? { dataroom_id: id } : kind === 'link' ? { link_id: id } : {};
};

export function ViewerPreview({
  model,
  roomId,
  brandId,
  onShownTitle,
  className,
}: {
  model: PreviewModel;
  /** A fixed room (its own branding tab). */
  roomId?: string;
  /** The brand edited: the picker lists what it is on. */
  brandId?: string;
  /** Told the name of the room or document shown (the title a pasted link's card takes from it). */
  onShownTitle?: (title: string | null) => void;
  className?: string;
}) {
  const trpc = useTRPC();
  const [picked, setPicked] = useState<Choice>({});
  const [withBanner, setWithBanner] = useState(false);
  const input = roomId ? { dataroom_id: roomId } : { ...(brandId ? { brand_id: brandId } : {}), ...picked };
  const q = useQuery({ ...trpc.brands.preview.queryOptions(input), placeholderData: (prev) => prev });
  const { ref, scale } = useFitScale();
  const words = viewerWords(model.default_language);
  const shown = q.data?.shown ?? null;
  const rooms = q.data?.rooms ?? [];
  const links = q.data?.links ?? [];
  const value = shown?.kind === 'room' ? `room:${shown.tree.room.id}` : shown?.kind === 'document' ? `link:${shown.link.id}` : '';
  const title = shown?.kind === 'room' ? shown.tree.room.name : shown?.kind === 'document' ? shown.document.name : null;
  useEffect(() => {
    if (!q.isPending) onShownTitle?.(title);
  }, [title, q.isPending, onShownTitle]);
  const linkLabel = (l: { name: string | null; document_name: string }) => (l.name ? `${l.name} (${l.document_name})` : l.document_name);

  return (
    <figure data-testid="viewer-preview" data-language={words.lang} data-shown={shown?.kind ?? 'none'} className={className}>
      <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-zinc-600">
        {!roomId && rooms.length + links.length > 1 && (
          <label className="flex min-w-0 items-center gap-2">
            <span className="shrink-0">Shown</span>
            <Select aria-label="Room or link shown in the preview" className="h-8 max-w-64 text-xs" value={value} onChange={(e) => setPicked(choiceOf(e.target.value))}>
              {rooms.length > 0 && (
                <optgroup label="Data rooms">
                  {rooms.map((r) => (
                    <option key={r.id} value={`room:${r.id}`}>
                      {r.name}
                    </option>
                  ))}
                </optgroup>
              )}
              {links.length > 0 && (
                <optgroup label="Document links">
                  {links.map((l) => (
                    <option key={l.id} value={`link:${l.id}`}>
                      {linkLabel(l)}
                    </option>
                  ))}
                </optgroup>
              )}
            </Select>
          </label>
        )}
        <label className="flex items-center gap-2" title="A link shows the banner when its “Show the banner” setting is on">
          <input type="checkbox" className="h-4 w-4 rounded border-zinc-300 text-brand-600" checked={withBanner} onChange={(e) => setWithBanner(e.target.checked)} />
          As a link that shows the banner
        </label>
      </div>
      {brandId && q.data?.scope === 'team' && shown && (
        <p className="mb-2 text-xs text-zinc-500" data-testid="viewer-preview-unused">
          No room or link shows this brand yet; the preview uses the team’s.
        </p>
      )}
      <Chrome>
        <div ref={ref} className="relative overflow-hidden bg-zinc-50" style={{ height: PAGE_H * scale }}>
          {q.isPending ? (
            <div className="space-y-3 p-4" data-testid="viewer-preview-loading">
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-24 w-full" />
            </div>
          ) : q.isError ? (
            <p role="alert" className="p-6 text-center text-sm text-red-700">
              The preview could not load. Reload the page to try again.
            </p>
          ) : (
            <div inert aria-hidden className="pointer-events-none absolute top-0 left-0 origin-top-left select-none" style={{ width: PAGE_W, height: PAGE_H, transform: `scale(${scale})` }}>
              <ViewerShell branding={model} showBanner={withBanner} words={words.t} lang={words.lang} title={title} wide>
                {shown?.kind === 'room' ? (
                  <RoomView
                    slug="preview"
                    tree={shown.tree}
                    folderId={null}
                    q=""
                    t={words.t}
                    welcome={model.welcome_message}
                    layout={{ cardLayout: model.card_layout, showFolderTree: model.show_folder_tree, hideFolderIcons: model.hide_folder_icons_in_main }}
                  />
                ) : shown?.kind === 'document' ? (
                  <DocumentBody
                    key={shown.document.versionId}
                    base={`/api/documents/${encodeURIComponent(shown.document.documentId)}/versions/${encodeURIComponent(shown.document.versionId)}`}
                    eventsUrl=""
                    viewId=""
                    doc={shown.document}
                    watermark={null}
                    t={words.t}
                    initialPage={1}
                    preview
                  />
                ) : (
                  <div data-testid="viewer-preview-empty" className="mx-auto mt-10 max-w-md rounded-2xl bg-white p-8 text-center ring-1 ring-zinc-200">
                    {model.welcome_message && (
                      <p className="mb-4 text-sm whitespace-pre-line text-zinc-600" data-testid="viewer-welcome">
                        {model.welcome_message}
                      </p>
                    )}
                    <p className="text-base font-semibold text-zinc-900">No data room or document link yet</p>
                    <p className="mt-1 text-sm text-zinc-500">Create a data room or share a document with a link, and this preview shows it as its visitors see it.</p>
                  </div>
                )}
              </ViewerShell>
            </div>
          )}
        </div>
      </Chrome>
      <figcaption className="sr-only">
        Preview of the viewer{shown?.kind === 'room' ? ` showing the room “${title}”` : shown?.kind === 'document' ? ` showing the link to “${title}”` : ''}
      </figcaption>
    </figure>
  );
}
