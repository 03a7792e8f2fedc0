'use client';
// A PDF as the visitor reads it: page images rendered on the server (never the PDF's bytes),
// one page at a time, zoom, previous/next buttons, arrow keys and swipes, the watermark over each
// page, and page-time heartbeats. The server-rendered HTML already asks for the page being read
// (the browser picks its width from srcset, and the first page's usual widths are pre-rendered),
// inside a placeholder of the page's shape; the thumbnails wait for it (page-thumbnails.tsx).
// Phones get the toolbar at the bottom (previous, page x of n, next on one line) and the page at
// the screen's full width. The page links work without script (?page=N).
import { ChevronLeft, ChevronRight, Download, ZoomIn, ZoomOut } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { PageImg } from './page-img';
import { PageThumbnails } from './page-thumbnails';
import { usePageTime } from './use-page-time';
import { WatermarkOverlay, type OverlayWatermark } from './watermark-overlay';
import { FindBar, type FindWords } from './find-bar';
import { HitBoxes } from './hit-boxes';
import { useFind } from './use-find';

export type DocumentViewerWords = { pageOf: string; sheetName: string; previous: string; next: string; zoomIn: string; zoomOut: string; pages: string; download: string } & FindWords;

/** Find in the document: the search route, the room item (null: the link's document), the words it opens with. */
export type DocumentSearch = { url: string; item: string | null; q: string };

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
/** The page-sized widths the renderer draws (server/media/render.ts); 480 is the thumbnail. */
const PAGE_WIDTHS = [960, 1440, 1920];
const THUMB_WIDTH = 480;
/** A page's shape when the version does not say (older uploads): A4 portrait, until the image arrives. */
const FALLBACK_RATIO = 1 / Math.SQRT2;
/** How far a finger must travel sideways to turn the page. */
const SWIPE_PX = 50;

/**
 * What the browser should assume the page's displayed width is, for picking from srcset: from
 * tablets up the page is as tall as the screen allows (its width follows from its shape), on
 * phones as wide as the screen. Plain calc(): min() in `sizes` is not understood everywhere.
 */
function sizesFor(ratio: number, zoom: number): string {
  const wide = zoom > 1 ? `calc((100vw - 12rem) * ${zoom})` : `calc((100vh - 13rem) * ${(ratio * zoom).toFixed(4)})`;
  return `(min-width: 640px) ${wide}, calc(100vw - 1.5rem)`;
}

