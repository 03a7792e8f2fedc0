// Teams: creation (the creator becomes its admin), the teams of a user, the team a dashboard
// request acts on, and the admin check every admin-only action goes through.
import { db } from '../db/client';
import { forbidden, invalid, notFound } from '../errors';
import { newId } from '../ids';
import { recordMemberAdded } from './member-object';
import { planName, type RequestInfo, type TeamRole, type UserActor } from '../auth/actor';

export { planName, type PlanName };
import { slugify } from '../lib/slug';
import type { PlanName } from '../../lib/shared/plans';


export function requireAdmin(actor: UserActor, action: string): void {
  if (actor.role !== 'admin') throw forbidden(`Only team admins can ${action}.`);
}

export type TeamView = {
  id: string;
  object: 'team';
  name: string;
  slug: string;
  plan: PlanName;
  role: TeamRole;
  created: string;
};

type TeamRow = { id: string; name: string; slug: string; plan: string; createdAt: Date };

const view = (t: TeamRow, role: TeamRole): TeamView => ({
  id: t.id,
  object: 'team',
  name: t.name,
  slug: t.slug,
  plan: planName(t.plan),
  role,
  created: t.createdAt.toISOString(),
});

export async function listTeamsForUser(userId: string): Promise<TeamView[]> {
  const rows = await db.teamMember.findMany({
    where: { userId },
    include: { team: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map((m) => view(m.team, m.role));
}

/** What a team asks of every dashboard request to it (Settings → Security). */
export type TeamGuards = { requireTwoFactor: boolean; ipAllowList: string[] };

/**
 * The team a dashboard request acts on: the first candidate (page hint, then cookie) the user
 * belongs to, else their oldest membership, else null (the user has no team yet).
 */
/**
 * The team a dashboard request acts on. A session begun by SAML single sign-on reaches only its
 * team; a team that requires SSO is reached by its admins with any session (their recovery path)
 * and by everyone else only with an SSO session of that team.
 */
export async function resolveActiveTeam(
  userId: string,
  candidates: (string | null | undefined)[],
  session: { ssoTeamId?: string | null } = {},
): Promise<{ teamId: string; role: TeamRole; plan: PlanName } | null> {
  const found = await resolveActiveMembership(userId, candidates, session);
  return found && 'membership' in found ? found.membership : null;
}

/** resolveActiveTeam, with the team's guards (its two-factor requirement and IP allow list). */
export async function resolveActiveMembership(
  userId: string,
  candidates: (string | null | undefined)[],
  session: { ssoTeamId?: string | null } = {},
): Promise<{ membership: { teamId: string; role: TeamRole; plan: PlanName }; guards: TeamGuards } | { ssoOnly: { slug: string; name: string } } | null> {
  const rows = await db.teamMember.findMany({
    where: { userId },
    select: {
      teamId: true,
      role: true,
      team: { select: { slug: true, name: true, plan: true, requireTwoFactor: true, ipAllowList: true, samlConnection: { select: { requireSso: true } } } },
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  // A session begun by a team's SSO reaches only that team; a team that requires SSO is reached
  // by its admins alone without it (their recovery path).
  const ssoOnly = (m: (typeof rows)[number]) => !!m.team.samlConnection?.requireSso && m.role !== 'admin';
  const reachable = rows.filter((m) => (session.ssoTeamId ? m.teamId === session.ssoTeamId : !ssoOnly(m)));
  const pick = candidates.map((c) => (c ? reachable.find((x) => x.teamId === c) : undefined)).find(Boolean) ?? reachable[0];
  if (!pick) {
    // A member whose only teams require SSO is sent there, not asked to make a team of their own.
    const held = session.ssoTeamId ? undefined : (candidates.map((c) => rows.find((x) => x.teamId === c && ssoOnly(x))).find(Boolean) ?? rows.find(ssoOnly));
    return held ? { ssoOnly: { slug: held.team.slug, name: held.team.name } } : null;
  }
  return {
    membership: { teamId: pick.teamId, role: pick.role, plan: planName(pick.team.plan) },
    guards: { requireTwoFactor: pick.team.requireTwoFactor, ipAllowList: pick.team.ipAllowList ?? [] },
  };
}

/** The role of a user in a team, or null when they are not a member. */
export async function roleIn(userId: string, teamId: string): Promise<TeamRole | null> {
  const m = await db.teamMember.findUnique({ where: { teamId_userId: { teamId, userId } }, select: { role: true } });
  return m?.role ?? null;
}

export async function getCurrentTeam(actor: UserActor): Promise<TeamView> {
  const t = await db.team.findUnique({ where: { id: actor.teamId } });
  if (!t) throw notFound('Team');
  return view(t, actor.role);
}

const NAME_MAX = 64;

function cleanName(name: string): string {
  const n = name.trim().replace(/\s+/g, ' ');
  if (!n) throw invalid('name', 'Give the team a name.');
  if (n.length > NAME_MAX) throw invalid('name', `Use at most ${NAME_MAX} characters.`);
  return n;
}


const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === 'P2002';

/** The first free slug among base, base-2, base-3, ...; the unique index settles races. */
async function freeSlug(base: string): Promise<string> {
  const taken = new Set(
    (await db.team.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })).map((t) => t.slug),
  );
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

export async function createTeam(userId: string, rawName: string, request?: RequestInfo): Promise<TeamView> {
  const name = cleanName(rawName);
  const base = slugify(name, { max: 40, fallback: 'team' });
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = await freeSlug(base);
    try {
      const team = await db.$transaction(async (tx) => {
        const t = await tx.team.create({ data: { id: newId(), slug, name } });
        const m = await tx.teamMember.create({ data: { id: newId(), teamId: t.id, userId, role: 'admin' } });
        await recordMemberAdded(tx, { kind: 'user', userId, teamId: t.id, request }, m.id);
        return t;
      });
      return view(team, 'admin');
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
    }
  }
  throw new Error('could not find a free team slug');
}

export async function renameTeam(actor: UserActor, rawName: string): Promise<TeamView> {
  requireAdmin(actor, 'rename the team');
  const t = await db.team.update({ where: { id: actor.teamId }, data: { name: cleanName(rawName) } });
  return view(t, actor.role);
}
