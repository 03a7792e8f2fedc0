// The /v1 routing table and the call of an operation's procedure. trpc-to-openapi describes the
// operations (the OpenAPI document) and defines how a request becomes a procedure's input; this
// file applies those same rules without the library's per-request work (a fresh caller proxy, a
// node-style request and response, a scan of every route per method).
import {
  coerceSchema,
  getInputOutputParsers,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  unwrapZodType,
} from 'trpc-to-openapi';
import { appRouter } from '../routers';
import { takesEmptyBody } from '../openapi/empty-body';
import type { Context, Meta } from '../trpc';
import type { RateLimitBucket } from '../ratelimit';
import { middlewaresFor, runProcedure, type ProcedureDef } from './run-procedure';

type Procedure = ((opts: {
  ctx: Context;
  path: string;
  type: 'query' | 'mutation';
  getRawInput: () => Promise<unknown>;
  signal: undefined;
  batchIndex: number;
}) => Promise<unknown>) & { _def: ProcedureDef & { meta?: Meta } };

type ZodLike = { _zod: { def: { type: string } }; shape: Record<string, unknown>; unwrap(): unknown };

export type Route = {
  method: string;
  /** The contract's path with named groups for its parameters; paths are matched exactly. */
  pattern: RegExp;
  anyCase: RegExp;
  bucket: RateLimitBucket;
  /** The procedure's dotted path, e.g. `datarooms.documents.list`. */
  path: string;
  procedure: Procedure;
  /** The procedure's middlewares as /v1 runs them (run-procedure.ts). */
  middlewares: ReturnType<typeof middlewaresFor>;
  status: number;
  /** undefined: the operation takes no input (z.void()). */
  input?: { schema: ZodLike; isObject: boolean; arrayKeys: string[] };
  /** A POST whose input fields are all optional: an empty body counts as `{}` (server/openapi/empty-body.ts). */
  emptyBody: boolean;
  coerced: boolean;
};

function describeInput(procedure: Procedure): Route['input'] {
  const { inputParser } = getInputOutputParsers(procedure as never);
  const schema = unwrapZodType(inputParser as never, true) as unknown as ZodLike;
  if (instanceofZodTypeLikeVoid(schema as never)) return undefined;
  const isObject = instanceofZodTypeObject(schema as never);
  const arrayKeys = isObject
    ? Object.entries(schema.shape)
        .filter(([, s]) => {
          const kind = (x: unknown) => (x as ZodLike)._zod.def.type;
          return kind(s) === 'array' || (instanceofZodTypeOptional(s as never) && kind((s as ZodLike).unwrap()) === 'array');
        })
        .map(([k]) => k)
    : [];
  return { schema, isObject, arrayKeys };
}

const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

export const ROUTES: Route[] = [];
for (const [path, proc] of Object.entries(appRouter._def.procedures)) {
  const procedure = proc as unknown as Procedure;
  const meta = procedure._def.meta;
  if (!meta?.openapi || procedure._def.type === ('subscription' as never)) continue;
  const input = describeInput(procedure);
  const re = escape(meta.openapi.path.replace(/^\/|\/$/g, '')).replace(/\{([^}]+?)\}/g, (_, key: string) => `(?<${key}>[^/]+)`);
  ROUTES.push({
    method: meta.openapi.method,
    pattern: new RegExp(`^/${re}/?$`),
    anyCase: new RegExp(`^/${re}/?$`, 'i'),
    bucket: meta.bucket ?? 'default',
    path,
    procedure,
    middlewares: middlewaresFor(procedure._def, path),
    status: meta.status ?? 200,
    input,
    emptyBody: takesEmptyBody(procedure, meta.openapi.method, meta.openapi.path),
    coerced: false,
  });
}

/** The operation a method and path name, with its path parameters as sent (not percent-decoded). */
export function routeFor(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const m = route.pattern.exec(path);
    if (m) return { route, params: m.groups ?? {} };
  }
  return undefined;
}

/** trpc-to-openapi matched paths case-insensitively; the contract's paths are exact. */
export const caseDiffers = (path: string) => !ROUTES.some((r) => r.pattern.test(path)) && ROUTES.some((r) => r.anyCase.test(path));

/**
 * The procedure's raw input, as trpc-to-openapi builds it: the JSON body, or the query string
 * (a key given once is a string, an array key always an array); then the path parameters over
 * either.
 */
export function inputFor(route: Route, params: Record<string, string>, query: Record<string, string[]>, body: unknown): unknown {
  if (!route.input) return undefined;
  let input: Record<string, unknown>;
  if (body !== undefined) input = { ...(body as object), ...params };
  else {
    input = {};
    for (const key of Object.keys(query)) {
      const values = query[key]!;
      input[key] = values.length === 1 ? values[0] : values;
    }
    Object.assign(input, params);
    for (const key of route.input.arrayKeys) {
      if (input[key] !== undefined && !Array.isArray(input[key])) input[key] = [input[key]];
    }
  }
  if (route.input.isObject && !route.coerced) {
    // Query and path values arrive as text: numbers and booleans in the schema accept text.
    coerceSchema(route.input.schema as never);
    route.coerced = true;
  }
  return input;
}

/** Runs the operation's procedure (its middlewares: scope, plan, input parsing) with ctx. */
export function callRoute(route: Route, ctx: Context, input: unknown): Promise<unknown> {
  return runProcedure(route.middlewares, route.procedure._def, route.path, ctx, input);
}
