// Members of the selected team (dashboard only).
import { changeRole, listMembers, removeMember } from '../../services/members';
import { memberProcedure, router } from '../../trpc';
import { ChangeRoleInput, RemoveMemberInput } from './schemas';

export const membersRouter = router({
  list: memberProcedure.query(({ ctx }) => listMembers(ctx.actor)),
  changeRole: memberProcedure.input(ChangeRoleInput).mutation(({ ctx, input }) => changeRole(ctx.actor, input.id, input.role)),
  /** Admins remove a member; anyone may remove themselves (leave). */
  remove: memberProcedure.input(RemoveMemberInput).mutation(({ ctx, input }) => removeMember(ctx.actor, input.id)),
});
