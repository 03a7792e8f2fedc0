// Analytics of a document, a link, a data room and one view, read from the views and their
// per-page totals (view_page_totals, filled as page events are recorded). A view counts in the
// range where it began, with all of its reading time. Unique viewers: a visitor once; an
// anonymous visit once per browser session.
import type { Actor } from '../../auth/actor';
import { db } from '../../db/client';
import { pgTimestamp, sqlRows } from '../../db/sql';
import { notFound } from '../../errors';
import { iso } from '../../schemas/common';
import { findLink } from '../link-lookup';
import { findRoom } from '../room-lookup';
import { analyticsRange, type AnalyticsRange } from './range';
import { dayRows, seconds, type DayRow } from './figures';
import { IS_DOCUMENT_VIEW, IS_VISIT, UNIQUE_VIEWER } from './definitions';

type RangeQuery = { since?: number; until?: number };
type PageRow = { page: number; ms: string; views: string };
type CountRow = { views: string; viewers: string; downloads: string };

const between = (r: AnalyticsRange) => [pgTimestamp(r.since), pgTimestamp(r.until)];

const perPage = (rows: PageRow[]) =>
  rows.map((p) => ({ page_number: p.page, avg_duration_seconds: Math.round(Number(p.ms) / Number(p.views)) / 1000 }));
const totalMs = (rows: PageRow[]) => rows.reduce((n, p) => n + Number(p.ms), 0);

/** The team's document's version: the one asked for, or the primary (404 for anything else). */
async function teamVersion(actor: Actor, documentId: string, versionId: string | undefined) {
  const doc = await db.document.findFirst({ where: { id: documentId, teamId: actor.teamId }, select: { id: true } });
  if (!doc) throw notFound('Document');
  const version = await db.documentVersion.findFirst({
    where: versionId ? { id: versionId, documentId } : { documentId, isPrimary: true },
    select: { id: true, numPages: true },
  });
  if (!version) throw notFound('Version');
  return version;
}

export async function documentAnalytics(actor: Actor, documentId: string, q: RangeQuery & { version_id?: string }) {
  const range = analyticsRange(q);
  const version = await teamVersion(actor, documentId, q.version_id);
  const [counts] = await sqlRows<CountRow>(
    `SELECT COUNT(*) AS views, COUNT(DISTINCT ${UNIQUE_VIEWER}) AS viewers, COUNT(v.downloaded_at) AS downloads
     FROM views v WHERE v.document_id = $1 AND v.version_id = $2 AND v.team_id = $3 AND ${IS_DOCUMENT_VIEW}
       AND v.viewed_at >= $4::timestamp AND v.viewed_at < $5::timestamp`,
    [documentId, version.id, actor.teamId, ...between(range)],
    { prepare: true },
  );
  const pages = await sqlRows<PageRow>(
    `SELECT page_number AS page, SUM(duration_ms) AS ms, COUNT(*) AS views FROM view_page_totals
     WHERE document_id = $1 AND version_id = $2 AND viewed_at >= $3::timestamp AND viewed_at < $4::timestamp
     GROUP BY page_number ORDER BY page_number`,
    [documentId, version.id, ...between(range)],
    { prepare: true },
  );
  return {
    object: 'document_analytics' as const,
    document_id: documentId,
    version_id: version.id,
    total_views: Number(counts?.views ?? 0),
    unique_viewers: Number(counts?.viewers ?? 0),
    total_duration_seconds: seconds(totalMs(pages)),
    avg_page_duration_seconds: perPage(pages),
    ...range,
  };
}

export async function linkAnalytics(actor: Actor, linkId: string, q: RangeQuery) {
  const range = analyticsRange(q);
  const link = await findLink(db, actor, linkId);
  // A visit is the top-level view; downloads count on any view of the visit (room or document).
  const [counts] = await sqlRows<CountRow>(
    `SELECT COUNT(*) FILTER (WHERE ${IS_VISIT}) AS views,
            COUNT(DISTINCT ${UNIQUE_VIEWER}) FILTER (WHERE ${IS_VISIT}) AS viewers,
            COUNT(v.downloaded_at) AS downloads
     FROM views v WHERE v.link_id = $1 AND v.team_id = $2 AND v.viewed_at >= $3::timestamp AND v.viewed_at < $4::timestamp`,
    [link.id, actor.teamId, ...between(range)],
    { prepare: true },
  );
  const pages = await sqlRows<PageRow>(
    `SELECT page_number AS page, SUM(duration_ms) AS ms, COUNT(*) AS views FROM view_page_totals
     WHERE link_id = $1 AND viewed_at >= $2::timestamp AND viewed_at < $3::timestamp
     GROUP BY page_number ORDER BY page_number`,
    [link.id, ...between(range)],
    { prepare: true },
  );
  return {
    object: 'link_analytics' as const,
    link_id: link.id,
    total_views: Number(counts?.views ?? 0),
    unique_viewers: Number(counts?.viewers ?? 0),
    total_duration_seconds: seconds(totalMs(pages)),
    downloads: Number(counts?.downloads ?? 0),
    // Page numbers belong to one document: a room link's pages are its documents' (see the room's analytics).
    avg_page_duration_seconds: link.dataroomId ? [] : perPage(pages),
    ...range,
  };
}

