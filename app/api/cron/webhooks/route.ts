// Vercel Cron (vercel.json) sends the webhook deliveries that are due: retries, and first attempts
// whose instance did not get to them. Vercel sends `Authorization: Bearer $CRON_SECRET`; without
// CRON_SECRET configured the route is closed.
import { deliverDue } from '@/server/jobs/webhooks';
import { cronAuthorized, cronRefused } from '@/server/http/cron';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
export const maxDuration = 60;

export async function GET(req: Request) {
  if (!cronAuthorized(req)) return cronRefused();
  // Attempts take up to 15 s each: stop claiming well before the function's limit.
  return Response.json(await deliverDue({ maxMs: 40_000 }));
}
