// Vercel Cron (vercel.json) removes expired, unused uploads (and the viewer's expired sessions,
// one-time codes and notification claims). Vercel sends
// `Authorization: Bearer $CRON_SECRET`; without CRON_SECRET configured the route is closed.
import { sweep } from '@/server/jobs/sweep';
import { cronAuthorized, cronRefused } from '@/server/http/cron';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(req: Request) {
  if (!cronAuthorized(req)) return cronRefused();
  return Response.json(await sweep());
}
