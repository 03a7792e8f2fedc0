// The delivery log keeps 30 days of finished deliveries (succeeded or failed): the sweep deletes
// older ones in batches. Pending deliveries stay whatever their age (they are still owed).
import { deleteInBatches } from '../../db/batched-delete';
import { pgTimestamp } from '../../db/sql';

export const DELIVERY_RETENTION_DAYS = 30;

export async function sweepOldDeliveries(o: { now?: number; maxBatches?: number } = {}) {
  const cutoff = pgTimestamp((o.now ?? Date.now()) - DELIVERY_RETENTION_DAYS * 86_400_000);
  const removed = await deleteInBatches(
    'webhook_deliveries',
    `SELECT id FROM webhook_deliveries WHERE status <> 'pending' AND updated_at < $1::timestamp`,
    cutoff,
    o.maxBatches,
  );
  return { removed };
}
