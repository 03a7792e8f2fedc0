// Uploads that were never turned into a document: once their upload_id has expired, their
// files and rows are removed. Runs on a timer in every long-lived server (instrumentation.ts),
// from Vercel Cron (app/api/cron/sweep-uploads), and by hand (`npm run admin -- uploads sweep`).
import { db } from '../db/client';
import { getBlobStore } from '../storage';
import { UPLOAD_ID_GRACE_MS } from './limits';

export async function sweepExpiredUploads(o: { now?: Date; batch?: number; maxBatches?: number } = {}) {
  const cutoff = new Date((o.now ?? new Date()).getTime() - UPLOAD_ID_GRACE_MS);
  const batch = o.batch ?? 200;
  let removed = 0;
  for (let i = 0; i < (o.maxBatches ?? 50); i++) {
    const rows = await db.upload.findMany({
      where: { consumedAt: null, expiresAt: { lt: cutoff } },
      select: { id: true, storageKey: true },
      orderBy: { expiresAt: 'asc' },
      take: batch,
    });
    if (rows.length === 0) break;
    // Files first: a row left without its file is harmless, a file without a row is a leak.
    await getBlobStore().delete(rows.map((r) => r.storageKey));
    const gone = await db.upload.deleteMany({ where: { id: { in: rows.map((r) => r.id) }, consumedAt: null } });
    removed += gone.count;
    if (rows.length < batch) break;
  }
  return { removed };
}

let timer: NodeJS.Timeout | undefined;

/** Sweeps now and every `everyMs` in this process; the timer never keeps the process alive. */
export function startUploadSweeper(everyMs = 10 * 60 * 1000) {
  if (timer) return;
  const run = () => {
    sweepExpiredUploads()
      .then(({ removed }) => removed > 0 && console.log(`[quire] removed ${removed} expired uploads`))
      .catch((e) => console.error('[quire] upload sweep failed:', e instanceof Error ? e.message : e));
    // The viewer's expired sessions, codes and notification claims go on the same beat.
    import('./viewer/sweep')
      .then((m) => m.sweepViewerState())
      .catch((e) => console.error('[quire] viewer sweep failed:', e instanceof Error ? e.message : e));
    import('../oauth/sweep')
      .then((m) => m.sweepOAuthState())
      .catch((e) => console.error('[quire] oauth sweep failed:', e instanceof Error ? e.message : e));
  };
  timer = setInterval(run, everyMs);
  timer.unref();
  setTimeout(run, 5_000).unref();
}
