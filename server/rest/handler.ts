// /v1: the tRPC procedures through trpc-to-openapi, behind the public contract: auth and rate
// limit first, the 4.5 MB body cap, JSON parsed here (400 on bad JSON), 201 on creates, and every
// failure rewritten into the spec's envelope.
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { ApiError } from '../errors';
import { appRouter } from '../routers';
import type { Context, Meta } from '../trpc';
import { readJson } from './body';
import { errorResponse, JsonAnswer, type Answer } from './envelope';
import { mapError } from './errors';
import { gate, publicOrigin } from './gate';
import type { RateLimitBucket } from '../ratelimit';

type State = { ctx: Context; error?: unknown };
const states = new WeakMap<object, State>();

const metaByPath = new Map<string, Meta>();
/** Method and path pattern of every /v1 operation, to tell an unknown route from a bad request. */
const routes: { method: string; pattern: RegExp; anyCase: RegExp; bucket: RateLimitBucket }[] = [];
for (const [path, proc] of Object.entries(appRouter._def.procedures)) {
  const meta = (proc as unknown as { _def: { meta?: Meta } })._def.meta ?? {};
  metaByPath.set(path, meta);
  if (meta.openapi) {
    const re = meta.openapi.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
    routes.push({
      method: meta.openapi.method,
      pattern: new RegExp(`^${re}/?$`),
      anyCase: new RegExp(`^${re}/?$`, 'i'),
      bucket: meta.bucket ?? 'default',
    });
  }
}
const routeFor = (method: string, path: string) => routes.find((r) => r.method === method && r.pattern.test(path));
/** trpc-to-openapi matches paths case-insensitively; the contract's paths are exact. */
const caseDiffers = (path: string) => !routes.some((r) => r.pattern.test(path)) && routes.some((r) => r.anyCase.test(path));

/**
 * The first field holding a string PostgreSQL or UTF-8 cannot store as sent: NUL (text cannot
 * hold it) or a lone UTF-16 surrogate (it would silently become U+FFFD). Depth is bounded by
 * readJson, so the recursion is too.
 */
function firstBadString(value: unknown, field: string | null = null): { field: string; problem: string } | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { field: field ?? '', problem: 'must not contain NUL characters' };
    if (!value.isWellFormed()) return { field: field ?? '', problem: 'must not contain unpaired UTF-16 surrogates' };
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const hit = firstBadString(k, field ?? k) ?? firstBadString(v, field ?? k);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** A path whose escapes do not decode to well-formed text (or hold NUL) names no resource. */
function safePath(pathname: string): boolean {
  if (!pathname.includes('%')) return true;
  if (pathname.includes('%00')) return false;
  try {
    return decodeURIComponent(pathname).isWellFormed();
  } catch {
    return false;
  }
}

function hasProtoKey(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  if (Object.prototype.hasOwnProperty.call(value, '__proto__')) return true;
  return Object.values(value).some(hasProtoKey);
}

function protoKeyError(headers: Record<string, string>) {
  const message = 'Unrecognized key: "__proto__"';
  return errorResponse('unprocessable_entity', message, { formErrors: [message], fieldErrors: {} }, headers);
}

function badStringError(field: string, message: string, headers: Record<string, string>) {
  return errorResponse(
    'unprocessable_entity',
    field ? `${field}: ${message}` : message,
    { formErrors: field ? [] : [message], fieldErrors: field ? { [field]: [message] } : {} },
    headers,
  );
}

// Built once: the library's fetch adapter would rebuild its route table on every request.
const nodeHandler = createOpenApiNodeHttpHandler({
  router: appRouter,
  createContext: ({ req }: { req: object }) => states.get(req)!.ctx,
  onError: ({ error, req }: { error: unknown; req: object }) => {
    const st = states.get(req);
    if (st) st.error = error;
  },
  responseMeta: ({ paths, errors }: { paths?: string[]; errors: unknown[] }) => {
    const meta = paths?.[0] ? metaByPath.get(paths[0]) : undefined;
    return errors.length === 0 && meta?.status ? { status: meta.status } : {};
  },
} as never) as unknown as (req: unknown, res: unknown) => Promise<void>;

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

