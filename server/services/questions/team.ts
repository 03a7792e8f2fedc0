// The team's side of room Q&A (DESIGN.md "Room Q&A"): list a room's questions, read one, answer
// it (privately or published to the room's FAQ), change its status or publication. Every read is
// scoped to the actor's team; another team's question is 404.
import type { Actor } from '../../auth/actor';
import { db, type Tx } from '../../db/client';
import { conflict, invalid, notFound } from '../../errors';
import { newId } from '../../ids';
import { cursorInstant, decodeCursor, page } from '../../schemas/common';
import { changesBetween, emit } from '../events/emit';
import { findRoom } from '../room-lookup';
import { actingUser } from '../acting-user';
import { mailAnswer } from './mail';
import { QUESTION_INCLUDE, toQuestion, type QuestionRow } from './object';

export type QuestionStatus = 'open' | 'answered' | 'closed';

/** Newest first, keyset-paged; `document_id` is the library document's id. */
export async function listQuestions(actor: Actor, roomId: string, q: { status?: QuestionStatus; document_id?: string; limit: number; cursor?: string }) {
  const room = await findRoom(db, actor, roomId);
  const after = decodeCursor(q.cursor, 'number', 'string') as [number, string] | null;
  const at = after ? new Date(cursorInstant(after[0])) : null;
  const rows = await db.question.findMany({
    where: {
      dataroomId: room.id,
      teamId: actor.teamId,
      ...(q.status ? { status: q.status } : {}),
      ...(q.document_id ? { documentId: q.document_id } : {}),
      ...(after ? { OR: [{ createdAt: { lt: at! } }, { createdAt: at!, id: { lt: after[1] } }] } : {}),
    },
    include: QUESTION_INCLUDE,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: q.limit + 1,
  });
  return page(rows, q.limit, toQuestion, (r) => [r.createdAt.getTime(), r.id]);
}

/** Open (unanswered) questions of each of the team's rooms with Q&A on: the dashboard's counts. */
export async function openCounts(actor: Actor): Promise<Record<string, number>> {
  const rows = await db.question.groupBy({
    by: ['dataroomId'],
    where: { teamId: actor.teamId, status: 'open', dataroom: { deletedAt: null } },
    _count: { _all: true },
  });
  return Object.fromEntries(rows.map((r) => [r.dataroomId, r._count._all]));
}

async function questionRow(tx: Tx, actor: Actor, id: string, lock = false): Promise<QuestionRow> {
  if (lock) {
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT q.id FROM questions q JOIN datarooms r ON r.id = q.dataroom_id AND r.deleted_at IS NULL
      WHERE q.id = ${id} AND q.team_id = ${actor.teamId} FOR UPDATE OF q`;
    if (!locked.length) throw notFound('Question');
  }
  const row = await tx.question.findFirst({ where: { id, teamId: actor.teamId, dataroom: { deletedAt: null } }, include: QUESTION_INCLUDE });
  if (!row) throw notFound('Question');
  return row;
}

export const getQuestion = async (actor: Actor, id: string) => toQuestion(await questionRow(db, actor, id));

/**
 * Adds an answer: the question becomes `answered`; `publish` puts it in the room's FAQ (true) or
 * keeps it private to the asker (false); left out, publication stays as it was. The asker is
 * mailed the answer after the commit.
 */
export async function answerQuestion(actor: Actor, id: string, input: { text: string; publish?: boolean }) {
  const answered = await db.$transaction(async (tx) => {
    const row = await questionRow(tx, actor, id, true);
    if (row.status === 'closed') throw conflict('This question is closed: reopen it (PATCH status: "open") before answering it.');
    const by = await actingUser(tx, actor);
    await tx.answer.create({ data: { id: newId(), questionId: row.id, text: input.text, answeredById: by.id, answeredByEmail: by.email } });
    await tx.question.update({ where: { id: row.id }, data: { status: 'answered', ...(input.publish !== undefined ? { published: input.publish } : {}) } });
    const after = toQuestion(await questionRow(tx, actor, row.id));
    await emit(tx, actor, { type: 'question.answered', object: after, dataroomId: row.dataroomId });
    return { question: after, linkId: row.linkId };
  });
  await mailAnswer(answered.question, input.text, answered.linkId);
  return answered.question;
}

/** Status and publication. Publishing needs an answer; `answered` needs one too. */
export async function updateQuestion(actor: Actor, id: string, input: { status?: QuestionStatus; published?: boolean }) {
  return db.$transaction(async (tx) => {
    const row = await questionRow(tx, actor, id, true);
    const before = toQuestion(row);
    const hasAnswer = row.answers.length > 0;
    if (input.published === true && !hasAnswer) throw invalid('published', 'answer the question before publishing it');
    if (input.status === 'answered' && !hasAnswer) throw invalid('status', 'a question without an answer cannot be marked answered');
    await tx.question.update({ where: { id: row.id }, data: { status: input.status, published: input.published } });
    const after = toQuestion(await questionRow(tx, actor, row.id));
    const changes = changesBetween(before, after);
    if (Object.keys(changes).length) await emit(tx, actor, { type: 'question.updated', object: after, changes, dataroomId: row.dataroomId });
    return after;
  });
}
