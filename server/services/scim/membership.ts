// What a SCIM user's `active` means for the team: an active SCIM user is a team member; turning
// it off removes the membership at once and ends the user's signed-in sessions and their OAuth
// grants for the team (DESIGN.md "Team security"). Both run in the caller's transaction with the
// team row locked, like every other membership change (services/members.ts).
import type { Tx } from '../../db/client';
import type { RequestInfo, SystemActor, TeamRole } from '../../auth/actor';
import { newId } from '../../ids';
import { lockTeam } from '../locks';
import { emit } from '../events/emit';
import { memberEventObject, recordMemberAdded } from '../member-object';
import { revokeGrantsOfMember } from '../connected-apps';
import { endSessionsOf } from '../../auth/end-sessions';
import { ScimError } from './errors';

/** The identity provider acting through the team's SCIM token. */
export type ScimActor = SystemActor & { request?: RequestInfo };

export const scimActor = (teamId: string, request?: RequestInfo): ScimActor => ({ kind: 'system', teamId, name: 'SCIM', request });

export type ScimUserRow = {
  id: string;
  teamId: string;
  userId: string;
  userName: string;
  externalId: string | null;
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** The SCIM user as the audit log and webhooks show it. */
export const scimEventObject = (u: ScimUserRow, role: TeamRole | null) => ({
  id: u.id,
  object: 'scim_user',
  user_id: u.userId,
  user_name: u.userName,
  external_id: u.externalId,
  active: u.active,
  role,
  created: u.createdAt.toISOString(),
  updated_at: u.updatedAt.toISOString(),
});

/** Makes the user a member (role `member`) unless they are one; emits the provisioning. */
export async function activate(tx: Tx, actor: ScimActor, u: ScimUserRow): Promise<TeamRole> {
  await lockTeam(tx, actor.teamId);
  const existing = await tx.teamMember.findUnique({ where: { teamId_userId: { teamId: actor.teamId, userId: u.userId } } });
  if (existing) return existing.role;
  const m = await tx.teamMember.create({ data: { id: newId(), teamId: actor.teamId, userId: u.userId, role: 'member' } });
  await recordMemberAdded(tx, actor, m.id);
  await emit(tx, actor, { type: 'scim.user.provisioned', object: scimEventObject(u, 'member') });
  return 'member';
}

/** Removes the membership, the user's sessions and their OAuth grants for the team. */
export async function deactivate(tx: Tx, actor: ScimActor, u: ScimUserRow): Promise<void> {
  await lockTeam(tx, actor.teamId);
  const m = await tx.teamMember.findUnique({ where: { teamId_userId: { teamId: actor.teamId, userId: u.userId } } });
  if (m) {
    if (m.role === 'admin') {
      const others = await tx.teamMember.count({ where: { teamId: actor.teamId, role: 'admin', id: { not: m.id } } });
      if (others === 0) throw new ScimError(409, `${u.userName} is the team's only admin; make another member an admin first.`);
    }
    const object = await memberEventObject(tx, m.id);
    await tx.teamMember.delete({ where: { id: m.id } });
    await emit(tx, actor, { type: 'member.removed', object: { ...object, deleted: true } });
    await revokeGrantsOfMember(tx, actor, u.userId);
    await endSessionsOf(tx, u.userId);
  }
  await emit(tx, actor, { type: 'scim.user.deprovisioned', object: scimEventObject({ ...u, active: false }, null) });
}
