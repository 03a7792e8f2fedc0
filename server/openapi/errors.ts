// The error side of the /v1 OpenAPI document: the envelope of spec section 7 as schemas, one
// component response per error status with an example of each code, and the headers every
// response carries (rate limit, Retry-After, WWW-Authenticate).
import { STATUS, type ErrorCode } from '../errors';
import { API_BODY_MAX_BYTES } from '../services/limits';

type Obj = Record<string, any>;

export const ERROR_CODES = Object.keys(STATUS) as ErrorCode[];

export const ERROR_RESPONSES: Record<number, { name: string; codes: ErrorCode[]; description: string; schema?: string }> = {
  400: {
    name: 'BadRequest',
    codes: ['bad_request'],
    description:
      'Malformed request: the body is not valid JSON, is empty, or is not sent as `Content-Type: application/json`; ' +
      'or the `Idempotency-Key` header is not 1 to 255 printable ASCII characters (`details.header`).',
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
      'The request conflicts with the current state: a name already used, an `upload_id` already consumed, a folder that is not empty; ' +
      'or a request with the same `Idempotency-Key` is still running (`details.header`).',
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
      '`details` is `{ formErrors, fieldErrors }`. Also: the `Idempotency-Key` was already used for another path or body ' +
      "(`details.header`, and `details.fieldErrors['Idempotency-Key']`).",
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
  503: {
    name: 'ServiceUnavailable',
    codes: ['service_unavailable'],
    description: 'The service cannot reach its database for a moment (a restart or failover). Nothing was changed; retry after `Retry-After` seconds.',
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

export const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
export const rateLimitHeaders = () => Object.fromEntries(RATE_LIMIT_HEADERS.map((h) => [h, ref('headers', h)]));

export function errorExample(code: ErrorCode) {
  const [message, details] = EXAMPLE_MESSAGES[code];
  return { error: { code, message, doc_url: `https://app.example.com/docs/api/errors#${code}`, details } };
}

export function errorSchemas(): Obj {
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

export function componentResponses(): Obj {
  const out: Obj = {};
  for (const [status, r] of Object.entries(ERROR_RESPONSES)) {
    const headers: Obj = rateLimitHeaders();
    if (status === '401') {
      headers['WWW-Authenticate'] = ref('headers', 'WWW-Authenticate');
    }
    if (status === '429' || status === '503') headers['Retry-After'] = ref('headers', 'Retry-After');
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

export function componentHeaders(): Obj {
  const int = (description: string, required = false) => ({ description, required, schema: { type: 'integer', minimum: 0 } });
  return {
    'Retry-After': int('Seconds to wait before retrying.', true),
    'Idempotent-Replayed': {
      description: 'On a POST repeated with the same `Idempotency-Key`: the answer is the stored answer of the first request, not a new run.',
      required: false,
      schema: { type: 'string', const: 'true' },
    },
    'WWW-Authenticate': { description: 'Always `Bearer`.', required: true, schema: { type: 'string', const: 'Bearer' } },
    // Every /v1 response carries these, errors included.
    'X-RateLimit-Limit': int('Requests a minute allowed in the current bucket (default 60, analytics 20).', true),
    'X-RateLimit-Remaining': int('Requests left in the current window.', true),
    'X-RateLimit-Reset': int('Unix time in seconds when the window resets.', true),
  };
}
