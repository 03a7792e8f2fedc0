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