/** The /v1 `dataroom_analytics` object: the documents without their names (the dashboard's roomDocuments keeps them). */
export async function dataroomAnalytics(actor: Actor, idOrPid: string, q: RangeQuery) {
  const r = await dataroomAnalyticsWithNames(actor, idOrPid, q);
  return { ...r, documents: r.documents.map(({ document_id, views, duration_seconds }) => ({ document_id, views, duration_seconds })) };
}

export async function dataroomAnalyticsWithNames(actor: Actor, idOrPid: string, q: RangeQuery) {
  const range = analyticsRange(q);
  const room = await findRoom(db, actor, idOrPid);
  const [counts] = await sqlRows<CountRow>(
    `SELECT COUNT(*) FILTER (WHERE ${IS_VISIT}) AS views,
            COUNT(DISTINCT ${UNIQUE_VIEWER}) FILTER (WHERE ${IS_VISIT}) AS viewers,
            COUNT(v.downloaded_at) AS downloads
     FROM views v WHERE v.dataroom_id = $1 AND v.team_id = $2 AND v.viewed_at >= $3::timestamp AND v.viewed_at < $4::timestamp`,
    [room.id, actor.teamId, ...between(range)],
    { prepare: true },
  );
  const documents = await sqlRows<{ documentId: string; name: string; views: string; ms: string | null }>(
    `SELECT v.document_id AS "documentId", MAX(d.name) AS name, COUNT(*) AS views,
            (SELECT SUM(t.duration_ms) FROM view_page_totals t JOIN views c ON c.id = t.view_id
              WHERE c.dataroom_id = $1 AND c.document_id = v.document_id AND c.view_type = 'DOCUMENT_VIEW'
                AND c.viewed_at >= $3::timestamp AND c.viewed_at < $4::timestamp) AS ms
     FROM views v JOIN documents d ON d.id = v.document_id
     WHERE v.dataroom_id = $1 AND v.team_id = $2 AND ${IS_DOCUMENT_VIEW}
       AND v.viewed_at >= $3::timestamp AND v.viewed_at < $4::timestamp
     GROUP BY v.document_id ORDER BY COUNT(*) DESC, ms DESC NULLS LAST, v.document_id`,
    [room.id, actor.teamId, ...between(range)],
    { prepare: true },
  );
  // `name` is for the dashboard.
  const docs = documents.map((d) => ({ document_id: d.documentId, name: d.name, views: Number(d.views), duration_seconds: seconds(d.ms) }));
  return {
    object: 'dataroom_analytics' as const,
    dataroom_id: room.id,
    total_views: Number(counts?.views ?? 0),
    unique_viewers: Number(counts?.viewers ?? 0),
    total_duration_seconds: seconds(documents.reduce((n, d) => n + Number(d.ms ?? 0), 0)),
    downloads: Number(counts?.downloads ?? 0),
    documents: docs,
    ...range,
  };
}

export async function viewAnalytics(actor: Actor, viewId: string) {
  const view = await db.view.findFirst({
    where: { id: viewId, teamId: actor.teamId, link: { deletedAt: null } },
    select: { id: true, userAgent: true, viewedAt: true, viewType: true },
  });
  if (!view) throw notFound('View');
  // A room visit's time is the time of the documents opened inside it.
  const rows = await sqlRows<{ page: number; ms: string }>(
    view.viewType === 'DOCUMENT_VIEW'
      ? `SELECT page_number AS page, duration_ms AS ms FROM view_page_totals WHERE view_id = $1 ORDER BY page_number`
      : `SELECT 0 AS page, COALESCE(SUM(t.duration_ms), 0) AS ms FROM view_page_totals t JOIN views c ON c.id = t.view_id WHERE c.parent_view_id = $1`,
    [view.id],
  );
  const pages = view.viewType === 'DOCUMENT_VIEW' ? rows.map((r) => ({ page_number: r.page, duration_seconds: seconds(r.ms) })) : [];
  return {
    object: 'view_analytics' as const,
    view_id: view.id,
    pages,
    duration_seconds: seconds(rows.reduce((n, r) => n + Number(r.ms), 0)),
    user_agent: view.userAgent,
    viewed_at: iso(view.viewedAt),
  };
}

