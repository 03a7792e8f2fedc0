// The procedure builders' options: the plan requirement refuses other plans with
// plan_restriction, and the rate-limit bucket travels in the procedure's meta (where the /v1
// facade reads it before counting the request).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TokenActor } from './auth/actor';
import { ApiError } from './errors';
import { createCallerFactory, router, teamProcedure } from './trpc';

const gated = teamProcedure('analytics.read', { bucket: 'analytics', plan: { feature: 'analytics', plans: ['business', 'datarooms'] } })
  .input(z.strictObject({}))
  .query(() => 'ok');
const plain = teamProcedure('documents.read').query(() => 'ok');
const appRouter = router({ gated, plain });
const call = createCallerFactory(appRouter);

const token = (plan: TokenActor['plan'], scopes: TokenActor['scopes'] = new Set(['analytics.read', 'documents.read'])): TokenActor => ({
  kind: 'token',
  teamId: 't1',
  tokenId: 'k1',
  scopes,
  plan,
  via: 'dashboard',
  userId: null,
  granted: [...scopes],
  expiresAt: null,
});
const ctx = (actor: TokenActor) => ({ face: 'rest' as const, user: null, actor });

describe('teamProcedure options', () => {
  it('refuses plans that do not include the feature, naming it, the plan and the plans that do', async () => {
    const err = await call(ctx(token('pro'))).gated({}).catch((e) => e);
    const api = err.cause as ApiError;
    expect(api.code).toBe('plan_restriction');
    expect(api.details).toEqual({ feature: 'analytics', current_plan: 'pro', plans: ['business', 'datarooms'] });
    expect(await call(ctx(token('business'))).gated({})).toBe('ok');
    expect(await call(ctx(token('free'))).plain()).toBe('ok');
  });

  it('checks the scope before the plan', async () => {
    const err = await call(ctx(token('free', new Set()))).gated({}).catch((e) => e);
    expect((err.cause as ApiError).code).toBe('forbidden');
  });

  it('puts the bucket in the meta, default none', () => {
    expect((gated as unknown as { _def: { meta: { bucket?: string; scope: string } } })._def.meta).toMatchObject({ bucket: 'analytics', scope: 'analytics.read' });
    expect((plain as unknown as { _def: { meta: { bucket?: string } } })._def.meta.bucket).toBeUndefined();
  });
});
