// A visitor's search (DESIGN.md "Search inside documents"): the words of what their link shows
// and no more. The documents are the ones the viewer itself shows this link (roomTree: the
// group's permissions, folders hidden with what they hold; the link's document), so a hit or a
// snippet never comes from another group's document, a detached item, another room or team.
// Each settled query is kept for the room's and the link's search analytics.
import { db } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import { newId } from '../../ids';
import type { ViewerActor } from '../../auth/actor';
import { runSearch } from '../search/query';
import { pageHighlights, versionHighlights, type Box } from '../search/page-highlights';
import { linkDocument, roomDocument, roomTree, type ShownDocument } from './content';
import type { ViewerLink } from './links';

export type VisitorHit = { item_id: string | null; index_number?: string | null; document_name: string; page_number: number | null; snippet: string; highlights: [number, number][]; match: 'name' | 'text' };

function searchable(link: ViewerLink) {
  if (!link.enableSearch) throw forbidden('Search is turned off for this link.');
}

async function shownDocuments(link: ViewerLink): Promise<ShownDocument[]> {
  if (link.dataroomId) return (await roomTree(link))?.documents ?? [];
  const d = await linkDocument(link);
  return d ? [d] : [];
}

export async function visitorSearch(link: ViewerLink, actor: ViewerActor, q: string, o: { limit: number; cursor?: string; record?: boolean }) {
  searchable(link);
  const docs = await shownDocuments(link);
  const byDocument = new Map(docs.map((d) => [d.documentId, d]));
  const found = await runSearch({ teamId: link.teamId, documentIds: [...byDocument.keys()] }, q, o);
  const data: VisitorHit[] = found.data.flatMap((h) => {
    const d = byDocument.get(h.document_id);
    // The version the visitor is shown is the one searched (only primary versions are indexed).
    if (!d || d.versionId !== h.version_id) return [];
    return [{ item_id: d.placementId, index_number: d.indexNumber ?? null, document_name: d.name, page_number: h.page_number, snippet: h.snippet, highlights: h.highlights, match: h.match }];
  });
  if (o.record !== false && !o.cursor) await recordQuery(link, actor, q, data.length);
  return { data, next_cursor: found.next_cursor };
}

/** A document the visitor may see: a room item, or (null item) the link's own document. */
async function shownDocument(link: ViewerLink, itemId: string | null): Promise<ShownDocument> {
  const d = itemId ? await roomDocument(link, itemId) : link.dataroomId ? null : await linkDocument(link);
  if (!d) throw notFound('Document');
  return d;
}

/** Where a query's words are on a page the visitor may see (null item: the link's own document). */
export async function visitorPageHighlights(link: ViewerLink, itemId: string | null, pageNumber: number, q: string): Promise<Box[]> {
  searchable(link);
  return pageHighlights((await shownDocument(link, itemId)).versionId, pageNumber, q);
}

/**
 * Find in a document the visitor may see: every page the words are on, with their boxes. Recorded
 * as a search, unless `record` is false (the words a room's hit opened the document with: the
 * search that found them was recorded).
 */
export async function visitorFind(link: ViewerLink, actor: ViewerActor, itemId: string | null, q: string, record = true) {
  searchable(link);
  const pages = await versionHighlights((await shownDocument(link, itemId)).versionId, q);
  if (record) await recordQuery(link, actor, q, pages.length);
  return pages;
}

const normalize = (q: string) => q.replace(/\s+/g, ' ').trim().slice(0, 200);

/**
 * Keeps the query for analytics. A visitor typing on ("escr", then "escrow") replaces the
 * visit's last query that the new one extends, within a few seconds: what is counted is what
 * they settled on.
 */
async function recordQuery(link: ViewerLink, actor: ViewerActor, q: string, hits: number) {
  const query = normalize(q);
  if (!query) return;
  await db.$transaction([
    db.$executeRaw`
      DELETE FROM search_queries WHERE session_key = ${actor.sessionId} AND created_at > timezone('UTC', now()) - interval '10 seconds'
        AND starts_with(lower(${query}), lower(query))`,
    db.$executeRaw`
      INSERT INTO search_queries (id, team_id, link_id, dataroom_id, session_key, viewer_email, query, hits, created_at)
      VALUES (${newId()}, ${link.teamId}, ${link.id}, ${link.dataroomId}, ${actor.sessionId}, ${actor.email}, ${query}, ${hits}, timezone('UTC', now()))`,
  ]);
}
