'use client';
// Infinite lists: the next page loads as the end of the list (a sentinel element) scrolls near
// the viewport; the list keeps a "Load more" button for keyboards and for when this cannot fire.
import { useEffect, type RefObject } from 'react';

export function useLoadOnScroll(
  sentinel: RefObject<HTMLElement | null>,
  q: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown; isError?: boolean },
) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = q;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || isError) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries[0]?.isIntersecting && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [sentinel, hasNextPage, isFetchingNextPage, fetchNextPage, isError]);
}
