// The signed-in member's own sessions (dashboard only: no openapi meta).
import { listSessions, revokeAllSessions, revokeSession } from '../../services/security/sessions';
import { router, userProcedure } from '../../trpc';
import { RevokeAllInput, SessionIdInput } from './schemas';

export const sessionsRouter = router({
  list: userProcedure.query(({ ctx }) => listSessions(ctx.user.id, ctx.user.session?.id ?? null)),
  revoke: userProcedure.input(SessionIdInput).mutation(({ ctx, input }) => revokeSession(ctx.user.id, input.id)),
  revokeAll: userProcedure
    .input(RevokeAllInput)
    .mutation(({ ctx, input }) => revokeAllSessions(ctx.user.id, input.keep_current ? ctx.user.session?.id : null)),
});
