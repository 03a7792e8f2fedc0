// Invitations to the selected team, and the invitee's side (dashboard only).
import { acceptInvitation, createInvitation, listInvitations, previewInvitation, revokeInvitation } from '../../services/invitations';
import { memberProcedure, router, userProcedure } from '../../trpc';
import { CreateInvitationInput, InvitationTokenInput, RevokeInvitationInput } from './schemas';

export const invitationsRouter = router({
  list: memberProcedure.query(({ ctx }) => listInvitations(ctx.actor)),
  create: memberProcedure.input(CreateInvitationInput).mutation(({ ctx, input }) => createInvitation(ctx.actor, input)),
  revoke: memberProcedure.input(RevokeInvitationInput).mutation(({ ctx, input }) => revokeInvitation(ctx.actor, input.id)),
  /** For the invite page: which team, for which email, and whether this user can accept it. */
  preview: userProcedure.input(InvitationTokenInput).query(({ ctx, input }) => previewInvitation(ctx.user, input.token)),
  accept: userProcedure.input(InvitationTokenInput).mutation(({ ctx, input }) => acceptInvitation({ ...ctx.user, request: ctx.request }, input.token)),
});
