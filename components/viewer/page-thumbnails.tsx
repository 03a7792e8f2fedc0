'use client';
// The strip of page thumbnails beside a document (tablets and up). Each thumbnail is a placeholder
// of the page's shape until its image is asked for; images are asked for only once the page being
// read has arrived, only for thumbnails in or near view (IntersectionObserver), lowest page first
// and two at a time, so they fill in in page order and never hold up the page itself. The page's
// HTML holds only the first IN_HTML of them; the rest are added once the page is live (a 200-page
// document's strip was 80 KB of its 97 KB of HTML, and most of the server's time to render it).
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import { PageImg } from './page-img';

const AT_ONCE = 2;
const IN_HTML = 24;

export function PageThumbnails({
  numPages,
  page,
  ratio,
  srcOf,
  start,
  label,
  onGo,
  marked,
}: {
  /** Pages where a find has matches (their numbers are marked). */
  marked?: ReadonlySet<number>;
  numPages: number;
  page: number;
  /** Width / height of the pages' placeholders. */
  ratio: number;
  srcOf: (p: number) => string;
  /** False until the page being read has arrived. */
  start: boolean;
  label: string;
  onGo: (p: number) => void;
}) {
  const nav = useRef<HTMLElement>(null);
  const [near, setNear] = useState<ReadonlySet<number>>(new Set());
  const [asked, setAsked] = useState<ReadonlySet<number>>(new Set());
  const [done, setDone] = useState<ReadonlySet<number>>(new Set());
  const shown = useHydrated() ? numPages : Math.min(numPages, IN_HTML);

  useEffect(() => {
    const root = nav.current;
    if (!root) return;
    const io = new IntersectionObserver(
      (entries) =>
        setNear((cur) => {
          const next = new Set(cur);
          for (const e of entries) {
            const p = Number((e.target as HTMLElement).dataset.page);
            if (e.isIntersecting) next.add(p);
            else next.delete(p);
          }
          return next;
        }),
      { root, rootMargin: '300px 0px' },
    );
    root.querySelectorAll('[data-page]').forEach((el) => io.observe(el));
    return () => io.disconnect();
  }, [shown]);

  useEffect(() => {
    if (!start) return;
    const waiting = [...asked].filter((p) => !done.has(p)).length;
    if (waiting >= AT_ONCE) return;
    const next = [...near].filter((p) => !asked.has(p)).sort((a, b) => a - b).slice(0, AT_ONCE - waiting);
    if (next.length) setAsked((cur) => new Set([...cur, ...next]));
  }, [start, near, asked, done]);

  useEffect(() => {
    nav.current?.querySelector(`[data-page="${page}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [page, shown]);

  const finished = (p: number) => setDone((cur) => (cur.has(p) ? cur : new Set([...cur, p])));

  return (
    <nav aria-label={label} ref={nav} className="hidden max-h-[calc(100dvh-10rem)] w-28 shrink-0 flex-col gap-2 overflow-y-auto p-1 md:flex" data-testid="thumbnails">
      {Array.from({ length: shown }, (_, i) => i + 1).map((p) => (
        <a
          key={p}
          href={`?page=${p}`}
          data-page={p}
          aria-current={p === page ? 'page' : undefined}
          onClick={(e) => {
            e.preventDefault();
            onGo(p);
          }}
          className={cn('block shrink-0 rounded-md p-1 ring-1', p === page ? 'ring-2 ring-[var(--viewer-brand)]' : 'ring-zinc-200 hover:ring-zinc-400')}
        >
          <span
            className={cn('relative block w-full overflow-hidden', done.has(p) ? 'bg-white' : 'animate-pulse bg-zinc-200')}
            style={{ aspectRatio: String(ratio) }}
            data-testid="thumbnail"
            data-state={done.has(p) ? 'loaded' : asked.has(p) ? 'loading' : 'waiting'}
          >
            {asked.has(p) ? (
              <PageImg src={srcOf(p)} alt="" className="absolute inset-0 h-full w-full object-contain" onReady={() => finished(p)} onFailed={() => finished(p)} draggable={false} />
            ) : null}
          </span>
          {marked?.has(p) ? (
            <span className="mx-auto mt-0.5 block w-fit rounded-full bg-amber-200 px-1.5 text-center text-[11px] font-semibold text-amber-900" data-testid="thumbnail-match">
              {p}
            </span>
          ) : (
            <span className="block pt-0.5 text-center text-[11px] text-zinc-500">{p}</span>
          )}
        </a>
      ))}
    </nav>
  );
}
