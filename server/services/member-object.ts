// The team_member object (the dashboard's members list, and the audit log's member events).
import type { Tx } from '../db/client';
import type { TeamRole } from '../auth/actor';
import { emit, type EventActor } from './events/emit';

export type MemberView = {
  id: string;
  object: 'team_member';
  user_id: string;
  email: string;
  name: string | null;
  role: TeamRole;
  is_you: boolean;
  joined: string;
};

type MemberRow = { id: string; userId: string; role: TeamRole; createdAt: Date; user: { email: string; name: string | null } };

export const toMember = (m: MemberRow, you: string | null): MemberView => ({
  id: m.id,
  object: 'team_member',
  user_id: m.userId,
  email: m.user.email,
  name: m.user.name,
  role: m.role,
  is_you: m.userId === you,
  joined: m.createdAt.toISOString(),
});

export const withUser = { user: { select: { email: true, name: true } } } as const;

/** The membership as the audit log shows it (`is_you` means nothing there). */
export async function memberEventObject(tx: Tx, id: string) {
  const { is_you: _, ...m } = toMember(await tx.teamMember.findUniqueOrThrow({ where: { id }, include: withUser }), null);
  return m;
}

/** A membership that began (a created team, an accepted invitation), in the caller's transaction. */
export async function recordMemberAdded(tx: Tx, actor: EventActor, memberId: string) {
  await emit(tx, actor, { type: 'member.added', object: await memberEventObject(tx, memberId) });
}
