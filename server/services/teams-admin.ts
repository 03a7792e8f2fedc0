// Operator actions behind `npm run admin` (no billing: plans are set here).
import { emit } from './events/emit';
import { toApiToken } from './api-tokens';
import { db } from '../db/client';
import { Plan } from '../db/generated/client';
import { mintToken } from '../auth/tokens';
import { isGrantable } from '../../lib/shared/scopes';
import { newId } from '../ids';
import { isUniqueViolation } from './locks';

import { planName } from '../auth/actor';
import { PLANS } from '../../lib/shared/plans';

export { planName };
export const planFromName = (p: string): Plan => {
  if (!(PLANS as readonly string[]).includes(p)) throw new Error(`unknown plan "${p}" (one of ${PLANS.join(', ')})`);
  return (p === 'datarooms-plus' ? 'datarooms_plus' : p) as Plan;
};

export function checkSlug(slug: string) {
  if (!/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/.test(slug)) {
    throw new Error(`invalid team slug "${slug}": lowercase letters, digits and dashes, 1-48 characters`);
  }
}

export async function ensureTeam(slug: string, plan?: string) {
  checkSlug(slug);
  const p = plan ? planFromName(plan) : undefined;
  const upsert = () =>
    db.team.upsert({
      where: { slug },
      create: { id: newId(), slug, name: slug, plan: p ?? 'free' },
      update: p ? { plan: p } : {},
    });
  // Two admin commands creating the same team at once: the loser's insert fails; the row is there now.
  return upsert().catch((e) => {
    if (isUniqueViolation(e)) return upsert();
    throw e;
  });
}

export async function adminCreateToken(o: { team: string; plan?: string; scopes: string[]; name?: string }) {
  const bad = o.scopes.filter((s) => !isGrantable(s));
  if (!o.scopes.length || bad.length) throw new Error(`unknown scopes: ${bad.join(', ') || '(none given)'}`);
  const team = await ensureTeam(o.team, o.plan);
  return db.$transaction(async (tx) => {
    const minted = await mintToken(tx, { teamId: team.id, name: o.name ?? 'admin', scopes: o.scopes });
    await emit(tx, { kind: 'system', teamId: team.id, name: 'admin command' }, { type: 'token.created', object: toApiToken({ ...minted.row, createdBy: null }) });
    return minted;
  });
}

export async function adminListTokens(slug: string) {
  const team = await db.team.findUnique({ where: { slug } });
  if (!team) throw new Error(`no team "${slug}"`);
  return db.apiToken.findMany({ where: { teamId: team.id }, orderBy: { createdAt: 'asc' } });
}

export async function adminRevokeToken(id: string) {
  const n = await db.apiToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
  if (n.count !== 1) throw new Error(`no active token with id ${id}`);
}

export async function adminSetPlan(slug: string, plan: string) {
  const team = await db.team.findUnique({ where: { slug } });
  if (!team) throw new Error(`no team "${slug}"`);
  return db.team.update({ where: { slug }, data: { plan: planFromName(plan) } });
}

/** Puts a user (made if new) in a team with a role: bootstrapping a team's first admin, tests. */
export async function adminAddMember(slug: string, email: string, role = 'admin') {
  if (!['admin', 'manager', 'member'].includes(role)) throw new Error(`unknown role "${role}" (admin, manager or member)`);
  const address = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) throw new Error(`invalid email "${email}"`);
  const team = await db.team.findUnique({ where: { slug } });
  if (!team) throw new Error(`no team "${slug}"`);
  const user = await db.user.upsert({ where: { email: address }, create: { email: address }, update: {} });
  const r = role as 'admin' | 'manager' | 'member';
  await db.teamMember.upsert({
    where: { teamId_userId: { teamId: team.id, userId: user.id } },
    create: { id: newId(), teamId: team.id, userId: user.id, role: r },
    update: { role: r },
  });
  return { team, user, role: r };
}

/** Who approves a device login for the operator: the user of `email` (made, and made a member, if needed). */
export async function adminApprover(o: { team: string; email: string }): Promise<{ userId: string; teamId: string }> {
  const team = await ensureTeam(o.team);
  const address = o.email.trim().toLowerCase();
  const user = await db.user.findUnique({ where: { email: address } });
  const member = user ? await db.teamMember.findFirst({ where: { teamId: team.id, userId: user.id } }) : null;
  if (!member) {
    const first = (await db.teamMember.count({ where: { teamId: team.id } })) === 0;
    await adminAddMember(team.slug, address, first ? 'admin' : 'member');
  }
  const approver = await db.user.findUniqueOrThrow({ where: { email: address } });
  return { userId: approver.id, teamId: team.id };
}
