// Dashboard-only procedures (teams, members, invitations, API tokens, the
// library list in a chosen order): no `openapi` meta.
import { router } from '../../trpc';
import { invitationsRouter } from './invitations';
import { libraryRouter } from './library';
import { membersRouter } from './members';
import { teamsRouter } from './teams';
import { tokensRouter } from './tokens';

export const dashboardRouter = router({
  teams: teamsRouter,
  members: membersRouter,
  invitations: invitationsRouter,
  tokens: tokensRouter,
  library: libraryRouter,
});
