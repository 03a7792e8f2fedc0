// Where a server process starts its background work: the one queue (every kind of job registered
// here, run after the commit that enqueued it, polled every 2 s for retries and for jobs whose
// instance died) and the sweep on a timer. Long-lived servers (scripts/serve.ts, and
// instrumentation.ts for `npm run dev` and a bare `next start`) run the timers; on Vercel only the
// after-commit start is registered and Vercel Cron drains the queue (app/api/cron/jobs).
import { registerConversionJobs } from './conversions';
import { registerDomainJobs } from './domains';
import { registerDigestJobs } from './digests';
import { registerExportJobs } from './exports';
import { registerMailJobs } from './mail';
import { registerTextJobs } from './text-extraction';
import { registerRedactionJobs } from './redactions';
import { registerSsoJobs } from './sso';
import { startJobs } from './queue';
import { startSweeper } from './sweep';
import { registerWebhookJobs } from './webhooks';

let registered = false;

/** Every kind of job this app runs (a script that drains the queue calls this too). */
export function registerJobKinds() {
  if (registered) return;
  registered = true;
  registerWebhookJobs();
  registerConversionJobs();
  registerTextJobs();
  registerExportJobs();
  registerMailJobs();
  registerDomainJobs();
  registerRedactionJobs();
  registerDigestJobs();
  registerSsoJobs();
}

let started = false;

export function startBackgroundWork(o: { timers: boolean }) {
  if (started) return;
  started = true;
  registerJobKinds();
  startJobs(o.timers ? { pollMs: 2_000, logEveryMs: 60_000 } : {});
  if (o.timers) startSweeper();
}
