// Finding the actor's data room by its internal id or its public `dr_` id: the one reading of a
// room's name every unit uses (rooms, links, branding, analytics, Q&A), apart from the rooms'
// own rules (services/datarooms), so reading a room does not tie a unit to all of them.
import type { Actor } from '../auth/actor';
import type { Tx } from '../db/client';
import { forbidden, notFound } from '../errors';

export type RoomRow = {
  id: string;
  pid: string;
  teamId: string;
  name: string;
  internalName: string | null;
  description: string | null;
  allowBulkDownload: boolean;
  isFrozen: boolean;
  defaultPermission: 'inherit' | 'hidden';
  qaEnabled: boolean;
  qaLimitPerVisitorPerDay: number;
  ipAllowList: string[];
  indexNumbers: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export const ROOM_COLUMNS = `r.id, r.pid, r.team_id AS "teamId", r.name, r.internal_name AS "internalName", r.description,
  r.allow_bulk_download AS "allowBulkDownload", r.is_frozen AS "isFrozen", r.default_permission::text AS "defaultPermission",
  r.qa_enabled AS "qaEnabled", r.qa_limit_per_visitor_per_day AS "qaLimitPerVisitorPerDay",
  coalesce(r.ip_allow_list, '{}') AS "ipAllowList", r.index_numbers AS "indexNumbers", r.created_at AS "createdAt", r.updated_at AS "updatedAt"`;
/**
 * The one reading of a room's name in a request: its internal id or its public `dr_` id, in the
 * team, not deleted. `id` and `team` are the statement's parameters (`$1`), `r` the rooms table.
 */
export const roomNamed = (id: string, team: string) => `(r.id = ${id} OR r.pid = ${id}) AND r.team_id = ${team} AND r.deleted_at IS NULL`;

/**
 * The actor's room by id or `dr_` id, or null (another team's included). `lock`: `share` for
 * content changes (a concurrent freeze waits for them, or they see it), `update` for changes to
 * the room itself.
 */
export async function lookupRoom(tx: Tx, actor: Actor, idOrPid: string, lock: 'share' | 'update' | null = null): Promise<RoomRow | null> {
  const suffix = lock === 'share' ? 'FOR SHARE' : lock === 'update' ? 'FOR UPDATE' : '';
  const rows = await tx.$queryRawUnsafe<RoomRow[]>(`SELECT ${ROOM_COLUMNS} FROM datarooms r WHERE ${roomNamed('$1', '$2')} ${suffix}`, idOrPid, actor.teamId);
  return rows[0] ?? null;
}

/** lookupRoom, 404 when there is none. */
export async function findRoom(tx: Tx, actor: Actor, idOrPid: string, lock: 'share' | 'update' | null = null): Promise<RoomRow> {
  const room = await lookupRoom(tx, actor, idOrPid, lock);
  if (!room) throw notFound('Data room');
  return room;
}

/** A room whose content may change: locked against a concurrent freeze, 403 when frozen. */
export async function findOpenRoom(tx: Tx, actor: Actor, idOrPid: string, what: string): Promise<RoomRow> {
  const room = await findRoom(tx, actor, idOrPid, 'share');
  if (room.isFrozen) {
    throw forbidden(`The data room "${room.name}" is frozen: ${what} is not allowed until it is unfrozen (PATCH is_frozen: false).`);
  }
  return room;
}

