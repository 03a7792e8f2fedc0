// The statement that records a batch of page-time events, and its limits, apart from the service
// (events.ts) so the bench's bare baseline sends the very same SQL without loading the app.

/**
 * One statement. The view's row is locked first, so batches of one view run one after another
 * (and never wait on each other's rows in opposite orders); under that lock the row's
 * `recorded_ms` is the latest, so the budget (open time + slack − recorded) sees every earlier
 * batch. New events (client ids not seen on this view) are taken in order until the budget is
 * spent (the last one trimmed), inserted (a repeated client id is dropped by the unique key), and
 * added to the view's per-page totals, which analytics read, and to `recorded_ms`; the visit and
 * the room visit it belongs to are marked active.
 */
export const RECORD_PAGE_EVENTS_SQL = `
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

/**
 * The view a batch is for (parameters: view id, session id, link id, the link's group or null):
 * a document view of this session on this link, its page count (the shown version's), and
 * whether its document is still shared (in a room: still placed there and, on a group link,
 * still visible to the group). Sent prepared, like the recording statement.
 */
export const EVENT_VIEW_SQL = `
  SELECT v.id, v.parent_view_id AS "parentViewId", v.document_id AS "documentId", v.version_id AS "versionId",
    COALESCE(dv.num_pages, d.num_pages) AS pages,
    (v.dataroom_id IS NULL OR EXISTS (
      SELECT 1 FROM dataroom_documents p
      LEFT JOIN viewer_group_permissions perm ON perm.group_id = $4 AND perm.item_id = p.id
      WHERE p.dataroom_id = v.dataroom_id AND p.document_id = v.document_id
        AND ($4::text IS NULL OR perm.can_view IS TRUE))) AS shared
  FROM views v JOIN documents d ON d.id = v.document_id
  LEFT JOIN document_versions dv ON dv.id = v.version_id
  WHERE v.id = $1 AND v.session_id = $2 AND v.link_id = $3 AND v.view_type = 'DOCUMENT_VIEW'`;
