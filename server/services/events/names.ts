// The names of what an event refers to by id (issue 41 item 9): a view's or an acceptance's link,
// the document a view opened, the agreement accepted, the event's room. Read for a whole page of
// events in one query, scoped to the team, so the audit log reads "viewed link “Buyer A”" rather
// than an id. Names are today's: a renamed link shows its new name, a deleted one its id.
import { db } from '../../db/client';
import type { ApiEvent } from './audit-log';

/** The fields of `data.object` whose ids get a name, and the event's own room. */
const REFERENCES = ['link_id', 'document_id', 'agreement_id'] as const;

/** Per event: the name of each id it refers to, keyed by the field holding the id (`dataroom_id`: the event's room). */
export type EventNames = Partial<Record<(typeof REFERENCES)[number] | 'dataroom_id', string>>;
export type NamedEvent = ApiEvent & { names: EventNames };

// An unnamed link goes by what it shares.
const NAMES_SQL = `
  SELECT 'link_id' AS field, l.id, COALESCE(l.name, d.name, r.name) AS name
    FROM links l LEFT JOIN documents d ON d.id = l.document_id LEFT JOIN datarooms r ON r.id = l.dataroom_id
    WHERE l.team_id = $1 AND l.id = ANY($2::text[])
  UNION ALL SELECT 'document_id', id, name FROM documents WHERE team_id = $1 AND id = ANY($3::text[])
  UNION ALL SELECT 'agreement_id', id, name FROM agreements WHERE team_id = $1 AND id = ANY($4::text[])
  UNION ALL SELECT 'dataroom_id', id, name FROM datarooms WHERE team_id = $1 AND id = ANY($5::text[])`;

export async function nameEvents(team: { teamId: string }, events: ApiEvent[]): Promise<NamedEvent[]> {
  if (!events.length) return [];
  const ids = (field: (typeof REFERENCES)[number]) => [
    ...new Set(events.map((e) => e.data.object[field]).filter((v): v is string => typeof v === 'string')),
  ];
  const rooms = [...new Set(events.map((e) => e.dataroom_id).filter((v): v is string => v !== null))];
  const rows = await db.$queryRawUnsafe<{ field: keyof EventNames; id: string; name: string | null }[]>(
    NAMES_SQL,
    team.teamId,
    ids('link_id'),
    ids('document_id'),
    ids('agreement_id'),
    rooms,
  );
  const byField = new Map<string, string>(rows.filter((r) => r.name).map((r) => [`${r.field}:${r.id}`, r.name!]));
  return events.map((e) => {
    const names: EventNames = {};
    for (const field of REFERENCES) {
      const name = byField.get(`${field}:${e.data.object[field]}`);
      if (name) names[field] = name;
    }
    const room = e.dataroom_id ? byField.get(`dataroom_id:${e.dataroom_id}`) : undefined;
    if (room) names.dataroom_id = room;
    return { ...e, names };
  });
}
