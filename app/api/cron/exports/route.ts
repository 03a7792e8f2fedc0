// Vercel Cron (vercel.json) builds room archives still queued (a wake-up lost with its instance,
// a crashed build whose lease has passed).
import { drainExports } from '@/server/jobs/exports';
import { cronAuthorized, cronRefused } from '@/server/http/cron';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
export const maxDuration = 300;

export async function GET(req: Request) {
  if (!cronAuthorized(req)) return cronRefused();
  await drainExports();
  return Response.json({ ok: true });
}
