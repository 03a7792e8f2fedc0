'use client';
// Cursor-paginated lists ({ data, next_cursor }) as TanStack infinite queries. tRPC's own
// infiniteQueryOptions adds a `direction` key to the input, which the strict (REST-shared)
// input schemas rightly refuse; this sends only the procedure's own keys and a cursor. The
// query key is tRPC's, so invalidating a router or procedure path refreshes these lists too.
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';

export type CursorPage<T> = { data: T[]; next_cursor: string | null };

export type CursorPagesOptions<T> = {
  enabled?: boolean;
  /** Milliseconds between refetches of every loaded page while the pages call for it (false: none). */
  refetchInterval?: (pages: CursorPage<T>[] | undefined) => number | false;
};

export function useCursorPages<T>(queryKey: QueryKey, fetchPage: (cursor: string | undefined) => Promise<CursorPage<T>>, opts: CursorPagesOptions<T> = {}) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: opts.enabled,
    refetchInterval: opts.refetchInterval ? (q) => opts.refetchInterval!(q.state.data?.pages) : undefined,
    // Teammates and API clients change these lists too: show the cached pages, then refresh.
    staleTime: 0,
  });
}
