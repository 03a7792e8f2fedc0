import { initTRPC, TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { middlewaresFor, runProcedure, type ProcedureDef } from './run-procedure';

type Ctx = { face: 'rest'; user: null; actor: null; tag?: string };
const t = initTRPC.context<Ctx>().create();
const base = t.procedure.use(async ({ next }) => {
  const r = await next();
  // Like server/trpc.ts's mapErrors: a failed result is seen, and can be replaced.
  if (!r.ok && r.error.message === 'replace me') return { ...r, error: new TRPCError({ code: 'CONFLICT', message: 'replaced' }) };
  return r;
});
const tagged = base.use(({ next }) => next({ ctx: { tag: 'set by a middleware' } }));

const procs = {
  echo: tagged.input(z.object({ n: z.coerce.number().int(), s: z.string().default('d') })).output(z.object({ n: z.number(), s: z.string(), tag: z.string() })).query(({ input, ctx }) => ({ ...input, tag: ctx.tag! })),
  twoInputs: base.input(z.object({ a: z.string() })).input(z.object({ b: z.string() })).query(({ input }) => input),
  asyncCheck: base.input(z.object({ a: z.string() }).refine(async (v) => v.a !== 'no', 'refused')).query(({ input }) => input.a),
  strips: base.output(z.object({ id: z.string() })).query(() => ({ id: 'x', secret: 's' })),
  reorders: base.output(z.object({ a: z.number(), b: z.number() })).query(() => ({ b: 2, a: 1 })),
  transforms: base.output(z.object({ at: z.string().transform((s) => s.toUpperCase()) })).query(() => ({ at: 'x' })),
  fails: base.query(() => {
    throw new TRPCError({ code: 'CONFLICT', message: 'replace me' });
  }),
  throwsPlain: base.query(() => {
    throw new Error('boom');
  }),
};
const ctx: Ctx = { face: 'rest', user: null, actor: null };

const viaTrpc = (p: (typeof procs)[keyof typeof procs], input: unknown) =>
  (p as unknown as (o: object) => Promise<unknown>)({ ctx, path: 'p', type: 'query', getRawInput: async () => input, signal: undefined, batchIndex: 0 });
const viaRunner = (p: (typeof procs)[keyof typeof procs], input: unknown, verify: boolean) => {
  const def = (p as unknown as { _def: ProcedureDef })._def;
  return runProcedure(middlewaresFor(def, 'p', verify), def, 'p', ctx as never, input);
};
const outcome = (p: Promise<unknown>) =>
  p.then(
    (data) => ({ data }),
    (e: TRPCError) => ({ error: { name: e.name, code: e.code, message: e.message, cause: e.cause?.constructor.name } }),
  );

describe('the /v1 procedure runner', () => {
  it.each([
    ['echo', { n: '7' }],
    ['echo', { n: 'x' }],
    ['twoInputs', { a: '1', b: '2' }],
    ['twoInputs', { a: '1' }],
    ['asyncCheck', { a: 'yes' }],
    ['asyncCheck', { a: 'no' }],
    ['fails', undefined],
    ['throwsPlain', undefined],
  ] as const)('answers %s(%j) as tRPC’s own caller does', async (name, input) => {
    const expected = await outcome(viaTrpc(procs[name], input));
    expect(await outcome(viaRunner(procs[name], input, false))).toEqual(expected);
    expect(await outcome(viaRunner(procs[name], input, true))).toEqual(expected);
  });

  it('in production sends what the resolver built, unparsed', async () => {
    expect(await viaRunner(procs.strips, undefined, false)).toEqual({ id: 'x', secret: 's' });
  });

  it('verifying, refuses an answer its output schema would change, naming the operation', async () => {
    for (const p of [procs.strips, procs.transforms]) {
      const o = await outcome(viaRunner(p, undefined, true));
      expect(o).toMatchObject({ error: { code: 'INTERNAL_SERVER_ERROR' } });
      expect((o as { error: { message: string } }).error.message).toContain('is not what its output schema describes');
    }
  });

  it('verifying, lets key order differ: a client reads the same JSON', async () => {
    expect(await viaRunner(procs.reorders, undefined, true)).toEqual({ b: 2, a: 1 });
  });

  it('verifying, an answer that fails its schema is a 500 as tRPC makes it', async () => {
    const bad = base.output(z.object({ id: z.string() })).query(() => ({ id: 1 }) as never);
    const o = await outcome(viaRunner(bad as never, undefined, true));
    expect(o).toEqual(await outcome(viaTrpc(bad as never, undefined)));
  });
});
