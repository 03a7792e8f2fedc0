// The viewer's calls to its search route (/view/{slug}/search, server/viewer/http.ts): a room's
// hits, and a document's find (every page the words are on, with their boxes). Plain fetches with
// the visit's cookie; an aborted call rejects with the AbortError the caller ignores.
import type { VisitorHit } from '@/server/services/visitor/search';
import type { Box } from '@/server/services/search/page-highlights';

export type { Box, VisitorHit };

/** One occurrence of the query on a page: its words' boxes (a phrase is one match of several boxes). */
export type FindMatch = { page: number; boxes: Box[] };

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const r = await fetch(url, { credentials: 'same-origin', signal, headers: { accept: 'application/json' } });
  if (!r.ok) throw new Error(`search answered ${r.status}`);
  return (await r.json()) as T;
}

export function searchHits(searchUrl: string, q: string, cursor: string | null, signal?: AbortSignal) {
  const p = new URLSearchParams({ q });
  if (cursor) p.set('cursor', cursor);
  return getJson<{ data: VisitorHit[]; next_cursor: string | null }>(`${searchUrl}?${p}`, signal);
}

/** The matches of `q` in one document (null item: the link's own), in reading order. */
export async function findMatches(searchUrl: string, item: string | null, q: string, o: { signal?: AbortSignal; record?: boolean } = {}): Promise<FindMatch[]> {
  const p = new URLSearchParams({ q, page: 'all' });
  if (item) p.set('item', item);
  if (o.record === false) p.set('record', '0');
  const { pages } = await getJson<{ pages: { page_number: number; boxes: Box[] }[] }>(`${searchUrl}?${p}`, o.signal);
  return pages.flatMap((pg) => groupBoxes(pg.boxes).map((boxes) => ({ page: pg.page_number, boxes })));
}

/**
 * Word boxes (in text order) grouped into occurrences: a box that continues the previous one's
 * line, a space or so after it, belongs to the same match ("escrow agent" found as a phrase is one
 * hit, not two). Thousandths of the page's width and height.
 */
export function groupBoxes(boxes: Box[]): Box[][] {
  const groups: Box[][] = [];
  for (const b of boxes) {
    const last = groups.at(-1)?.at(-1);
    const h = last ? Math.max(b[3], last[3]) : 0;
    const sameLine = last && Math.abs(b[1] - last[1]) < h * 0.5;
    const gap = last ? b[0] - (last[0] + last[2]) : Infinity;
    if (last && sameLine && gap > -h && gap < h * 1.5) groups.at(-1)!.push(b);
    else groups.push([b]);
  }
  return groups;
}

/** Where a room hit opens: the document, at the hit's page with its words found there. */
export function hitHref(base: string, h: Pick<VisitorHit, 'item_id' | 'page_number' | 'match'>, q: string): string {
  const at = base + (h.item_id ? `/d/${h.item_id}` : '');
  return h.match === 'text' && h.page_number ? `${at}?${new URLSearchParams({ page: String(h.page_number), q })}` : at;
}
