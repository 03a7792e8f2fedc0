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
import { PRESETS, SCOPES, type Scope } from '../auth/scopes';
import { STATUS, type ErrorCode } from '../errors';
import { ACCEPTED_CONTENT_TYPES } from '../files/content-types';
import { appRouter } from '../routers';
import { API_BODY_MAX_BYTES } from '../services/limits';
import type { Meta } from '../trpc';

type Obj = Record<string, any>;

export const ERROR_CODES = Object.keys(STATUS) as ErrorCode[];
export const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
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

const TAG_DESCRIPTIONS: Record<string, string> = {
  Authentication:
    'Both kinds of token (dashboard tokens and OAuth device-login tokens) are sent as `Authorization: Bearer`; ' +
    '`GET /me` tells what the presented one is.',
  Documents:
    'Documents of the team library and their versions. Files arrive in three steps: ' +
    '`POST /documents/upload-url`, a `PUT` of the bytes to the returned `upload_url`, then ' +
    '`POST /documents` with the `upload_id`.',
  Folders: 'Team-library folders. `path` is derived from the names of the folder and its ancestors.',
  Links:
    'Share links to one document or one data room. A link never echoes its password (`is_password_protected`); ' +
    '`preset_id` seeds every preset-controlled setting, and explicit fields (null included) override it.',
  Visitors: 'People who gave an email to a link, or were added to a viewer group; unique per team and lower-cased email.',
  Brands:
    'Named sets of what viewers see (colour, logo, banner, texts, link preview, data room layout, language). ' +
    'Exactly one brand of a team is its default. Images are set by `{ source_url }` in a body, or as raw bytes with ' +
    '`PUT /brands/{id}/images/{slot}`; fields outside the team’s plan answer 403 `plan_restriction`.',
  Uploads:
    'The presigned upload URL handed out by `POST /documents/upload-url` (local blob storage). ' +
    'It is authorised by its signature, not by a bearer token.',
};

/** Request body examples by operationId; tests check each one against the procedure's input. */
export const REQUEST_EXAMPLES: Record<string, Obj> = {
  'documents-create': { name: 'Q3 board deck', folder_id: 'pfh0haxfpzowht3oi213cqos', upload_id: 'tz4a98xxat96iws9zmbrgj3a' },
  'documents-update': { name: 'Q3 board deck (final)', folder_id: null },
  'documents-uploadUrl': { content_type: 'application/pdf', file_name: 'q3-board-deck.pdf', size: 482133 },
  'documents-versions-create': { upload_id: 'nc6bzmkmd014706rfda898to' },
  'documents-versions-update': { is_primary: true },
  'folders-create': { name: 'Board meetings', parent_id: null },
  'folders-update': { name: 'Board meetings 2026', icon: 'calendar', color: '#4f46e5' },
  'folders-move': { parent_id: 'pfh0haxfpzowht3oi213cqos' },
  'datarooms-create': { name: 'Project Falcon', internal_name: 'Falcon — Series B', allow_bulk_download: false, default_permission: 'inherit' },
  'datarooms-update': { description: 'Due diligence for the Series B.', is_frozen: true },
  'datarooms-documents-attach': { document_id: 'kk2rq86em6n1ipl73scqsqd8', folder_id: null },
  'datarooms-documents-move': { folder_id: 'q0c5e8sdn3wq0x1m7cx3v2hr', order_index: 0 },
  'datarooms-folders-create': { name: 'Financials', parent_id: null },
  'datarooms-folders-update': { name: 'Financials 2026', icon: 'chart', color: '#059669' },
  'datarooms-folders-move': { parent_id: null },
  'datarooms-groups-create': { name: 'Investors', domains: ['fund.example'], allow_all: false },
  'datarooms-groups-update': { allow_all: true },
  'datarooms-groups-members-add': { emails: ['ada@fund.example', 'grace@fund.example'] },
  'datarooms-groups-permissions-set': { permissions: [{ item_id: 'q0c5e8sdn3wq0x1m7cx3v2hr', can_view: true, can_download: false }] },
  'datarooms-branding-update': { mode: 'team_brand', brand_id: 'b7x0m3ksl1q2w9e8r7t6y5u4' },
  'brands-create': {
    name: 'Acme Capital',
    brand_color: '#0f766e',
    logo: { source_url: 'https://acme.example/logo.png' },
    welcome_message: 'Welcome to the Acme Capital data room.',
  },
  'brands-update': { brand_color: '#1d4ed8', banner: { hidden: true }, is_default: true },
  'links-create': {
    dataroom_id: 'dr_k3j9x0m2q8w7e6r5t4y3u2i1',
    name: 'Series B investors',
    password: 'correct horse',
    expires_at: '2027-03-31T23:59:59Z',
    email_protected: true,
    allow_download: false,
    watermark_config: { text: 'Confidential {{email}} {{date}}', is_tiled: true },
    custom_fields: [{ type: 'text', label: 'Company', required: true }],
  },
  'links-update': { expires_at: null, allow_download: true, welcome_message: 'Welcome back.' },
  'linkPresets-create': { name: 'Investor default', email_protected: true, expires_in: 1209600, watermark_config: { text: '{{email}}' } },
  'linkPresets-update': { password: null, allow_download: true },
};

