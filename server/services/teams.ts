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

/**
 * The team a dashboard request acts on: the first candidate (page hint, then cookie) the user
 * belongs to, else their oldest membership, else null (the user has no team yet).
 */
export async function resolveActiveTeam(
  userId: string,
  candidates: (string | null | undefined)[],
): Promise<{ teamId: string; role: TeamRole; plan: PlanName } | null> {
  const rows = await db.teamMember.findMany({
    where: { userId },
    select: { teamId: true, role: true, team: { select: { plan: true } } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const memberships = rows.map((m) => ({ teamId: m.teamId, role: m.role, plan: planName(m.team.plan) }));
  for (const c of candidates) {
    const m = c ? memberships.find((x) => x.teamId === c) : undefined;
    if (m) return m;
  }
  return memberships[0] ?? null;
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
