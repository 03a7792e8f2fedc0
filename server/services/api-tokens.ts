// Dashboard API tokens (spec 5.1): any member sees the list; only admins mint and revoke. The
// secret is returned once, by create; afterwards only its last four characters are known.
import { db } from '../db/client';
import { invalid, notFound } from '../errors';
import { isGrantable } from '../../lib/shared/scopes';
import { mintToken } from '../auth/tokens';
import type { UserActor } from '../auth/actor';
import { requireAdmin } from './teams';
import { emit } from './events/emit';

export type ApiTokenView = {
  id: string;
  object: 'api_token';
  name: string;
  scopes: string[];
  last4: string;
  created_by: string | null;
  created: string;
  last_used_at: string | null;
};

type Row = {
  id: string;
  name: string;
  scopes: string[];
  last4: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  createdBy: { email: string } | null;
};

export const toApiToken = (r: Row): ApiTokenView => ({
  id: r.id,
  object: 'api_token',
  name: r.name,
  scopes: r.scopes,
  last4: r.last4,
  created_by: r.createdBy?.email ?? null,
  created: r.createdAt.toISOString(),
  last_used_at: r.lastUsedAt?.toISOString() ?? null,
});

const include = { createdBy: { select: { email: true } } } as const;

export async function listTokens(actor: UserActor): Promise<ApiTokenView[]> {
  const rows = await db.apiToken.findMany({
    where: { teamId: actor.teamId, revokedAt: null },
    include,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return rows.map(toApiToken);
}

export async function createToken(
  actor: UserActor,
  input: { name: string; scopes: string[] },
): Promise<ApiTokenView & { token: string }> {
  requireAdmin(actor, 'create API tokens');
  const name = input.name.trim();
  if (!name) throw invalid('name', 'Give the token a name.');
  const scopes = [...new Set(input.scopes)];
  if (!scopes.length) throw invalid('scopes', 'Pick at least one scope.');
  // offline_access belongs to OAuth refresh tokens; it means nothing on a dashboard token.
  const bad = scopes.find((s) => !isGrantable(s) || s === 'offline_access');
  if (bad) throw invalid('scopes', `"${bad}" is not a scope a token can hold.`);
  // A preset already holds everything it expands to; keep the stored list minimal.
  const stored = scopes.includes('apis.all') ? ['apis.all'] : scopes;

  return db.$transaction(async (tx) => {
    const { token, row } = await mintToken(tx, { teamId: actor.teamId, name, scopes: stored, createdById: actor.userId });
    const createdBy = await tx.user.findUnique({ where: { id: actor.userId }, select: { email: true } });
    const created = toApiToken({ ...row, createdBy });
    await emit(tx, actor, { type: 'token.created', object: created });
    return { ...created, token };
  });
}

/** Revocation takes effect on the next /v1 request: authentication refuses revoked tokens. */
export async function revokeToken(actor: UserActor, id: string): Promise<{ id: string; deleted: true }> {
  requireAdmin(actor, 'revoke API tokens');
  return db.$transaction(async (tx) => {
    const { count } = await tx.apiToken.updateMany({
      where: { id, teamId: actor.teamId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (!count) throw notFound('API token');
    await emit(tx, actor, { type: 'token.revoked', object: { id, object: 'api_token', deleted: true } });
    return { id, deleted: true as const };
  });
}
