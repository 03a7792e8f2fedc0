// Page-time events from the viewer (10 s heartbeats, a beacon when the page is hidden or
// closed). Each batch is checked on the server: the view must be a document view of this
// session on this link, page numbers within the shown version's page count, durations clamped
// to the heartbeat interval plus slack, and a client event id drops repeats (retried beacons).
// The document and version come from the view, never from the request.
import type { ViewerActor } from '../../auth/actor';
import { db } from '../../db/client';
import { ApiError } from '../../errors';
import { newId } from '../../ids';
import { pgTimestamp, sqlRows } from '../../db/sql';

const RECORD_SQL = `
  WITH one_at_a_time AS (
    SELECT id FROM views WHERE id = $1 FOR UPDATE
  ), ins AS (
    INSERT INTO page_view_events (id, view_id, link_id, document_id, version_id, page_number, duration_ms, occurred_at, client_event_id)
    SELECT e.id, $1, $2, $3, $4, e.page, e.ms, $5::timestamp, e.cid
    FROM one_at_a_time, unnest($6::text[], $7::int[], $8::int[], $9::text[]) AS e(id, page, ms, cid)
    ON CONFLICT (view_id, client_event_id) DO NOTHING
    RETURNING page_number, duration_ms
  ), totals AS (
    INSERT INTO view_page_totals (view_id, page_number, link_id, document_id, version_id, viewed_at, duration_ms)
    SELECT $1, page_number, $2, $3, $4, (SELECT viewed_at FROM views WHERE id = $1), SUM(duration_ms)::int
    FROM ins GROUP BY page_number ORDER BY page_number
    ON CONFLICT (view_id, page_number) DO UPDATE SET duration_ms = view_page_totals.duration_ms + EXCLUDED.duration_ms
  )
  SELECT COUNT(*)::int AS recorded FROM ins`;

/** A heartbeat is 10 s; a late or merged flush may carry a little more. */
export const MAX_EVENT_MS = 15_000;
export const MAX_EVENTS_PER_BATCH = 50;

export type PageEventInput = { id: string; page: number; duration_ms: number };

const EVENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Records a batch; answers how many events were new. Refuses a view that is not this session's. */
export async function recordPageEvents(actor: ViewerActor, viewId: string, events: PageEventInput[]): Promise<{ recorded: number }> {
  const rows = await db.$queryRaw<{ id: string; documentId: string; versionId: string | null; pages: number; parentViewId: string | null }[]>`
    SELECT v.id, v.parent_view_id AS "parentViewId", v.document_id AS "documentId", v.version_id AS "versionId",
      COALESCE(dv.num_pages, d.num_pages) AS pages
    FROM views v JOIN documents d ON d.id = v.document_id
    LEFT JOIN document_versions dv ON dv.id = v.version_id
    WHERE v.id = ${viewId} AND v.session_id = ${actor.sessionId} AND v.link_id = ${actor.linkId}
      AND v.view_type = 'DOCUMENT_VIEW'`;
  const view = rows[0];
  if (!view) throw new ApiError('not_found', 'No such view in this session.');
  const seen = new Set<string>();
  const valid = events.slice(0, MAX_EVENTS_PER_BATCH).filter((e) => {
    if (typeof e?.id !== 'string' || !EVENT_ID.test(e.id) || seen.has(e.id)) return false;
    if (!Number.isInteger(e.page) || e.page < 1 || e.page > view.pages) return false;
    if (typeof e.duration_ms !== 'number' || !Number.isFinite(e.duration_ms) || e.duration_ms <= 0) return false;
    seen.add(e.id);
    return true;
  });
  if (!valid.length) return { recorded: 0 };
  const now = new Date();
  const ids = valid.map(() => newId());
  // One statement: the new events (a repeated client id is dropped by the unique key), and their
  // durations added to the view's per-page totals, which analytics read. Batches of one view
  // take the view's row lock first, so two batches never wait on each other's rows in opposite
  // orders (a deadlock PostgreSQL would only break after a second).
  const [r] = await sqlRows<{ recorded: number }>(RECORD_SQL, [
    view.id,
    actor.linkId,
    view.documentId,
    view.versionId,
    pgTimestamp(now.getTime()),
    ids,
    valid.map((e) => e.page),
    valid.map((e) => Math.min(MAX_EVENT_MS, Math.round(e.duration_ms))),
    valid.map((e) => e.id),
  ], { prepare: true });
  // Reading continues the visit (and the room visit it is part of).
  await db.view.updateMany({ where: { id: { in: [view.id, ...(view.parentViewId ? [view.parentViewId] : [])] } }, data: { lastActiveAt: now } });
  return { recorded: r?.recorded ?? 0 };
}
