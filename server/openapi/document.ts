// The OpenAPI 3.1 document of /v1: what trpc-to-openapi generates from the router, then
// post-processed so it describes what the /v1 wrapper (server/rest/handler.ts) really answers:
// the bearer scope of every operation, the error envelope of spec section 7 for every error
// status, 201 for creates, the rate-limit headers on every response, strict request bodies, and
// the raw presigned-upload PUT that lives outside the router.
//
// The output is deterministic (no environment-dependent values, fixed key order), so the
// committed copy in docs/openapi.json can be diffed in review; tests/openapi.unit.test.ts keeps
// the two equal (`npm run openapi:write` rewrites it).
import { generateOpenApiDocument, normalizePath, type OpenAPIObject } from 'trpc-to-openapi';
import { SCOPES } from '../../lib/shared/scopes';
import { appRouter } from '../routers';
import { describeInput, emptyBodyIsObject } from './procedure-input';
import { API_BODY_MAX_BYTES } from '../services/limits';
import type { Meta } from '../trpc';
import { componentHeaders, componentResponses, ERROR_RESPONSES, errorSchemas, rateLimitHeaders, ref } from './errors';
import { REQUEST_EXAMPLES, TAG_DESCRIPTIONS } from './resources';

import { clean, deepFreeze, dropUnusedSchemas, pick, resolveRef, sample, sortedKeys, type Obj } from './json';
import { grantedBy, idempotencyParameter, imageOperation, roomIndexOperation, tokenSecurity, uploadOperation, versionDownloadOperation } from './raw-operations';

export { resolveRef };

export const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** The optional request header of every POST, and the response header of its replays. */
const IDEMPOTENCY_PARAMETER = 'Idempotency-Key';
const REPLAYED_HEADER = 'Idempotent-Replayed';
const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'] as const;
const OPERATION_KEYS = [
  'operationId',
  'summary',
  'description',
  'tags',
  'security',
  'x-required-scope',
  'parameters',
  'requestBody',
  'responses',
  'deprecated',
];


type ProcInfo = { path: string; meta: Meta; inputs: unknown[] };

/** The procedures /v1 exposes, keyed by "METHOD /path" as they appear in the document. */
export function openApiProcedures(): Map<string, ProcInfo> {
  const out = new Map<string, ProcInfo>();
  for (const [path, proc] of Object.entries(appRouter._def.procedures)) {
    const def = (proc as unknown as { _def: { meta?: Meta; inputs?: unknown[] } })._def;
    const openapi = def.meta?.openapi;
    if (!openapi || openapi.enabled === false) continue;
    const p = normalizePath(openapi.path);
    out.set(`${openapi.method} ${p}`, { path, meta: def.meta!, inputs: def.inputs ?? [] });
  }
  return out;
}

/** Whether the operation takes an empty body as `{}` (the routing table's rule, procedure-input.ts). */
function takesEmptyBody(proc: ProcInfo, method: string, path: string): boolean {
  const procedure = (appRouter._def.procedures as Record<string, unknown>)[proc.path];
  return emptyBodyIsObject(method.toUpperCase(), describeInput(procedure as never), path);
}

/** Whether a zod object schema rejects unknown keys (z.strictObject / .strict()). */
export function isStrictZodObject(schema: unknown): boolean {
  const def = (schema as { _zod?: { def?: { type?: string; catchall?: { _zod?: { def?: { type?: string } } } } } })?._zod?.def;
  return def?.type === 'object' && def.catchall?._zod?.def?.type === 'never';
}

/** A value that satisfies a JSON schema, for request examples. */
const PARAM_DESCRIPTIONS: Record<string, string> = {
  limit: 'Page size.',
  cursor: '`next_cursor` of the previous page; omit for the first page.',
};

/** Operations any valid token may call, whatever its scopes (GET /me). */
const SCOPELESS = new Set(['me.get']);

