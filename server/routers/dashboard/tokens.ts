import { z } from 'zod';
import { router } from '../../trpc';
import { GRANTABLE } from '../../auth/scopes';
import { id } from '../../schemas/common';
import { createToken, listTokens, revokeToken } from '../../services/apiTokens';
import { memberProcedure } from './procedures';

const tokenScope = z.enum(GRANTABLE.filter((s) => s !== 'offline_access') as [string, ...string[]]);

export const createTokenInput = z.strictObject({
  name: z.string().trim().min(1, 'Give the token a name.').max(64, 'Use at most 64 characters.'),
  scopes: z.array(tokenScope).min(1, 'Pick at least one scope.').max(32),
});
export const revokeTokenInput = z.strictObject({ id: id('token id') });

export const tokensRouter = router({
  list: memberProcedure.query(({ ctx }) => listTokens(ctx.actor)),
  /** The only response that ever contains the token itself. */
  create: memberProcedure.input(createTokenInput).mutation(({ ctx, input }) => createToken(ctx.actor, input)),
  revoke: memberProcedure.input(revokeTokenInput).mutation(({ ctx, input }) => revokeToken(ctx.actor, input.id)),
});
