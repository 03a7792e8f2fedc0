// One audit-log event as the dashboard shows it: who acted, the item, when exactly, and the
// values of `data.changes` (JSON pretty-printed, a missing value as "—").
import type { NamedEvent } from '@/server/services/events/names';
import { eventItem, eventItemId, isDeletedObject } from '@/lib/shared/event-items';

export type LogEvent = NamedEvent;

const exactFmt = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'long' });

/** "Jan 5, 2026, 3:04:05 PM GMT+1": to the second, with the reader's time zone. */
export const formatExactTime = (iso: string) => exactFmt.format(new Date(iso));

/** Who acted, as a name to read first: the name, else the email, else what kind of actor. */
export function actorLabel(a: LogEvent['actor']): string {
  return a.name || a.email || (a.type === 'visitor' ? 'An anonymous visitor' : a.type === 'system' ? 'Quire' : 'Unknown');
}

/** A visitor's email that was typed and never proven (shown with "(unverified)"). */
export const unverifiedEmail = (a: LogEvent['actor']): boolean => a.email !== null && !a.email_verified;

/** The email under the actor's name, when the name does not already show it. */
export const actorSecondary = (a: LogEvent['actor']): string | null => (a.name && a.email && a.name !== a.email ? a.email : null);

/**
 * The item an event names: its name (else its id), a detail after it, and whether it was deleted.
 * A view names the link it came through (and the document it opened), an acceptance the
 * agreement (and the name the signer typed): their pages say more than the event's own id.
 */
export function itemOf(e: LogEvent): { label: string | null; detail: string | null; id: string | null; deleted: boolean; href: string | null } {
  const o = e.data.object;
  const { label, detail } = eventItem(e);
  if (o.object === 'view' && typeof o.link_id === 'string') return { label, detail, id: o.link_id, deleted: false, href: `/links/${o.link_id}` };
  if (o.object === 'agreement_acceptance' && typeof o.agreement_id === 'string') {
    return { label, detail, id: o.agreement_id, deleted: false, href: `/agreements/${o.agreement_id}` };
  }
  return { label, detail, id: eventItemId(o), deleted: isDeletedObject(o), href: null };
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
