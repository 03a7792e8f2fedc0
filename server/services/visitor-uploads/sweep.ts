// Pending visitor uploads of a deleted room: nobody can reach them any more (the team's routes and
// the visitor's panel both end with the room), so their bytes are removed. Part of the one sweep
// (server/jobs/sweep.ts). The rows stay, without a file, as rejected ones do.
import { db } from '../../db/client';
import { getBlobStore } from '../../storage';

export async function sweepDeletedRoomUploads(o: { batch?: number; maxBatches?: number } = {}) {
  const batch = o.batch ?? 200;
  let removed = 0;
  for (let i = 0; i < (o.maxBatches ?? 50); i++) {
    const rows = await db.visitorUpload.findMany({
      where: { status: 'pending', storageKey: { not: null }, dataroom: { deletedAt: { not: null } } },
      select: { id: true, storageKey: true },
      orderBy: { id: 'asc' },
      take: batch,
    });
    if (rows.length === 0) break;
    await getBlobStore().delete(rows.map((r) => r.storageKey!));
    const cleared = await db.visitorUpload.updateMany({ where: { id: { in: rows.map((r) => r.id) }, status: 'pending' }, data: { storageKey: null } });
    removed += cleared.count;
    if (rows.length < batch) break;
  }
  return { removed };
}
