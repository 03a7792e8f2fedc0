// One audit-log event as the dashboard shows it: who acted, the item, when exactly, and the
// values of `data.changes` (JSON pretty-printed, a missing value as "—").
import type { ApiEvent } from '@/server/services/events/audit-log';
import { eventItemId, eventItemName, isDeletedObject } from '@/lib/shared/event-items';

export type LogEvent = ApiEvent;

const exactFmt = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'long' });

/** "Jan 5, 2026, 3:04:05 PM GMT+1": to the second, with the reader's time zone. */
export const formatExactTime = (iso: string) => exactFmt.format(new Date(iso));

/** Who acted, as a name to read first: the name, else the email, else what kind of actor. */
export function actorLabel(a: LogEvent['actor']): string {
  return a.name || a.email || (a.type === 'visitor' ? 'An anonymous visitor' : a.type === 'system' ? 'Quire' : 'Unknown');
}

/** The email under the actor's name, when the name does not already show it. */
export const actorSecondary = (a: LogEvent['actor']): string | null => (a.name && a.email && a.name !== a.email ? a.email : null);

/**
 * The item an event names: its name (else its id) and whether it was deleted. A view names the
 * link it came through, whose page says more than the view's own id.
 */
export function itemOf(e: LogEvent): { label: string | null; id: string | null; deleted: boolean; href: string | null } {
  const o = e.data.object;
  if (o.object === 'view' && typeof o.link_id === 'string') return { label: null, id: o.link_id, deleted: false, href: `/links/${o.link_id}` };
  const deleted = isDeletedObject(o);
  return { label: eventItemName(o), id: eventItemId(o), deleted, href: null };
}

export type ShownValue = { kind: 'none' } | { kind: 'text'; text: string } | { kind: 'json'; text: string };

/** A before or after value: null and missing as "—", text as it is, anything else as JSON. */
export function showValue(v: unknown): ShownValue {
  if (v === null || v === undefined) return { kind: 'none' };
  if (typeof v === 'string') return v === '' ? { kind: 'text', text: '""' } : { kind: 'text', text: v };
  if (typeof v === 'number' || typeof v === 'boolean') return { kind: 'text', text: String(v) };
  return { kind: 'json', text: JSON.stringify(v, null, 2) };
}

/** A secret's change is recorded as [null, null]: changed, value withheld. */
export const isWithheld = (pair: [unknown, unknown]) => pair[0] === null && pair[1] === null;

/** `color` → "Color", `allow_download` → "Allow download". */
export const fieldLabel = (field: string) => (field.charAt(0).toUpperCase() + field.slice(1)).replace(/_/g, ' ');
