// Page-time events from the viewer (10 s heartbeats, a beacon when the page is hidden or
// closed). Each batch is checked on the server: the view must be a document view of this
// session on this link, its document still shared with the link (in a room: still placed there
// and, on a group link, still visible to the group), page numbers within the shown version's
// page count, durations clamped to the heartbeat interval plus slack, and a client event id drops
// repeats (retried beacons). Whatever the client sends, a view never holds more reading time than
// it has been open (plus one heartbeat of slack): the whole view, and so each of its pages.
// The document and version come from the view, never from the request.
import type { ViewerActor } from '../../auth/actor';
import { ApiError, invalid } from '../../errors';
import { newId } from '../../ids';
import { pgTimestamp, sqlRows } from '../../db/sql';
import type { ViewerLink } from './links';
import { allow, retryAfterSeconds } from './limits';
import { EVENT_VIEW_SQL, MAX_EVENT_MS, MAX_EVENTS_PER_BATCH, OPEN_TIME_SLACK_MS, RECORD_PAGE_EVENTS_SQL } from './events-sql';

export { MAX_EVENT_MS, MAX_EVENTS_PER_BATCH, OPEN_TIME_SLACK_MS };

export type PageEventInput = { id: string; page: number; duration_ms: number };

const EVENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Records a batch; answers how many events were new. Refuses a view that is not this session's or no longer shared. */
export async function recordPageEvents(
  actor: ViewerActor,
  link: Pick<ViewerLink, 'groupId'>,
  viewId: string,
  events: PageEventInput[],
  address: string,
): Promise<{ recorded: number }> {
  // A visitor's tabs send a heartbeat every 10 s; far more is a script, refused before any work.
  for (const [kind, key] of [['events_session', actor.sessionId], ['events_address', address]] as const) {
    if (!(await allow(kind, key))) {
      const retry = retryAfterSeconds(kind);
      throw new ApiError('rate_limit_exceeded', `Too many page-time reports; retry in ${retry} s.`, { retry_after_seconds: retry });
    }
  }
  if (events.length > MAX_EVENTS_PER_BATCH) throw invalid('events', `must hold at most ${MAX_EVENTS_PER_BATCH} events a batch (got ${events.length}); send the rest in another`);
  const rows = await sqlRows<{ id: string; documentId: string; versionId: string | null; pages: number; parentViewId: string | null; shared: boolean }>(
    EVENT_VIEW_SQL,
    [viewId, actor.sessionId, actor.linkId, link.groupId],
    { prepare: true },
  );
  const view = rows[0];
  if (!view) throw new ApiError('not_found', 'No such view in this session.');
  if (!view.shared) throw new ApiError('not_found', 'No such document here.');
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
  const [r] = await sqlRows<{ recorded: number }>(RECORD_PAGE_EVENTS_SQL, [
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
