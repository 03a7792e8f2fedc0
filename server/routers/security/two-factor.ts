// The member's own second factors, and the sign-in step that proves one (dashboard only).
import { beginTotp, confirmTotp, disableTotp, regenerateRecoveryCodes, twoFactorStatus, verifySignIn } from '../../services/security/two-factor';
import { router, signInProcedure, userProcedure } from '../../trpc';
import { ProveInput, TotpCodeInput } from './schemas';

export const twoFactorRouter = router({
  status: userProcedure.query(({ ctx }) => twoFactorStatus(ctx.user.id)),
  beginTotp: userProcedure.mutation(({ ctx }) => beginTotp(ctx.user)),
  /** The only answer that ever holds the recovery codes. */
  confirmTotp: userProcedure.input(TotpCodeInput).mutation(({ ctx, input }) => confirmTotp(ctx.user, input.code, ctx.request)),
  disableTotp: userProcedure.input(ProveInput).mutation(({ ctx, input }) => disableTotp(ctx.user, input, ctx.request)),
  regenerateRecoveryCodes: userProcedure.input(TotpCodeInput).mutation(({ ctx, input }) => regenerateRecoveryCodes(ctx.user, input)),
  /** The sign-in step: usable by a session that still owes its second factor. */
  verify: signInProcedure.input(ProveInput).mutation(({ ctx, input }) => verifySignIn(ctx.user, input)),
});