// ---- Dashboard-only (no /v1 operation): the readers of a document, the team's overview.

/** Who read a version in the range: time, visits and how much of it they saw, most time first. */
export async function documentReaders(actor: Actor, documentId: string, q: RangeQuery & { version_id?: string }) {
  const range = analyticsRange(q);
  const version = await teamVersion(actor, documentId, q.version_id);
  const rows = await sqlRows<{ email: string | null; visitorId: string | null; visits: string; ms: string; pages: string; last: string }>(
    `SELECT MAX(v.viewer_email) AS email, MAX(v.viewer_id) AS "visitorId", COUNT(DISTINCT v.id) AS visits,
            COALESCE(SUM(t.duration_ms), 0) AS ms, COUNT(DISTINCT t.page_number) AS pages, MAX(v.viewed_at) AS last
     FROM views v LEFT JOIN view_page_totals t ON t.view_id = v.id
     WHERE v.document_id = $1 AND v.version_id = $2 AND v.team_id = $3 AND ${IS_DOCUMENT_VIEW}
       AND v.viewed_at >= $4::timestamp AND v.viewed_at < $5::timestamp
     GROUP BY ${UNIQUE_VIEWER} ORDER BY SUM(t.duration_ms) DESC NULLS LAST, MAX(v.viewed_at) DESC LIMIT 50`,
    [documentId, version.id, actor.teamId, ...between(range)],
  );
  const days = await sqlRows<DayRow>(
    `SELECT to_char(date_trunc('day', v.viewed_at), 'YYYY-MM-DD') AS day, COUNT(*) AS views, COUNT(DISTINCT ${UNIQUE_VIEWER}) AS viewers
     FROM views v WHERE v.document_id = $1 AND v.version_id = $2 AND v.team_id = $3 AND ${IS_DOCUMENT_VIEW}
       AND v.viewed_at >= $4::timestamp AND v.viewed_at < $5::timestamp
     GROUP BY 1 ORDER BY 1`,
    [documentId, version.id, actor.teamId, ...between(range)],
  );
  return {
    version_id: version.id,
    num_pages: version.numPages,
    days: dayRows(days),
    readers: rows.map((r) => ({
      email: r.email,
      visitor_id: r.visitorId,
      visits: Number(r.visits),
      duration_seconds: seconds(r.ms),
      completion: version.numPages ? Math.min(1, Number(r.pages) / version.numPages) : 0,
      last_viewed_at: r.last,
    })),
    ...range,
  };
}


