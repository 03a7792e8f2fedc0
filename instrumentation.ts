// Runs once when a Next server starts. Long-lived servers (npm start, npm run dev) sweep expired
// uploads on a timer; on Vercel, where instances are short-lived, Vercel Cron does it instead.
export async function register() {
  // NEXT_RUNTIME is Next's own variable, not configuration.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { config } = await import('./server/config');
  if (config.onVercel) return;
  const { startUploadSweeper } = await import('./server/services/upload-sweep');
  startUploadSweeper();
}
