// The audit log (DESIGN.md "Events"): a team's events newest first, filtered as /v1 and the
// dashboard ask, keyset-paged on (created_at, id).
import type { Actor } from '../../auth/actor';
import { db } from '../../db/client';
import { pgTimestamp } from '../../db/sql';
import { invalid, notFound } from '../../errors';
import { cursorInstant, decodeCursor, iso, page } from '../../schemas/common';
import { isEventPattern, type ActorType } from '../../../lib/shared/event-types';
import { nameEvents, type NamedEvent } from './names';

/** Whose log: any actor of the team, or the system working for it (the room archive). */
type Team = Pick<Actor, 'teamId'>;

type EventRow = {
  id: string;
  type: string;
  createdAt: Date;
  actorType: ActorType;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  actorEmailVerified: boolean | null;
  dataroomId: string | null;
  data: unknown;
  ipAddress: string | null;
  userAgent: string | null;
};

export function toEvent(e: EventRow) {
  return {
    id: e.id,
    object: 'event' as const,
    type: e.type,
    created: iso(e.createdAt),
    actor: {
      type: e.actorType,
      id: e.actorId,
      name: e.actorName,
      email: e.actorEmail,
      // A member's or an OAuth app's email is the account's (signed in by a link mailed to it); a
      // visitor's only when the session proved it (false for visitors' events written before).
      email_verified: e.actorEmail !== null && (e.actorType === 'visitor' ? e.actorEmailVerified === true : true),
    },
    dataroom_id: e.dataroomId,
    data: e.data as { object: Record<string, unknown>; changes?: Record<string, [unknown, unknown]> },
    request: e.ipAddress === null && e.userAgent === null ? null : { ip_address: e.ipAddress, user_agent: e.userAgent },
  };
}
export type ApiEvent = ReturnType<typeof toEvent>;

const COLUMNS = `e.id, e.type, e.created_at AS "createdAt", e.actor_type AS "actorType", e.actor_id AS "actorId",
  e.actor_name AS "actorName", e.actor_email AS "actorEmail", e.actor_email_verified AS "actorEmailVerified", e.dataroom_id AS "dataroomId", e.data,
  e.ip_address AS "ipAddress", e.user_agent AS "userAgent"`;

export type EventFilters = {
  type?: string;
  dataroom_id?: string;
  resource_id?: string;
  actor_type?: string;
  actor_email?: string;
  since?: number;
  until?: number;
};

/** The WHERE clause and its parameters ($1 is the team); unknown rooms match nothing. */
function filterSql(actor: Team, q: EventFilters) {
  const params: unknown[] = [actor.teamId];
  const where = ['e.team_id = $1'];
  const add = (value: unknown, clause: (p: string) => string) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (q.type !== undefined) {
    if (!isEventPattern(q.type)) throw invalid('type', 'must be an event type (document.created), a prefix ending in .* (dataroom.*), or *');
    if (q.type.endsWith('.*')) add(q.type.slice(0, -1), (p) => `starts_with(e.type, ${p})`);
    else if (q.type !== '*') add(q.type, (p) => `e.type = ${p}`);
  }
  // A deleted room's events stay in the log, so its id still names it here.
  if (q.dataroom_id !== undefined) add(q.dataroom_id, (p) => `e.dataroom_id = (SELECT r.id FROM datarooms r WHERE (r.id = ${p} OR r.pid = ${p}) AND r.team_id = $1)`);
  if (q.resource_id !== undefined) add(q.resource_id, (p) => `e.resource_id = ${p}`);
  if (q.actor_type !== undefined) add(q.actor_type, (p) => `e.actor_type = ${p}`);
  if (q.actor_email !== undefined) add(q.actor_email.trim().toLowerCase(), (p) => `lower(e.actor_email) = ${p}`);
  if (q.since !== undefined) add(pgTimestamp(q.since), (p) => `e.created_at >= ${p}::timestamp`);
  if (q.until !== undefined) add(pgTimestamp(q.until), (p) => `e.created_at < ${p}::timestamp`);
  if (q.since !== undefined && q.until !== undefined && q.since >= q.until) throw invalid('since', 'must be earlier than until');
  return { params, where };
}

export async function listEvents(actor: Team, q: EventFilters & { limit: number; cursor?: string }) {
  const after = decodeCursor(q.cursor, 'number', 'string') as [number, string] | null;
  const { params, where } = filterSql(actor, q);
  if (after) {
    params.push(pgTimestamp(cursorInstant(after[0])), after[1]);
    where.push(`(e.created_at, e.id) < ($${params.length - 1}::timestamp, $${params.length})`);
  }
  params.push(q.limit + 1);
  const rows = await db.$queryRawUnsafe<EventRow[]>(
    `SELECT ${COLUMNS} FROM events e WHERE ${where.join(' AND ')} ORDER BY e.created_at DESC, e.id DESC LIMIT $${params.length}`,
    ...params,
  );
  return page(rows, q.limit, toEvent, (r) => [r.createdAt.getTime(), r.id]);
}

/** The dashboard's page of the log: each event with the names of what it refers to by id (./names.ts). */
export async function listNamedEvents(actor: Team, q: EventFilters & { limit: number; cursor?: string }) {
  const p = await listEvents(actor, q);
  return { ...p, data: await nameEvents(actor, p.data) };
}

/** Every event of the filter, newest first, named, in batches (the CSV export and the room archive). */
export async function* eachEvent(actor: Team, q: EventFilters, batch = 1000): AsyncGenerator<NamedEvent> {
  let cursor: string | undefined;
  do {
    const p = await listNamedEvents(actor, { ...q, limit: batch, cursor });
    yield* p.data;
    cursor = p.next_cursor ?? undefined;
  } while (cursor);
}

export async function getEvent(actor: Team, id: string) {
  const rows = await db.$queryRawUnsafe<EventRow[]>(`SELECT ${COLUMNS} FROM events e WHERE e.id = $1 AND e.team_id = $2`, id, actor.teamId);
  if (!rows[0]) throw notFound('Event');
  return toEvent(rows[0]);
}
