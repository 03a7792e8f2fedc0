// Runs once when a Next server starts. Long-lived servers run the sweep (server/jobs/sweep.ts) and
// poll for webhook deliveries (server/jobs/webhooks.ts) on a timer: here
// for `npm run dev` and a bare `next start`; `npm start` (scripts/serve.ts) runs its own, so the
// bundled copy of the database client is never the one the /v1 path shares. On Vercel, where
// instances are short-lived, Vercel Cron does it instead.
export async function register() {
  // NEXT_RUNTIME is Next's own variable, QUIRE_OWN_SWEEPER serve.ts's note to this hook.
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.QUIRE_OWN_SWEEPER) return;
  const { config } = await import('./server/config');
  const { startWebhookDelivery } = await import('./server/jobs/webhooks');
  // On Vercel a delivery's first attempt starts after the answer; its cron route does the rest.
  startWebhookDelivery({ pollMs: config.onVercel ? undefined : 2_000 });
  if (config.onVercel) return;
  const { startSweeper } = await import('./server/jobs/sweep');
  startSweeper();
}
