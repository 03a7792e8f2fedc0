// emit(tx, actor, event): one event, written by the service in the transaction of its change, so a
// change and its event exist together or not at all (DESIGN.md "Events"). The same statement
// copies the actor's name and email as they are now and writes one pending delivery per enabled
// webhook endpoint of the team that subscribes to the type, each with its job on the one queue;
// the first attempt starts after the commit (server/jobs/webhooks.ts).
import type { Actor, RequestInfo, SystemActor, UserActor, ViewerActor } from '../../auth/actor';
import type { Tx } from '../../db/client';
import { config } from '../../config';
import { pgTimestamp, preparedName, preparedThroughPrisma } from '../../db/sql';
import type { EventType } from '../../../lib/shared/event-types';
import { announce, INSERT_JOBS_FROM } from '../../db/jobs';
import { afterCommit, sendWithNextStatement } from '../../db/tx-client';
import { randomHex } from '../../ids';

/** Who acted: anyone acting for a team, a visitor, the system, or a signed-in user joining a team. */
export type EventActor = Actor | ViewerActor | SystemActor | Pick<UserActor, 'kind' | 'userId' | 'teamId' | 'request'>;

/** A resource as /v1 returns it (its `id` names it in the log), or the deleted-object result. */
export type EventObject = { id?: string; object: string } & Record<string, unknown>;

export type Changes = Record<string, [unknown, unknown]>;

export type NewEvent = {
  type: EventType;
  object: EventObject;
  /** Only on `*.updated`: the fields that changed (secrets as [null, null]). */
  changes?: Changes;
  /** The room it happened in (internal id), when any. */
  dataroomId?: string | null;
  /** What `resource_id` finds it by, when the object has no `id` of its own (a room's branding). */
  resourceId?: string;
};

let sequence = 0;

/**
 * `evt_` + the time and a per-process counter + random: opaque to clients, but ordered, so events
 * written in one statement (same created_at) list in the order they were emitted. The random tail
 * comes from the ids' pool of CSPRNG bytes (server/ids.ts), not a call into the CSPRNG per event.
 */
export function newEventId(now = Date.now()): string {
  sequence = (sequence + 1) % 36 ** 4;
  return `evt_${now.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${randomHex(6)}`;
}

/**
 * The actor's columns: who it is by id, and the SQL that reads its name and email now ($1 is the
 * id). A dashboard token has a name and no email; an OAuth token is its app, with the approving
 * user's email; a visitor is the email they gave, and whether it was proven (`verified`: null for
 * the others, whose email is their account's).
 */
function actorColumns(actor: EventActor): { type: string; id: string | null; lookup: string | null; name: string | null; email: string | null; verified?: boolean } {
  switch (actor.kind) {
    case 'user':
      return { type: 'user', id: actor.userId, lookup: 'SELECT u.id, u.name, u.email FROM users u WHERE u.id = $1', name: null, email: null };
    case 'token':
      return actor.via === 'oauth'
        ? {
            type: 'oauth_app',
            // The budget's name is `oauth:<grant id>`; the grant record names the app and the user.
            id: actor.tokenId.replace(/^oauth:/, ''),
            lookup: 'SELECT g.client_id AS id, g.client_name AS name, u.email FROM oauth_grants g JOIN users u ON u.id = g.user_id WHERE g.id = $1',
            name: null,
            email: null,
          }
        : { type: 'api_token', id: actor.tokenId, lookup: 'SELECT t.id, t.name, NULL::text AS email FROM api_tokens t WHERE t.id = $1', name: null, email: null };
    case 'viewer':
      return { type: 'visitor', id: actor.visitorId, lookup: null, name: null, email: actor.email?.toLowerCase() ?? null, verified: !!actor.email && actor.emailVerified };
    case 'system':
      return { type: 'system', id: null, lookup: null, name: actor.name, email: null };
  }
}

const requestOf = (actor: EventActor): RequestInfo | null => ('request' in actor && actor.request ? actor.request : null);
const address = (a: string | null | undefined) => (a && a !== 'unknown' ? a : null);

