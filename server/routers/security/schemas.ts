import { z } from 'zod';
import { ipAllowList } from '../../schemas/fields';

export const SessionIdInput = z.strictObject({ id: z.string().min(1).max(64) });
export const RevokeAllInput = z.strictObject({
  /** Keep this browser's session signed in ("sign out everywhere else"). */
  keep_current: z.boolean().default(false),
});

export const UpdateTeamSecurityInput = z.strictObject({
  require_two_factor: z.boolean().optional(),
  ip_allow_list: ipAllowList.optional(),
});

const totpCode = z.string().trim().max(12);
const recoveryCode = z.string().trim().max(32);
export const TotpCodeInput = z.strictObject({ code: totpCode });
/** A code from the app, or one recovery code. */
export const ProveInput = z
  .strictObject({ code: totpCode.optional(), recovery_code: recoveryCode.optional() })
  .refine((v) => !!v.code !== !!v.recovery_code, 'Give either code or recovery_code.');

/** A WebAuthn response as @simplewebauthn/browser hands it over (checked in full by the verifier). */
const webauthnResponse = z.looseObject({ id: z.string().min(1).max(2048), rawId: z.string().max(2048), type: z.literal('public-key'), response: z.looseObject({}) });
export const RegisterPasskeyInput = z.strictObject({ name: z.string().trim().min(1).max(64).default('Passkey'), response: webauthnResponse });
export const VerifyPasskeyInput = z.strictObject({ response: webauthnResponse });
export const RemovePasskeyInput = z.strictObject({ id: z.string().min(1).max(2048), response: webauthnResponse.optional() });
