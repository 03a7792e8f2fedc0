// The member's passkeys, and the passkey sign-in step (dashboard only). The relying party is the
// dashboard's own origin.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { authenticationOptions, registerPasskey, registrationOptions, removePasskey, verifyPasskey } from '../../services/security/passkeys';
import { router, signInProcedure, userProcedure } from '../../trpc';
import { RegisterPasskeyInput, RemovePasskeyInput, VerifyPasskeyInput } from './schemas';

const originOf = (ctx: { origin?: string }) => ctx.origin ?? 'http://localhost';

export const passkeysRouter = router({
  registrationOptions: userProcedure.mutation(({ ctx }) => registrationOptions(ctx.user, originOf(ctx))),
  register: userProcedure
    .input(RegisterPasskeyInput)
    .mutation(({ ctx, input }) => registerPasskey(ctx.user, originOf(ctx), { name: input.name, response: input.response as unknown as RegistrationResponseJSON }, ctx.request)),
  /** Removing the last second factor needs `response`, a passkey assertion (authenticationOptions first). */
  remove: userProcedure
    .input(RemovePasskeyInput)
    .mutation(({ ctx, input }) => removePasskey(ctx.user, originOf(ctx), input.id, input.response as unknown as AuthenticationResponseJSON | undefined, ctx.request)),
  /** The sign-in step: usable by a session that still owes its second factor. */
  authenticationOptions: signInProcedure.mutation(({ ctx }) => authenticationOptions(ctx.user, originOf(ctx))),
  verify: signInProcedure
    .input(VerifyPasskeyInput)
    .mutation(({ ctx, input }) => verifyPasskey(ctx.user, originOf(ctx), input.response as unknown as AuthenticationResponseJSON, ctx.request)),
});
