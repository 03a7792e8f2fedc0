// Teams of the signed-in user (dashboard only: no openapi meta).
import { createTeam, getCurrentTeam, listTeamsForUser, renameTeam } from '../../services/teams';
import { memberProcedure, router, userProcedure } from '../../trpc';
import { CreateTeamInput, RenameTeamInput } from './schemas';

export const teamsRouter = router({
  /** Every team the user belongs to, oldest membership first. */
  list: userProcedure.query(({ ctx }) => listTeamsForUser(ctx.user.id)),
  /** The selected team, with the user's role in it. */
  current: memberProcedure.query(({ ctx }) => getCurrentTeam(ctx.actor)),
  create: userProcedure.input(CreateTeamInput).mutation(({ ctx, input }) => createTeam(ctx.user.id, input.name, ctx.request)),
  rename: memberProcedure.input(RenameTeamInput).mutation(({ ctx, input }) => renameTeam(ctx.actor, input.name)),
});