function processOperation(method: string, path: string, op: Obj, proc: ProcInfo, doc: Obj): Obj {
  const scope = proc.meta.scope;
  const scopeless = SCOPELESS.has(proc.path);
  if (!scopeless && (!scope || !(SCOPES as readonly string[]).includes(scope))) {
    throw new Error(`${method} ${path} (${proc.path}) has openapi meta but no scope from SCOPES`);
  }
  const upper = method.toUpperCase();
  const hasBody = BODY_METHODS.has(upper);

  const grants = scope ? grantedBy(scope).map((s) => `\`${s}\``) : [];
  const scopeLine = scope
    ? `Requires the \`${scope}\` scope (granted by ${grants.slice(0, -1).join(', ')} or ${grants[grants.length - 1]}).`
    : 'Any valid token may call this, whatever its scopes.';
  const description = [proc.meta.openapi?.description, scopeLine].filter(Boolean).join('\n\n');

  const parameters = (op.parameters ?? []).map((p: Obj) =>
    pick({ ...p, description: p.description ?? (p.in === 'query' ? PARAM_DESCRIPTIONS[p.name] : undefined) }, [
      'name',
      'in',
      'description',
      'required',
      'schema',
    ]),
  );

  if (upper === 'POST') parameters.push(ref('parameters', IDEMPOTENCY_PARAMETER));

  let requestBody: Obj | undefined;
  if (hasBody) {
    // The wrapper requires a JSON object body on every POST/PUT/PATCH, except a POST whose
    // fields are all optional (server/rest/dispatch.ts, emptyBody): it takes no body as `{}`.
    const media: Obj = op.requestBody?.content?.['application/json'] ?? { schema: { type: 'object', properties: {} } };
    const schema: Obj = media.schema.$ref ? resolveRef(doc, media.schema.$ref) : media.schema;
    // trpc-to-openapi rebuilds refined inputs (superRefine) with a plain z.object and loses
    // strictness; the procedure's own input says whether unknown keys are refused.
    if (proc.inputs.length > 0 && proc.inputs.every(isStrictZodObject)) schema.additionalProperties = false;
    const example = REQUEST_EXAMPLES[op.operationId] ?? sample(media.schema, doc);
    requestBody = { required: !takesEmptyBody(proc, method, path), content: { 'application/json': { schema: media.schema, example } } };
  }

  const successStatus = String(proc.meta.status ?? 200);
  const ok: Obj = op.responses?.['200'] ?? {};
  const responses: Obj = {
    [successStatus]: {
      description: successStatus === '201' ? 'Created' : successStatus === '202' ? 'Accepted: the work continues in the background' : upper === 'DELETE' ? 'Deleted' : 'OK',
      headers: upper === 'POST' ? { ...rateLimitHeaders(), [REPLAYED_HEADER]: ref('headers', REPLAYED_HEADER) } : rateLimitHeaders(),
      content: ok.content,
    },
  };
  const statuses = [400, 401, 403, 404, 422, 429, 500, 503];
  if (upper !== 'GET') statuses.push(409);
  if (hasBody) statuses.push(413);
  for (const s of statuses) responses[s] = ref('responses', ERROR_RESPONSES[s].name);

  return pick(
    {
      operationId: op.operationId,
      summary: op.summary,
      description,
      tags: op.tags,
      security: tokenSecurity(scope),
      'x-required-scope': scope,
      parameters: parameters.length ? parameters : undefined,
      requestBody,
      responses: sortedKeys(responses),
      deprecated: op.deprecated,
    },
    OPERATION_KEYS,
  );
}

const INFO_DESCRIPTION = `The Quire REST API: documents, folders and data rooms of a team.

- **Authentication**: \`Authorization: Bearer <token>\` with a dashboard token (\`quire_live_…\`) or an OAuth access token. Each operation requires one scope (see \`x-required-scope\`); \`apis.read\` grants every \`*.read\` scope and \`apis.all\` every scope.
- **Requests**: JSON bodies (\`Content-Type: application/json\`, at most 4.5 MB). Unknown keys in bodies and query strings are refused with 422.
- **Rate limits**: 60 requests a minute per token (analytics endpoints 20), reported in \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` on every response.
- **Retries**: every \`POST\` takes an optional \`Idempotency-Key\` header; a retry with the same key, path and body answers what the first request answered (\`Idempotent-Replayed: true\`) instead of running again.
- **Pagination**: lists take \`limit\` (1 to 100) and \`cursor\` and answer \`{ data, next_cursor }\`; \`next_cursor\` is null on the last page.
- **Errors**: \`{ error: { code, message, doc_url, details } }\`; the codes are listed at /docs/api/errors.`;

/**
 * Where OAuth discovery is, in the committed document: relative, because the document holds no
 * deployment's URLs. The served document (/v1/openapi.json) names the app host's absolute URL,
 * which is where clients (the CLI) find the issuer.
 */
export const DISCOVERY_URL_PLACEHOLDER = '/.well-known/openid-configuration';

const OAUTH_DESCRIPTION =
  'OAuth 2.1 device authorization grant (RFC 8628) for the CLI and other native tools. Discovery is on the app host ' +
  '(the issuer), never on the API host. The official CLI uses the public client id `quire-cli`; other tools register ' +
  'through the advertised registration endpoint (RFC 7591: `client_name`, `application_type: "native"`, ' +
  '`token_endpoint_auth_method: "none"`, `grant_types: [device_code, refresh_token]`, `redirect_uris: []`). ' +
  'Ask for the API scopes you need (and `offline_access` for a refresh token) at the device authorization endpoint, ' +
  'show the user the `user_code` and `verification_uri_complete`, poll the token endpoint every `interval` (5 s) ' +
  '(`authorization_pending`, `slow_down`, `access_denied`, `expired_token`) until it answers an access token (90 days) ' +
  'and, with `offline_access`, a refresh token that rotates on every use. Send the access token exactly like a dashboard ' +
  'token; `GET /v1/me` tells what it is.';

