// The delivery log keeps 30 days of finished deliveries (succeeded or failed): the sweep deletes
// older ones in batches. Pending deliveries stay whatever their age (they are still owed).
import { db } from '../../db/client';
import { pgTimestamp } from '../../db/sql';

export const DELIVERY_RETENTION_DAYS = 30;
const BATCH = 5000;

export async function sweepOldDeliveries(o: { now?: number; maxBatches?: number } = {}) {
  const cutoff = pgTimestamp((o.now ?? Date.now()) - DELIVERY_RETENTION_DAYS * 86_400_000);
  let removed = 0;
  for (let i = 0; i < (o.maxBatches ?? 100); i++) {
    const n = await db.$executeRawUnsafe(
      `DELETE FROM webhook_deliveries WHERE id IN (
         SELECT id FROM webhook_deliveries WHERE status <> 'pending' AND updated_at < $1::timestamp LIMIT ${BATCH})`,
      cutoff,
    );
    removed += n;
    if (n < BATCH) break;
  }
  return { removed };
}
