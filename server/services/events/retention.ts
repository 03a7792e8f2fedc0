// The audit log keeps AUDIT_RETENTION_DAYS (365) days: older events are deleted by the sweep
// (server/jobs/sweep.ts: the timer of a long-lived server, Vercel Cron, the admin command), in
// batches so one run never holds a long transaction.
import { config } from '../../config';
import { deleteInBatches } from '../../db/batched-delete';
import { pgTimestamp } from '../../db/sql';

export async function sweepExpiredEvents(o: { now?: number; maxBatches?: number } = {}) {
  const cutoff = pgTimestamp((o.now ?? Date.now()) - config.auditRetentionDays * 86_400_000);
  const removed = await deleteInBatches('events', `SELECT id FROM events WHERE created_at < $1::timestamp`, cutoff, o.maxBatches);
  return { removed };
}
