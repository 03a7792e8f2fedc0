// Digest jobs (server/services/digests): one per member who wants daily or weekly digests, due at
// their next 08:00, sending and then rescheduling itself (Outcome `againInMs`); settings changes
// move it. A failed send is tried again with backoff like any mail.
import { runDigestJob } from '../services/digests/run';
import { defineJobKind, exponentialBackoff } from './queue';

export function registerDigestJobs() {
  defineJobKind('digest', {
    run: (job) => runDigestJob(job.ref!),
    concurrency: 2,
    leaseMs: 120_000,
    maxAttempts: 5,
    backoffMs: exponentialBackoff,
  });
}
