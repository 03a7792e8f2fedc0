// What an operator sees of the one queue (`npm run admin -- jobs list|retry`) and the sweep of
// dead jobs past 30 days.
import { db } from '../db/client';
import { deleteInBatches } from '../db/batched-delete';
import { pgTimestamp } from '../db/sql';

export const DEAD_JOB_RETENTION_DAYS = 30;

export type JobRow = { id: string; kind: string; ref: string | null; status: string; attempts: number; runAt: Date; lastError: string | null; updatedAt: Date };

/** Counts by kind and status, and the jobs of `status` (newest change first). */
export async function listJobs(o: { status?: string; limit?: number } = {}) {
  const counts = await db.$queryRawUnsafe<{ kind: string; status: string; n: number }[]>(
    `SELECT kind, status, count(*)::int AS n FROM jobs GROUP BY kind, status ORDER BY kind, status`,
  );
  const rows = await db.$queryRawUnsafe<JobRow[]>(
    `SELECT id, kind, ref, status, attempts, run_at AS "runAt", last_error AS "lastError", updated_at AS "updatedAt"
     FROM jobs WHERE $1::text IS NULL OR status = $1 ORDER BY updated_at DESC, id LIMIT $2`,
    o.status ?? null,
    o.limit ?? 50,
  );
  return { counts, rows };
}

/** A dead job (or every dead one) queued again now with its attempts spent anew; answers how many. */
export async function retryJobs(id: string | 'dead'): Promise<number> {
  return db.$executeRawUnsafe(
    `UPDATE jobs SET status = 'queued', attempts = 0, run_at = timezone('UTC', now()), locked_until = NULL, updated_at = timezone('UTC', now())
     WHERE status = 'dead' AND ($1 = 'dead' OR id = $1)`,
    id,
  );
}

export async function sweepDeadJobs(o: { now?: number; maxBatches?: number } = {}) {
  const cutoff = pgTimestamp((o.now ?? Date.now()) - DEAD_JOB_RETENTION_DAYS * 86_400_000);
  return { removed: await deleteInBatches('jobs', `SELECT id FROM jobs WHERE status = 'dead' AND updated_at < $1::timestamp`, cutoff, o.maxBatches) };
}