const ERROR_RESPONSES: Record<number, { name: string; codes: ErrorCode[]; description: string; schema?: string }> = {
  400: {
    name: 'BadRequest',
    codes: ['bad_request'],
    description:
      'Malformed request: the body is not valid JSON, is empty, or is not sent as `Content-Type: application/json`.',
  },
  401: {
    name: 'Unauthorized',
    codes: ['unauthorized'],
    description: 'No `Authorization: Bearer <token>` header, a malformed one, or an unknown or revoked token.',
  },
  403: {
    name: 'Forbidden',
    codes: ['forbidden', 'plan_restriction'],
    description:
      "`forbidden`: the token lacks the operation's scope (`details.required_scope`) or the action is not allowed. " +
      '`plan_restriction`: the team\'s plan does not include the feature (`details.feature`, `details.fields`, `details.current_plan`).',
  },
  404: {
    name: 'NotFound',
    codes: ['not_found'],
    description: 'No such resource in the team of the token (resources of other teams are reported as not found), or no such endpoint.',
  },
  409: {
    name: 'Conflict',
    codes: ['conflict'],
    description:
      'The request conflicts with the current state: a name already used, an `upload_id` already consumed, a folder that is not empty.',
  },
  413: {
    name: 'PayloadTooLarge',
    codes: ['payload_too_large'],
    description: `The request body is larger than ${API_BODY_MAX_BYTES / 1024 / 1024} MB.`,
  },
  422: {
    name: 'UnprocessableEntity',
    codes: ['unprocessable_entity'],
    description:
      'Validation failed: an unknown body or query key (named in `details.formErrors[0]`), a wrong type, a value out of range. ' +
      '`details` is `{ formErrors, fieldErrors }`.',
    schema: 'ValidationError',
  },
  429: {
    name: 'TooManyRequests',
    codes: ['rate_limit_exceeded'],
    description:
      'The rate limit of the token is used up (60 requests a minute; analytics endpoints 20). Retry after `Retry-After` seconds.',
  },
  500: {
    name: 'InternalServerError',
    codes: ['internal_server_error'],
    description: 'An unexpected failure on our side. The message is generic; retry, and contact support if it persists.',
  },
};

const EXAMPLE_MESSAGES: Record<ErrorCode, [string, Obj | null]> = {
  bad_request: ['The request body is not valid JSON.', null],
  unauthorized: ['Missing Authorization header: send "Authorization: Bearer <token>".', null],
  forbidden: ['This token lacks the "documents.write" scope required by this operation.', { required_scope: 'documents.write' }],
  plan_restriction: [
    'Your plan does not include this feature.',
    { feature: 'brands', fields: [], current_plan: 'free' },
  ],
  not_found: ['Document not found', null],
  conflict: ['This upload_id has already been used; request a new upload URL.', null],
  payload_too_large: ['The request body is larger than the 4.5 MB limit.', null],
  unprocessable_entity: [
    'Unrecognized key: "folder_path"',
    { formErrors: ['Unrecognized key: "folder_path"'], fieldErrors: {} },
  ],
  rate_limit_exceeded: ['Rate limit of 60 requests a minute exceeded; retry in 12 s.', { limit: 60, retry_after_seconds: 12 }],
  internal_server_error: ['Something went wrong on our side. Please try again.', null],
  service_unavailable: ['The service is briefly unavailable; retry in 2 s.', { retry_after_seconds: 2 }],
};

const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const rateLimitHeaders = () => Object.fromEntries(RATE_LIMIT_HEADERS.map((h) => [h, ref('headers', h)]));

function errorExample(code: ErrorCode) {
  const [message, details] = EXAMPLE_MESSAGES[code];
  return { error: { code, message, doc_url: `https://app.example.com/docs/api/errors#${code}`, details } };
}

