'use client';
// A PDF as the visitor reads it: page images rendered on the server (never the PDF's bytes),
// one page at a time with thumbnails, zoom, previous/next buttons, arrow keys and swipes, the
// watermark over each page, and page-time heartbeats. The server-rendered HTML already shows the
// first page, and the page links work without script (?page=N).
import { ChevronLeft, ChevronRight, Download, ZoomIn, ZoomOut } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { PageImg } from './page-img';
import { usePageTime } from './use-page-time';
import { WatermarkOverlay, type OverlayWatermark } from './watermark-overlay';

export type DocumentViewerWords = { pageOf: string; previous: string; next: string; zoomIn: string; zoomOut: string; pages: string; download: string };

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

export function DocumentViewer({
  name,
  pagesUrl,
  numPages,
  initialPage,
  downloadUrl,
  watermark,
  viewId,
  eventsUrl,
  words,
}: {
  name: string;
  pagesUrl: string;
  numPages: number;
  initialPage: number;
  downloadUrl: string | null;
  watermark: OverlayWatermark | null;
  viewId: string;
  eventsUrl: string;
  words: DocumentViewerWords;
}) {
  const [page, setPage] = useState(Math.min(Math.max(1, initialPage), numPages));
  const [zoom, setZoom] = useState(1);
  const thumbs = useRef<HTMLDivElement>(null);
  usePageTime(eventsUrl, viewId, page);

  const src = (p: number, w: number) => `${pagesUrl}/${p}?w=${w}`;
  const width = zoom > 1 ? 1920 : 1440;

  const go = useCallback((p: number) => setPage((cur) => (p >= 1 && p <= numPages ? p : cur)), [numPages]);

  useEffect(() => {
    const url = new URL(window.location.href);
    url.searchParams.set('page', String(page));
    window.history.replaceState(null, '', url);
    // The next page is fetched ahead so turning is instant.
    if (page < numPages) new Image().src = src(page + 1, width);
    thumbs.current?.querySelector(`[data-page="${page}"]`)?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, width]);

  useEffect(() => {
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
  }, [go, page, numPages]);

  // Swipes on phones: left for the next page, right for the previous one (not while zoomed in).
  const touch = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (e: React.TouchEvent) => (touch.current = e.touches.length === 1 ? { x: e.touches[0]!.clientX, y: e.touches[0]!.clientY } : null);
  const onTouchEnd = (e: React.TouchEvent) => {
    const start = touch.current;
    touch.current = null;
    if (!start || zoom > 1) return;
    const dx = e.changedTouches[0]!.clientX - start.x;
    const dy = e.changedTouches[0]!.clientY - start.y;
    if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy) * 1.5) go(dx < 0 ? page + 1 : page - 1);
  };

  const navLink = (p: number, label: string, icon: React.ReactNode, testId: string) => {
    const disabled = p < 1 || p > numPages;
    return (
      <a
        href={disabled ? undefined : `?page=${p}`}
        aria-label={label}
        title={label}
        aria-disabled={disabled}
        data-testid={testId}
        onClick={(e) => {
          e.preventDefault();
          go(p);
        }}
        className={cn('inline-flex h-9 w-9 items-center justify-center rounded-lg text-zinc-700 hover:bg-zinc-100', disabled && 'pointer-events-none opacity-30')}
      >
        {icon}
      </a>
    );
  };

  return (
    <div className="flex flex-col gap-3" data-testid="document-viewer">
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-1 rounded-xl bg-white/95 px-2 py-1.5 shadow-sm ring-1 ring-zinc-200 backdrop-blur">
        <span className="mr-auto min-w-0 truncate px-2 text-sm font-medium text-zinc-800">{name}</span>
        {navLink(page - 1, words.previous, <ChevronLeft className="h-5 w-5" />, 'page-prev')}
        <span className="px-1 text-sm tabular-nums text-zinc-600" data-testid="page-indicator">
          {words.pageOf.replace('{page}', String(page)).replace('{total}', String(numPages))}
        </span>
        {navLink(page + 1, words.next, <ChevronRight className="h-5 w-5" />, 'page-next')}
        <span className="mx-1 hidden h-5 w-px bg-zinc-200 sm:block" />
        <button type="button" aria-label={words.zoomOut} title={words.zoomOut} onClick={() => setZoom((z) => ZOOMS[Math.max(ZOOMS.indexOf(z) - 1, 0)]!)} className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-zinc-700 hover:bg-zinc-100">
          <ZoomOut className="h-5 w-5" />
        </button>
        <span className="w-12 text-center text-xs tabular-nums text-zinc-500" data-testid="zoom-level">
          {Math.round(zoom * 100)}%
        </span>
        <button type="button" aria-label={words.zoomIn} title={words.zoomIn} onClick={() => setZoom((z) => ZOOMS[Math.min(ZOOMS.indexOf(z) + 1, ZOOMS.length - 1)]!)} className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-zinc-700 hover:bg-zinc-100">
          <ZoomIn className="h-5 w-5" />
        </button>
        {downloadUrl ? (
          <a
            href={downloadUrl}
            data-testid="download"
            className="ml-1 inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium shadow-sm"
            style={{ background: 'var(--viewer-brand)', color: 'var(--viewer-on-brand)' }}
          >
            <Download className="h-4 w-4" />
            <span className="hidden sm:inline">{words.download}</span>
          </a>
        ) : null}
      </div>
      <div className="flex gap-4">
        {numPages > 1 ? (
          <nav aria-label={words.pages} ref={thumbs} className="hidden max-h-[calc(100dvh-10rem)] w-28 shrink-0 flex-col gap-2 overflow-y-auto pr-1 md:flex">
            {Array.from({ length: numPages }, (_, i) => i + 1).map((p) => (
              <a
                key={p}
                href={`?page=${p}`}
                data-page={p}
                aria-current={p === page ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  go(p);
                }}
                className={cn('block rounded-md p-1 ring-1', p === page ? 'ring-2 ring-[var(--viewer-brand)]' : 'ring-zinc-200 hover:ring-zinc-400')}
              >
                <PageImg src={src(p, 480)} alt="" loading="lazy" className="w-full bg-white" />
                <span className="block pt-0.5 text-center text-[11px] text-zinc-500">{p}</span>
              </a>
            ))}
          </nav>
        ) : null}
        <div className="min-w-0 flex-1 overflow-auto" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
          {/* At 100% and below the whole page fits the screen; zooming in widens it past the screen. */}
          <div className={cn('relative mx-auto bg-white shadow-md ring-1 ring-zinc-200', zoom <= 1 && 'w-fit max-w-full')} style={zoom > 1 ? { width: `${zoom * 100}%` } : undefined}>
            <PageImg
              key={page}
              src={src(page, width)}
              alt={words.pageOf.replace('{page}', String(page)).replace('{total}', String(numPages))}
              data-testid="page-image"
              className={cn('block', zoom > 1 ? 'w-full' : 'h-auto w-auto max-w-full')}
              style={zoom <= 1 ? { maxHeight: `calc((100dvh - 13rem) * ${zoom})`, minHeight: '12rem' } : undefined}
              draggable={false}
              onContextMenu={(e) => e.preventDefault()}
            />
            {watermark ? <WatermarkOverlay wm={watermark} /> : null}
          </div>
        </div>
      </div>
    </div>
  );
}
