// Dashboard-only figures of a data room (no /v1 operation; the room's /v1 object is
// dataroomAnalytics): visits per day, its visitors with their time and the documents they
// opened, and its groups. Counted with analytics/definitions.ts. Every query starts from
// views(dataroom_id, viewed_at) and reaches page totals by their key (view_id), so a big room
// reads only its own rows in the range.
import type { Actor } from '../../auth/actor';
import { db } from '../../db/client';
import { pgTimestamp, sqlRows } from '../../db/sql';
import { findRoom } from '../room-lookup';
import { IS_DOCUMENT_VIEW, IS_VISIT, UNIQUE_VIEWER } from './definitions';
import { analyticsRange } from './range';
import { dayRows, seconds, type DayRow } from './figures';

type RangeQuery = { since?: number; until?: number };

/** The room's rows in the range: `v` its views, `t` the page totals of its document views. */
const ROOM_ROWS = (join = '') => `views v ${join} LEFT JOIN view_page_totals t ON t.view_id = v.id
  WHERE v.dataroom_id = $1 AND v.team_id = $2 AND v.viewed_at >= $3::timestamp AND v.viewed_at < $4::timestamp`;

/** How many visitors the table lists (most time first). */
export const ROOM_VISITORS_SHOWN = 200;

async function roomScope(actor: Actor, idOrPid: string, q: RangeQuery) {
  const range = analyticsRange(q);
  const room = await findRoom(db, actor, idOrPid);
  return { room, range, params: [room.id, actor.teamId, pgTimestamp(range.since), pgTimestamp(range.until)] };
}

type VisitorRow = { email: string | null; visitorId: string | null; visits: string; documents: string; ms: string; downloads: string; first: string; last: string };

async function roomVisitorRows(params: unknown[], limit: number) {
  return sqlRows<VisitorRow>(
    `SELECT MAX(v.viewer_email) AS email, MAX(v.viewer_id) AS "visitorId",
            COUNT(DISTINCT v.id) FILTER (WHERE ${IS_VISIT}) AS visits,
            COUNT(DISTINCT v.document_id) FILTER (WHERE ${IS_DOCUMENT_VIEW}) AS documents,
            COALESCE(SUM(t.duration_ms), 0) AS ms, COUNT(DISTINCT v.id) FILTER (WHERE v.downloaded_at IS NOT NULL) AS downloads,
            MIN(v.viewed_at) AS first, MAX(v.viewed_at) AS last
     FROM ${ROOM_ROWS()}
     GROUP BY ${UNIQUE_VIEWER}
     ORDER BY SUM(t.duration_ms) DESC NULLS LAST, MAX(v.viewed_at) DESC LIMIT ${limit}`,
    params,
  );
}

const toVisitorRow = (r: VisitorRow) => ({
  email: r.email,
  visitor_id: r.visitorId,
  visits: Number(r.visits),
  documents_opened: Number(r.documents),
  duration_seconds: seconds(r.ms),
  downloads: Number(r.downloads),
  first_viewed_at: new Date(r.first).toISOString(),
  last_viewed_at: new Date(r.last).toISOString(),
});

/** The room's tab: visits per day, visitors (time, documents opened) and groups, for the range. */
export async function roomDetail(actor: Actor, idOrPid: string, q: RangeQuery) {
  const { range, params } = await roomScope(actor, idOrPid, q);
  const [days, visitors, groups] = await Promise.all([
    sqlRows<DayRow>(
      `SELECT to_char(date_trunc('day', v.viewed_at), 'YYYY-MM-DD') AS day, COUNT(*) AS views, COUNT(DISTINCT ${UNIQUE_VIEWER}) AS viewers
       FROM views v WHERE v.dataroom_id = $1 AND v.team_id = $2 AND ${IS_VISIT} AND v.viewed_at >= $3::timestamp AND v.viewed_at < $4::timestamp
       GROUP BY 1 ORDER BY 1`,
      params,
    ),
    roomVisitorRows(params, ROOM_VISITORS_SHOWN),
    sqlRows<{ groupId: string | null; name: string | null; visits: string; viewers: string; documents: string; ms: string }>(
      `SELECT l.group_id AS "groupId", MAX(g.name) AS name,
              COUNT(DISTINCT v.id) FILTER (WHERE ${IS_VISIT}) AS visits,
              COUNT(DISTINCT ${UNIQUE_VIEWER}) FILTER (WHERE ${IS_VISIT}) AS viewers,
              COUNT(DISTINCT v.document_id) FILTER (WHERE ${IS_DOCUMENT_VIEW}) AS documents,
              COALESCE(SUM(t.duration_ms), 0) AS ms
       FROM ${ROOM_ROWS('JOIN links l ON l.id = v.link_id LEFT JOIN viewer_groups g ON g.id = l.group_id')}
       GROUP BY l.group_id ORDER BY SUM(t.duration_ms) DESC NULLS LAST, 3 DESC`,
      params,
    ),
  ]);
  return {
    days: dayRows(days),
    visitors: visitors.map(toVisitorRow),
    groups: groups.map((g) => ({
      group_id: g.groupId,
      // A general link's visits have no group.
      name: g.groupId ? (g.name ?? 'Deleted group') : null,
      visits: Number(g.visits),
      viewers: Number(g.viewers),
      documents_opened: Number(g.documents),
      duration_seconds: seconds(g.ms),
    })),
    ...range,
  };
}

/** The room's visitors in the range as CSV rows (every visitor, most time first). */
export async function roomVisitorsForExport(actor: Actor, idOrPid: string, q: RangeQuery) {
  const { room, params } = await roomScope(actor, idOrPid, q);
  const rows = (await roomVisitorRows(params, 100_000)).map(toVisitorRow);
  return {
    roomId: room.id,
    header: ['visitor_email', 'visitor_id', 'visits', 'documents_opened', 'duration_seconds', 'downloads', 'first_viewed_at', 'last_viewed_at'],
    rows: rows.map((r) => [r.email, r.visitor_id, r.visits, r.documents_opened, r.duration_seconds, r.downloads, r.first_viewed_at, r.last_viewed_at]),
  };
}
