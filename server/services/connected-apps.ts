// Approved device logins of a team (Settings → Connected apps) and their revocation. Revoking
// deletes the grant's record and every token row of the grant in one transaction: the next /v1
// request with one of its tokens is 401 (the gate joins the record, no cache).
import { db, type Tx } from '../db/client';
import { notFound } from '../errors';
import type { RequestInfo, UserActor } from '../auth/actor';
import { requireAdmin } from './teams';
import { emit, emitMany, type EventActor } from './events/emit';

export type ConnectedAppView = {
  id: string;
  object: 'oauth_grant';
  client_id: string;
  client_name: string;
  verified_client: boolean;
  user_email: string;
  is_you: boolean;
  scopes: string[];
  device_ip: string | null;
  device_agent: string | null;
  created: string;
  last_used_at: string | null;
};

export async function listConnectedApps(actor: UserActor): Promise<ConnectedAppView[]> {
  const rows = await db.oAuthGrant.findMany({
    where: { teamId: actor.teamId },
    include: { user: { select: { email: true } } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return rows.map((g) => ({
    id: g.id,
    object: 'oauth_grant',
    client_id: g.clientId,
    client_name: g.clientName,
    verified_client: !g.selfRegistered,
    user_email: g.user.email,
    is_you: g.userId === actor.userId,
    scopes: g.scopes,
    device_ip: g.deviceIp,
    device_agent: g.deviceAgent,
    created: g.createdAt.toISOString(),
    last_used_at: g.lastUsedAt?.toISOString() ?? null,
  }));
}

/** A grant's record and every provider row of it (tokens, the Grant), in the caller's transaction. */
export async function deleteGrants(tx: Tx, grantIds: string[]) {
  if (!grantIds.length) return;
  await tx.oAuthModel.deleteMany({ where: { OR: [{ grantId: { in: grantIds } }, { kind: 'Grant', id: { in: grantIds } }] } });
  await tx.oAuthGrant.deleteMany({ where: { id: { in: grantIds } } });
}

/** Anyone revokes their own connected apps; admins revoke anyone's. */
export async function revokeConnectedApp(actor: UserActor, grantId: string): Promise<{ id: string; object: 'oauth_grant'; deleted: true }> {
  return db.$transaction(async (tx) => {
    const g = await tx.oAuthGrant.findFirst({ where: { id: grantId, teamId: actor.teamId } });
    if (!g) throw notFound('Connected app');
    if (g.userId !== actor.userId) requireAdmin(actor, "revoke another member's connected apps");
    await deleteGrants(tx, [g.id]);
    const deleted = { id: g.id, object: 'oauth_grant' as const, deleted: true as const };
    await emit(tx, actor, { type: 'oauth_grant.revoked', object: deleted });
    return deleted;
  });
}

/** A member leaving (or removed from) a team takes their device logins for it along. */
export async function revokeGrantsOfMember(tx: Tx, actor: EventActor, userId: string) {
  const rows = await tx.oAuthGrant.findMany({ where: { teamId: actor.teamId, userId }, select: { id: true } });
  await deleteGrants(tx, rows.map((r) => r.id));
  await emitMany(tx, actor, rows.map((r) => ({ type: 'oauth_grant.revoked' as const, object: { id: r.id, object: 'oauth_grant', deleted: true } })));
}

export type GrantRecord = {
  id: string;
  teamId: string;
  userId: string;
  clientId: string;
  clientName: string;
  selfRegistered: boolean;
  scopes: string[];
  deviceIp: string | null;
  deviceAgent: string | null;
};

/** The record of an approved device login (Settings → Connected apps), with its event. */
export async function recordGrant(approver: { userId: string; request?: RequestInfo }, g: GrantRecord) {
  await db.$transaction(async (tx) => {
    const row = await tx.oAuthGrant.create({ data: g });
    const object = {
      id: row.id,
      object: 'oauth_grant',
      client_id: row.clientId,
      client_name: row.clientName,
      verified_client: !row.selfRegistered,
      scopes: row.scopes,
      device_ip: row.deviceIp,
      device_agent: row.deviceAgent,
      created: row.createdAt.toISOString(),
    };
    await emit(tx, { kind: 'user', userId: approver.userId, teamId: g.teamId, request: approver.request }, { type: 'oauth_grant.created', object });
  });
}

