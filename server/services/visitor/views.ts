// Views (DESIGN.md "Visitors, views and analytics"): one per visit. Activity on the same link by
// the same session within 10 minutes continues the view; a document link's visit is a
// DOCUMENT_VIEW, entering a room a DATAROOM_VIEW, and each document opened inside the room a
// DOCUMENT_VIEW whose parent is the room's view. The visitor, its lower-cased email, whether it
// was verified by a code and the custom field answers are kept on the view.
import type { ViewerActor } from '../../auth/actor';
import { db, type Tx } from '../../db/client';
import { newId } from '../../ids';
import { afterResponse } from '../../lib/after-response';
import { notifyVisit } from './notify';
import { emit } from '../events/emit';
import { toView } from '../links/views';
import type { ViewerLink } from './links';

export const VISIT_GAP_MS = 10 * 60_000;

export type ViewTarget =
  | { kind: 'document'; documentId: string; versionId: string | null }
  | { kind: 'room'; dataroomId: string }
  | { kind: 'room_document'; dataroomId: string; documentId: string; versionId: string | null };

type Found = { id: string };

async function continueOrCreate(
  tx: Tx,
  actor: ViewerActor,
  session: { verified: boolean; fieldValues: unknown },
  v: { viewType: 'DOCUMENT_VIEW' | 'DATAROOM_VIEW'; documentId: string | null; dataroomId: string | null; versionId: string | null; parentViewId: string | null },
  userAgent: string | null,
): Promise<{ id: string; created: boolean }> {
  const now = new Date();
  const since = new Date(now.getTime() - VISIT_GAP_MS);
  const found = await tx.$queryRaw<Found[]>`
    SELECT id FROM views
    WHERE session_id = ${actor.sessionId} AND link_id = ${actor.linkId} AND last_active_at > ${since}
      AND view_type = ${v.viewType}::"ViewType"
      AND document_id IS NOT DISTINCT FROM ${v.documentId}
      AND parent_view_id IS NOT DISTINCT FROM ${v.parentViewId}
    ORDER BY last_active_at DESC LIMIT 1`;
  if (found[0]) {
    await tx.view.update({ where: { id: found[0].id }, data: { lastActiveAt: now } });
    return { id: found[0].id, created: false };
  }
  const id = newId();
  const created = await tx.view.create({
    data: {
      id,
      teamId: actor.teamId,
      linkId: actor.linkId,
      documentId: v.documentId,
      dataroomId: v.dataroomId,
      versionId: v.versionId,
      parentViewId: v.parentViewId,
      viewerId: actor.visitorId,
      viewerEmail: actor.email?.toLowerCase() ?? null,
      viewType: v.viewType,
      verified: session.verified,
      viewedAt: now,
      lastActiveAt: now,
      sessionId: actor.sessionId,
      userAgent: userAgent?.slice(0, 512) ?? null,
      customFieldValues: v.parentViewId ? undefined : (session.fieldValues ?? undefined) as object | undefined,
    },
  });
  const object = toView({ ...created, viewType: v.viewType, downloadType: null, durationMs: 0 });
  await emit(tx, actor, { type: 'view.created', object, dataroomId: v.dataroomId });
  return { id, created: true };
}

/**
 * The view of this visit to `target`, continued or created. Concurrent requests of one session
 * are serialized on its session row, so a visit never becomes two views.
 */
export async function touchView(actor: ViewerActor, link: ViewerLink, target: ViewTarget, userAgent: string | null): Promise<{ viewId: string; roomViewId: string | null }> {
  const result = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ verified: boolean; fieldValues: unknown }[]>`
      SELECT verified, field_values AS "fieldValues" FROM viewer_sessions WHERE id = ${actor.sessionId} FOR UPDATE`;
    const session = rows[0] ?? { verified: false, fieldValues: null };
    if (target.kind === 'document') {
      const v = await continueOrCreate(tx, actor, session, { viewType: 'DOCUMENT_VIEW', documentId: target.documentId, dataroomId: null, versionId: target.versionId, parentViewId: null }, userAgent);
      return { viewId: v.id, roomViewId: null, created: v.created };
    }
    const room = await continueOrCreate(tx, actor, session, { viewType: 'DATAROOM_VIEW', documentId: null, dataroomId: target.dataroomId, versionId: null, parentViewId: null }, userAgent);
    if (target.kind === 'room') return { viewId: room.id, roomViewId: room.id, created: room.created };
    const doc = await continueOrCreate(
      tx,
      actor,
      session,
      { viewType: 'DOCUMENT_VIEW', documentId: target.documentId, dataroomId: target.dataroomId, versionId: target.versionId, parentViewId: room.id },
      userAgent,
    );
    return { viewId: doc.id, roomViewId: room.id, created: room.created };
  });
  // A new visit tells the owner (at most once per visitor and link an hour), after the answer.
  if (result.created && link.enableNotification) afterResponse('view notification', () => notifyVisit(link, actor));
  return { viewId: result.viewId, roomViewId: result.roomViewId };
}

/** Marks the view as downloaded (the latest download's time and kind), with its event. */
export async function recordDownload(actor: ViewerActor, viewId: string, type: 'SINGLE' | 'BULK' | 'FOLDER') {
  await db.$transaction(async (tx) => {
    const v = await tx.view.update({ where: { id: viewId }, data: { downloadedAt: new Date(), downloadType: type, lastActiveAt: new Date() } });
    const object = toView({ ...v, downloadType: type, durationMs: v.recordedMs });
    await emit(tx, actor, { type: 'view.downloaded', object, dataroomId: v.dataroomId });
  });
}
