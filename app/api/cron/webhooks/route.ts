// Vercel Cron (vercel.json) sends the webhook deliveries that are due: retries, and first attempts
// whose instance did not get to them. Vercel sends `Authorization: Bearer $CRON_SECRET`; without
// CRON_SECRET configured the route is closed.
import { timingSafeEqual } from 'node:crypto';
import { deliverDue } from '@/server/jobs/webhooks';
import { config } from '@/server/config';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
export const maxDuration = 60;

function authorized(req: Request): boolean {
  const secret = config.cronSecret;
  if (!secret) return false;
  const given = Buffer.from(req.headers.get('authorization') ?? '');
  const want = Buffer.from(`Bearer ${secret}`);
  return given.length === want.length && timingSafeEqual(given, want);
}

export async function GET(req: Request) {
  if (!authorized(req)) return Response.json({ error: 'unauthorized' }, { status: 401 });
  // Attempts take up to 15 s each: stop claiming well before the function's limit.
  return Response.json(await deliverDue({ maxMs: 40_000 }));
}
