// Custom domains on the one queue: one `domain.check` job per domain, written with it, that checks
// its DNS again and reschedules itself (hourly while not verified, daily once verified); a
// removed domain's job ends.
import { checkDomain, RECHECK_MS } from '../services/domains/domains';
import { defineJobKind, exponentialBackoff } from './queue';

export function registerDomainJobs() {
  defineJobKind('domain.check', {
    run: async (job) => {
      const d = await checkDomain(job.ref!);
      if (!d) return;
      return { againInMs: d.status === 'verified' ? RECHECK_MS.verified : RECHECK_MS.unverified };
    },
    concurrency: 2,
    leaseMs: 60_000,
    maxAttempts: 5,
    backoffMs: exponentialBackoff,
  });
}
