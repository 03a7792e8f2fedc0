// Domain errors carry the spec's error code (section 7); every face maps them the same way.
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'plan_restriction'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unprocessable_entity'
  | 'rate_limit_exceeded'
  | 'internal_server_error'
  | 'service_unavailable';

export const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  plan_restriction: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable_entity: 422,
  rate_limit_exceeded: 429,
  internal_server_error: 500,
  service_unavailable: 503,
};

/** Marks every ApiError, whichever copy of this module made it (see hasInstance below). */
const API_ERROR: unique symbol = Symbol.for('quire.ApiError');

export class ApiError extends Error {
  readonly [API_ERROR] = true;
  /**
   * `instanceof ApiError` holds for an ApiError of another copy of this module: under `next start`
   * the instrumentation's bundle (the queue's jobs) and the routes' bundles each load it, and a
   * worker pool started by one throws its errors (503 busy) into requests of the other. Subclasses
   * keep the usual check.
   */
  static [Symbol.hasInstance](v: unknown): boolean {
    if (this !== ApiError) return Function.prototype[Symbol.hasInstance].call(this, v);
    return typeof v === 'object' && v !== null && (v as { [API_ERROR]?: unknown })[API_ERROR] === true;
  }

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get status() {
    return STATUS[this.code];
  }
}

export const notFound = (what: string) => new ApiError('not_found', `${what} not found`);
export const conflict = (message: string, details: Record<string, unknown> | null = null) =>
  new ApiError('conflict', message, details);
export const forbidden = (message: string) => new ApiError('forbidden', message);

/** A 422 shaped like zod's flattened error, for rules checked outside the input schema. */
export function invalid(field: string | string[] | null, message: string): ApiError {
  const fields = !field ? [] : typeof field === 'string' ? [field] : field;
  return new ApiError('unprocessable_entity', fields.length ? `${fields.join(', ')}: ${message}` : message, {
    formErrors: fields.length ? [] : [message],
    fieldErrors: Object.fromEntries(fields.map((f) => [f, [message]])),
  });
}
