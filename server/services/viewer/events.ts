// Page-time events from the viewer (10 s heartbeats, a beacon when the page is hidden or
// closed). Each batch is checked on the server: the view must be a document view of this
// session on this link, its document still shared with the link (in a room: still placed there
// and, on a group link, still visible to the group), page numbers within the shown version's
// page count, durations clamped to the heartbeat interval plus slack, and a client event id drops
// repeats (retried beacons). Whatever the client sends, a view never holds more reading time than
// it has been open (plus one heartbeat of slack): the whole view, and so each of its pages.
// The document and version come from the view, never from the request.
import type { ViewerActor } from '../../auth/actor';
import { db } from '../../db/client';
import { ApiError, invalid } from '../../errors';
import { newId } from '../../ids';
import { pgTimestamp, sqlRows } from '../../db/sql';
import type { ViewerLink } from './links';
import { allow, retryAfterSeconds } from './limits';
import { boundedDuration, segmentsOf } from '../../files/video';

/**
 * One statement. The view's row is locked first, so batches of one view run one after another
 * (and never wait on each other's rows in opposite orders); under that lock the row's
 * `recorded_ms` is the latest, so the budget (open time + slack − recorded) sees every earlier
 * batch. New events (client ids not seen on this view) are taken in order until the budget is
 * spent (the last one trimmed), inserted (a repeated client id is dropped by the unique key), and
 * added to the view's per-page totals, which analytics read, and to `recorded_ms`; the visit and
 * the room visit it belongs to are marked active.
 */
const RECORD_SQL = `
  WITH locked AS (
    SELECT id, viewed_at, recorded_ms FROM views WHERE id = $1 FOR UPDATE
  ), fresh AS (
    SELECT e.id, e.page, e.ms, e.cid, e.ord
    FROM locked, unnest($6::text[], $7::int[], $8::int[], $9::text[]) WITH ORDINALITY AS e(id, page, ms, cid, ord)
    WHERE NOT EXISTS (SELECT 1 FROM page_view_events p WHERE p.view_id = $1 AND p.client_event_id = e.cid)
  ), budget AS (
    SELECT GREATEST(0, FLOOR(EXTRACT(EPOCH FROM ($5::timestamp - viewed_at)) * 1000)::bigint + $10::bigint - recorded_ms) AS ms FROM locked
  ), capped AS (
    SELECT f.id, f.page, f.cid, LEAST(f.ms, GREATEST(0, b.ms - (SUM(f.ms) OVER (ORDER BY f.ord) - f.ms)))::int AS ms
    FROM fresh f, budget b
  ), ins AS (
    INSERT INTO page_view_events (id, view_id, link_id, document_id, version_id, page_number, duration_ms, occurred_at, client_event_id)
    SELECT c.id, $1, $2, $3, $4, c.page, c.ms, $5::timestamp, c.cid FROM capped c WHERE c.ms > 0
    ON CONFLICT (view_id, client_event_id) DO NOTHING
    RETURNING page_number, duration_ms
  ), totals AS (
    INSERT INTO view_page_totals (view_id, page_number, link_id, document_id, version_id, viewed_at, duration_ms)
    SELECT $1, page_number, $2, $3, $4, (SELECT viewed_at FROM locked), SUM(duration_ms)::int
    FROM ins GROUP BY page_number ORDER BY page_number
    ON CONFLICT (view_id, page_number) DO UPDATE SET duration_ms = view_page_totals.duration_ms + EXCLUDED.duration_ms
  ), touched AS (
    UPDATE views SET last_active_at = $5::timestamp,
      recorded_ms = CASE WHEN id = $1 THEN LEAST(2147483647, recorded_ms + (SELECT COALESCE(SUM(duration_ms), 0) FROM ins))::int ELSE recorded_ms END
    WHERE id = $1 OR id = $11
  )
  SELECT COUNT(*)::int AS recorded FROM ins`;

/** A heartbeat is 10 s; a late or merged flush may carry a little more. */
export const MAX_EVENT_MS = 15_000;
export const MAX_EVENTS_PER_BATCH = 50;
/** What a view may hold beyond the time it has been open: one event's worth (a flush racing the clock). */
export const OPEN_TIME_SLACK_MS = MAX_EVENT_MS;

export type PageEventInput = { id: string; page: number; duration_ms: number };

const EVENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Records a batch; answers how many events were new. Refuses a view that is not this session's or no longer shared. */
export async function recordPageEvents(
  actor: ViewerActor,
  link: Pick<ViewerLink, 'groupId'>,
  viewId: string,
  events: PageEventInput[],
  address: string,
  /** Videos: the duration the player read, kept when the container did not say (the first play). */
  mediaDurationMs?: number,
): Promise<{ recorded: number }> {
  // A visitor's tabs send a heartbeat every 10 s; far more is a script, refused before any work.
  for (const [kind, key] of [['events_session', actor.sessionId], ['events_address', address]] as const) {
    if (!(await allow(kind, key))) {
      const retry = retryAfterSeconds(kind);
      throw new ApiError('rate_limit_exceeded', `Too many page-time reports; retry in ${retry} s.`, { retry_after_seconds: retry });
    }
  }
  if (events.length > MAX_EVENTS_PER_BATCH) throw invalid('events', `must hold at most ${MAX_EVENTS_PER_BATCH} events a batch (got ${events.length}); send the rest in another`);
  const rows = await db.$queryRaw<{ id: string; documentId: string; versionId: string | null; pages: number; parentViewId: string | null; shared: boolean; video: boolean; durationMs: number | null }[]>`
    SELECT v.id, v.parent_view_id AS "parentViewId", v.document_id AS "documentId", v.version_id AS "versionId",
      COALESCE(dv.num_pages, d.num_pages) AS pages, COALESCE(dv.type = 'video', false) AS video, dv.duration_ms AS "durationMs",
      (v.dataroom_id IS NULL OR EXISTS (
        SELECT 1 FROM dataroom_documents p
        LEFT JOIN viewer_group_permissions perm ON perm.group_id = ${link.groupId} AND perm.item_id = p.id
        WHERE p.dataroom_id = v.dataroom_id AND p.document_id = v.document_id
          AND (${link.groupId}::text IS NULL OR perm.can_view IS TRUE))) AS shared
    FROM views v JOIN documents d ON d.id = v.document_id
    LEFT JOIN document_versions dv ON dv.id = v.version_id
    WHERE v.id = ${viewId} AND v.session_id = ${actor.sessionId} AND v.link_id = ${actor.linkId}
      AND v.view_type = 'DOCUMENT_VIEW'`;
  const view = rows[0];
  if (!view) throw new ApiError('not_found', 'No such view in this session.');
  if (!view.shared) throw new ApiError('not_found', 'No such document here.');
  if (view.video && view.durationMs === null && view.versionId && mediaDurationMs !== undefined) {
    view.pages = (await learnVideoDuration(view.versionId, mediaDurationMs)) ?? view.pages;
  }
  const seen = new Set<string>();
  const valid = events.filter((e) => {
    if (typeof e?.id !== 'string' || !EVENT_ID.test(e.id) || seen.has(e.id)) return false;
    if (!Number.isInteger(e.page) || e.page < 1 || e.page > view.pages) return false;
    if (typeof e.duration_ms !== 'number' || !Number.isFinite(e.duration_ms) || e.duration_ms <= 0) return false;
    seen.add(e.id);
    return true;
  });
  if (!valid.length) return { recorded: 0 };
  const ids = valid.map(() => newId());
  const [r] = await sqlRows<{ recorded: number }>(RECORD_SQL, [
    view.id,
    actor.linkId,
    view.documentId,
    view.versionId,
    pgTimestamp(Date.now()),
    ids,
    valid.map((e) => e.page),
    valid.map((e) => Math.min(MAX_EVENT_MS, Math.round(e.duration_ms))),
    valid.map((e) => e.id),
    OPEN_TIME_SLACK_MS,
    view.parentViewId,
  ], { prepare: true });
  return { recorded: r?.recorded ?? 0 };
}

/**
 * A video whose container gave no duration takes the first plausible one a player reports
 * (at most MAX_VIDEO_MS), once: its segments become the version's pages (and the document's,
 * when it is the primary version). Answers the segment count, or null when nothing was learned.
 */
async function learnVideoDuration(versionId: string, reportedMs: number): Promise<number | null> {
  const ms = boundedDuration(reportedMs);
  if (ms === null) return null;
  const pages = segmentsOf(ms);
  return db.$transaction(async (tx) => {
    const v = await tx.documentVersion.updateManyAndReturn({
      where: { id: versionId, type: 'video', durationMs: null },
      data: { durationMs: ms, numPages: pages },
      select: { documentId: true, isPrimary: true },
    });
    if (!v[0]) return null;
    if (v[0].isPrimary) await tx.document.updateMany({ where: { id: v[0].documentId }, data: { numPages: pages } });
    return pages;
  });
}
