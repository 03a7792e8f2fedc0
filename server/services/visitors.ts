// Visitors (spec 2.8; DESIGN.md "Visitors, views and analytics"): one per team and lower-cased
// email, created when a viewer is admitted with an email or is added to a group (a refused
// attempt is an access denial, never a visitor). `total_views` counts its visits (one definition:
// analytics/definitions.ts) and `last_viewed_at` follows its views; anonymous views have no visitor.
import type { Actor } from '../auth/actor';
import { db, type Tx } from '../db/client';
import { pgTimestamp } from '../db/sql';
import { notFound } from '../errors';
import { cursorInstant, decodeCursor, iso, page } from '../schemas/common';
import { roomNamed } from './room-lookup';
import { IS_VISIT } from './analytics/definitions';
import { pageViews } from './links/views';

type VisitorRow = {
  id: string;
  email: string;
  verified: boolean;
  dataroomId: string | null;
  invitedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  totalViews: number;
  lastViewedAt: Date | null;
};

export function toVisitor(v: VisitorRow) {
  return {
    id: v.id,
    object: 'visitor' as const,
    email: v.email,
    verified: v.verified,
    dataroom_id: v.dataroomId,
    invited_at: v.invitedAt ? iso(v.invitedAt) : null,
    total_views: v.totalViews,
    last_viewed_at: v.lastViewedAt ? iso(v.lastViewedAt) : null,
    created: iso(v.createdAt),
    updated_at: iso(v.updatedAt),
  };
}

const COLUMNS = `v.id, v.email, v.verified, v.dataroom_id AS "dataroomId", v.invited_at AS "invitedAt",
  v.created_at AS "createdAt", v.updated_at AS "updatedAt",
  (SELECT count(*)::int FROM views w WHERE w.viewer_id = v.id AND ${IS_VISIT.replaceAll('v.', 'w.')}) AS "totalViews",
  (SELECT max(w.viewed_at) FROM views w WHERE w.viewer_id = v.id) AS "lastViewedAt"`;

/** Newest first; `email` matches exactly (case-insensitive), `dataroom_id` (id or dr_ id) the room it was first seen in. */
export async function listVisitors(actor: Actor, q: { email?: string; dataroom_id?: string; limit: number; cursor?: string }) {
  const after = decodeCursor(q.cursor, 'number', 'string') as [number, string] | null;
  const params: unknown[] = [actor.teamId, q.limit + 1];
  const where = ['v.team_id = $1'];
  if (q.email !== undefined) {
    params.push(q.email.trim().toLowerCase());
    where.push(`v.email = $${params.length}`);
  }
  if (q.dataroom_id !== undefined) {
    params.push(q.dataroom_id);
    where.push(`v.dataroom_id = (SELECT r.id FROM datarooms r WHERE ${roomNamed(`$${params.length}`, '$1')})`);
  }
  if (after) {
    params.push(pgTimestamp(cursorInstant(after[0])), after[1]);
    where.push(`(v.created_at, v.id) < ($${params.length - 1}::timestamp, $${params.length})`);
  }
  const rows = await db.$queryRawUnsafe<VisitorRow[]>(
    `SELECT ${COLUMNS} FROM viewers v WHERE ${where.join(' AND ')} ORDER BY v.created_at DESC, v.id DESC LIMIT $2`,
    ...params,
  );
  return page(rows, q.limit, toVisitor, (r) => [r.createdAt.getTime(), r.id]);
}

async function visitorRow(tx: Tx, teamId: string, id: string): Promise<VisitorRow> {
  const rows = await tx.$queryRawUnsafe<VisitorRow[]>(`SELECT ${COLUMNS} FROM viewers v WHERE v.id = $1 AND v.team_id = $2`, id, teamId);
  if (!rows[0]) throw notFound('Visitor');
  return rows[0];
}

/** A visitor as /v1 returns it, in `tx` (the audit log's visitor events). */
export const visitorObject = async (tx: Tx, teamId: string, id: string) => toVisitor(await visitorRow(tx, teamId, id));

const findVisitor = (actor: Actor, id: string) => visitorRow(db, actor.teamId, id);

export async function getVisitor(actor: Actor, id: string) {
  return toVisitor(await findVisitor(actor, id));
}

export async function listVisitorViews(actor: Actor, id: string, q: { limit: number; cursor?: string }) {
  const v = await findVisitor(actor, id);
  return pageViews({ column: 'viewer_id', value: v.id }, q);
}
