// Vercel Cron (vercel.json) removes expired, unused uploads (and the viewer's expired sessions,
// one-time codes and notification claims). Vercel sends
// `Authorization: Bearer $CRON_SECRET`; without CRON_SECRET configured the route is closed.
import { timingSafeEqual } from 'node:crypto';
import { sweep } from '@/server/jobs/sweep';
import { config } from '@/server/config';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

function authorized(req: Request): boolean {
  const secret = config.cronSecret;
  if (!secret) return false;
  const given = Buffer.from(req.headers.get('authorization') ?? '');
  const want = Buffer.from(`Bearer ${secret}`);
  return given.length === want.length && timingSafeEqual(given, want);
}

export async function GET(req: Request) {
  if (!authorized(req)) return Response.json({ error: 'unauthorized' }, { status: 401 });
  return Response.json(await sweep());
}
