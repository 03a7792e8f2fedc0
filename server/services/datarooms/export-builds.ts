// The build of one queued room archive (a `dataroom.export` job of the one queue, written with the
// archive's row; server/jobs/exports.ts): streamed to blob storage, its progress on the row.
import { db } from '../../db/client';
import { getBlobStore } from '../../storage';
import { writeRoomArchive } from './archive';

const finish = (id: string, data: Record<string, unknown>) =>
  db.dataroomExport.update({ where: { id }, data: { ...data, completedAt: new Date() } });

/** Builds the archive `id` when it is still owed; its outcome is on its row. A failure is thrown (the queue tries again). */
export async function buildExport(id: string): Promise<void> {
  const job = await db.dataroomExport.findFirst({ where: { id, status: { in: ['queued', 'running'] } }, select: { id: true, teamId: true, dataroomId: true } });
  if (!job) return;
  await db.dataroomExport.update({ where: { id }, data: { status: 'running' } });
  const key = `exports/${job.teamId}/${job.id}.zip`;
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
    await getBlobStore().delete(key).catch(() => {});
    throw e;
  }
}

/** The queue gave up on the archive. */
export async function failExport(id: string): Promise<void> {
  await finish(id, { status: 'failed', error: 'The archive could not be built: a file of the room could not be read or stored. Try again.' }).catch(() => {});
}