export function DocumentViewer({
  pagesUrl,
  numPages,
  initialPage,
  pageWidth,
  pageHeight,
  downloadUrl,
  watermark,
  viewId,
  eventsUrl,
  words,
  pageSheets = null,
  preview = false,
  search = null,
}: {
  /** Find in the document; null when the link does not allow search (and in the preview). */
  search?: DocumentSearch | null;
  /** The dashboard's branding preview: a picture of the viewer that reports nothing and leaves the address and keys alone. */
  preview?: boolean;
  pagesUrl: string;
  numPages: number;
  /** A converted spreadsheet: the sheet each page prints (index 0 is page 1; null where unknown). */
  pageSheets?: readonly (string | null)[] | null;
  initialPage: number;
  /** The first page's size (any unit), for the placeholders' shape; null when unknown. */
  pageWidth: number | null;
  pageHeight: number | null;
  downloadUrl: string | null;
  watermark: OverlayWatermark | null;
  viewId: string;
  eventsUrl: string | null;
  words: DocumentViewerWords;
}) {
  const [page, setPage] = useState(Math.min(Math.max(1, initialPage), numPages));
  const [zoom, setZoom] = useState(1);
  // Pages whose image has shown, and the shape each really has (pages may differ from the first).
  const [shown, setShown] = useState<ReadonlySet<number>>(new Set());
  const [ratios, setRatios] = useState<Record<number, number>>({});
  const firstShown = shown.size > 0;
  usePageTime(preview ? null : eventsUrl, viewId, page);

  const baseRatio = pageWidth && pageHeight ? pageWidth / pageHeight : FALLBACK_RATIO;
  const ratio = ratios[page] ?? baseRatio;
  const src = (p: number, w: number) => `${pagesUrl}/${p}?w=${w}`;
  const srcSet = (p: number) => PAGE_WIDTHS.map((w) => `${src(p, w)} ${w}w`).join(', ');
  const sizes = sizesFor(ratio, zoom);
  const label = (p: number) => words.pageOf.replace('{page}', String(p)).replace('{total}', String(numPages));
  const sheet = pageSheets?.[page - 1] ?? null;

  const go = useCallback((p: number) => setPage((cur) => (p >= 1 && p <= numPages ? p : cur)), [numPages]);
  const find = useFind({ searchUrl: search?.url ?? '', item: search?.item ?? null, initialQuery: search?.q ?? '', page, go });
  const onPage = find.matches.flatMap((match, index) => (match.page === page ? [{ match, index }] : []));

  useEffect(() => {
    if (preview) return;
    const url = new URL(window.location.href);
    url.searchParams.set('page', String(page));
    // The words found stay in the address (a reload finds them again).
    if (find.searched) url.searchParams.set('q', find.searched);
    else url.searchParams.delete('q');
    window.history.replaceState(null, '', url);
  }, [page, find.searched]);

  // Once this page shows, the next one is fetched ahead (same srcset, same choice) so turning is instant.
  useEffect(() => {
    if (!shown.has(page) || page >= numPages) return;
    const next = new Image();
    next.sizes = sizesFor(ratios[page + 1] ?? baseRatio, zoom);
    next.srcset = srcSet(page + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, shown, zoom]);

  useEffect(() => {
    if (preview) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.metaKey || e.ctrlKey || e.altKey) return;
      if (e.key === 'ArrowRight' || e.key === 'PageDown' || e.key === 'j') go(page + 1);
      else if (e.key === 'ArrowLeft' || e.key === 'PageUp' || e.key === 'k') go(page - 1);
      else if (e.key === 'Home') go(1);
      else if (e.key === 'End') go(numPages);
      else if (e.key === '+' || e.key === '=') setZoom((z) => ZOOMS[Math.min(ZOOMS.indexOf(z) + 1, ZOOMS.length - 1)]!);
      else if (e.key === '-') setZoom((z) => ZOOMS[Math.max(ZOOMS.indexOf(z) - 1, 0)]!);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, page, numPages, preview]);

  // Swipes (touch and pen): left for the next page, right for the previous one; not while zoomed
  // in, here or with the browser's pinch. The page leaves sideways pans to us (touch-action).
  const swipe = useRef<{ x: number; y: number; id: number } | null>(null);
  const onPointerDown = (e: React.PointerEvent) => {
    swipe.current = e.pointerType === 'mouse' || !e.isPrimary ? null : { x: e.clientX, y: e.clientY, id: e.pointerId };
  };
  const onPointerUp = (e: React.PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== e.pointerId || zoom > 1 || (window.visualViewport?.scale ?? 1) > 1.01) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy) * 1.5) go(dx < 0 ? page + 1 : page - 1);
  };

  const navLink = (p: number, text: string, testId: string, icon: React.ReactNode) => {
    const disabled = p < 1 || p > numPages;
    return (
      <a
        href={disabled ? undefined : `?page=${p}`}
        aria-label={text}
        title={text}
        aria-disabled={disabled}
        data-testid={testId}
        onClick={(e) => {
          e.preventDefault();
          go(p);
        }}
        className={cn(
          // Phones: a wide button filling its side of the bar (the words of every language do not
          // fit beside "Page x of n" at 360 px, so the chevron speaks; the label is for assistive
          // technology); wider screens: an icon button.
          'inline-flex h-11 min-w-0 flex-1 items-center justify-center rounded-lg text-zinc-800 ring-1 ring-zinc-200 hover:bg-zinc-100 sm:h-9 sm:w-9 sm:flex-none sm:ring-0',
          disabled && 'pointer-events-none opacity-30',
        )}
      >
        {icon}
      </a>
    );
  };
  const zoomButton = (dir: -1 | 1) => (
    <button
      type="button"
      aria-label={dir < 0 ? words.zoomOut : words.zoomIn}
      title={dir < 0 ? words.zoomOut : words.zoomIn}
      onClick={() => setZoom((z) => ZOOMS[Math.min(Math.max(ZOOMS.indexOf(z) + dir, 0), ZOOMS.length - 1)]!)}
      className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-zinc-700 hover:bg-zinc-100"
    >
      {dir < 0 ? <ZoomOut className="h-5 w-5" /> : <ZoomIn className="h-5 w-5" />}
    </button>
  );

  return (
    <div className="flex flex-col gap-3" data-testid="document-viewer">
      <div
        data-testid="viewer-toolbar"
        className={cn(
          // No backdrop filter on phones: it would hold the find bar (position: fixed) inside the bar.
          'z-20 flex items-center gap-2 bg-white sm:bg-white/95 sm:backdrop-blur',
          // Phones: one line fixed at the bottom, within thumb reach; wider: a bar above the page.
          'fixed inset-x-0 bottom-0 border-t border-zinc-200 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-1px_3px_rgba(0,0,0,0.06)]',
          'sm:sticky sm:top-0 sm:bottom-auto sm:gap-1 sm:rounded-xl sm:border-t-0 sm:px-2 sm:py-1.5 sm:shadow-sm sm:ring-1 sm:ring-zinc-200',
        )}
      >
        {navLink(page - 1, words.previous, 'page-prev', <ChevronLeft className="h-5 w-5 shrink-0" />)}
        <span className="shrink-0 px-1 text-center text-sm whitespace-nowrap text-zinc-600 tabular-nums" data-testid="page-indicator" aria-live="polite">
          {label(page)}
        </span>
        {sheet !== null ? (
          <span className="max-w-[30vw] min-w-0 truncate text-sm font-medium text-zinc-800 sm:max-w-xs" data-testid="page-sheet" title={words.sheetName.replace('{name}', sheet)}>
            {words.sheetName.replace('{name}', sheet)}
          </span>
        ) : null}
        {navLink(page + 1, words.next, 'page-next', <ChevronRight className="h-5 w-5 shrink-0" />)}
        {search && !preview ? (
          <div className="contents sm:ml-auto sm:flex sm:items-center sm:gap-1 sm:border-r sm:border-zinc-200 sm:pr-1">
            <FindBar find={find} words={words} />
          </div>
        ) : null}
        <div className={cn('hidden items-center gap-1 sm:flex', !(search && !preview) && 'sm:ml-auto')}>
          {zoomButton(-1)}
          <span className="w-12 text-center text-xs text-zinc-500 tabular-nums" data-testid="zoom-level">
            {Math.round(zoom * 100)}%
          </span>
          {zoomButton(1)}
        </div>
        {downloadUrl ? (
          <a
            href={downloadUrl}
            data-testid="download"
            aria-label={words.download}
            title={words.download}
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg text-sm font-medium shadow-sm sm:ml-1 sm:h-9 sm:w-auto sm:px-3"
            style={{ background: 'var(--viewer-brand)', color: 'var(--viewer-on-brand)' }}
          >
            <Download className="h-4 w-4" />
            <span className="hidden sm:inline">{words.download}</span>
          </a>
        ) : null}
      </div>
      <div className="flex gap-4">
        {numPages > 1 ? (
          <PageThumbnails numPages={numPages} page={page} ratio={baseRatio} srcOf={(p) => src(p, THUMB_WIDTH)} start={firstShown} label={words.pages} onGo={go} marked={find.pages} />
        ) : null}
        <div className="min-w-0 flex-1 overflow-auto">
          {/* The page's own shape from the start: a placeholder the size of the page, never a thin line.
              At 100% and below the whole page fits the screen (phones: its full width); zooming in widens it. */}
          <div
            data-testid="page-frame"
            data-state={shown.has(page) ? 'loaded' : 'loading'}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipe.current = null)}
            className={cn(
              'relative mx-auto touch-pan-y touch-pinch-zoom overflow-hidden shadow-md ring-1 ring-zinc-200',
              shown.has(page) ? 'bg-white' : 'animate-pulse bg-zinc-200',
              zoom <= 1 && 'w-full sm:w-[min(100%,calc((100dvh_-_13rem)*var(--zoom)*var(--page-ratio)))]',
            )}
            style={{ aspectRatio: String(ratio), ['--page-ratio' as string]: ratio, ['--zoom' as string]: zoom, ...(zoom > 1 ? { width: `${zoom * 100}%` } : {}) }}
          >
            <PageImg
              key={page}
              src={src(page, PAGE_WIDTHS[0]!)}
              srcSet={srcSet(page)}
              sizes={sizes}
              alt={label(page)}
              data-testid="page-image"
              fetchPriority="high"
              className="absolute inset-0 block h-full w-full object-contain"
              draggable={false}
              onContextMenu={(e) => e.preventDefault()}
              onReady={(img) => {
                const r = img.naturalWidth / img.naturalHeight;
                setShown((cur) => (cur.has(page) ? cur : new Set([...cur, page])));
                if (Number.isFinite(r) && Math.abs(r - (ratios[page] ?? baseRatio)) > 0.01) setRatios((cur) => ({ ...cur, [page]: r }));
              }}
            />
            {shown.has(page) ? <HitBoxes matches={onPage} current={find.index} /> : null}
            {watermark ? <WatermarkOverlay wm={watermark} /> : null}
          </div>
        </div>
      </div>
      {/* Room for the phone's bottom bar under the last of the page. */}
      <div className="h-16 sm:hidden" aria-hidden />
    </div>
  );
}
