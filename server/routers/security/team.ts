// The team's security rules: anyone on the team reads them, admins change them.
import { getTeamSecurity, updateTeamSecurity } from '../../services/security/team-rules';
import { memberProcedure, router } from '../../trpc';
import { UpdateTeamSecurityInput } from './schemas';

export const teamSecurityRouter = router({
  get: memberProcedure.query(({ ctx }) => getTeamSecurity(ctx.actor)),
  update: memberProcedure.input(UpdateTeamSecurityInput).mutation(({ ctx, input }) => updateTeamSecurity(ctx.actor, input)),
});
