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
import { PRESETS, SCOPES, type Scope } from '../../lib/shared/scopes';
import type { ErrorCode } from '../errors';
import { ACCEPTED_CONTENT_TYPES } from '../../lib/shared/content-types';
import { appRouter } from '../routers';
import { takesEmptyBody } from './empty-body';
import { API_BODY_MAX_BYTES } from '../services/limits';
import type { Meta } from '../trpc';
import { componentHeaders, componentResponses, ERROR_RESPONSES, errorExample, errorSchemas, rateLimitHeaders, ref } from './errors';
import { REQUEST_EXAMPLES, TAG_DESCRIPTIONS } from './resources';
import { IDEMPOTENCY_KEY_MAX } from '../services/idempotency';

type Obj = Record<string, any>;

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


/** Scopes and presets that grant `scope`, for descriptions. */
function grantedBy(scope: Scope): string[] {
  return [scope, ...Object.entries(PRESETS).filter(([, s]) => (s as readonly string[]).includes(scope)).map(([p]) => p)];
}

type ProcInfo = { path: string; meta: Meta; inputs: unknown[]; emptyBody: boolean };

/** The procedures /v1 exposes, keyed by "METHOD /path" as they appear in the document. */
export function openApiProcedures(): Map<string, ProcInfo> {
  const out = new Map<string, ProcInfo>();
  for (const [path, proc] of Object.entries(appRouter._def.procedures)) {
    const def = (proc as unknown as { _def: { meta?: Meta; inputs?: unknown[] } })._def;
    const openapi = def.meta?.openapi;
    if (!openapi || openapi.enabled === false) continue;
    const p = normalizePath(openapi.path);
    out.set(`${openapi.method} ${p}`, { path, meta: def.meta!, inputs: def.inputs ?? [], emptyBody: takesEmptyBody(proc, openapi.method, openapi.path) });
  }
  return out;
}

/** Whether a zod object schema rejects unknown keys (z.strictObject / .strict()). */
export function isStrictZodObject(schema: unknown): boolean {
  const def = (schema as { _zod?: { def?: { type?: string; catchall?: { _zod?: { def?: { type?: string } } } } } })?._zod?.def;
  return def?.type === 'object' && def.catchall?._zod?.def?.type === 'never';
}

/** A value that satisfies a JSON schema, for request examples. */
function sample(schema: Obj | undefined, doc: Obj, name = ''): unknown {
  if (!schema) return null;
  if (schema.$ref) return sample(resolveRef(doc, schema.$ref), doc, name);
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const options: Obj[] | undefined = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0], doc, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uri') return 'https://example.com/files/report.pdf';
      if (schema.format === 'email') return 'viewer@example.com';
      if (/(^|_)id$|Id$/.test(name)) return 'tz4a98xxat96iws9zmbrgj3a';
      return name || 'string';
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [sample(schema.items, doc, name)];
    case 'object': {
      const props: Obj = schema.properties ?? {};
      const req: string[] = schema.required ?? [];
      return Object.fromEntries(req.filter((k) => props[k]).map((k) => [k, sample(props[k], doc, k)]));
    }
    default:
      return null;
  }
}

