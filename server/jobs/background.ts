// Where a server process starts its background work: the one sweep on a timer, and the queues
// (room archives, webhook deliveries) woken by the services and polled. Long-lived servers
// (scripts/serve.ts, and instrumentation.ts for `npm run dev` and a bare `next start`) run the
// timers; on Vercel only the wake-ups are registered and Vercel Cron does the polling (vercel.json).
import { startConversions } from './conversions';
import { drainExports, registerExportBuilds } from './exports';
import { startSweeper } from './sweep';
import { startWebhookDelivery } from './webhooks';

const POLL_MS = 10_000;
let started = false;

export function startBackgroundWork(o: { timers: boolean }) {
  if (started) return;
  started = true;
  registerExportBuilds();
  // Webhooks: sent after the answer that wrote them; retries polled every 2 s (on Vercel, by cron).
  startWebhookDelivery({ pollMs: o.timers ? 2_000 : undefined });
  // Office files to PDF, one at a time: woken after an upload, polled every 5 s for leftovers.
  startConversions({ pollMs: o.timers ? 5_000 : undefined });
  if (!o.timers) return;
  startSweeper();
  const poll = () => void drainExports().catch((e) => console.error('[quire] room archive poll failed:', e instanceof Error ? e.message : e));
  setInterval(poll, POLL_MS).unref();
  setTimeout(poll, 2_000).unref();
}
