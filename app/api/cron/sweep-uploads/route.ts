// Vercel Cron (vercel.json) runs the one sweep: expired, unused uploads, the viewer's expired
// sessions, one-time codes and notification claims, old events and Idempotency-Keys.
import { sweep } from '@/server/jobs/sweep';
import { cronAuthorized, cronRefused } from '@/server/http/cron';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(req: Request) {
  if (!cronAuthorized(req)) return cronRefused();
  return Response.json(await sweep());
}
