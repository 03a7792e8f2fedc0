// The signed-in member's digest settings (DESIGN.md "Room power tools"): dashboard only, no /v1
// (they are a person's, not the team's API's). Rules in server/services/digests.
import { z } from 'zod';
import { DIGEST_KINDS, FREQUENCIES, getDigestSettings, updateDigestSettings } from '../../services/digests/preferences';
import { memberProcedure, router } from '../../trpc';

const frequency = z.enum(FREQUENCIES);
const DigestSettings = z.object({ time_zone: z.string(), ...Object.fromEntries(DIGEST_KINDS.map((k) => [k, frequency])) } as { time_zone: z.ZodString } & Record<(typeof DIGEST_KINDS)[number], typeof frequency>);
const UpdateDigestSettings = z
  .strictObject({ time_zone: z.string().min(1).max(64).optional(), ...Object.fromEntries(DIGEST_KINDS.map((k) => [k, frequency.optional()])) } as {
    time_zone: z.ZodOptional<z.ZodString>;
  } & Record<(typeof DIGEST_KINDS)[number], z.ZodOptional<typeof frequency>>)
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'give at least one setting' });

export const digestsRouter = router({
  get: memberProcedure.output(DigestSettings).query(({ ctx }) => getDigestSettings(ctx.actor)),
  update: memberProcedure.input(UpdateDigestSettings).output(DigestSettings).mutation(({ ctx, input }) => updateDigestSettings(ctx.actor, input)),
});
