// The visitor's side of room Q&A (DESIGN.md "Room Q&A"), for the viewer face. Every call takes
// the link and session the request's cookie names (already checked live and admitted by the
// viewer router) and checks again here: the room has Q&A on, the session's email was verified,
// and the item asked about is one this link's visitors may view. A visitor reads only their own
// questions and the published entries about items they may view.
import type { ViewerActor } from '../../auth/actor';
import { db } from '../../db/client';
import { sqlRows } from '../../db/sql';
import { ApiError, invalid } from '../../errors';
import { newId } from '../../ids';
import { emit } from '../events/emit';
import { roomDocument } from '../visitor/content';
import type { ViewerLink, ViewerSessionRow } from '../visitor/links';
import { QUESTION_INCLUDE, toQuestion, toVisitorQuestion, type QuestionRow } from './object';
import { mailNewQuestion } from './mail';

const DAY_MS = 24 * 3600_000;

type QaRoom = { id: string; qaEnabled: boolean; limit: number };

/** The room's Q&A as a link's visitors get it: null for a document link or a deleted room (the dashboard's link summary asks it too). */
export async function qaRoom(link: Pick<ViewerLink, 'dataroomId' | 'teamId'>): Promise<QaRoom | null> {
  if (!link.dataroomId) return null;
  const r = await db.dataroom.findFirst({
    where: { id: link.dataroomId, teamId: link.teamId, deletedAt: null },
    select: { id: true, qaEnabled: true, qaLimitPerVisitorPerDay: true },
  });
  return r ? { id: r.id, qaEnabled: r.qaEnabled, limit: r.qaLimitPerVisitorPerDay } : null;
}

/** The room's placements this link's visitors may view (general links: all; group links: can_view). */
async function visiblePlacements(link: ViewerLink): Promise<Set<string>> {
  const rows = await sqlRows<{ id: string }>(
    `SELECT p.id FROM dataroom_documents p
     LEFT JOIN viewer_group_permissions perm ON perm.group_id = $2 AND perm.item_id = p.id
     WHERE p.dataroom_id = $1 AND ($3::boolean OR perm.can_view IS TRUE)`,
    [link.dataroomId, link.groupId, link.audienceType !== 'group'],
  );
  return new Set(rows.map((r) => r.id));
}

/** About the room itself, or about a document this visitor may still view (a detached document's entries leave). */
const aboutVisible = (q: Pick<QuestionRow, 'placementId' | 'documentId'>, visible: Set<string>) =>
  q.placementId ? visible.has(q.placementId) : q.documentId === null;

const verifiedAsker = (actor: ViewerActor, session: ViewerSessionRow | null) =>
  !!(session?.verified && actor.email && actor.visitorId);

export type VisitorQa = {
  enabled: boolean;
  /** The session's email is verified: the visitor may ask. */
  verified: boolean;
  email: string | null;
  limit: number;
  remaining: number;
  mine: ReturnType<typeof toVisitorQuestion>[];
  faq: ReturnType<typeof toVisitorQuestion>[];
};

async function askedToday(roomId: string, visitorId: string, now = Date.now()) {
  return db.question.findMany({
    where: { dataroomId: roomId, visitorId, createdAt: { gt: new Date(now - DAY_MS) } },
    select: { createdAt: true },
    orderBy: { createdAt: 'asc' },
  });
}

