// Runs once when a Next server starts. Long-lived servers (npm start, npm run dev) sweep expired
// uploads on a timer; on Vercel, where instances are short-lived, Vercel Cron does it instead.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.VERCEL) return;
  const { startUploadSweeper } = await import('./server/services/upload-sweep');
  startUploadSweeper();
}
