// /scim/v2/*: one route handler (app/scim/v2/[[...path]]/route.ts) dispatching to the SCIM
// resources after the team's bearer token is checked. Answers are application/scim+json; every
// refusal is in SCIM's error schema.
import { config } from '../config';
import { ApiError } from '../errors';
import { BUSY_RETRY_AFTER_SECONDS, DATABASE_RETRY_AFTER_SECONDS, databaseBusy, databaseUnavailable } from '../db/unavailable';
import { readBody, jsonDepth, MAX_JSON_DEPTH } from '../http/body';
import { appRequestAddress } from '../http/app-address';
import { bearerFrom } from '../auth/tokens';
import { authenticateScimToken } from '../auth/scim-tokens';
import { ScimError, scimErrorResponse, SCIM_CONTENT_TYPE } from '../services/scim/errors';
import { resourceTypes, schemas, serviceProviderConfig } from '../services/scim/discovery';
import { scimActor } from '../services/scim/membership';
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser, type ScimCtx } from '../services/scim/users';
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, replaceGroup } from '../services/scim/groups';
import { enterprisePlans, hasEnterpriseSignIn } from '../auth/enterprise-plan';
import { namedLimiter, rateLimitHeaders, retryAfterSeconds, type RateLimitResult } from '../ratelimit';

const MAX_BODY = 256 * 1024;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': SCIM_CONTENT_TYPE, 'cache-control': 'no-store' } });

async function bodyOf(req: Request): Promise<unknown> {
  let text: string;
  try {
    text = new TextDecoder().decode(await readBody(req, MAX_BODY));
  } catch (e) {
    if (e instanceof ApiError) throw new ScimError(413, e.message);
    throw e;
  }
  if (!text.trim()) throw new ScimError(400, 'The request needs a JSON body.', 'invalidSyntax');
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new ScimError(400, 'The JSON body is nested too deeply.', 'invalidSyntax');
  try {
    return JSON.parse(text);
  } catch {
    throw new ScimError(400, 'The body is not valid JSON.', 'invalidSyntax');
  }
}

const notAllowed = (method: string, path: string) => new ScimError(405, `${method} is not supported on ${path}.`);

async function dispatch(req: Request, segments: string[], ctx: ScimCtx): Promise<Response> {
  const q = new URL(req.url).searchParams;
  const [kind, id, ...more] = segments;
  const m = req.method;
  const where = `/scim/v2/${segments.join('/')}`;
  if (more.length) throw new ScimError(404, `No such endpoint: ${where}`);
  switch (kind) {
    case 'ServiceProviderConfig':
      if (m !== 'GET' || id) throw notAllowed(m, where);
      return json(serviceProviderConfig(ctx.base));
    case 'ResourceTypes': {
      if (m !== 'GET') throw notAllowed(m, where);
      const all = resourceTypes(ctx.base);
      if (!id) return json({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: all.length, startIndex: 1, itemsPerPage: all.length, Resources: all });
      const one = all.find((r) => r.id === id);
      if (!one) throw new ScimError(404, `Resource type ${id} not found.`);
      return json(one);
    }
    case 'Schemas': {
      if (m !== 'GET') throw notAllowed(m, where);
      const all = schemas(ctx.base);
      if (!id) return json({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: all.length, startIndex: 1, itemsPerPage: all.length, Resources: all });
      const one = all.find((s) => s.id === decodeURIComponent(id));
      if (!one) throw new ScimError(404, `Schema ${id} not found.`);
      return json(one);
    }
    case 'Users':
      if (!id) {
        if (m === 'GET') return json(await listUsers(ctx, q));
        if (m === 'POST') return json(await createUser(ctx, await bodyOf(req)), 201);
        throw notAllowed(m, where);
      }
      if (m === 'GET') return json(await getUser(ctx, id));
      if (m === 'PUT') return json(await replaceUser(ctx, id, await bodyOf(req)));
      if (m === 'PATCH') return json(await patchUser(ctx, id, await bodyOf(req)));
      if (m === 'DELETE') {
        await deleteUser(ctx, id);
        return new Response(null, { status: 204 });
      }
      throw notAllowed(m, where);
    case 'Groups':
      if (!id) {
        if (m === 'GET') return json(await listGroups(ctx, q));
        if (m === 'POST') createGroup(await bodyOf(req));
        throw notAllowed(m, where);
      }
      if (m === 'GET') return json(await getGroup(ctx, id, q));
      if (m === 'PUT') return json(await replaceGroup(ctx, id, await bodyOf(req), q));
      if (m === 'PATCH') return json(await patchGroup(ctx, id, await bodyOf(req), q));
      if (m === 'DELETE') deleteGroup(id);
      throw notAllowed(m, where);
    default:
      throw new ScimError(404, `No such endpoint: ${where}`);
  }
}

/** The budget's headers, as on /v1 (spec 8). */
function withLimit(res: Response, rl: RateLimitResult): Response {
  for (const [k, v] of Object.entries(rateLimitHeaders(rl))) res.headers.set(k, v);
  return res;
}

export async function scimRoute(req: Request, params: { path?: string[] }): Promise<Response> {
  try {
    const team = await authenticateScimToken(bearerFrom(req.headers.get('authorization')));
    if (!team) {
      return scimErrorResponse(new ScimError(401, 'A valid SCIM bearer token of the team is required (Settings → Security).'), { 'www-authenticate': 'Bearer realm="scim"' });
    }
    if (!hasEnterpriseSignIn(team.plan)) {
      throw new ScimError(403, `The team's ${team.plan} plan does not include SCIM provisioning; ${enterprisePlans().join(', ')} do.`);
    }
    // One budget per team, as /v1 has per token: an identity provider's sync loop cannot crowd out the app.
    const rl = await namedLimiter('quire:ratelimit:scim', config.scimRequestsPerMinute, 60_000).limit(`team:${team.teamId}`);
    if (!rl.success) {
      const retry = retryAfterSeconds(rl.reset);
      return withLimit(scimErrorResponse(new ScimError(429, `Too many SCIM requests for this team; retry in ${retry} s.`), { 'retry-after': String(retry) }), rl);
    }
    const base = `${config.appUrl}/scim/v2`;
    const ctx: ScimCtx = { actor: scimActor(team.teamId, { ipAddress: appRequestAddress(req), userAgent: req.headers.get('user-agent') }), base };
    return withLimit(await dispatch(req, params.path ?? [], ctx), rl);
  } catch (e) {
    if (e instanceof ScimError) return scimErrorResponse(e);
    // As on /v1: a saturated or unreachable database is the client's to retry (IdPs retry 429 and 503).
    if (databaseBusy(e)) return scimErrorResponse(new ScimError(429, 'Too many concurrent changes right now; retry in a moment.'), { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) });
    if (databaseUnavailable(e)) return scimErrorResponse(new ScimError(503, 'The service cannot reach its database for a moment; retry in a few seconds.'), { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) });
    console.error('[scim]', e);
    return scimErrorResponse(new ScimError(500, 'Internal error.'));
  }
}
