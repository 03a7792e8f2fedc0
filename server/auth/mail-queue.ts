// Mail that must not delay an answer goes out as a `mail` job of the one queue (server/jobs/mail.ts):
// written in the transaction of what causes it (or on its own), sent after the commit, tried again
// with backoff when the mail server fails, and given up visibly. The message is sealed in the job
// row: it may hold a one-time code.
import type { Db, Tx } from '../db/client';
import { enqueue, type NewJob } from '../db/jobs';
import { sealer } from '../lib/sealed';
import type { LinkMail, NoticeMail } from './mail';

export type QueuedMail = { notice: Omit<NoticeMail, 'attachments'> } | { link: LinkMail };

const sealed = sealer('quire-queued-mail', 'mail job payload v1');

export const mailJob = (m: QueuedMail, teamId: string | null = null): NewJob => ({ kind: 'mail', teamId, payload: { sealed: sealed.seal(JSON.stringify(m)) } });

export async function queueMail(tx: Tx | Db, mail: QueuedMail | QueuedMail[], teamId: string | null = null): Promise<void> {
  await enqueue(tx, (Array.isArray(mail) ? mail : [mail]).map((m) => mailJob(m, teamId)));
}

export function openQueuedMail(payload: unknown): QueuedMail {
  const s = (payload as { sealed?: unknown } | null)?.sealed;
  if (typeof s !== 'string') throw new Error('a mail job without its message');
  return JSON.parse(sealed.open(s)) as QueuedMail;
}
