// GET /v1/me: what the presented token is (DESIGN.md "OAuth and the CLI"). Either kind of token,
// no scope needed; the CLI's `whoami` reads it.
import { db } from '../db/client';
import { notFound } from '../errors';
import { SCOPES } from '../../lib/shared/scopes';
import type { TokenActor } from '../auth/actor';

export type TokenInfo = {
  object: 'token_info';
  kind: 'dashboard' | 'oauth';
  team: { id: string; slug: string; name: string; plan: TokenActor['plan'] };
  user: { email: string } | null;
  scopes: string[];
  expires_at: string | null;
};

export async function tokenInfo(actor: TokenActor): Promise<TokenInfo> {
  const [team, user] = await Promise.all([
    db.team.findUnique({ where: { id: actor.teamId }, select: { id: true, slug: true, name: true } }),
    actor.userId ? db.user.findUnique({ where: { id: actor.userId }, select: { email: true } }) : null,
  ]);
  if (!team) throw notFound('Team');
  return {
    object: 'token_info',
    kind: actor.via,
    team: { ...team, plan: actor.plan },
    user: user ? { email: user.email } : null,
    // As granted, presets expanded, in the scope list's order.
    scopes: SCOPES.filter((s) => actor.scopes.has(s)),
    expires_at: actor.expiresAt === null ? null : new Date(actor.expiresAt).toISOString(),
  };
}
