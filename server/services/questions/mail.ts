// The mail that tells an asker their question was answered: plain text only (the question and the
// answer are visitors' and team members' words, never markup), with a link back to the room.
import { queueMail } from '../../auth/mail-queue';
import { config } from '../../config';
import { db } from '../../db/client';
import type { QuestionObject } from './object';

const MAX_QUOTE = 2000;
const quote = (s: string) => (s.length > MAX_QUOTE ? `${s.slice(0, MAX_QUOTE)}…` : s);

/** Sent after the answer's transaction; a failed send is logged, the answer stays. */
export async function mailAnswer(q: QuestionObject, answer: string, linkId: string | null): Promise<void> {
  try {
    const [room, link] = await Promise.all([
      db.dataroom.findUnique({ where: { id: q.dataroom_id }, select: { name: true } }),
      linkId ? db.link.findFirst({ where: { id: linkId, deletedAt: null }, select: { slug: true } }) : null,
    ]);
    const url = link ? `${config.appUrl}/view/${link.slug}?qa=${encodeURIComponent(q.id)}` : null;
    const where = room ? `the data room "${room.name}"` : 'the data room';
    await queueMail(db, {
      notice: {
        to: q.asked_by.email,
        kind: 'question answer',
        subject: `Your question in ${where} was answered`,
        text:
          `Your question in ${where}:\n\n${quote(q.text)}\n\nThe answer:\n\n${quote(answer)}\n\n` +
          (url ? `See it in the room: ${url}\n` : 'The link you asked through is no longer active.\n'),
        logValue: `${url ?? '(no live link)'} (${q.id})`,
      },
    });
  } catch (e) {
    console.error(`[quire] the answer mail for question ${q.id} failed:`, e instanceof Error ? e.message : e);
  }
}
