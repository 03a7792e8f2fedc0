// The one sweep: expired, unused uploads (and their files), the viewer's expired sessions, codes
// and notification claims, the issuer's rows that can no longer matter, events past the audit
// log's retention, finished webhook deliveries past 30 days, dead jobs past 30 days, /v1's
// Idempotency-Keys past their 24 hours, SAML requests and spent assertion ids past their time, and
// the files of pending visitor uploads in deleted rooms.
// Runs on a timer in every long-lived server (scripts/serve.ts, instrumentation.ts), from Vercel Cron
// (app/api/cron/sweep-uploads), and by hand (`npm run admin -- uploads sweep`).
import { sweepIdempotencyKeys } from '../services/idempotency';
import { sweepExpiredUploads } from '../services/upload-sweep';
import { sweepViewerState } from '../services/visitor/sweep';
import { sweepOAuthState } from './oauth-state';
import { sweepExpiredEvents } from '../services/events/retention';
import { sweepOldDeliveries } from '../services/webhooks/retention';
import { sweepDeadJobs } from './admin';
import { sweepSaml } from '../services/sso/sweep';
import { sweepDeletedRoomUploads } from '../services/visitor-uploads/sweep';

/**
 * Runs `parts` one after another; every part runs even when another fails, and the first failure
 * is thrown once all have run.
 */
export async function runInTurn<T extends Record<string, () => Promise<unknown>>>(parts: T): Promise<{ [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const done: Record<string, unknown> = {};
  let failure: { reason: unknown } | null = null;
  for (const [name, part] of Object.entries(parts)) {
    try {
      done[name] = await part();
    } catch (e) {
      failure ??= { reason: e };
    }
  }
  if (failure) throw failure.reason;
  return done as { [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

/**
 * Every part of the sweep, in turn: each one's first statements are compiled by Prisma's query
 * compiler on the event loop (5-20 ms a part, 100 ms for a process's first model query), and run
 * all at once they held a serving process's requests for as long as all of them.
 */
export async function sweep(o: { maxBatches?: number } = {}) {
  const { uploads, ...rest } = await runInTurn({
    uploads: () => sweepExpiredUploads({ maxBatches: o.maxBatches }),
    viewer: () => sweepViewerState(),
    oauth: () => sweepOAuthState(),
    events: () => sweepExpiredEvents({ maxBatches: o.maxBatches }),
    deliveries: () => sweepOldDeliveries({ maxBatches: o.maxBatches }),
    idempotency: () => sweepIdempotencyKeys(),
    jobs: () => sweepDeadJobs({ maxBatches: o.maxBatches }),
    saml: () => sweepSaml(),
    visitorUploads: () => sweepDeletedRoomUploads({ maxBatches: o.maxBatches }),
  });
  return { ...uploads, ...rest };
}

let timer: NodeJS.Timeout | undefined;

/**
 * Sweeps now and every `everyMs` in this process; the timer never keeps the process alive. The
 * first run starts with the server, so its one-time query compiles happen while the server
 * prepares rather than under its first requests.
 */
export function startSweeper(everyMs = 10 * 60 * 1000) {
  if (timer) return;
  const run = () =>
    sweep()
      .then(({ removed }) => removed > 0 && console.log(`[quire] removed ${removed} expired uploads`))
      .catch((e) => console.error('[quire] sweep failed:', e instanceof Error ? e.message : e));
  timer = setInterval(run, everyMs);
  timer.unref();
  setImmediate(run).unref();
}
