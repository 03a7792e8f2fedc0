// API tokens of the selected team (dashboard only; minting and revoking are admin-only).
import { createToken, listTokens, revokeToken } from '../../services/api-tokens';
import { memberProcedure, router } from '../../trpc';
import { CreateTokenInput, RevokeTokenInput } from './schemas';

export const tokensRouter = router({
  list: memberProcedure.query(({ ctx }) => listTokens(ctx.actor)),
  /** The only response that ever contains the token itself. */
  create: memberProcedure.input(CreateTokenInput).mutation(({ ctx, input }) => createToken(ctx.actor, input)),
  revoke: memberProcedure.input(RevokeTokenInput).mutation(({ ctx, input }) => revokeToken(ctx.actor, input.id)),
});
