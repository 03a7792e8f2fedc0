// Mail jobs (server/auth/mail-queue.ts) and agreement receipts: sent after the commit that queued
// them; a mail server that fails is tried again (10 s, 40 s, 2.7 min, …), five times in all, then
// the job is dead and listed by `npm run admin -- jobs list`.
import { sendLinkMail, sendNoticeMail } from '../auth/mail';
import { openQueuedMail } from '../auth/mail-queue';
import { mailReceipt } from '../services/agreements/acceptances';
import { defineJobKind, exponentialBackoff } from './queue';

export function registerMailJobs() {
  defineJobKind('mail', {
    run: async (job) => {
      const m = openQueuedMail(job.payload);
      if ('link' in m) await sendLinkMail(m.link);
      else await sendNoticeMail(m.notice);
    },
    concurrency: 4,
    leaseMs: 60_000,
    maxAttempts: 5,
    backoffMs: exponentialBackoff,
  });
  defineJobKind('agreement.receipt', {
    run: (job) => mailReceipt(job.ref!),
    concurrency: 2,
    leaseMs: 60_000,
    maxAttempts: 5,
    backoffMs: exponentialBackoff,
  });
}
