// Vercel Cron (vercel.json) drains the one queue: on Vercel no instance polls, so retries, jobs
// whose after-commit start was lost with its instance, and jobs whose instance died are run here.
// Vercel sends `Authorization: Bearer $CRON_SECRET`; without CRON_SECRET configured the route is
// closed. Answers what it ran, by kind.
import { registerJobKinds } from '@/server/jobs/background';
import { drain } from '@/server/jobs/queue';
import { cronAuthorized, cronRefused } from '@/server/http/cron';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
export const maxDuration = 300;

export async function GET(req: Request) {
  if (!cronAuthorized(req)) return cronRefused();
  registerJobKinds();
  // A conversion may take the converter's whole deadline (120 s): stop claiming well before the
  // function's limit.
  return Response.json({ ok: true, ran: await drain({ maxMs: 120_000 }) });
}
