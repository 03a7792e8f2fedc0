// Device logins, for the dashboard only (no openapi meta): the /device approval page and
// Settings → Connected apps.
import { z } from 'zod';
import { decideDeviceRequest, describeDeviceRequest } from '../../oauth/approval';
import { listConnectedApps, revokeConnectedApp } from '../../services/connected-apps';
import { id } from '../../schemas/common';
import { memberProcedure, router, userProcedure } from '../../trpc';

const UserCode = z.string().trim().min(1, 'Enter the code your device shows.').max(32);

export const oauthRouter = router({
  /** The pending request behind a user code (counts as an attempt: rate-limited per user and address). */
  describeDevice: userProcedure
    .input(z.strictObject({ user_code: UserCode }))
    .mutation(({ ctx, input }) => describeDeviceRequest({ userId: ctx.user.id, address: ctx.address ?? 'unknown' }, input.user_code)),
  decideDevice: userProcedure
    .input(z.strictObject({ user_code: UserCode, approve: z.boolean(), team_id: id('team_id').optional() }))
    .mutation(({ ctx, input }) =>
      decideDeviceRequest({ userId: ctx.user.id, address: ctx.address ?? 'unknown', request: ctx.request }, { userCode: input.user_code, approve: input.approve, teamId: input.team_id }),
    ),
  connectedApps: memberProcedure.query(({ ctx }) => listConnectedApps(ctx.actor)),
  revokeConnectedApp: memberProcedure.input(z.strictObject({ id: id('grant id') })).mutation(({ ctx, input }) => revokeConnectedApp(ctx.actor, input.id)),
});
