import { z } from 'zod';
import { router } from '../../trpc';
import { id } from '../../schemas/common';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from '../../services/invitations';
import { teamRole } from './members';
import { memberProcedure, userProcedure } from './procedures';

const invitationToken = z.string().min(16).max(128).regex(/^[A-Za-z0-9_-]+$/, 'is not an invitation token');

export const createInvitationInput = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.')).pipe(z.string().max(254)),
  role: teamRole,
});
export const revokeInvitationInput = z.strictObject({ id: id('invitation id') });
export const invitationTokenInput = z.strictObject({ token: invitationToken });

export const invitationsRouter = router({
  list: memberProcedure.query(({ ctx }) => listInvitations(ctx.actor)),
  create: memberProcedure.input(createInvitationInput).mutation(({ ctx, input }) => createInvitation(ctx.actor, input)),
  revoke: memberProcedure.input(revokeInvitationInput).mutation(({ ctx, input }) => revokeInvitation(ctx.actor, input.id)),
  /** For the invite page: which team, for which email, and whether this user can accept it. */
  preview: userProcedure.input(invitationTokenInput).query(({ ctx, input }) => previewInvitation(ctx.user, input.token)),
  accept: userProcedure.input(invitationTokenInput).mutation(({ ctx, input }) => acceptInvitation(ctx.user, input.token)),
});
