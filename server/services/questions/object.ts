// The question as /v1 returns it (DESIGN.md "Room Q&A"), and as a visitor sees it in the viewer
// (no other visitor's email, no team member's email). Both read the same rows.
import type { Prisma } from '../../db/generated/client';
import { iso } from '../../schemas/common';

export const QUESTION_INCLUDE = {
  answers: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  placement: { select: { document: { select: { name: true } } } },
} satisfies Prisma.QuestionInclude;

export type QuestionRow = Prisma.QuestionGetPayload<{ include: typeof QUESTION_INCLUDE }>;

export function toQuestion(q: QuestionRow) {
  return {
    id: q.id,
    object: 'question' as const,
    dataroom_id: q.dataroomId,
    document_id: q.documentId,
    page_number: q.pageNumber,
    text: q.text,
    asked_by: { visitor_id: q.visitorId, email: q.email },
    status: q.status,
    published: q.published,
    answers: q.answers.map((a) => ({ id: a.id, text: a.text, answered_by: { email: a.answeredByEmail }, created: iso(a.createdAt) })),
    created: iso(q.createdAt),
    updated_at: iso(q.updatedAt),
  };
}

export type QuestionObject = ReturnType<typeof toQuestion>;

/** What a visitor sees of a question: theirs, or a published FAQ entry. */
export function toVisitorQuestion(q: QuestionRow) {
  return {
    id: q.id,
    text: q.text,
    item_id: q.placementId,
    document_name: q.placement?.document.name ?? null,
    page_number: q.pageNumber,
    status: q.status,
    published: q.published,
    answers: q.answers.map((a) => ({ id: a.id, text: a.text, created: iso(a.createdAt) })),
    created: iso(q.createdAt),
  };
}

export type VisitorQuestion = ReturnType<typeof toVisitorQuestion>;
