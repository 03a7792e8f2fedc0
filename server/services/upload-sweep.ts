// Uploads that were never turned into a document: once their upload_id has expired, their
// files and rows are removed. Part of the sweep (server/jobs/sweep.ts).
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
