'use client';
// A document's find: what the visitor typed, the matches of what was last searched (every page the
// words are on, in reading order), and the one being shown. A search runs 400 ms after the last
// key, or at once on Enter; it starts at the first match on or after the page being read (as a
// browser's find does) and turns to it. Next and previous go round.
import { useCallback, useEffect, useRef, useState } from 'react';
import { findMatches, type FindMatch } from './search-api';

const DEBOUNCE_MS = 400;

export type Find = ReturnType<typeof useFind>;

export function useFind({ searchUrl, item, initialQuery, page, go }: { searchUrl: string; item: string | null; initialQuery: string; page: number; go: (p: number) => void }) {
  const [query, setQueryState] = useState(initialQuery);
  const [result, setResult] = useState<{ q: string; matches: FindMatch[] } | null>(null);
  const [status, setStatus] = useState<'idle' | 'loading' | 'done' | 'error'>('idle');
  const [index, setIndex] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const timer = useRef<number | undefined>(undefined);
  // Read at the moment a search settles, not when it started.
  const pageRef = useRef(page);
  pageRef.current = page;

  const run = useCallback(
    (text: string, record = true) => {
      window.clearTimeout(timer.current);
      abort.current?.abort();
      const q = text.trim();
      if (!q) {
        setResult(null);
        setStatus('idle');
        return;
      }
      const ctl = new AbortController();
      abort.current = ctl;
      setStatus('loading');
      findMatches(searchUrl, item, q, { signal: ctl.signal, record }).then(
        (matches) => {
          const from = matches.findIndex((m) => m.page >= pageRef.current);
          const i = from < 0 ? 0 : from;
          setResult({ q, matches });
          setIndex(i);
          setStatus('done');
          if (matches[i]) go(matches[i].page);
        },
        () => {
          if (!ctl.signal.aborted) setStatus('error');
        },
      );
    },
    [searchUrl, item, go],
  );

  useEffect(() => {
    // The words the document was opened with were counted by the search that found them.
    if (initialQuery.trim()) run(initialQuery, false);
    return () => {
      window.clearTimeout(timer.current);
      abort.current?.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const setQuery = (v: string) => {
    setQueryState(v);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => run(v), DEBOUNCE_MS);
  };

  const step = (by: 1 | -1) => {
    // What is typed has not been searched yet: search it now (it turns to its first match).
    if (query.trim() !== (result?.q ?? '') || status === 'error') return run(query);
    const n = result?.matches.length ?? 0;
    if (!n) return;
    const all = result!.matches;
    const here = pageRef.current;
    // Turned to another page since: the first match from there on (or the last before it).
    let i = all[index]?.page === here ? (index + by + n) % n : by > 0 ? all.findIndex((m) => m.page >= here) : all.findLastIndex((m) => m.page <= here);
    if (i < 0) i = by > 0 ? 0 : n - 1;
    setIndex(i);
    go(all[i]!.page);
  };

  const close = () => {
    window.clearTimeout(timer.current);
    abort.current?.abort();
    setQueryState('');
    setResult(null);
    setStatus('idle');
  };

  const matches = result?.matches ?? [];
  return {
    query,
    setQuery,
    /** The query whose matches are shown ('' for none). */
    searched: result?.q ?? '',
    matches,
    index,
    status,
    next: () => step(1),
    previous: () => step(-1),
    close,
    /** The pages that have a match, for the thumbnails. */
    pages: new Set(matches.map((m) => m.page)),
  };
}
