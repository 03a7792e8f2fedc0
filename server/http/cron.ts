// Vercel Cron calls the app's cron routes with `Authorization: Bearer $CRON_SECRET`; without
// CRON_SECRET configured every cron route is closed.
import { timingSafeEqual } from 'node:crypto';
import { config } from '../config';

export function cronAuthorized(req: Request): boolean {
  const secret = config.cronSecret;
  if (!secret) return false;
  const given = Buffer.from(req.headers.get('authorization') ?? '');
  const want = Buffer.from(`Bearer ${secret}`);
  return given.length === want.length && timingSafeEqual(given, want);
}

export const cronRefused = () => Response.json({ error: 'unauthorized' }, { status: 401 });
