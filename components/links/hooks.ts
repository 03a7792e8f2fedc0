'use client';
// The links screens' data. Counts and names beside the public objects come from two
// dashboard-only procedures, one query per page of links or views.
import { keepPreviousData, useQueries, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/lib/trpc/react';
import type { LinkSummary, ViewDetail } from './draft';

/** Chunks of at most 100 ids, so a long list asks in a few queries. */
const chunks = (ids: string[]) => Array.from({ length: Math.ceil(ids.length / 100) }, (_, i) => ids.slice(i * 100, i * 100 + 100));

export function useLinkSummaries(ids: string[]) {
  const trpc = useTRPC();
  return useQueries({
    queries: chunks(ids).map((c) => ({ ...trpc.links.summaries.queryOptions({ ids: c }), placeholderData: keepPreviousData, staleTime: 0 })),
    combine: (results) => ({
      map: new Map<string, LinkSummary>(results.flatMap((r) => r.data?.data ?? []).map((s) => [s.link_id, s])),
      isPending: results.some((r) => r.isPending),
    }),
  });
}

export function useViewDetails(ids: string[]) {
  const trpc = useTRPC();
  return useQueries({
    queries: chunks(ids).map((c) => ({ ...trpc.links.viewDetails.queryOptions({ ids: c }), placeholderData: keepPreviousData })),
    combine: (results) => ({
      map: new Map<string, ViewDetail>(results.flatMap((r) => r.data?.data ?? []).map((s) => [s.view_id, s])),
      isPending: results.some((r) => r.isPending),
    }),
  });
}

/** Refreshes every list and page showing links (and what counts them). */
export function useRefreshLinks() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.links.pathFilter());
}

/** "2 min 5 s", "45 s", "1 h 3 min". */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ''}`;
}
