'use client';
// The document page's find: a box (Ctrl/Cmd+F or / focuses it; Enter next, Shift+Enter previous,
// Escape clears), "3 of 12" pages with matches, and the matched words boxed on the page images.
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronUp, Search, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { HighlightBoxes } from '@/components/ui/highlight-boxes';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { reveal, type PageMarks as PageMarksSpec } from './pdf-preview';
import type { Find } from './use-find';

/** Why find is off for a version whose words cannot be searched (null: it can be). */
export function findUnavailable(textStatus: string, primary: boolean): string | null {
  if (!primary) return 'Find searches the primary version';
  if (textStatus === 'processing') return 'Reading the text… find works when it is done';
  if (textStatus === 'none') return 'No text found in this document';
  if (textStatus === 'failed') return 'The text of this document could not be read';
  return null;
}

const iconButton =
  'inline-flex h-7 w-7 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:pointer-events-none disabled:opacity-40';

export function FindBar({ find, disabledReason }: { find: Find; disabledReason: string | null }) {
  const input = useRef<HTMLInputElement>(null);

  // Ctrl/Cmd+F and / focus the box (the browser's own find cannot see the page images' words).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      const typing = ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName) || t.isContentEditable;
      const ctrlF = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'f';
      if (ctrlF || (e.key === '/' && !e.metaKey && !e.ctrlKey && !typing)) {
        if (!input.current || input.current.disabled) return;
        e.preventDefault();
        input.current.focus();
        input.current.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const { hits, index, q } = find;
  const status = disabledReason ? null : !q ? null : find.pending ? 'pending' : find.error ? 'error' : hits.length ? 'hits' : 'none';

  return (
    <div
      role="search"
      aria-label="Find in document"
      data-testid="find-bar"
      className={cn(
        'sticky top-16 z-20 mb-3 flex items-center gap-1 rounded-xl bg-white/95 py-1 pr-1.5 pl-3 shadow-sm ring-1 ring-zinc-200 backdrop-blur lg:static',
        'focus-within:ring-2 focus-within:ring-brand-500',
      )}
    >
      <Search className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden />
      <input
        ref={input}
        type="text"
        inputMode="search"
        enterKeyHint="search"
        aria-label="Find in document"
        aria-describedby="find-status"
        placeholder={disabledReason ?? 'Find in document  ( / )'}
        disabled={!!disabledReason}
        maxLength={500}
        value={disabledReason ? '' : find.input}
        onChange={(e) => find.setInput(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (e.shiftKey) find.prev();
            else find.submit();
          } else if (e.key === 'Escape') {
            find.setInput('');
          }
        }}
        className="h-8 min-w-0 flex-1 border-0 bg-transparent px-1 text-sm text-zinc-900 placeholder:text-zinc-400 focus:ring-0 focus:outline-none disabled:cursor-not-allowed"
      />
      <span id="find-status" aria-live="polite" data-testid="find-status" className="shrink-0 px-1 text-xs whitespace-nowrap text-zinc-500 tabular-nums">
        {status === 'pending' && <Spinner className="h-3.5 w-3.5" label="Searching" />}
        {status === 'error' && <span className="text-red-600" title={errorMessage(find.error)}>Search failed</span>}
        {status === 'none' && <span className="text-zinc-500">No matches</span>}
        {status === 'hits' && index >= 0 && (
          <span title="Pages with matches">
            <span className="font-medium text-zinc-800">{index + 1}</span> of {hits.length}
            <span className="hidden text-zinc-400 sm:inline"> · p. {hits[index]!.page_number}</span>
          </span>
        )}
      </span>
      <span className="mx-0.5 h-5 w-px bg-zinc-200" aria-hidden />
      <button type="button" className={iconButton} onClick={find.prev} disabled={status !== 'hits'} aria-label="Previous match" title="Previous (Shift+Enter)">
        <ChevronUp className="h-4 w-4" aria-hidden />
      </button>
      <button type="button" className={iconButton} onClick={find.next} disabled={status !== 'hits'} aria-label="Next match" title="Next (Enter)">
        <ChevronDown className="h-4 w-4" aria-hidden />
      </button>
      {find.input && !disabledReason && (
        <button
          type="button"
          className={iconButton}
          aria-label="Clear find"
          onClick={() => {
            find.setInput('');
            input.current?.focus();
          }}
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      )}
    </div>
  );
}

/** The matched words' boxes on one page; the current page's brought into view at each move. */
export function PageMarks({ documentId, versionId, page, q, active, seq }: { documentId: string; versionId: string; page: number; q: string; active: boolean; seq: number }) {
  const trpc = useTRPC();
  const r = useQuery({ ...trpc.documents.pageHighlights.queryOptions({ id: documentId, version_id: versionId, page, q }), staleTime: 5 * 60_000 });
  const layer = useRef<HTMLDivElement>(null);
  const boxes = r.data?.boxes;
  useEffect(() => {
    if (!active || !boxes?.length) return;
    // After the page's own scroll (a parent's effect runs after this one).
    const f = requestAnimationFrame(() => {
      const first = layer.current?.querySelector('[data-testid="highlight-box"]');
      if (first) reveal(first, 'center');
    });
    return () => cancelAnimationFrame(f);
  }, [active, seq, boxes]);
  if (!boxes?.length) return null;
  return (
    <div ref={layer} className="contents">
      <HighlightBoxes boxes={boxes} active={active} />
    </div>
  );
}

/** What the preview lays over its pages for `find` on `version` (the URL's page is shown even without a query). */
export function usePageMarks(find: Find, documentId: string, versionId: string | null, on: boolean): PageMarksSpec | undefined {
  const { hits, index, q, goTo } = find;
  const pages = useMemo(() => new Set(hits.map((h) => h.page_number)), [hits]);
  const current = hits[index]?.page_number ?? null;
  const seq = goTo?.seq ?? 0;
  const render = useCallback(
    (page: number) =>
      on && versionId && q && pages.has(page) ? <PageMarks documentId={documentId} versionId={versionId} page={page} q={q} active={page === current} seq={seq} /> : null,
    [on, versionId, q, pages, current, seq, documentId],
  );
  return useMemo(() => (goTo || (on && q) ? { render, goTo } : undefined), [goTo, on, q, render]);
}
