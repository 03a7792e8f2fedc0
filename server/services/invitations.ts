// Invitations: an admin invites an email with a role; the invitee opens /invite/<token> and,
// signed in with that email, joins the team. Only a SHA-256 of the token is stored.
import crypto from 'node:crypto';
import { db } from '../db/client';
import { ApiError, conflict, forbidden, notFound } from '../errors';
import { newId } from '../ids';
import { recordMemberAdded } from './member-object';
import { appUrl, sendLinkMail } from '../auth/mail';
import type { RequestInfo, TeamRole, UserActor } from '../auth/actor';
import { requireAdmin } from './teams';

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const normalizeEmail = (email: string) => email.trim().toLowerCase();

export type InvitationView = {
  id: string;
  object: 'invitation';
  email: string;
  role: TeamRole;
  invited_by: string | null;
  created: string;
  expires_at: string;
  expired: boolean;
};

type Row = { id: string; email: string; role: TeamRole; createdAt: Date; expiresAt: Date; invitedBy: { email: string } | null };

const view = (r: Row): InvitationView => ({
  id: r.id,
  object: 'invitation',
  email: r.email,
  role: r.role,
  invited_by: r.invitedBy?.email ?? null,
  created: r.createdAt.toISOString(),
  expires_at: r.expiresAt.toISOString(),
  expired: r.expiresAt.getTime() <= Date.now(),
});

export async function listInvitations(actor: UserActor): Promise<InvitationView[]> {
  const rows = await db.invitation.findMany({
    where: { teamId: actor.teamId, acceptedAt: null },
    include: { invitedBy: { select: { email: true } } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return rows.map(view);
}

/** Invites (or re-invites, replacing a pending invitation) and mails the link. */
export async function createInvitation(actor: UserActor, input: { email: string; role: TeamRole }): Promise<InvitationView> {
  requireAdmin(actor, 'invite members');
  const email = normalizeEmail(input.email);
  const member = await db.teamMember.findFirst({ where: { teamId: actor.teamId, user: { email } }, select: { id: true } });
  if (member) throw conflict(`${email} is already a member of this team.`);

  const token = crypto.randomBytes(32).toString('base64url');
  const { invitation, team, inviter } = await db.$transaction(async (tx) => {
    await tx.invitation.deleteMany({ where: { teamId: actor.teamId, email, acceptedAt: null } });
    const invitation = await tx.invitation.create({
      data: {
        id: newId(),
        teamId: actor.teamId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedById: actor.userId,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      },
      include: { invitedBy: { select: { email: true } } },
    });
    const team = await tx.team.findUniqueOrThrow({ where: { id: actor.teamId }, select: { name: true } });
    return { invitation, team, inviter: invitation.invitedBy?.email ?? 'A teammate' };
  });

  try {
    await sendLinkMail({
      to: email,
      kind: 'invitation link',
      subject: `Join ${team.name} on Quire`,
      intro: `${inviter} invited you to join ${team.name} on Quire as ${input.role === 'admin' ? 'an admin' : `a ${input.role}`}. The invitation expires in 7 days.`,
      actionLabel: 'Accept the invitation',
      url: `${appUrl()}/invite/${token}`,
    });
  } catch (e) {
    await db.invitation.delete({ where: { id: invitation.id } }).catch(() => {});
    console.error('[quire] invitation email failed:', e instanceof Error ? e.message : e);
    throw new ApiError('internal_server_error', 'The invitation email could not be sent. Please try again later.');
  }
  return view(invitation);
}

export async function revokeInvitation(actor: UserActor, id: string): Promise<{ id: string; deleted: true }> {
  requireAdmin(actor, 'revoke invitations');
  const { count } = await db.invitation.deleteMany({ where: { id, teamId: actor.teamId, acceptedAt: null } });
  if (!count) throw notFound('Invitation');
  return { id, deleted: true };
}

export type InvitationStatus = 'pending' | 'accepted' | 'expired' | 'wrong_email' | 'already_member';

export type InvitationPreview = {
  team_name: string;
  email: string;
  role: TeamRole;
  invited_by: string | null;
  status: InvitationStatus;
};

async function findByToken(token: string) {
  const inv = await db.invitation.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { team: { select: { name: true } }, invitedBy: { select: { email: true } } },
  });
  if (!inv) throw notFound('Invitation');
  return inv;
}

/** What the invite page shows to the signed-in user holding the link. */
export async function previewInvitation(user: { id: string; email: string }, token: string): Promise<InvitationPreview> {
  const inv = await findByToken(token);
  const isMember = !!(await db.teamMember.findUnique({ where: { teamId_userId: { teamId: inv.teamId, userId: user.id } } }));
  const status: InvitationStatus = inv.acceptedAt
    ? 'accepted'
    : inv.expiresAt.getTime() <= Date.now()
      ? 'expired'
      : normalizeEmail(user.email) !== inv.email
        ? 'wrong_email'
        : isMember
          ? 'already_member'
          : 'pending';
  return { team_name: inv.team.name, email: inv.email, role: inv.role, invited_by: inv.invitedBy?.email ?? null, status };
}

/** Joins the team of the invitation; the invitation is spent once, by its own email. */
export async function acceptInvitation(user: { id: string; email: string; request?: RequestInfo }, token: string): Promise<{ team_id: string }> {
  const inv = await findByToken(token);
  if (normalizeEmail(user.email) !== inv.email) {
    throw forbidden(`This invitation was sent to ${inv.email}. Sign in with that address to accept it.`);
  }
  return db.$transaction(async (tx) => {
    const spent = await tx.invitation.updateMany({
      where: { id: inv.id, acceptedAt: null, expiresAt: { gt: new Date() } },
      data: { acceptedAt: new Date() },
    });
    const existing = await tx.teamMember.findUnique({ where: { teamId_userId: { teamId: inv.teamId, userId: user.id } } });
    if (!spent.count) {
      // A second click by the person who already joined is not an error.
      if (existing) return { team_id: inv.teamId };
      throw conflict(inv.acceptedAt ? 'This invitation has already been used.' : 'This invitation has expired. Ask an admin to invite you again.');
    }
    if (!existing) {
      const m = await tx.teamMember.create({ data: { id: newId(), teamId: inv.teamId, userId: user.id, role: inv.role } });
      await recordMemberAdded(tx, { kind: 'user', userId: user.id, teamId: inv.teamId, request: user.request }, m.id);
    }
    return { team_id: inv.teamId };
  });
}
