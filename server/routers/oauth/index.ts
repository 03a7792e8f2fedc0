// Device logins and authorization-code consent, for the dashboard only (no openapi meta): the
// /device approval page, the /authorize/{uid} consent page and Settings → Connected apps.
import { z } from 'zod';
import { decideDeviceRequest, describeDeviceRequest } from '../../oauth/approval';
import { decideAuthorizationRequest, describeAuthorizationRequest } from '../../oauth/consent';
import { listConnectedApps, revokeConnectedApp } from '../../services/connected-apps';
import { id } from '../../schemas/common';
import { memberProcedure, router, userProcedure } from '../../trpc';

const UserCode = z.string().trim().min(1, 'Enter the code your device shows.').max(32);
const Uid = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an authorization request id.');

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
  /** The authorization-code request the browser's interaction cookie names (the consent page). */
  describeAuthorization: userProcedure
    .input(z.strictObject({ uid: Uid }))
    .mutation(({ ctx, input }) => describeAuthorizationRequest({ userId: ctx.user.id, address: ctx.address ?? 'unknown' }, input.uid, ctx.cookies)),
  decideAuthorization: userProcedure
    .input(z.strictObject({ uid: Uid, approve: z.boolean(), team_id: id('team_id').optional() }))
    .mutation(({ ctx, input }) =>
      decideAuthorizationRequest(
        { userId: ctx.user.id, address: ctx.address ?? 'unknown', request: ctx.request },
        { uid: input.uid, approve: input.approve, teamId: input.team_id },
        ctx.cookies,
      ),
    ),
  connectedApps: memberProcedure.query(({ ctx }) => listConnectedApps(ctx.actor)),
  revokeConnectedApp: memberProcedure.input(z.strictObject({ id: id('grant id') })).mutation(({ ctx, input }) => revokeConnectedApp(ctx.actor, input.id)),
});