export function resolveRef(doc: Obj, $ref: string): Obj {
  if (!$ref.startsWith('#/')) throw new Error(`external $ref not supported: ${$ref}`);
  let cur: unknown = doc;
  for (const part of $ref.slice(2).split('/')) {
    cur = (cur as Obj | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (!cur || typeof cur !== 'object') throw new Error(`unresolved $ref ${$ref}`);
  return cur as Obj;
}

function pick(obj: Obj, keys: string[]): Obj {
  const out: Obj = {};
  for (const k of keys) if (obj[k] !== undefined) out[k] = obj[k];
  for (const k of Object.keys(obj).sort()) if (!(k in out) && obj[k] !== undefined) out[k] = obj[k];
  return out;
}

function sortedKeys<T extends Obj>(obj: T, compare?: (a: string, b: string) => number): T {
  return Object.fromEntries(Object.keys(obj).sort(compare).map((k) => [k, obj[k]])) as T;
}

/** Drops undefined values (the library leaves `headers: undefined` and the like). */
function clean<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

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
    requestBody = { required: !proc.emptyBody, content: { 'application/json': { schema: media.schema, example } } };
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

/** The optional Idempotency-Key of every POST (server/rest/idempotency.ts). */
function idempotencyParameter(): Obj {
  return {
    name: 'Idempotency-Key',
    in: 'header',
    description:
      'Makes the POST safe to retry. Send a fresh unique value (a UUID) per request, and the same value on retries of it. ' +
      'The first request with a key runs and its answer (any status but 5xx and 429) is kept for 24 hours for your team; ' +
      'a later request with the same key, path and body gets that answer again with `Idempotent-Replayed: true` and changes nothing. ' +
      'The same key with another path or body is 422, and while the first request is still running 409 (`details.header` names this header). ' +
      'A key is 1 to 255 printable ASCII characters (400 otherwise).',
    required: false,
    schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX, pattern: '^[\\x20-\\x7E]+$' },
    example: '5f0c3a1e-8a43-4a8e-9d3b-2d6a4c1f7e90',
  };
}

/** PUT /uploads/{uploadId}: app/v1/uploads/[uploadId]/route.ts, outside the router. */
function uploadOperation(): Obj {
  const error = (description: string, code: ErrorCode, schema = 'Error') => ({
    description,
    headers: code === 'rate_limit_exceeded' ? { ...rateLimitHeaders(), 'Retry-After': ref('headers', 'Retry-After') } : rateLimitHeaders(),
    content: {
      'application/json': {
        schema: ref('schemas', schema),
        examples: { [code]: { summary: code, value: errorExample(code) } },
      },
    },
  });
  return {
    operationId: 'uploads-put',
    summary: 'Upload the file bytes to a presigned upload URL',
    description:
      'Step 2 of the upload flow. `PUT` the raw file bytes to the `upload_url` returned by `POST /documents/upload-url`, ' +
      'exactly as returned (its `expires` and `sig` query parameters authorise the request; no `Authorization` header), ' +
      'with the headers of `required_headers`: `Content-Type` must be the type declared when the URL was created. ' +
      'A URL accepts one file within 15 minutes. Deployments that store files in Vercel Blob hand out Blob URLs instead, ' +
      'and this endpoint answers 404 there.',
    tags: ['Uploads'],
    security: [],
    parameters: [
      { name: 'uploadId', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'expires', in: 'query', description: 'Expiry of the URL (Unix seconds), part of the signature.', required: true, schema: { type: 'string' } },
      { name: 'sig', in: 'query', description: 'Signature of the URL.', required: true, schema: { type: 'string' } },
    ],
    requestBody: {
      description: 'The file bytes. One of the accepted document types; it must be the type declared at upload-url time.',
      required: true,
      content: Object.fromEntries(
        [...ACCEPTED_CONTENT_TYPES].sort().map((t) => [t, { schema: { type: 'string', format: 'binary' } }]),
      ),
    },
    responses: {
      '200': {
        description: 'The bytes were stored. Continue with `POST /documents` and the `upload_id`.',
        headers: rateLimitHeaders(),
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { upload_id: { type: 'string' }, size: { type: 'integer', minimum: 0, description: 'Bytes received.' } },
              required: ['upload_id', 'size'],
            },
            example: { upload_id: 'tz4a98xxat96iws9zmbrgj3a', size: 482133 },
          },
        },
      },
      '403': error('The signature is invalid or the URL has expired; request a new upload URL.', 'forbidden'),
      '404': error('This deployment uploads straight to blob storage, or the method is not PUT.', 'not_found'),
      '409': error('This URL has already received its file; request a new one.', 'conflict'),
      '413': error('The file is larger than the size declared at upload-url time, or than the upload limit.', 'payload_too_large'),
      '422': error('`Content-Type` differs from the declared type, or the request has no body.', 'unprocessable_entity', 'ValidationError'),
      '429': error('Too many requests from this address; retry after `Retry-After` seconds.', 'rate_limit_exceeded'),
      '500': error('An unexpected failure on our side.', 'internal_server_error'),
      '503': error('The database cannot be reached for a moment; retry after `Retry-After` seconds.', 'service_unavailable'),
    },
  };
}

