// A team's security rules (Settings → Security, admins): whether members must have two-factor,
// and the IP allow list its dashboard sessions and API tokens must come from. Saving a list that
// leaves out the saver's own address is refused, so an admin cannot lock the team out by accident.
import type { UserActor } from '../../auth/actor';
import { db } from '../../db/client';
import { ApiError, notFound } from '../../errors';
import { addressAllowed, normalizeIpRules } from '../../../lib/shared/ip-rules';
import { requireAdmin } from '../teams';
import { changesBetween, emit } from '../events/emit';

export type TeamSecurityView = {
  id: string;
  object: 'team_security';
  require_two_factor: boolean;
  ip_allow_list: string[];
  /** The address this request comes from, so the form can say whether a list would keep you in. */
  your_ip_address: string | null;
  updated_at: string;
};

type TeamRow = { id: string; requireTwoFactor: boolean; ipAllowList: string[]; updatedAt: Date };

const toView = (t: TeamRow, address: string | null): TeamSecurityView => ({
  id: t.id,
  object: 'team_security',
  require_two_factor: t.requireTwoFactor,
  ip_allow_list: t.ipAllowList ?? [],
  your_ip_address: address,
  updated_at: t.updatedAt.toISOString(),
});

const SELECT = { id: true, requireTwoFactor: true, ipAllowList: true, updatedAt: true } as const;
const addressOf = (actor: UserActor) => (actor.request?.ipAddress && actor.request.ipAddress !== 'unknown' ? actor.request.ipAddress : null);

export async function getTeamSecurity(actor: UserActor): Promise<TeamSecurityView> {
  const t = await db.team.findUnique({ where: { id: actor.teamId }, select: SELECT });
  if (!t) throw notFound('Team');
  return toView(t, addressOf(actor));
}

export async function updateTeamSecurity(actor: UserActor, input: { require_two_factor?: boolean; ip_allow_list?: string[] }): Promise<TeamSecurityView> {
  requireAdmin(actor, 'change the team’s security settings');
  const list = input.ip_allow_list && normalizeIpRules(input.ip_allow_list);
  const address = addressOf(actor);
  if (list?.length && !addressAllowed(address, list)) {
    throw new ApiError(
      'unprocessable_entity',
      `This list leaves out the address you are using now${address ? ` (${address})` : ''}: saving it would sign you out of the team. Add your address or network first.`,
      { field: 'ip_allow_list', rule: 'lockout' },
    );
  }
  return db.$transaction(async (tx) => {
    const before = await tx.team.findUniqueOrThrow({ where: { id: actor.teamId }, select: SELECT });
    const after = await tx.team.update({
      where: { id: actor.teamId },
      data: { requireTwoFactor: input.require_two_factor, ipAllowList: list },
      select: SELECT,
    });
    const [b, a] = [toView(before, null), toView(after, null)];
    const changes = changesBetween(b, a);
    if (Object.keys(changes).length) {
      const { your_ip_address: _, ...object } = a;
      await emit(tx, actor, { type: 'security.updated', object, changes });
    }
    return toView(after, address);
  });
}
