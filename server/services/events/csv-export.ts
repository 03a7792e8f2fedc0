// The audit log as CSV (DESIGN.md "Events"): every event of a filter, newest first, one line each,
// written in batches as the reader takes them, so a long log never sits in memory. Cells a
// spreadsheet would run as formulas are defused (server/lib/csv.ts).
import type { Actor } from '../../auth/actor';
import { csvLine, type Cell } from '../../lib/csv';
import { eventItemId, eventItemName } from '../../../lib/shared/event-items';
import { eachEvent, type ApiEvent, type EventFilters } from './audit-log';

export const EVENT_CSV_HEADER = [
  'time',
  'type',
  'actor_type',
  'actor_name',
  'actor_email',
  'item_id',
  'item_name',
  'room_id',
  'ip_address',
  'user_agent',
  'changes',
];

export function eventCsvRow(e: ApiEvent): Cell[] {
  const object = e.data.object;
  return [
    e.created,
    e.type,
    e.actor.type,
    e.actor.name,
    e.actor.email,
    eventItemId(object),
    eventItemName(object),
    e.dataroom_id,
    e.request?.ip_address,
    e.request?.user_agent,
    e.data.changes ? JSON.stringify(e.data.changes) : null,
  ];
}

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