/** Builds the document afresh (uncached). */
export function createOpenApiDocument(): OpenAPIObject {
  const generated = clean(
    generateOpenApiDocument(appRouter, {
      title: 'Quire API',
      version: '1',
      baseUrl: '/v1',
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    }),
  ) as Obj;
  const procs = openApiProcedures();

  const paths: Obj = {};
  const tagOrder: string[] = [];
  for (const [path, item] of Object.entries(generated.paths ?? {}) as [string, Obj][]) {
    for (const method of Object.keys(item)) {
      const proc = procs.get(`${method.toUpperCase()} ${path}`);
      if (!proc) throw new Error(`generated ${method.toUpperCase()} ${path} has no procedure`);
      const op = processOperation(method, path, item[method], proc, generated);
      (paths[path] ??= {})[method] = op;
      for (const t of op.tags ?? []) if (!tagOrder.includes(t)) tagOrder.push(t);
    }
  }
  paths['/uploads/{uploadId}'] = { put: uploadOperation() };
  paths['/documents/{id}/versions/{versionId}/download'] = { get: versionDownloadOperation() };
  paths['/brands/{id}/images/{slot}'] = { put: imageOperation('brand', paths['/brands/{id}'].get.responses['200'].content) };
  paths['/datarooms/{id}/branding/images/{slot}'] = {
    put: imageOperation('dataroom', paths['/datarooms/{id}/branding'].get.responses['200'].content),
  };
  paths['/datarooms/{id}/index'] = { get: roomIndexOperation() };
  tagOrder.push('Uploads');

  const sortedPaths: Obj = {};
  for (const p of Object.keys(paths).sort()) {
    sortedPaths[p] = Object.fromEntries(METHOD_ORDER.filter((m) => paths[p][m]).map((m) => [m, paths[p][m]]));
  }

  const doc: Obj = {
    openapi: '3.1.0',
    info: { title: 'Quire API', version: '1', description: INFO_DESCRIPTION },
    servers: [{ url: '/v1', description: 'The API host (relative to where this document is served).' }],
    tags: tagOrder.map((name) => (TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name })),
    paths: sortedPaths,
    components: {
      schemas: { ...(generated.components?.schemas ?? {}), ...errorSchemas() },
      responses: componentResponses(),
      parameters: { [IDEMPOTENCY_PARAMETER]: idempotencyParameter() },
      headers: componentHeaders(),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A dashboard API token (`quire_live_` + 40 characters) or an OAuth 2.1 access token. ' +
            'The scheme word is case-insensitive; cookies and query parameters never authenticate.',
        },
        oauth: { type: 'openIdConnect', openIdConnectUrl: DISCOVERY_URL_PLACEHOLDER, description: OAUTH_DESCRIPTION },
      },
    },
  };
  dropUnusedSchemas(doc);
  const components = doc.components as Obj;
  for (const k of Object.keys(components)) components[k] = sortedKeys(components[k]);
  doc.components = sortedKeys(components);
  return clean(doc) as OpenAPIObject;
}

let cached: { doc: OpenAPIObject; json: string } | undefined;

function load() {
  if (!cached) {
    const doc = deepFreeze(createOpenApiDocument());
    cached = { doc, json: JSON.stringify(doc, null, 2) + '\n' };
  }
  return cached;
}

/** The /v1 OpenAPI document, built once per process. Frozen: clone it before mutating. */
export function buildOpenApiDocument(): OpenAPIObject {
  return load().doc;
}

/** The document serialised as committed in docs/openapi.json (2-space indent, final newline). */
export function openApiJson(): string {
  return load().json;
}

const served = new Map<string, string>();

/** The document as /v1/openapi.json serves it: the issuer's discovery URL made absolute. */
export function servedOpenApiJson(appUrl: string): string {
  let json = served.get(appUrl);
  if (!json) {
    const needle = `"openIdConnectUrl": ${JSON.stringify(DISCOVERY_URL_PLACEHOLDER)}`;
    json = openApiJson().replace(needle, `"openIdConnectUrl": ${JSON.stringify(appUrl + DISCOVERY_URL_PLACEHOLDER)}`);
    served.clear();
    served.set(appUrl, json);
  }
  return json;
}
