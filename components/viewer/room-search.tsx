'use client';
// A room's search box: names and the words of every document the visitor may see, as they type
// (the search route, 400 ms after the last key). A combobox: the first hits drop down under the
// box, arrows move through them, Enter opens one (at its page, the words found there) or, with
// none chosen, the full results (the GET form, so it works without script too). `/`, Ctrl+F and
// Cmd+F focus the box; Escape closes the list, then clears the box.
import { FileText, Loader2, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { fill, type ViewerWords } from '@/lib/shared/viewer-words';
import { MarkedText } from './marked-text';
import { hitHref, searchHits, type VisitorHit } from './search-api';

/** Hits the list shows; the rest are on the results page. */
const SHOWN = 7;
const DEBOUNCE_MS = 400;

type State = { status: 'idle' } | { status: 'loading'; q: string; hits: VisitorHit[] | null } | { status: 'done'; q: string; hits: VisitorHit[] } | { status: 'error'; q: string };

export function RoomSearch({ base, initialQ, t }: { base: string; initialQ: string; t: ViewerWords }) {
  const [value, setValue] = useState(initialQ);
  const [state, setState] = useState<State>({ status: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const abort = useRef<AbortController | null>(null);
  const listId = useId();
  const q = value.trim();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement || (e.target as HTMLElement | null)?.isContentEditable;
      const find = (e.key === 'f' || e.key === 'F') && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
      if (find || (e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey)) {
        e.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Searches as the visitor types (not for what the page was opened with: its results are below).
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current) return;
    abort.current?.abort();
    if (!q) {
      setState({ status: 'idle' });
      return;
    }
    setState((s) => ({ status: 'loading', q, hits: s.status === 'done' ? s.hits : null }));
    const ctl = new AbortController();
    abort.current = ctl;
    const timer = window.setTimeout(() => {
      searchHits(`${base}/search`, q, null, ctl.signal).then(
        (r) => setState({ status: 'done', q, hits: r.data }),
        () => {
          if (!ctl.signal.aborted) setState({ status: 'error', q });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      ctl.abort();
    };
  }, [q, base]);

  const hits = state.status === 'done' || state.status === 'loading' ? (state.hits ?? []) : [];
  const shown = hits.slice(0, SHOWN);
  // The options: the hits shown, then "See all results".
  const hrefs = shown.length ? [...shown.map((h) => hitHref(base, h, q)), `${base}?${new URLSearchParams({ q })}`] : [];
  const listOpen = open && !!q && state.status !== 'idle';
  const optionId = (i: number) => `${listId}-o${i}`;

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && !hrefs.length) {
      // Nothing typed yet: down into the results on the page, if any.
      const first = document.querySelector<HTMLAnchorElement>('a[data-nav]');
      if (first) {
        e.preventDefault();
        first.focus();
      }
    } else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && hrefs.length) {
      e.preventDefault();
      setOpen(true);
      const n = hrefs.length;
      setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (e.key === 'Enter' && listOpen && active >= 0 && hrefs[active]) {
      e.preventDefault();
      window.location.assign(hrefs[active]);
    } else if (e.key === 'Escape') {
      if (listOpen) setOpen(false);
      else if (value) setValue('');
      else input.current?.blur();
      setActive(-1);
    }
  };

  return (
    <form ref={form} method="get" action={base} role="search" className="relative w-full sm:w-80" data-testid="room-search">
      {state.status === 'loading' ? (
        <Loader2 className="pointer-events-none absolute top-2.5 left-2.5 h-4 w-4 animate-spin text-zinc-400" aria-hidden />
      ) : (
        <Search className="pointer-events-none absolute top-2.5 left-2.5 h-4 w-4 text-zinc-400" aria-hidden />
      )}
      <input
        ref={input}
        name="q"
        value={value}
        onChange={(e) => {
          typed.current = true;
          setValue(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        maxLength={200}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder={t.search}
        aria-label={t.search}
        role="combobox"
        aria-expanded={listOpen}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={listOpen && active >= 0 ? optionId(active) : undefined}
        className="h-10 w-full rounded-lg border-0 bg-white pr-16 pl-8 text-base shadow-sm ring-1 ring-zinc-300 ring-inset placeholder:text-zinc-400 focus:ring-2 focus:ring-[var(--viewer-brand)] focus:outline-none sm:h-9 sm:text-sm"
      />
      {value ? (
        <button
          type="button"
          aria-label={t.searchClear}
          title={t.searchClear}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            typed.current = true;
            setValue('');
            input.current?.focus();
          }}
          className="absolute top-1.5 right-1.5 inline-flex h-7 w-7 items-center justify-center rounded-md text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700 sm:top-1 sm:right-1"
        >
          <X className="h-4 w-4" />
        </button>
      ) : (
        <kbd className="pointer-events-none absolute top-2 right-2 hidden rounded border border-zinc-200 bg-zinc-50 px-1.5 text-[11px] leading-5 font-medium text-zinc-400 sm:block" aria-hidden>
          /
        </kbd>
      )}
      <div
        id={listId}
        role="listbox"
        aria-label={t.search}
        data-testid="room-search-list"
        hidden={!listOpen}
        // Keeps the focus in the box while a pointer picks an option (the link still opens).
        onMouseDown={(e) => e.preventDefault()}
        className="absolute inset-x-0 top-full z-30 mt-1.5 max-h-[min(70dvh,32rem)] overflow-y-auto rounded-xl bg-white py-1.5 shadow-lg ring-1 ring-zinc-200 sm:right-0 sm:left-auto sm:w-[28rem]"
      >
        {state.status === 'error' ? (
          <p className="px-4 py-3 text-sm text-red-700" role="alert">
            {t.searchError}
          </p>
        ) : state.status === 'loading' && !state.hits ? (
          <p className="px-4 py-3 text-sm text-zinc-500">{t.searchSearching}</p>
        ) : !shown.length ? (
          <p className="px-4 py-3 text-sm text-zinc-500" data-testid="room-search-empty">
            {t.noResults}
          </p>
        ) : (
          shown.map((h, i) => (
            <a
              key={`${h.item_id}-${h.page_number}`}
              id={optionId(i)}
              role="option"
              aria-selected={active === i}
              href={hrefs[i]}
              data-testid="room-search-option"
              onMouseEnter={() => setActive(i)}
              className={cn('flex gap-3 px-3 py-2 text-left', active === i ? 'bg-zinc-100' : 'hover:bg-zinc-50')}
            >
              <FileText className="mt-0.5 h-4 w-4 shrink-0 text-zinc-400" aria-hidden />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span className="min-w-0 truncate text-sm font-medium text-zinc-900">
                    {h.match === 'name' ? <MarkedText text={h.document_name} highlights={h.highlights} /> : h.document_name}
                  </span>
                  <span className="shrink-0 text-xs text-zinc-500">{h.match === 'name' ? t.searchNameMatch : fill(t.searchHitPage, { page: h.page_number ?? 1 })}</span>
                </span>
                {h.match === 'text' ? <MarkedText text={h.snippet} highlights={h.highlights} className="mt-0.5 line-clamp-2 block text-xs leading-5 text-zinc-600" /> : null}
              </span>
            </a>
          ))
        )}
        {state.status !== 'error' && shown.length ? (
          <a
            id={optionId(shown.length)}
            role="option"
            aria-selected={active === shown.length}
            href={hrefs[shown.length]}
            onMouseEnter={() => setActive(shown.length)}
            data-testid="room-search-all"
            className={cn('mt-1 flex items-center gap-2 border-t border-zinc-100 px-3 pt-2.5 pb-1.5 text-sm font-medium text-zinc-800', active === shown.length ? 'bg-zinc-100' : 'hover:bg-zinc-50')}
          >
            <Search className="h-4 w-4" style={{ color: 'var(--viewer-brand)' }} aria-hidden /> {t.searchSeeAll}
          </a>
        ) : null}
      </div>
    </form>
  );
}
