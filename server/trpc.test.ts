// The procedure builders' options: the scope is checked, and the rate-limit bucket travels in the
// procedure's meta (where the /v1 facade reads it before counting the request).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TokenActor } from './auth/actor';
import { ApiError } from './errors';
import { createCallerFactory, router, teamProcedure } from './trpc';

const gated = teamProcedure('analytics.read', { bucket: 'analytics' })
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
  it('refuses a token without the scope, whatever its plan', async () => {
    const err = await call(ctx(token('datarooms-plus', new Set()))).gated({}).catch((e) => e);
    expect((err.cause as ApiError).code).toBe('forbidden');
    expect(await call(ctx(token('free'))).gated({})).toBe('ok');
  });

  it('puts the bucket in the meta, default none', () => {
    expect((gated as unknown as { _def: { meta: { bucket?: string; scope: string } } })._def.meta).toMatchObject({ bucket: 'analytics', scope: 'analytics.read' });
    expect((plain as unknown as { _def: { meta: { bucket?: string } } })._def.meta.bucket).toBeUndefined();
  });
});
