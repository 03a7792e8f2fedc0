// qa.csv of the room archive: one record per question, oldest first, read a page at a time so a
// room with many questions keeps memory flat. Answers share one cell, each with its time and
// author. Cells go through csvLine, which defuses formulas.
import { db } from '../../db/client';
import { iso } from '../../schemas/common';
import type { Cell } from '../../lib/csv';

export const QA_CSV_HEADER = ['question_id', 'created', 'asked_by', 'document', 'page', 'question', 'status', 'published', 'answers'];

const PAGE = 500;

export async function* eachQaCsvRow(dataroomId: string): AsyncGenerator<Cell[]> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows: Awaited<ReturnType<typeof readPage>> = await readPage(dataroomId, after);
    for (const q of rows) {
      const answers = q.answers.map((a) => `[${iso(a.createdAt)}${a.answeredByEmail ? ` ${a.answeredByEmail}` : ''}] ${a.text}`).join('\n\n');
      yield [q.id, iso(q.createdAt), q.email, q.document?.name ?? null, q.pageNumber, q.text, q.status, q.published, answers];
    }
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

function readPage(dataroomId: string, after: { createdAt: Date; id: string } | null) {
  return db.question.findMany({
    where: { dataroomId, ...(after ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] } : {}) },
    include: { answers: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }, document: { select: { name: true } } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: PAGE,
  });
}
