// The audit log as a CSV download (DESIGN.md "Events"): every event of a filter, newest first, one
// line each (./csv.ts, as the room archive writes them), sent in chunks as the reader takes them,
// so a long log never sits in memory.
import type { Actor } from '../../auth/actor';
import { csvLine } from '../../lib/csv';
import { eachEvent, type EventFilters } from './audit-log';
import { EVENT_CSV_HEADER, eventCsvRow } from './csv';

/** Lines per chunk written to the answer. */
const CHUNK = 200;

/**
 * The CSV of every event the filter matches, as a stream. The first batch is read before this
 * returns, so a filter the log refuses (an unknown type, since after until) fails here, while an
 * answer can still carry the error.
 */
export async function eventsCsvStream(actor: Actor, filters: EventFilters): Promise<ReadableStream<Uint8Array>> {
  const events = eachEvent(actor, filters);
  let next = await events.next();
  let header = true;
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = header ? csvLine(EVENT_CSV_HEADER) : '';
      header = false;
      for (let n = 0; n < CHUNK && !next.done; n++) {
        text += csvLine(eventCsvRow(next.value));
        next = await events.next();
      }
      if (text) controller.enqueue(encoder.encode(text));
      if (next.done) controller.close();
    },
    async cancel() {
      await events.return(undefined);
    },
  });
}
