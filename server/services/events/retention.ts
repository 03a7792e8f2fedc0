// The audit log keeps AUDIT_RETENTION_DAYS (365) days: older events are deleted by the sweep
// (server/jobs/sweep.ts: the timer of a long-lived server, Vercel Cron, the admin command), in
// batches so one run never holds a long transaction.
import { config } from '../../config';
import { db } from '../../db/client';
import { pgTimestamp } from '../../db/sql';

const BATCH = 5000;

export async function sweepExpiredEvents(o: { now?: number; maxBatches?: number } = {}) {
  const cutoff = pgTimestamp((o.now ?? Date.now()) - config.auditRetentionDays * 86_400_000);
  let removed = 0;
  for (let i = 0; i < (o.maxBatches ?? 100); i++) {
    const n = await db.$executeRawUnsafe(
      `DELETE FROM events WHERE id IN (SELECT id FROM events WHERE created_at < $1::timestamp ORDER BY created_at LIMIT ${BATCH})`,
      cutoff,
    );
    removed += n;
    if (n < BATCH) break;
  }
  return { removed };
}
