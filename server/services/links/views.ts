// The View object (DESIGN.md "Visitors, views and analytics"): a link's views and a visitor's, newest first, keyset-paged.
import type { Actor } from '../../auth/actor';
import { pgTimestamp, sqlRows } from '../../db/sql';
import { notFound } from '../../errors';
import { cursorInstant, decodeCursor, iso, page } from '../../schemas/common';

type ViewRow = {
  id: string;
  linkId: string;
  documentId: string | null;
  dataroomId: string | null;
  viewerId: string | null;
  viewerEmail: string | null;
  viewType: 'DOCUMENT_VIEW' | 'DATAROOM_VIEW';
  verified: boolean;
  viewedAt: Date | string;
  downloadedAt: Date | string | null;
  downloadType: string | null;
  durationMs: number;
};

export function toView(v: ViewRow) {
  return {
    id: v.id,
    object: 'view' as const,
    link_id: v.linkId,
    document_id: v.documentId,
    dataroom_id: v.dataroomId,
    viewer_email: v.viewerEmail,
    view_type: v.viewType,
    viewed_at: iso(v.viewedAt),
    downloaded_at: v.downloadedAt ? iso(v.downloadedAt) : null,
    download_type: v.downloadType,
    visitor_id: v.viewerId,
    verified: v.verified,
    duration_seconds: Math.round(v.durationMs / 100) / 10,
  };
}

const VIEW_COLUMNS = `v.id, v.link_id AS "linkId", v.document_id AS "documentId", v.dataroom_id AS "dataroomId", v.viewer_id AS "viewerId",
  v.viewer_email AS "viewerEmail", v.view_type::text AS "viewType", v.verified, v.viewed_at AS "viewedAt",
  v.downloaded_at AS "downloadedAt", v.download_type::text AS "downloadType",
  COALESCE((SELECT sum(t.duration_ms) FROM view_page_totals t WHERE t.view_id = v.id), 0)::int AS "durationMs"`;

const viewsSqlCache = new Map<string, string>();
const viewsSql = (column: 'link_id' | 'viewer_id', after: boolean) => {
  const key = `${column}:${after}`;
  let text = viewsSqlCache.get(key);
  if (!text) {
    text = `SELECT ${VIEW_COLUMNS} FROM views v WHERE v.${column} = $1
       ${after ? 'AND (v.viewed_at, v.id) < ($3::timestamp, $4)' : ''}
     ORDER BY v.viewed_at DESC, v.id DESC LIMIT $2`;
    viewsSqlCache.set(key, text);
  }
  return text;
};

/** Views of `where` (link or visitor), newest first, keyset-paged. */
export async function pageViews(where: { column: 'link_id' | 'viewer_id'; value: string }, q: { limit: number; cursor?: string }) {
  const after = decodeCursor(q.cursor, 'number', 'string') as [number, string] | null;
  // Plain SQL, a named statement: the views list is an analytics-bucket read that must stay fast.
  const rows = await sqlRows<ViewRow>(
    viewsSql(where.column, !!after),
    [where.value, q.limit + 1, ...(after ? [pgTimestamp(cursorInstant(after[0])), after[1]] : [])],
    { prepare: true },
  );
  return page(rows, q.limit, toView, (r) => [Date.parse(iso(r.viewedAt)), r.id]);
}

export async function listLinkViews(actor: Actor, id: string, q: { limit: number; cursor?: string }) {
  // findLink's rule (the team's, not deleted) as one named statement: this list is the hot read.
  const [link] = await sqlRows<{ id: string }>(`SELECT id FROM links WHERE id = $1 AND team_id = $2 AND deleted_at IS NULL`, [id, actor.teamId], { prepare: true });
  if (!link) throw notFound('Link');
  return pageViews({ column: 'link_id', value: link.id }, q);
}