// $1 actor id, $2 actor name, $3 actor email (used when there is no lookup), $4 team, $5 created,
// $6 actor type, $7 ip, $8 user agent; then one array per column of the events: $9 ids, $10 types,
// $11 rooms, $12 resources, $13 data, $14 the webhook bodies; $15 whether a visitor's email was proven.
const insertSql = (lookup: string | null) => `
  WITH a AS (${lookup ?? 'SELECT $1::text AS id, $2::text AS name, $3::text AS email'}),
  src AS (SELECT * FROM unnest($9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[]) AS s(id, type, room, resource, data, body)),
  ev AS (
    INSERT INTO events (id, team_id, type, created_at, actor_type, actor_id, actor_name, actor_email, actor_email_verified, dataroom_id, resource_id, data, ip_address, user_agent)
    SELECT s.id, $4, s.type, $5::timestamp, $6, COALESCE(a.id, $1::text), COALESCE(a.name, $2::text), COALESCE(a.email, $3::text), $15::boolean, s.room, s.resource, s.data::jsonb, $7, $8
    FROM src s LEFT JOIN a ON true
    RETURNING id, type),
  dl AS (
    INSERT INTO webhook_deliveries (id, team_id, endpoint_id, event_id, event_type, payload, status, next_attempt_at, created_at, updated_at)
    SELECT 'whd_' || replace(gen_random_uuid()::text, '-', ''), w.team_id, w.id, ev.id, ev.type, s.body, 'pending', $5::timestamp, $5::timestamp, $5::timestamp
    FROM ev JOIN src s ON s.id = ev.id JOIN webhook_endpoints w ON w.team_id = $4 AND w.enabled
    WHERE ev.type = ANY (w.events) OR '*' = ANY (w.events)
      OR EXISTS (SELECT 1 FROM unnest(w.events) p WHERE p LIKE '%.*' AND starts_with(ev.type, left(p, -1)))
    RETURNING id, team_id, endpoint_id),
  dl_jobs AS (SELECT 'webhook.delivery'::text AS kind, id AS ref, team_id, endpoint_id AS group_key FROM dl)
  ${INSERT_JOBS_FROM('dl_jobs')}`;

const DELIVERY_KINDS = new Set(['webhook.delivery'] as const);

const sqlByLookup = new Map<string | null, string>();

/** Writes the event (and its webhook deliveries) in `tx`; returns its id. */
export async function emit(tx: Tx, actor: EventActor, e: NewEvent): Promise<string> {
  return (await emitMany(tx, actor, [e]))[0]!;
}

/** Several events of one actor in one statement (a bulk change: one event per item). */
export async function emitMany(tx: Tx, actor: EventActor, events: NewEvent[]): Promise<string[]> {
  if (!events.length) return [];
  const now = Date.now();
  const timestamp = new Date(now).toISOString();
  const a = actorColumns(actor);
  const req = requestOf(actor);
  const ids: string[] = [];
  const cols = { types: [] as string[], rooms: [] as (string | null)[], resources: [] as (string | null)[], data: [] as string[], bodies: [] as string[] };
  for (const e of events) {
    const id = newEventId(now);
    const data = JSON.stringify(e.changes && Object.keys(e.changes).length ? { object: e.object, changes: e.changes } : { object: e.object });
    ids.push(id);
    cols.types.push(e.type);
    cols.rooms.push(e.dataroomId ?? null);
    cols.resources.push(e.resourceId ?? e.object.id ?? null);
    cols.data.push(data);
    cols.bodies.push(`{"id":${JSON.stringify(id)},"type":${JSON.stringify(e.type)},"timestamp":"${timestamp}","data":${data}}`);
  }
  let sql = sqlByLookup.get(a.lookup);
  if (!sql) sqlByLookup.set(a.lookup, (sql = insertSql(a.lookup)));
  const values = [
    a.id,
    a.name,
    a.email,
    actor.teamId,
    pgTimestamp(now),
    a.type,
    address(req?.ipAddress),
    req?.userAgent?.slice(0, 512) ?? null,
    ids,
    cols.types,
    cols.rooms,
    cols.resources,
    cols.data,
    cols.bodies,
    a.verified ?? null,
  ];
  // On the transaction's own connection when it is known (server/db/tx-client.ts), sent with the
  // transaction's next statement (most often its COMMIT) in one round trip, without Prisma's
  // per-statement cost; else through `tx`.
  const query = { name: config.databasePreparedStatements ? preparedName(sql) : undefined, text: sql, values };
  const delivered = (deliveries: number | null) => deliveries && afterCommit(tx, () => announce(DELIVERY_KINDS));
  if (!sendWithNextStatement(tx, query, (r) => delivered(r.rowCount))) delivered(await tx.$executeRawUnsafe(preparedThroughPrisma(sql), ...values));
  return ids;
}

/**
 * The fields that differ between two /v1 objects (`updated_at` aside), as `{ field: [before,
 * after] }`. `secret` fields are reported as [null, null] when they are named as changed.
 */
export function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>, secret: string[] = []): Changes {
  const out: Changes = {};
  for (const key of Object.keys(after)) {
    if (key === 'updated_at') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out[key] = [before[key] ?? null, after[key] ?? null];
  }
  for (const key of secret) out[key] = [null, null];
  return out;
}
