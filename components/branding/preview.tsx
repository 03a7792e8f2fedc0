'use client';
// The browser frame the viewer preview sits in (viewer-preview.tsx) and the link's card as a
// chat app shows it when the link is pasted. Fed by `effective` (what visitors see now) or by the
// editor's unsaved values; nothing here is interactive.
import { useIdentity } from '@/components/shell/team-context';
import type { PreviewModel } from './model';

export { textOn } from '@/components/viewer/shell';

/** Where links point: the server's APP_URL (links' `url` uses it), scheme included, never the browser's guess. */
const useLinkOrigin = () => useIdentity().appUrl;
/** The origin as an address bar shows it: no `https://`, the scheme of anything else kept. */
const shown = (origin: string) => origin.replace(/^https:\/\//, '');

export function Chrome({ children }: { children: React.ReactNode }) {
  const domain = shown(useLinkOrigin());
  return (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
      <div className="flex h-8 items-center gap-3 border-b border-zinc-200 bg-zinc-100 px-3" aria-hidden>
        <span className="flex gap-1.5">
          <span className="h-2.5 w-2.5 rounded-full bg-zinc-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-zinc-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-zinc-300" />
        </span>
        <span className="min-w-0 flex-1 truncate rounded-md bg-white px-2 py-0.5 text-[11px] text-zinc-500 ring-1 ring-zinc-200">{domain}/view/…</span>
      </div>
      {children}
    </div>
  );
}

/** The link as a chat app shows it when pasted: favicon, site, title, description, image. */
export function LinkPreviewCard({ model, title, siteName }: { model: PreviewModel; title: string; siteName: string }) {
  const origin = useLinkOrigin();
  const cardTitle = model.link_preview_title ?? title;
  return (
    <figure data-testid="link-preview" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-zinc-200">
      <div className="flex gap-3">
        <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md bg-emerald-600 text-xs font-semibold text-white" aria-hidden>
          AK
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm">
            <span className="font-semibold text-zinc-900">Alex Kim</span> <span className="text-xs text-zinc-400">10:42</span>
          </p>
          <p data-testid="link-preview-url" className="truncate text-sm text-sky-700">
            {origin}/view/…
          </p>
          <div className="mt-2 max-w-sm border-l-4 border-zinc-300 pl-3">
            <p className="flex items-center gap-1.5 text-xs font-semibold text-zinc-700">
              {model.link_preview_favicon_url && (
                <img data-testid="link-preview-favicon" src={model.link_preview_favicon_url} alt="" className="h-4 w-4 rounded-sm object-contain" />
              )}
              {siteName}
            </p>
            <p data-testid="link-preview-title" className="mt-1 text-sm font-semibold break-words text-sky-700">
              {cardTitle}
            </p>
            {model.link_preview_description && (
              <p data-testid="link-preview-description" className="mt-0.5 line-clamp-3 text-sm break-words text-zinc-600">
                {model.link_preview_description}
              </p>
            )}
            {model.link_preview_image_url && (
              <img data-testid="link-preview-image" src={model.link_preview_image_url} alt="" className="mt-2 aspect-[1200/630] w-full max-w-xs rounded-md object-cover ring-1 ring-zinc-200" />
            )}
            <p className="mt-1 text-[11px] text-zinc-400">{new URL(origin).host}</p>
          </div>
        </div>
      </div>
      <figcaption className="sr-only">Preview of the link when pasted in a chat</figcaption>
    </figure>
  );
}