/** Everything the viewer's Q&A panel shows: my questions with answers, the FAQ, the day's allowance. */
export async function visitorQa(link: ViewerLink, actor: ViewerActor, session: ViewerSessionRow | null): Promise<VisitorQa> {
  const room = await qaRoom(link);
  if (!room?.qaEnabled) return { enabled: false, verified: false, email: null, limit: 0, remaining: 0, mine: [], faq: [] };
  const verified = verifiedAsker(actor, session);
  const [visible, mine, faq, today] = await Promise.all([
    visiblePlacements(link),
    verified
      ? db.question.findMany({ where: { dataroomId: room.id, visitorId: actor.visitorId! }, include: QUESTION_INCLUDE, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 200 })
      : Promise.resolve([]),
    db.question.findMany({ where: { dataroomId: room.id, published: true }, include: QUESTION_INCLUDE, orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }], take: 500 }),
    verified ? askedToday(room.id, actor.visitorId!) : Promise.resolve([]),
  ]);
  return {
    enabled: true,
    verified,
    email: actor.email,
    limit: room.limit,
    remaining: Math.max(0, room.limit - today.length),
    mine: mine.filter((q) => aboutVisible(q, visible)).map(toVisitorQuestion),
    faq: faq.filter((q) => q.answers.length > 0 && aboutVisible(q, visible)).map(toVisitorQuestion),
  };
}

export type AskInput = { text: string; item_id?: string | null; page_number?: number | null };

/** A new question; 429 (with when to come back) past the room's limit of the last 24 hours. */
export async function askQuestion(link: ViewerLink, actor: ViewerActor, session: ViewerSessionRow | null, input: AskInput) {
  const room = await qaRoom(link);
  if (!room?.qaEnabled) throw new ApiError('not_found', 'Questions are not taken in this room.');
  if (!verifiedAsker(actor, session)) {
    throw new ApiError('forbidden', 'Verify your email address with a one-time code before asking a question.', { verification_required: true });
  }
  let placement: { id: string; documentId: string } | null = null;
  if (input.item_id) {
    const d = await roomDocument(link, input.item_id);
    if (!d) throw new ApiError('not_found', 'No such document here.');
    if (input.page_number != null && (input.page_number < 1 || input.page_number > Math.max(1, d.numPages))) {
      throw invalid('page_number', `must be a page of the document (1 to ${Math.max(1, d.numPages)})`);
    }
    placement = { id: d.placementId!, documentId: d.documentId };
  } else if (input.page_number != null) {
    throw invalid('page_number', 'a page needs the document it belongs to (item_id)');
  }
  const question = await db.$transaction(async (tx) => {
    // The visitor's row serialises their concurrent questions, so the limit holds exactly.
    await tx.$queryRaw`SELECT id FROM viewers WHERE id = ${actor.visitorId} FOR UPDATE`;
    const now = Date.now();
    const today = await tx.question.findMany({
      where: { dataroomId: room.id, visitorId: actor.visitorId!, createdAt: { gt: new Date(now - DAY_MS) } },
      select: { createdAt: true },
      orderBy: { createdAt: 'asc' },
    });
    if (today.length >= room.limit) {
      const freeAt = room.limit > 0 && today[0] ? today[today.length - room.limit]!.createdAt.getTime() + DAY_MS : now + DAY_MS;
      const seconds = Math.max(1, Math.ceil((freeAt - now) / 1000));
      const hours = Math.ceil(seconds / 3600);
      throw new ApiError(
        'rate_limit_exceeded',
        `You have asked ${today.length} question${today.length === 1 ? '' : 's'} in this room in the last 24 hours, the most it allows. You can ask again in ${hours <= 1 ? 'under an hour' : `about ${hours} hours`}.`,
        { limit: room.limit, retry_after_seconds: seconds },
      );
    }
    const row = await tx.question.create({
      data: {
        id: newId(),
        teamId: link.teamId,
        dataroomId: room.id,
        placementId: placement?.id ?? null,
        documentId: placement?.documentId ?? null,
        pageNumber: placement ? (input.page_number ?? null) : null,
        text: input.text,
        visitorId: actor.visitorId!,
        email: actor.email!.toLowerCase(),
        linkId: link.id,
      },
      include: QUESTION_INCLUDE,
    });
    await emit(tx, actor, { type: 'question.created', object: toQuestion(row), dataroomId: room.id });
    return row;
  });
  await mailNewQuestion(link, toQuestion(question));
  return toVisitorQuestion(question);
}
