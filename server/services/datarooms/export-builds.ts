// The builds of queued room archives: claimed one at a time with FOR UPDATE SKIP LOCKED (so two
// instances never build the same archive), leased while they run (a build whose process died is
// taken over once its lease passes), at most three attempts.
import { db } from '../../db/client';
import { getBlobStore } from '../../storage';
import { writeRoomArchive } from './archive';

const LEASE_S = 60;
const MAX_ATTEMPTS = 3;

type Claimed = { id: string; teamId: string; dataroomId: string; attempts: number };

async function claim(): Promise<Claimed | null> {
  const rows = await db.$queryRawUnsafe<Claimed[]>(
    `UPDATE dataroom_exports SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '${LEASE_S} seconds'
     WHERE id = (
       SELECT id FROM dataroom_exports
       WHERE status = 'queued' OR (status = 'running' AND locked_until < now())
       ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id, team_id AS "teamId", dataroom_id AS "dataroomId", attempts`,
  );
  return rows[0] ?? null;
}

const finish = (id: string, data: Record<string, unknown>) =>
  db.dataroomExport.update({ where: { id }, data: { ...data, lockedUntil: null, completedAt: new Date() } });

/** Builds one claimed archive; the outcome is on its row. */
async function build(job: Claimed) {
  if (job.attempts > MAX_ATTEMPTS) {
    await finish(job.id, { status: 'failed', error: 'The archive could not be built after three attempts.' });
    return;
  }
  const key = `exports/${job.teamId}/${job.id}.zip`;
  const renew = setInterval(() => {
    db.dataroomExport.update({ where: { id: job.id }, data: { lockedUntil: new Date(Date.now() + LEASE_S * 1000) } }).catch(() => {});
  }, (LEASE_S * 1000) / 3);
  let shown = 0;
  let lastWrite = 0;
  const progress = (done: number, total: number) => {
    // At most one write a second: the dashboard polls about that often.
    const pct = total > 0 ? Math.min(99, Math.floor((done / total) * 100)) : 0;
    if (pct === shown || Date.now() - lastWrite < 1000) return;
    shown = pct;
    lastWrite = Date.now();
    db.dataroomExport.update({ where: { id: job.id }, data: { progress: pct } }).catch(() => {});
  };
  try {
    const { size, sha256 } = await writeRoomArchive({ teamId: job.teamId, dataroomId: job.dataroomId, key }, progress);
    await finish(job.id, { status: 'succeeded', progress: 100, size: BigInt(size), sha256, storageKey: key, error: null });
  } catch (e) {
    console.error(`[quire] room archive ${job.id} failed:`, e instanceof Error ? e.message : e);
    await getBlobStore().delete(key).catch(() => {});
    await finish(job.id, { status: 'failed', error: 'The archive could not be built: a file of the room could not be read or stored. Try again.' });
  } finally {
    clearInterval(renew);
  }
}

let running: Promise<void> | null = null;

/** Builds every queued archive, one at a time in this process; a call while one runs joins it. */
export function buildQueuedExports(): Promise<void> {
  running ??= (async () => {
    try {
      for (let job = await claim(); job; job = await claim()) await build(job);
    } finally {
      running = null;
    }
  })();
  return running;
}
