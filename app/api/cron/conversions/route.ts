// Vercel Cron (vercel.json) converts the Office files still queued: on Vercel no instance polls,
// so a wake-up lost with its instance, a retry after an unreachable converter, or a claim whose
// instance died is picked up here. Vercel sends `Authorization: Bearer $CRON_SECRET`; without
// CRON_SECRET configured the route is closed.
import { drainConversions } from '@/server/jobs/conversions';
import { cronAuthorized, cronRefused } from '@/server/http/cron';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
export const maxDuration = 300;

export async function GET(req: Request) {
  if (!cronAuthorized(req)) return cronRefused();
  // One conversion may take the converter's whole deadline (120 s): stop claiming in time.
  return Response.json({ ok: true, converted: await drainConversions({ maxMs: 120_000 }) });
}
