// What an event was about, in words (DESIGN.md "Events"): the name a person knows the affected
// resource by, read from `data.object` as the API returned it then. The audit log's rows, its CSV
// export and the room archive's audit-log.csv all name items this way.

/** The fields that name a resource, most telling first (a member's email, a link's name). */
const NAME_FIELDS = ['name', 'title', 'email', 'viewer_email', 'document_name', 'client_name', 'user_email', 'question', 'url'] as const;

/** The affected resource's name, email or title; null when it has none (a deletion: its id says which). */
export function eventItemName(object: Record<string, unknown> | null | undefined): string | null {
  if (!object) return null;
  for (const field of NAME_FIELDS) {
    const v = object[field];
    if (typeof v === 'string' && v.trim()) return v;
  }
  if (typeof object.version_number === 'number') return `v${object.version_number}`;
  return null;
}

/** The affected resource's id (`data.object.id`), when it has one. */
export const eventItemId = (object: Record<string, unknown> | null | undefined): string | null =>
  typeof object?.id === 'string' ? object.id : null;

/** Whether the event's object is a deletion result (`{ id, object, deleted: true }`). */
export const isDeletedObject = (object: Record<string, unknown> | null | undefined): boolean => object?.deleted === true;

/** An event as far as naming its item goes: its type, its object, and the names of the ids in it (server/services/events/names.ts). */
type NameableEvent = { type: string; data: { object: Record<string, unknown> }; names?: Partial<Record<string, string>> };

/**
 * What an event was about, in words: the item's name (null: show its id) and a detail after it.
 * A visit or download names the link it came through and the document it opened; an acceptance
 * names the agreement, and the name the visitor typed as what it is, the signer's name.
 */
export function eventItem(e: NameableEvent): { label: string | null; detail: string | null } {
  const o = e.data.object;
  const names = e.names ?? {};
  if (o.object === 'view') return { label: names.link_id ?? null, detail: names.document_id ?? null };
  if (o.object === 'agreement_acceptance') {
    const signer = typeof o.name === 'string' && o.name.trim() ? `signed as “${o.name.trim()}”` : null;
    return { label: names.agreement_id ?? null, detail: signer };
  }
  return { label: eventItemName(o), detail: null };
}
