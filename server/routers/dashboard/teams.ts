import { z } from 'zod';
import { router } from '../../trpc';
import { createTeam, getCurrentTeam, listTeamsForUser, renameTeam } from '../../services/teams';
import { memberProcedure, userProcedure } from './procedures';

const teamName = z.string().trim().min(1, 'Give the team a name.').max(64, 'Use at most 64 characters.');

export const createTeamInput = z.strictObject({ name: teamName });
export const renameTeamInput = z.strictObject({ name: teamName });

export const teamsRouter = router({
  /** Every team the user belongs to, oldest membership first. */
  list: userProcedure.query(({ ctx }) => listTeamsForUser(ctx.user.id)),
  /** The selected team, with the user's role in it. */
  current: memberProcedure.query(({ ctx }) => getCurrentTeam(ctx.actor)),
  create: userProcedure.input(createTeamInput).mutation(({ ctx, input }) => createTeam(ctx.user.id, input.name)),
  rename: memberProcedure.input(renameTeamInput).mutation(({ ctx, input }) => renameTeam(ctx.actor, input.name)),
});