/** The team's visits per day (UTC), its most read documents, its most engaged visitors and its latest visits. */
export async function teamOverview(actor: Actor, q: RangeQuery) {
  const range = analyticsRange(q);
  const params = [actor.teamId, ...between(range)];
  const [days, top, visitors, recent] = await Promise.all([
    sqlRows<DayRow>(
      `SELECT to_char(date_trunc('day', v.viewed_at), 'YYYY-MM-DD') AS day, COUNT(*) AS views, COUNT(DISTINCT ${UNIQUE_VIEWER}) AS viewers
       FROM views v WHERE v.team_id = $1 AND ${IS_VISIT} AND v.viewed_at >= $2::timestamp AND v.viewed_at < $3::timestamp
       GROUP BY 1 ORDER BY 1`,
      params,
    ),
    sqlRows<{ id: string; name: string; views: string; viewers: string; ms: string | null }>(
      `SELECT d.id, d.name, COUNT(*) AS views, COUNT(DISTINCT ${UNIQUE_VIEWER}) AS viewers,
              (SELECT SUM(t.duration_ms) FROM view_page_totals t JOIN views c ON c.id = t.view_id
                WHERE c.document_id = d.id AND c.team_id = $1 AND c.viewed_at >= $2::timestamp AND c.viewed_at < $3::timestamp) AS ms
       FROM views v JOIN documents d ON d.id = v.document_id
       WHERE v.team_id = $1 AND ${IS_DOCUMENT_VIEW} AND v.viewed_at >= $2::timestamp AND v.viewed_at < $3::timestamp
       GROUP BY d.id, d.name ORDER BY COUNT(*) DESC, d.id LIMIT 10`,
      params,
    ),
    sqlRows<{ id: string; email: string; visits: string; ms: string }>(
      `SELECT v.viewer_id AS id, MAX(v.viewer_email) AS email, COUNT(*) FILTER (WHERE ${IS_VISIT}) AS visits,
              COALESCE(SUM((SELECT SUM(t.duration_ms) FROM view_page_totals t WHERE t.view_id = v.id)), 0) AS ms
       FROM views v WHERE v.team_id = $1 AND v.viewer_id IS NOT NULL AND v.viewed_at >= $2::timestamp AND v.viewed_at < $3::timestamp
       GROUP BY v.viewer_id ORDER BY 4 DESC, 3 DESC, 1 LIMIT 10`,
      params,
    ),
    sqlRows<{ id: string; email: string | null; visitorId: string | null; documentName: string | null; dataroomName: string | null; linkId: string; viewedAt: string; ms: string | null }>(
      `SELECT v.id, v.viewer_email AS email, v.viewer_id AS "visitorId", d.name AS "documentName", r.name AS "dataroomName", v.link_id AS "linkId", v.viewed_at AS "viewedAt",
              (SELECT SUM(t.duration_ms) FROM view_page_totals t JOIN views c ON c.id = t.view_id WHERE c.id = v.id OR c.parent_view_id = v.id) AS ms
       FROM views v LEFT JOIN documents d ON d.id = v.document_id LEFT JOIN datarooms r ON r.id = v.dataroom_id
       WHERE v.team_id = $1 AND ${IS_VISIT} AND v.viewed_at >= $2::timestamp AND v.viewed_at < $3::timestamp
       ORDER BY v.viewed_at DESC, v.id DESC LIMIT 10`,
      params,
    ),
  ]);
  return {
    days: dayRows(days),
    top_visitors: visitors.map((v) => ({ id: v.id, email: v.email, visits: Number(v.visits), duration_seconds: seconds(v.ms) })),
    top_documents: top.map((d) => ({ id: d.id, name: d.name, views: Number(d.views), viewers: Number(d.viewers), duration_seconds: seconds(d.ms) })),
    recent: recent.map((r) => ({
      id: r.id,
      email: r.email,
      visitor_id: r.visitorId,
      target: r.documentName ?? r.dataroomName ?? '',
      link_id: r.linkId,
      viewed_at: r.viewedAt,
      duration_seconds: seconds(r.ms),
    })),
    ...range,
  };
}

/** The views of a link or of a document (one version) in the range, newest first, as CSV rows. */
export async function viewsForExport(actor: Actor, target: { linkId?: string; documentId?: string; versionId?: string }, q: RangeQuery) {
  const range = analyticsRange(q);
  let where: string;
  let id: string;
  if (target.linkId) {
    id = (await findLink(db, actor, target.linkId)).id;
    where = 'v.link_id = $1';
  } else {
    const doc = await db.document.findFirst({ where: { id: target.documentId ?? '', teamId: actor.teamId }, select: { id: true } });
    if (!doc) throw notFound('Document');
    id = doc.id;
    where = `v.document_id = $1 AND ${IS_DOCUMENT_VIEW}`;
  }
  const rows = await sqlRows<{ id: string; viewedAt: string; email: string | null; link: string | null; target: string | null; ms: string; pages: string; downloadedAt: string | null; userAgent: string | null }>(
    `SELECT v.id, v.viewed_at AS "viewedAt", v.viewer_email AS email, l.name AS link, COALESCE(d.name, r.name) AS target,
            COALESCE((SELECT SUM(t.duration_ms) FROM view_page_totals t WHERE t.view_id = v.id), 0) AS ms,
            (SELECT COUNT(*) FROM view_page_totals t WHERE t.view_id = v.id) AS pages,
            v.downloaded_at AS "downloadedAt", v.user_agent AS "userAgent"
     FROM views v JOIN links l ON l.id = v.link_id LEFT JOIN documents d ON d.id = v.document_id LEFT JOIN datarooms r ON r.id = v.dataroom_id
     WHERE ${where} AND v.team_id = $2 AND v.viewed_at >= $3::timestamp AND v.viewed_at < $4::timestamp
     ORDER BY v.viewed_at DESC, v.id DESC LIMIT 100000`,
    [id, actor.teamId, ...between(range)],
  );
  return {
    header: ['view_id', 'viewed_at', 'visitor_email', 'link', 'opened', 'duration_seconds', 'pages_read', 'downloaded_at', 'user_agent'],
    rows: rows.map((r) => [r.id, r.viewedAt, r.email, r.link, r.target, seconds(r.ms), Number(r.pages), r.downloadedAt, r.userAgent]),
  };
}