function errorSchemas(): Obj {
  const envelope = (code: Obj, details: Obj) => ({
    type: 'object',
    properties: {
      error: {
        type: 'object',
        properties: {
          code,
          message: { type: 'string', description: 'Human-readable explanation, safe to show to a developer.' },
          doc_url: {
            type: 'string',
            format: 'uri',
            description: 'Link to the section of the errors page for this code (`/docs/api/errors#<code>`).',
          },
          details,
        },
        required: ['code', 'message', 'doc_url', 'details'],
      },
    },
    required: ['error'],
  });
  return {
    Error: {
      ...envelope(
        { type: 'string', enum: ERROR_CODES, description: 'Stable, machine-readable error code.' },
        {
          type: ['object', 'null'],
          description: 'Extra structured information; its shape depends on the code (see the errors page).',
          additionalProperties: true,
        },
      ),
      description: 'The error envelope of every non-2xx response.',
    },
    ValidationError: {
      ...envelope(
        { type: 'string', const: 'unprocessable_entity' },
        {
          type: 'object',
          description: "zod's flattened error.",
          properties: {
            formErrors: {
              type: 'array',
              items: { type: 'string' },
              description: 'Errors of the request as a whole, such as unknown keys.',
            },
            fieldErrors: {
              type: 'object',
              additionalProperties: { type: 'array', items: { type: 'string' } },
              description: 'Errors by field name.',
            },
          },
          required: ['formErrors', 'fieldErrors'],
        },
      ),
      description: 'The error envelope of a 422 validation failure.',
    },
  };
}

function componentResponses(): Obj {
  const out: Obj = {};
  for (const [status, r] of Object.entries(ERROR_RESPONSES)) {
    const headers: Obj = rateLimitHeaders();
    if (status === '401') {
      headers['WWW-Authenticate'] = ref('headers', 'WWW-Authenticate');
    }
    if (status === '429') headers['Retry-After'] = ref('headers', 'Retry-After');
    out[r.name] = {
      description: r.description,
      headers,
      content: {
        'application/json': {
          schema: ref('schemas', r.schema ?? 'Error'),
          examples: Object.fromEntries(r.codes.map((c) => [c, { summary: c, value: errorExample(c) }])),
        },
      },
    };
  }
  return out;
}

function componentHeaders(): Obj {
  const int = (description: string, required = false) => ({ description, required, schema: { type: 'integer', minimum: 0 } });
  return {
    'Retry-After': int('Seconds to wait before retrying.', true),
    'WWW-Authenticate': { description: 'Always `Bearer`.', required: true, schema: { type: 'string', const: 'Bearer' } },
    // Every /v1 response carries these, errors included.
    'X-RateLimit-Limit': int('Requests a minute allowed in the current bucket (default 60, analytics 20).', true),
    'X-RateLimit-Remaining': int('Requests left in the current window.', true),
    'X-RateLimit-Reset': int('Unix time in seconds when the window resets.', true),
  };
}

/** Scopes and presets that grant `scope`, for descriptions. */
function grantedBy(scope: Scope): string[] {
  return [scope, ...Object.entries(PRESETS).filter(([, s]) => (s as readonly string[]).includes(scope)).map(([p]) => p)];
}

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

  let requestBody: Obj | undefined;
  if (hasBody) {
    // The wrapper requires a JSON object body on every POST/PUT/PATCH, even when all inputs are
    // path parameters.
    const media: Obj = op.requestBody?.content?.['application/json'] ?? { schema: { type: 'object', properties: {} } };
    const schema: Obj = media.schema.$ref ? resolveRef(doc, media.schema.$ref) : media.schema;
    // trpc-to-openapi rebuilds refined inputs (superRefine) with a plain z.object and loses
    // strictness; the procedure's own input says whether unknown keys are refused.
    if (proc.inputs.length > 0 && proc.inputs.every(isStrictZodObject)) schema.additionalProperties = false;
    const example = REQUEST_EXAMPLES[op.operationId] ?? sample(media.schema, doc);
    requestBody = { required: true, content: { 'application/json': { schema: media.schema, example } } };
  }

  const successStatus = String(proc.meta.status ?? 200);
  const ok: Obj = op.responses?.['200'] ?? {};
  const responses: Obj = {
    [successStatus]: {
      description: successStatus === '201' ? 'Created' : upper === 'DELETE' ? 'Deleted' : 'OK',
      headers: rateLimitHeaders(),
      content: ok.content,
    },
  };
  const statuses = [400, 401, 403, 404, 422, 429, 500];
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
  for (const s of [400, 401, 403, 404, 409, 413, 422, 429, 500]) responses[s] = ref('responses', ERROR_RESPONSES[s].name);
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
