// Deletes what `ids` selects in batches, each its own short statement, so a sweep of a large
// table never holds one long transaction. Stops when a batch comes back short or after maxBatches.
import { db } from './client';

const BATCH = 5000;

/** `ids` is a SELECT of the rows' ids with `LIMIT $batch` left to this; `$1` is `param`. */
export async function deleteInBatches(table: string, ids: string, param: unknown, maxBatches = 100): Promise<number> {
  let removed = 0;
  for (let i = 0; i < maxBatches; i++) {
    const n = await db.$executeRawUnsafe(`DELETE FROM ${table} WHERE id IN (${ids} LIMIT ${BATCH})`, param);
    removed += n;
    if (n < BATCH) break;
  }
  return removed;
}
