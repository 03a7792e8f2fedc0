'use client';
// Find in a document (the document page): the pages of its primary version whose words match, in
// page order, from the team's `search` with document_id; which one is current; next and previous.
// The query and the current page live in the URL (?q=…&page=N) so the library's hits open here
// and a reload stays put.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTRPCClient } from '@/lib/trpc/react';
import type { SearchHit } from '@/lib/trpc/lists';

/** A document has at most this many pages of hits asked for (100 a request). */
const MAX_REQUESTS = 10;

export type FindHit = Pick<SearchHit, 'page_number' | 'snippet' | 'highlights'> & { page_number: number };

export type Find = {
  /** What the box holds. */
  input: string;
  setInput: (v: string) => void;
  /** The query searched for (the box's value after a pause, or at Enter). */
  q: string;
  /** Searches what the box holds now (Enter). */
  submit: () => void;
  hits: FindHit[];
  pending: boolean;
  error: unknown;
  /** The current hit's index in `hits`, -1 for none. */
  index: number;
  next: () => void;
  prev: () => void;
  /** The page to bring into view and a counter that changes at each move (the same page twice scrolls again). */
  goTo: { page: number; seq: number } | null;
};

function replaceUrl(next: Record<string, string | null>) {
  const url = new URL(window.location.href);
  for (const [k, v] of Object.entries(next)) {
    if (v) url.searchParams.set(k, v);
    else url.searchParams.delete(k);
  }
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

export function useFind(documentId: string, enabled: boolean): Find {
  const client = useTRPCClient();
  const params = useSearchParams();
  const [initial] = useState(() => ({ q: (params.get('q') ?? '').slice(0, 500), page: Number(params.get('page')) || null }));
  const [input, setInput] = useState(initial.q);
  const [q, setQ] = useState(initial.q.trim());
  const [index, setIndex] = useState(-1);
  const [goTo, setGoTo] = useState<Find['goTo']>(initial.page ? { page: initial.page, seq: 0 } : null);
  // The page the next query's first hit is chosen from: the URL's at first, then the current one.
  const anchor = useRef(initial.page ?? 1);

  useEffect(() => {
    const value = input.trim();
    if (value === q) return;
    const t = setTimeout(() => setQ(value), 300);
    return () => clearTimeout(t);
  }, [input, q]);

  const result = useQuery({
    queryKey: ['quire', 'find', documentId, q],
    enabled: enabled && q.length > 0,
    staleTime: 30_000,
    queryFn: async () => {
      const hits: FindHit[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < MAX_REQUESTS; i++) {
        const page = await client.search.query({ q, document_id: documentId, limit: 100, cursor });
        for (const h of page.data) if (h.match === 'text' && h.page_number !== null) hits.push({ page_number: h.page_number, snippet: h.snippet, highlights: h.highlights });
        if (!page.next_cursor) break;
        cursor = page.next_cursor;
      }
      return hits.sort((a, b) => a.page_number - b.page_number);
    },
  });
  const hits = useMemo(() => (q && result.data) || [], [q, result.data]);

  const move = useCallback(
    (i: number) => {
      const h = hits[i];
      if (!h) return;
      setIndex(i);
      anchor.current = h.page_number;
      setGoTo((g) => ({ page: h.page_number, seq: (g?.seq ?? 0) + 1 }));
      replaceUrl({ page: String(h.page_number) });
    },
    [hits],
  );

  // New hits: the first at or after the anchor page (the URL's page when opened from the library).
  useEffect(() => {
    if (!hits.length) {
      setIndex(-1);
      return;
    }
    const at = hits.findIndex((h) => h.page_number >= anchor.current);
    move(at === -1 ? 0 : at);
  }, [hits, move]);

  useEffect(() => {
    replaceUrl({ q: q || null });
  }, [q]);

  const next = useCallback(() => move(hits.length ? (index + 1) % hits.length : -1), [hits.length, index, move]);
  const prev = useCallback(() => move(hits.length ? (index - 1 + hits.length) % hits.length : -1), [hits.length, index, move]);
  const submit = useCallback(() => {
    const value = input.trim();
    if (value !== q) setQ(value);
    else next();
  }, [input, q, next]);

  return {
    input,
    setInput,
    q,
    submit,
    hits,
    pending: enabled && q.length > 0 && result.isPending,
    error: result.error,
    index,
    next,
    prev,
    goTo,
  };
}
