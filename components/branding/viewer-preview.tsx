'use client';
// The viewer as a visitor sees it, drawn by the viewer's own components (ViewerShell, RoomView)
// with a real room of the team, so the preview cannot drift from the product (issue 26: it used
// to show made-up files and a banner the room did not). The page is laid out at a laptop's width
// and scaled to fit; it is inert (no link in it can be followed). The room is the one given
// (a room's own branding tab) or one the user picks, the newest by default.
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
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

export function ViewerPreview({ model, roomId, className }: { model: PreviewModel; /** A fixed room (its own branding tab). */ roomId?: string; className?: string }) {
  const trpc = useTRPC();
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const [withBanner, setWithBanner] = useState(false);
  const q = useQuery({ ...trpc.brands.previewRoom.queryOptions({ dataroom_id: roomId ?? picked }), placeholderData: (prev) => prev });
  const { ref, scale } = useFitScale();
  const words = viewerWords(model.default_language);
  const tree = q.data?.tree ?? null;
  const rooms = q.data?.rooms ?? [];

  return (
    <figure data-testid="viewer-preview" data-language={words.lang} className={className}>
      <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-zinc-600">
        {!roomId && rooms.length > 1 && (
          <label className="flex min-w-0 items-center gap-2">
            <span className="shrink-0">Room</span>
            <Select aria-label="Room shown in the preview" className="h-8 max-w-56 text-xs" value={tree?.room.id ?? ''} onChange={(e) => setPicked(e.target.value)}>
              {rooms.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </Select>
          </label>
        )}
        <label className="flex items-center gap-2" title="A link shows the banner when its “Show the banner” setting is on">
          <input type="checkbox" className="h-4 w-4 rounded border-zinc-300 text-brand-600" checked={withBanner} onChange={(e) => setWithBanner(e.target.checked)} />
          As a link that shows the banner
        </label>
      </div>
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
              The preview could not load the room. Reload the page to try again.
            </p>
          ) : (
            <div inert aria-hidden className="pointer-events-none absolute top-0 left-0 origin-top-left select-none" style={{ width: PAGE_W, height: PAGE_H, transform: `scale(${scale})` }}>
              <ViewerShell branding={model} showBanner={withBanner} words={words.t} lang={words.lang} title={tree?.room.name ?? null} wide>
                {tree ? (
                  <RoomView
                    slug="preview"
                    tree={tree}
                    folderId={null}
                    q=""
                    t={words.t}
                    welcome={model.welcome_message}
                    layout={{ cardLayout: model.card_layout, showFolderTree: model.show_folder_tree, hideFolderIcons: model.hide_folder_icons_in_main }}
                  />
                ) : (
                  <div data-testid="viewer-preview-empty" className="mx-auto mt-10 max-w-md rounded-2xl bg-white p-8 text-center ring-1 ring-zinc-200">
                    {model.welcome_message && (
                      <p className="mb-4 text-sm whitespace-pre-line text-zinc-600" data-testid="viewer-welcome">
                        {model.welcome_message}
                      </p>
                    )}
                    <p className="text-base font-semibold text-zinc-900">No data room yet</p>
                    <p className="mt-1 text-sm text-zinc-500">Create a data room and this preview shows it as its visitors see it.</p>
                  </div>
                )}
              </ViewerShell>
            </div>
          )}
        </div>
      </Chrome>
      <figcaption className="sr-only">Preview of the viewer{tree ? ` showing the room “${tree.room.name}”` : ''}</figcaption>
    </figure>
  );
}
