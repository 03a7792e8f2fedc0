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

/** Every part runs even when another fails; the first failure is thrown once all have run. */
export async function sweep(o: { maxBatches?: number } = {}) {
  const [uploads, viewer, oauth, events, deliveries, idempotency, jobs, saml, roomUploads] = await Promise.allSettled([
    sweepExpiredUploads({ maxBatches: o.maxBatches }),
    sweepViewerState(),
    sweepOAuthState(),
    sweepExpiredEvents({ maxBatches: o.maxBatches }),
    sweepOldDeliveries({ maxBatches: o.maxBatches }),
    sweepIdempotencyKeys(),
    sweepDeadJobs({ maxBatches: o.maxBatches }),
    sweepSaml(),
    sweepDeletedRoomUploads({ maxBatches: o.maxBatches }),
  ]);
  for (const part of [uploads, viewer, oauth, events, deliveries, idempotency, jobs, saml, roomUploads]) if (part.status === 'rejected') throw part.reason;
  return {
    ...value(uploads),
    viewer: value(viewer),
    oauth: value(oauth),
    events: value(events),
    deliveries: value(deliveries),
    idempotency: value(idempotency),
    jobs: value(jobs),
    saml: value(saml),
    visitorUploads: value(roomUploads),
  };
}

const value = <T,>(r: PromiseSettledResult<T>) => (r as PromiseFulfilledResult<T>).value;

let timer: NodeJS.Timeout | undefined;

/** Sweeps now and every `everyMs` in this process; the timer never keeps the process alive. */
export function startSweeper(everyMs = 10 * 60 * 1000) {
  if (timer) return;
  const run = () =>
    sweep()
      .then(({ removed }) => removed > 0 && console.log(`[quire] removed ${removed} expired uploads`))
      .catch((e) => console.error('[quire] sweep failed:', e instanceof Error ? e.message : e));
  timer = setInterval(run, everyMs);
  timer.unref();
  setTimeout(run, 5_000).unref();
}
