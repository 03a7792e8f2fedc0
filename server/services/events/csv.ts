// One row per event for spreadsheets: the audit log's CSV export and the room archive's
// audit-log.csv. Cells are defused by server/lib/csv.ts.
import type { Cell } from '../../lib/csv';
import type { NamedEvent } from './names';
import { eventItem } from '../../../lib/shared/event-items';

export const EVENT_CSV_HEADER = ['time', 'type', 'actor_type', 'actor_name', 'actor_email', 'actor_email_verified', 'item_id', 'item', 'dataroom_id', 'ip_address', 'user_agent', 'changes'];

export function eventCsvRow(e: NamedEvent): Cell[] {
  const o = e.data.object;
  const item = eventItem(e);
  return [
    e.created,
    e.type,
    e.actor.type,
    e.actor.name,
    e.actor.email,
    e.actor.email ? e.actor.email_verified : null,
    (o.id as string | undefined) ?? null,
    item.detail ? `${item.label ?? ''} (${item.detail})`.trim() : item.label, // the object's id is beside it
    e.dataroom_id,
    e.request?.ip_address ?? null,
    e.request?.user_agent ?? null,
    e.data.changes ? JSON.stringify(e.data.changes) : null,
  ];
}
