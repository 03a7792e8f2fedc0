// The mail that tells an asker their question was answered: plain text only (the question and the
// answer are visitors' and team members' words, never markup), with a link back to the room.
import { queueMail } from '../../auth/mail-queue';
import { config } from '../../config';
import { db } from '../../db/client';
import type { QuestionObject } from './object';
import { instantRecipients } from '../digests/preferences';
import { linkOwners } from '../visitor/notify';
import type { ViewerLink } from '../visitor/links';

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

/**
 * After a question's commit: the link's maker (else the admins), unless they read questions in a
 * digest (server/services/digests), is mailed the question with a link to the room's Q&A tab.
 */
export async function mailNewQuestion(link: ViewerLink, q: QuestionObject): Promise<void> {
  try {
    const to = await instantRecipients(link.teamId, 'questions', await linkOwners(link));
    if (!to.length) return;
    const room = await db.dataroom.findUnique({ where: { id: q.dataroom_id }, select: { name: true } });
    const url = `${config.appUrl}/datarooms/${q.dataroom_id}?tab=qa`;
    await queueMail(
      db,
      to.map((address) => ({
        notice: {
          to: address,
          kind: 'question notification',
          subject: `${q.asked_by.email} asked a question in ${room?.name ?? 'a data room'}`,
          text: `${q.asked_by.email} asked in the data room "${room?.name ?? ''}":\n\n${quote(q.text)}\n\nAnswer it: ${url}\n`,
          logValue: `${url} (${q.id})`,
        },
      })),
      link.teamId,
    );
  } catch (e) {
    console.error(`[quire] the notice of question ${q.id} failed:`, e instanceof Error ? e.message : e);
  }
}
