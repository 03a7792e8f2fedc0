import { z } from 'zod';
import { router } from '../../trpc';
import { id } from '../../schemas/common';
import { changeRole, listMembers, removeMember } from '../../services/members';
import { memberProcedure } from './procedures';

export const teamRole = z.enum(['admin', 'manager', 'member']);

export const changeRoleInput = z.strictObject({ id: id('member id'), role: teamRole });
export const removeMemberInput = z.strictObject({ id: id('member id') });

export const membersRouter = router({
  list: memberProcedure.query(({ ctx }) => listMembers(ctx.actor)),
  changeRole: memberProcedure.input(changeRoleInput).mutation(({ ctx, input }) => changeRole(ctx.actor, input.id, input.role)),
  /** Admins remove a member; anyone may remove themselves (leave). */
  remove: memberProcedure.input(removeMemberInput).mutation(({ ctx, input }) => removeMember(ctx.actor, input.id)),
});
