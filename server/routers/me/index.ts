// GET /v1/me: the presented token itself (any token, no scope; general rate-limit bucket).
import { z } from 'zod';
import { tokenInfo } from '../../services/token-info';
import { router, tokenProcedure } from '../../trpc';
import { PLANS } from '../../../lib/shared/plans';

export const TokenInfo = z.object({
  object: z.literal('token_info'),
  kind: z.enum(['dashboard', 'oauth']).meta({ description: '`dashboard`: a token minted in the dashboard; `oauth`: a device-login access token' }),
  team: z.object({ id: z.string(), slug: z.string(), name: z.string(), plan: z.enum(PLANS) }),
  user: z.object({ email: z.string() }).nullable().meta({ description: 'The user who approved an OAuth login; null for dashboard tokens' }),
  scopes: z.array(z.string()).meta({ description: 'The scopes the token holds, presets (apis.read, apis.all) expanded' }),
  expires_at: z.string().nullable().meta({ description: 'When the token stops working (OAuth access tokens: 90 days); null for dashboard tokens' }),
});

export const meRouter = router({
  get: tokenProcedure
    .meta({ openapi: { method: 'GET', path: '/me', tags: ['Authentication'], summary: 'The token you are using: its team, user, scopes and expiry' } })
    .input(z.strictObject({}))
    .output(TokenInfo)
    .query(({ ctx }) => tokenInfo(ctx.actor)),
});
