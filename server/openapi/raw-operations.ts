// The parts of the document no procedure describes: the raw presigned-upload PUT and the brand and
// room image PUTs (route files outside the router), the Idempotency-Key parameter of every POST,
// and the security requirement of an operation.
import { PRESETS, type Scope } from '../../lib/shared/scopes';
import { ACCEPTED_CONTENT_TYPES } from '../../lib/shared/content-types';
import type { ErrorCode } from '../errors';
import { IDEMPOTENCY_KEY_MAX } from '../services/idempotency';
import { ERROR_RESPONSES, errorExample, rateLimitHeaders, ref } from './errors';
import { sortedKeys, type Obj } from './json';

/** Scopes and presets that grant `scope`, for descriptions. */
export function grantedBy(scope: Scope): string[] {
  return [scope, ...Object.entries(PRESETS).filter(([, s]) => (s as readonly string[]).includes(scope)).map(([p]) => p)];
}

/** Either kind of token, holding `scope` (none: any valid token). */
export const tokenSecurity = (scope: string | undefined) => [{ bearerAuth: scope ? [scope] : [] }, { oauth: scope ? [scope] : [] }];

/** The optional Idempotency-Key of every POST (server/rest/idempotency.ts). */
export function idempotencyParameter(): Obj {
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
export function uploadOperation(): Obj {
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
export function imageOperation(target: 'brand' | 'dataroom', okContent: Obj): Obj {
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


/** GET /datarooms/{id}/index: server/rest/index-route.ts, the bytes of the datarooms.indexFile procedure. */
export function roomIndexOperation(): Obj {
  const scope: Scope = 'datarooms.read';
  const grants = grantedBy(scope).map((g) => `\`${g}\``);
  const responses: Obj = {
    '200': {
      description: 'The index file, as an attachment.',
      headers: rateLimitHeaders(),
      content: {
        'text/csv': { schema: { type: 'string' }, example: 'index,path,name,type,pages,size,updated\r\n1,,Financials,folder,,,2026-11-28T06:00:00.000Z\r\n1.1,Financials,Q3.pdf,pdf,12,48211,2026-11-28T06:00:00.000Z\r\n' },
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
        'application/pdf': { schema: { type: 'string', format: 'binary' } },
      },
    },
  };
  for (const s of [400, 401, 403, 404, 422, 429, 500, 503]) responses[s] = ref('responses', ERROR_RESPONSES[s].name);
  return {
    operationId: 'datarooms-index',
    summary: 'Download the room index (CSV, Excel or PDF)',
    description:
      'The whole tree in the room’s order, one row per folder and document: `index` (the index number, empty when the room has ' +
      '`index_numbers` off), `path` (the folders above it, by name), `name`, `type` (`folder` or the document type), `pages`, `size` ' +
      '(bytes) and `updated`. `format`: `csv` (default), `xlsx` (one sheet, header frozen) or `pdf` (in the room’s brand colour). ' +
      'With `group_id`, only what that group’s visitors see (numbers stay the room’s).\n\n' +
      `Requires the \`${scope}\` scope (granted by ${grants.slice(0, -1).join(', ')} or ${grants[grants.length - 1]}).`,
    tags: ['Data rooms'],
    security: tokenSecurity(scope),
    'x-required-scope': scope,
    parameters: [
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['csv', 'xlsx', 'pdf'], default: 'csv' } },
      { name: 'group_id', in: 'query', required: false, description: 'A viewer group of the room: the index as its visitors see the room.', schema: { type: 'string' } },
    ],
    responses: sortedKeys(responses),
  };
}

/** GET /documents/{id}/versions/{versionId}/download (server/rest/version-download.ts), outside the router. */
export function versionDownloadOperation(): Obj {
  const scope: Scope = 'documents.read';
  const grants = grantedBy(scope).map((g) => `\`${g}\``);
  const responses: Obj = {
    '200': {
      description: 'The file, with its type and a `Content-Disposition: attachment` naming it.',
      headers: { ...rateLimitHeaders(), 'Content-Disposition': { required: true, schema: { type: 'string' }, example: 'attachment; filename="SPA.pdf"; filename*=UTF-8\'\'SPA.pdf' } },
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
  };
  for (const s of [400, 401, 403, 404, 422, 429, 500, 503]) responses[s] = ref('responses', ERROR_RESPONSES[s].name);
  return {
    operationId: 'documents-versions-download',
    summary: 'Download a version’s file',
    description:
      'The version’s original bytes (an Office file as uploaded; a redacted version as its PDF), streamed with the file’s type. ' +
      'Every version of the team’s documents can be downloaded here, including the versions before a redaction (which links never serve again); ' +
      'each download is recorded as a `document.version.downloaded` event.\n\n' +
      `Requires the \`${scope}\` scope (granted by ${grants.slice(0, -1).join(', ')} or ${grants[grants.length - 1]}).`,
    tags: ['Documents'],
    security: tokenSecurity(scope),
    'x-required-scope': scope,
    parameters: [
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'versionId', in: 'path', required: true, schema: { type: 'string' } },
    ],
    responses: sortedKeys(responses),
  };
}
