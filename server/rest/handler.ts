// /v1: the tRPC procedures by their OpenAPI routes (dispatch.ts), behind the public contract: auth
// and rate limit first, the 4.5 MB body cap, JSON parsed here (400 on bad JSON; no body is `{}`
// for an action POST whose fields are all optional), 201 on creates,
// the Idempotency-Key of POSTs (idempotency.ts), and every failure rewritten into the spec's envelope.
import { ApiError, invalid } from '../errors';
import { API_BODY_MAX_BYTES } from '../services/limits';
import { bodyIsEmpty, readJson } from '../http/body';
import { callRoute, caseDiffers, inputFor, routeFor } from './dispatch';
import { errorResponse, JsonAnswer, type Answer } from '../http/envelope';
import { mapError } from '../http/errors';
import { gate, publicOrigin } from './gate';
import { idempotencyKeyOf, idempotent, requestFingerprint } from './idempotency';

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

const refusal = (e: ApiError, headers: Record<string, string>) => errorResponse(e.code, e.message, e.details, headers, e.status);

const protoKeyError = (headers: Record<string, string>) => refusal(invalid(null, 'Unrecognized key: "__proto__"'), headers);

const badStringError = (field: string, message: string, headers: Record<string, string>) => refusal(invalid(field, message), headers);

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** `url`: the request's URL when the caller has parsed it already. */
export async function handleV1(req: Request, url = new URL(req.url)): Promise<Answer> {
  const path = url.pathname.replace(/^\/v1/, '') || '/';
  // Looked up once: its bucket decides the rate limit, its existence the query-string check below.
  const match = routeFor(req.method, path);
  const route = match?.route;
  const g = await gate(req, route?.bucket);
  if (g instanceof Response) return g;
  // POSTs may carry an Idempotency-Key (server/rest/idempotency.ts); a malformed one is refused first.
  const key = req.method === 'POST' ? idempotencyKeyOf(req) : null;
  if (key instanceof ApiError) return refusal(key, g.headers);
  if (!safePath(url.pathname) || (!route && caseDiffers(path))) return errorResponse('not_found', 'Not found.', null, g.headers);
  // The query on an object without a prototype: indexing a plain {} by key made "valueOf" or
  // "constructor" throw (500) in trpc-to-openapi's parser, which this replaces.
  const query: Record<string, string[]> = Object.create(null);
  // (url.searchParams is built on first access: most requests have no query string.)
  if (url.search) for (const [key, value] of url.searchParams) {
    const bad = firstBadString(key, key.toWellFormed()) ?? firstBadString(value, key.toWellFormed());
    if (bad) return badStringError(bad.field.replace(/\u0000/g, ''), bad.problem, g.headers);
    if (key === '__proto__') return protoKeyError(g.headers);
    (query[key] ??= []).push(value);
  }

  let body: unknown;
  if (WITH_BODY.has(req.method)) {
    const ct = req.headers.get('content-type') ?? '';
    // An action POST whose fields are all optional takes no body as `{}` (dispatch.ts, emptyBody).
    const emptyIsObject = !!route?.emptyBody;
    if (!/^application\/json\b/i.test(ct) && !(emptyIsObject && !ct && (await bodyIsEmpty(req)))) {
      return errorResponse('bad_request', 'Send the request body as JSON with Content-Type: application/json.', null, g.headers);
    }
    try {
      body = ct ? await readJson(req, API_BODY_MAX_BYTES, { ifEmpty: emptyIsObject ? {} : undefined }) : {};
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw invalid(null, 'The request body must be a JSON object.');
      }
    } catch (e) {
      const m = mapError(e, req.method, path);
      return errorResponse(m.code, m.message, m.details, g.headers, m.status);
    }
    const bad = firstBadString(body);
    if (bad) return badStringError(bad.field.replace(/\u0000/g, '').toWellFormed(), bad.problem, g.headers);
    // JSON.parse keeps "__proto__" as an own key; any later Object.assign of the body would turn
    // it into the object's prototype.
    if (hasProtoKey(body)) return protoKeyError(g.headers);
    // Operations with a body read no query string: refuse it rather than silently ignore it
    // (spec 4: unknown query keys are 422).
    const queryKeys = url.search ? [...new Set(url.searchParams.keys())] : [];
    if (queryKeys.length && route) {
      const message = `Unrecognized key${queryKeys.length > 1 ? 's' : ''}: ${queryKeys.map((k) => `"${k}"`).join(', ')} (this operation takes no query parameters)`;
      return refusal(invalid(null, message), g.headers);
    }
  }

  if (!match) return errorResponse('not_found', `No such endpoint: ${req.method} /v1${path}`, null, g.headers);
  const run = async (): Promise<Answer> => {
    try {
      const ctx = { face: 'rest' as const, user: null, actor: g.actor, origin: publicOrigin(req) };
      const data = await callRoute(match.route, ctx, inputFor(match.route, match.params, query, body));
      return new JsonAnswer(JSON.stringify(data), match.route.status, g.headers);
    } catch (e) {
      const m = mapError(e, req.method, path);
      return errorResponse(m.code, m.message, m.details, g.headers, m.status);
    }
  };
  // A token without the operation's scope is refused by the procedure, never from a stored answer.
  const scope = match.route.procedure._def.meta?.scope;
  if (key === null || (scope && !g.actor.scopes.has(scope))) return run();
  try {
    const fingerprint = requestFingerprint(req.method, url.pathname, body);
    return await idempotent({ teamId: g.actor.teamId, key, fingerprint, headers: g.headers }, run);
  } catch (e) {
    const m = mapError(e, req.method, path);
    return errorResponse(m.code, m.message, m.details, g.headers, m.status);
  }
}