/** The raw image PUTs (server/rest/image-route.ts), outside the router's generated operations. */
function imageOperation(target: 'brand' | 'dataroom', okContent: Obj): Obj {
  const scope: Scope = target === 'brand' ? 'branding.write' : 'datarooms.write';
  const grants = grantedBy(scope).map((g) => `\`${g}\``);
  const what =
    target === 'brand'
      ? 'Replaces the image in one slot of a brand; the previous image is released.'
      : 'Replaces the image in one slot of the room’s custom branding; the room must be in `custom` mode (409 otherwise) and not frozen (403).';
  const responses: Obj = {
    '200': { description: target === 'brand' ? 'The brand' : 'The room’s branding', headers: rateLimitHeaders(), content: okContent },
  };
  for (const s of [400, 401, 403, 404, 409, 413, 422, 429, 500, 503]) responses[s] = ref('responses', ERROR_RESPONSES[s].name);
  return {
    operationId: target === 'brand' ? 'brands-putImage' : 'datarooms-branding-putImage',
    summary: target === 'brand' ? 'Upload a brand image (raw bytes)' : 'Upload a custom room branding image (raw bytes)',
    description:
      `${what} Send the file itself as the body with \`Content-Type\` \`image/png\`, \`image/jpeg\` or \`image/x-icon\`; ` +
      'it must match the bytes. Slots: `logo` and `banner` (PNG or JPEG, 2 MB and 4 MB), `link_preview_image` (PNG or JPEG, 4 MB), ' +
      '`link_preview_favicon` (PNG or ICO, 1 MB). No SVG, no WebP; an unknown slot is 404.\n\n' +
      `Requires the \`${scope}\` scope (granted by ${grants.slice(0, -1).join(', ')} or ${grants[grants.length - 1]}).`,
    tags: [target === 'brand' ? 'Brands' : 'Data rooms'],
    security: tokenSecurity(scope),
    'x-required-scope': scope,
    parameters: [
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'slot', in: 'path', required: true, schema: { type: 'string', enum: ['logo', 'banner', 'link_preview_image', 'link_preview_favicon'] } },
    ],
    requestBody: {
      description: 'The image file bytes.',
      required: true,
      content: Object.fromEntries(['image/jpeg', 'image/png', 'image/x-icon'].map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
    },
    responses: sortedKeys(responses),
  };
}

const INFO_DESCRIPTION = `The Quire REST API: documents, folders and data rooms of a team.

- **Authentication**: \`Authorization: Bearer <token>\` with a dashboard token (\`quire_live_…\`) or an OAuth access token. Each operation requires one scope (see \`x-required-scope\`); \`apis.read\` grants every \`*.read\` scope and \`apis.all\` every scope.
- **Requests**: JSON bodies (\`Content-Type: application/json\`, at most 4.5 MB). Unknown keys in bodies and query strings are refused with 422.
- **Rate limits**: 60 requests a minute per token (analytics endpoints 20), reported in \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` on every response.
- **Retries**: every \`POST\` takes an optional \`Idempotency-Key\` header; a retry with the same key, path and body answers what the first request answered (\`Idempotent-Replayed: true\`) instead of running again.
- **Pagination**: lists take \`limit\` (1 to 100) and \`cursor\` and answer \`{ data, next_cursor }\`; \`next_cursor\` is null on the last page.
- **Errors**: \`{ error: { code, message, doc_url, details } }\`; the codes are listed at /docs/api/errors.`;

/** Either kind of token, holding `scope` (none: any valid token). */
const tokenSecurity = (scope: string | undefined) => [{ bearerAuth: scope ? [scope] : [] }, { oauth: scope ? [scope] : [] }];

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
  paths['/brands/{id}/images/{slot}'] = { put: imageOperation('brand', paths['/brands/{id}'].get.responses['200'].content) };
  paths['/datarooms/{id}/branding/images/{slot}'] = {
    put: imageOperation('dataroom', paths['/datarooms/{id}/branding'].get.responses['200'].content),
  };
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

function collectRefs(v: unknown, out: Set<string>) {
  if (Array.isArray(v)) for (const x of v) collectRefs(x, out);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && typeof x === 'string') out.add(x);
      else collectRefs(x, out);
    }
  }
}

/** Removes component schemas nothing reachable refers to (the library's own error schemas). */
function dropUnusedSchemas(doc: Obj) {
  const schemas: Obj = doc.components.schemas;
  const prefix = '#/components/schemas/';
  const seen = new Set<string>();
  const queue = new Set<string>();
  collectRefs({ ...doc, components: { ...doc.components, schemas: {} } }, queue);
  while (queue.size) {
    const [r] = queue;
    queue.delete(r);
    if (seen.has(r)) continue;
    seen.add(r);
    if (r.startsWith(prefix)) collectRefs(schemas[r.slice(prefix.length)], queue);
  }
  for (const n of Object.keys(schemas)) if (!seen.has(prefix + n)) delete schemas[n];
}

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
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
