// How /v1 runs an operation's procedure (issue 24). tRPC's caller walks the procedure's middleware
// list copying the whole options object twice per step with a transpiled spread helper, and parses
// the input and the output asynchronously: a tenth of a cheap read's CPU. This walks the same list
// with the same semantics (ctx merged, input replaced, a thrown error becomes a failed result),
// natively spread, the input parsed synchronously when the schema allows it.
//
// The output: every /v1 answer is built field by field by the resource's serializer, which is what
// the output schema describes (the OpenAPI document). In production the schema is not run per
// request; wherever QUIRE_VERIFY_OUTPUT=1 (every test server) or outside production, it is, and an
// answer the schema would change (a field stripped, renamed, defaulted or transformed) fails with a
// 500 naming the operation, so the suite proves that skipping it changes no answer.
import { getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import { $ZodAsyncError } from 'zod/v4/core';
import type { Context, Meta } from '../trpc';
import { config } from '../config';

type Result = { ok: true; data: unknown; ctx?: unknown; marker?: string } | { ok: false; error: TRPCError; marker?: string };
type Opts = {
  ctx: Context;
  input: unknown;
  meta: Meta | undefined;
  path: string;
  type: 'query' | 'mutation';
  getRawInput: () => Promise<unknown>;
  signal: undefined;
  batchIndex: number;
};
type NextOpts = { ctx?: Record<string, unknown>; input?: unknown; getRawInput?: () => Promise<unknown> };
type Middleware = ((opts: Opts & { next: (o?: NextOpts) => Promise<Result> }) => Promise<Result>) & { _type?: string };
type Schema = { parse(v: unknown): unknown; parseAsync(v: unknown): Promise<unknown> };

export type ProcedureDef = { middlewares: Middleware[]; inputs: unknown[]; output?: unknown; meta?: Meta; type: 'query' | 'mutation' };

const MARKER = 'middlewareMarker';

export const verifyOutput = () => config.verifyOutput;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function parseInput(schemas: Schema[]): Middleware {
  // The parsed value, or its promise for a schema with async checks (zod refuses to parse those
  // synchronously): no promise on the common path.
  const one = (schema: Schema, raw: unknown): unknown => {
    try {
      return schema.parse(raw);
    } catch (e) {
      if (e instanceof $ZodAsyncError) return schema.parseAsync(raw);
      throw e;
    }
  };
  const mw: Middleware = async (opts) => {
    const raw = await opts.getRawInput();
    let input = opts.input;
    for (const schema of schemas) {
      let parsed: unknown;
      try {
        parsed = one(schema, raw);
        if (parsed instanceof Promise) parsed = await parsed;
      } catch (cause) {
        throw new TRPCError({ code: 'BAD_REQUEST', cause });
      }
      input = isObject(input) && isObject(parsed) ? { ...input, ...parsed } : parsed;
    }
    return opts.next({ input });
  };
  mw._type = 'input';
  return mw;
}

/** JSON as a client reads it: keys sorted, so an order the schema changes is no difference. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (!isObject(v) || v instanceof Date) return v;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) sorted[k] = v[k];
    return sorted;
  });
}

function checkOutput(schema: Schema, path: string): Middleware {
  const mw: Middleware = async ({ next }) => {
    const result = await next();
    if (!result.ok) return result;
    let parsed: unknown;
    try {
      parsed = await schema.parseAsync(result.data);
    } catch (cause) {
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Output validation failed', cause });
    }
    const sent = canonical(result.data);
    const described = canonical(parsed);
    if (sent !== described) {
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: `The answer of ${path} is not what its output schema describes:\nsent      ${sent.slice(0, 2000)}\ndescribed ${described.slice(0, 2000)}` });
    }
    return result;
  };
  mw._type = 'output';
  return mw;
}

/** The procedure's middleware list as /v1 runs it. */
export function middlewaresFor(def: ProcedureDef, path: string, verify = verifyOutput()): Middleware[] {
  const out: Middleware[] = [];
  let inputDone = false;
  for (const mw of def.middlewares) {
    if (mw._type === 'input') {
      // tRPC adds one input middleware per .input(); one of ours parses them all, in order.
      if (!inputDone) out.push(parseInput(def.inputs as Schema[]));
      inputDone = true;
    } else if (mw._type === 'output') {
      if (verify && def.output) out.push(checkOutput(def.output as Schema, path));
    } else out.push(mw);
  }
  return out;
}

async function step(mws: Middleware[], i: number, opts: Opts): Promise<Result> {
  try {
    return await mws[i]!({
      ...opts,
      next: (n?: NextOpts) =>
        step(
          mws,
          i + 1,
          n
            ? {
                ...opts,
                ctx: n.ctx ? ({ ...opts.ctx, ...n.ctx } as Context) : opts.ctx,
                input: 'input' in n ? n.input : opts.input,
                getRawInput: n.getRawInput ?? opts.getRawInput,
              }
            : opts,
        ),
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: MARKER };
  }
}

/** Runs the middlewares to the resolver; throws the failure as tRPC's caller does. */
export async function runProcedure(mws: Middleware[], def: ProcedureDef, path: string, ctx: Context, input: unknown): Promise<unknown> {
  const result = await step(mws, 0, { ctx, input: undefined, meta: def.meta, path, type: def.type, getRawInput: async () => input, signal: undefined, batchIndex: 0 });
  if (!result) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'No result from middlewares' });
  if (!result.ok) throw result.error;
  return result.data;
}
