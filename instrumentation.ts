// Runs once when a Next server starts: the background work (server/jobs/background.ts). Long-lived
// servers run its timers here for `npm run dev` and a bare `next start`; `npm start`
// (scripts/serve.ts) runs its own, so the bundled copy of the database client is never the one
// the /v1 path shares. On Vercel, where instances are short-lived, only the wake-ups are
// registered and Vercel Cron polls.
export async function register() {
  // NEXT_RUNTIME is Next's own variable, QUIRE_OWN_SWEEPER serve.ts's note to this hook.
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.QUIRE_OWN_SWEEPER) return;
  const { config } = await import('./server/config');
  const { startBackgroundWork } = await import('./server/jobs/background');
  startBackgroundWork({ timers: !config.onVercel });
}