export async function handleV1(req: Request): Promise<Answer> {
  const url = new URL(req.url);
  const path = url.pathname.replace(/^\/v1/, '') || '/';
  // Looked up once: its bucket decides the rate limit, its existence the query-string check below.
  const route = routeFor(req.method, path);
  const g = await gate(req, route?.bucket);
  if (g instanceof Response) return g;
  if (!safePath(url.pathname) || (!route && caseDiffers(path))) return errorResponse('not_found', 'Not found.', null, g.headers);
  // The query as trpc-to-openapi would parse it, but on an object without a prototype: its own
  // parser indexes a plain {} by key, so "valueOf" or "constructor" threw inside it (500).
  const query: Record<string, string[]> = Object.create(null);
  for (const [key, value] of url.searchParams) {
    const bad = firstBadString(key, key.toWellFormed()) ?? firstBadString(value, key.toWellFormed());
    if (bad) return badStringError(bad.field.replace(/\u0000/g, ''), bad.problem, g.headers);
    if (key === '__proto__') return protoKeyError(g.headers);
    (query[key] ??= []).push(value);
  }

  let body: unknown;
  if (WITH_BODY.has(req.method)) {
    const ct = req.headers.get('content-type') ?? '';
    if (!/^application\/json\b/i.test(ct)) {
      return errorResponse('bad_request', 'Send the request body as JSON with Content-Type: application/json.', null, g.headers);
    }
    try {
      body = await readJson(req);
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw new ApiError('unprocessable_entity', 'The request body must be a JSON object.', { formErrors: ['The request body must be a JSON object.'], fieldErrors: {} });
      }
    } catch (e) {
      const m = mapError(e, req.method, path);
      return errorResponse(m.code, m.message, m.details, g.headers, m.status);
    }
    const bad = firstBadString(body);
    if (bad) return badStringError(bad.field.replace(/\u0000/g, '').toWellFormed(), bad.problem, g.headers);
    // JSON.parse keeps "__proto__" as an own key; any later Object.assign (trpc-to-openapi's
    // CommonJS build merges the body that way) would turn it into the object's prototype.
    if (hasProtoKey(body)) return protoKeyError(g.headers);
    // trpc-to-openapi reads no query string for operations with a body: refuse it rather than
    // silently ignore it (spec 4: unknown query keys are 422).
    const queryKeys = [...new Set(url.searchParams.keys())];
    if (queryKeys.length && route) {
      const message = `Unrecognized key${queryKeys.length > 1 ? 's' : ''}: ${queryKeys.map((k) => `"${k}"`).join(', ')} (this operation takes no query parameters)`;
      return errorResponse('unprocessable_entity', message, { formErrors: [message], fieldErrors: {} }, g.headers);
    }
  }

  const inner = new URL(path + url.search, url.origin).toString();
  const proxied = new Proxy(req, {
    get(target, prop) {
      if (prop === 'url') return inner;
      if (prop === 'body') return body;
      if (prop === 'query') return query;
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  const state: State = { ctx: { face: 'rest', user: null, actor: g.actor, origin: publicOrigin(req) } };
  states.set(proxied, state);

  const res = await new Promise<{ status: number; body: string }>((resolve) => {
    let status = 200;
    nodeHandler(proxied, {
      setHeader() {},
      get statusCode() {
        return status;
      },
      set statusCode(s: number) {
        status = s;
      },
      end(b: string) {
        resolve({ status, body: b });
      },
    }).catch((e) => {
      state.error = e;
      resolve({ status: 500, body: '' });
    });
  });

  if (res.status >= 400) {
    const m = mapError(state.error ?? new ApiError('internal_server_error', 'unknown'), req.method, path);
    return errorResponse(m.code, m.message, m.details, g.headers, m.status);
  }
  return new JsonAnswer(res.body, res.status, g.headers);
}
