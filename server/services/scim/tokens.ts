// The team's SCIM token (Settings → Security; `npm run admin -- scim token create`): admins make
// one (shown once; it replaces the previous) or revoke it.
import { db } from '../../db/client';
import type { UserActor } from '../../auth/actor';
import { requireAdmin } from '../teams';
import { activeScimToken, mintScimToken, revokeScimTokens, toScimToken, type ScimTokenView } from '../../auth/scim-tokens';
import { assertEnterprisePlan } from '../../auth/enterprise-plan';

export const scimTokenStatus = (actor: UserActor): Promise<ScimTokenView | null> => activeScimToken(actor.teamId);

export async function createScimToken(actor: UserActor): Promise<ScimTokenView & { token: string }> {
  requireAdmin(actor, 'make SCIM tokens');
  assertEnterprisePlan(actor.plan, 'SCIM provisioning');
  const { token, row } = await db.$transaction((tx) => mintScimToken(tx, actor.teamId, actor.userId));
  return { ...toScimToken(row), token };
}

export async function revokeScimToken(actor: UserActor): Promise<{ revoked: number }> {
  requireAdmin(actor, 'revoke SCIM tokens');
  return { revoked: await db.$transaction((tx) => revokeScimTokens(tx, actor.teamId)) };
}

/** The operator's way (`npm run admin -- scim token create --team <slug>`). */
export async function adminCreateScimToken(slug: string): Promise<{ token: string; id: string }> {
  const team = await db.team.findUnique({ where: { slug } });
  if (!team) throw new Error(`no team "${slug}"`);
  const { token, row } = await db.$transaction((tx) => mintScimToken(tx, team.id, null));
  return { token, id: row.id };
}
