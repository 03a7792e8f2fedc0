// What a verified sign-in does: SSO provisions the person just in time (a new account, and a
// `member` of the team when they were not one), opens a database session like next-auth's own,
// bound to that team; every sign-in is recorded as `member.signed_in` with its method.
import crypto from 'node:crypto';
import { db, type Tx } from '../../db/client';
import type { RequestInfo } from '../../auth/actor';
import { newId } from '../../ids';
import { emit } from '../events/emit';
import { lockTeam } from '../locks';
import { recordMemberAdded } from '../member-object';

export type SignInMethod = 'magic_link' | 'sso' | 'passkey';

/** As next-auth's database sessions (server/auth/session.ts): 30 days. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

async function recordSignIn(tx: Tx, o: { userId: string; teamId: string; method: SignInMethod; request?: RequestInfo }) {
  const m = await tx.teamMember.findUnique({ where: { teamId_userId: { teamId: o.teamId, userId: o.userId } }, include: { user: { select: { email: true } } } });
  if (!m) return;
  await emit(tx, { kind: 'user', userId: o.userId, teamId: o.teamId, request: o.request }, {
    type: 'member.signed_in',
    object: { id: m.id, object: 'team_member', user_id: o.userId, email: m.user.email, role: m.role, method: o.method },
  });
}

/** A magic-link sign-in, recorded in each team of the user (a session is the user's, not one team's). */
export async function recordMagicLinkSignIn(userId: string, request?: RequestInfo) {
  const teams = await db.teamMember.findMany({ where: { userId }, select: { teamId: true } });
  if (!teams.length) return;
  await db.$transaction(async (tx) => {
    for (const t of teams) await recordSignIn(tx, { userId, teamId: t.teamId, method: 'magic_link', request });
  });
}

export async function completeSsoSignIn(o: { teamId: string; email: string; name: string | null; request?: RequestInfo }): Promise<{ sessionToken: string; expires: Date; userId: string }> {
  const email = o.email.trim().toLowerCase();
  return db.$transaction(async (tx) => {
    const user = await tx.user.upsert({ where: { email }, create: { email, name: o.name, emailVerified: new Date() }, update: {} });
    await lockTeam(tx, o.teamId);
    const member = await tx.teamMember.findUnique({ where: { teamId_userId: { teamId: o.teamId, userId: user.id } } });
    if (!member) {
      const m = await tx.teamMember.create({ data: { id: newId(), teamId: o.teamId, userId: user.id, role: 'member' } });
      await recordMemberAdded(tx, { kind: 'system', teamId: o.teamId, name: 'SAML single sign-on', request: o.request }, m.id);
    }
    const sessionToken = crypto.randomBytes(32).toString('hex');
    const expires = new Date(Date.now() + SESSION_MAX_AGE_MS);
    await tx.session.create({ data: { sessionToken, userId: user.id, expires, method: 'sso', ssoTeamId: o.teamId } });
    await recordSignIn(tx, { userId: user.id, teamId: o.teamId, method: 'sso', request: o.request });
    return { sessionToken, expires, userId: user.id };
  });
}
