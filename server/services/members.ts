// Team members: who is in the team, role changes and removal (admins), leaving (anyone).
// A team always keeps at least one admin; the team row is locked while that is checked.
import { db, type Tx } from '../db/client';
import { conflict, notFound } from '../errors';
import type { TeamRole, UserActor } from '../auth/actor';
import { revokeGrantsOfMember } from './connected-apps';
import { requireAdmin } from './teams';
import { emit } from './events/emit';
import { lockTeam } from './locks';
import { memberEventObject, toMember, withUser, type MemberView } from './member-object';

export type { MemberView };


export async function listMembers(actor: UserActor): Promise<MemberView[]> {
  const rows = await db.teamMember.findMany({
    where: { teamId: actor.teamId },
    include: withUser,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map((m) => toMember(m, actor.userId));
}

async function memberOfTeam(tx: Tx, teamId: string, memberId: string) {
  const m = await tx.teamMember.findFirst({ where: { id: memberId, teamId } });
  if (!m) throw notFound('Member');
  return m;
}

async function assertAnotherAdmin(tx: Tx, teamId: string, memberId: string) {
  const others = await tx.teamMember.count({ where: { teamId, role: 'admin', id: { not: memberId } } });
  if (others === 0) throw conflict('A team needs at least one admin. Make someone else an admin first.');
}

export async function changeRole(actor: UserActor, memberId: string, role: TeamRole): Promise<{ id: string; role: TeamRole }> {
  requireAdmin(actor, 'change roles');
  return db.$transaction(async (tx) => {
    await lockTeam(tx, actor.teamId);
    const m = await memberOfTeam(tx, actor.teamId, memberId);
    if (m.role === 'admin' && role !== 'admin') await assertAnotherAdmin(tx, actor.teamId, m.id);
    await tx.teamMember.update({ where: { id: m.id }, data: { role } });
    if (m.role !== role) await emit(tx, actor, { type: 'member.updated', object: await memberEventObject(tx, m.id), changes: { role: [m.role, role] } });
    return { id: m.id, role };
  });
}

/** Admins remove anyone; any member may remove themselves (leave the team). */
export async function removeMember(actor: UserActor, memberId: string): Promise<{ id: string; deleted: true; left_team: boolean }> {
  return db.$transaction(async (tx) => {
    await lockTeam(tx, actor.teamId);
    const m = await memberOfTeam(tx, actor.teamId, memberId);
    const self = m.userId === actor.userId;
    if (!self) requireAdmin(actor, 'remove members');
    if (m.role === 'admin') await assertAnotherAdmin(tx, actor.teamId, m.id);
    const object = await memberEventObject(tx, m.id);
    await tx.teamMember.delete({ where: { id: m.id } });
    await emit(tx, actor, { type: 'member.removed', object: { ...object, deleted: true } });
    await revokeGrantsOfMember(tx, actor, m.userId);
    return { id: m.id, deleted: true as const, left_team: self };
  });
}
