// The error envelope of spec section 7, and the headers every /v1 response carries.
import { config } from '../config';
import { STATUS, type ErrorCode } from '../errors';

export function docsUrl(): string {
  return `${config.docsUrl}/docs/api/errors`;
}

export function errorBody(code: ErrorCode, message: string, details: Record<string, unknown> | null = null) {
  return { error: { code, message, doc_url: `${docsUrl()}#${code}`, details } };
}

export const BASE_HEADERS: Record<string, string> = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * The body, status and headers of the JSON answers built here, kept beside the Response so the
 * node:http face writes them directly instead of reading the Response's body stream back.
 */
const plainAnswers = new WeakMap<Response, { status: number; body: string; headers: Record<string, string> }>();

export function jsonResponse(body: string, status: number, headers: Record<string, string>): Response {
  const all = { ...BASE_HEADERS, ...headers };
  const r = new Response(body, { status, headers: all });
  plainAnswers.set(r, { status, body, headers: all });
  return r;
}

export const plainAnswer = (r: Response) => plainAnswers.get(r);

/**
 * A JSON answer not made a Response yet: the node:http face (npm start) writes it as it is,
 * which saves building a Response on every successful request; Next's route file gets
 * `toResponse()` of it.
 */
export class JsonAnswer {
  /** `headers`: what the answer adds to (or overrides of) BASE_HEADERS. */
  constructor(
    readonly body: string,
    readonly status: number,
    readonly headers: Record<string, string>,
  ) {}
}

export type Answer = Response | JsonAnswer;

export const toResponse = (a: Answer): Response => (a instanceof JsonAnswer ? jsonResponse(a.body, a.status, a.headers) : a);

export function errorResponse(
  code: ErrorCode,
  message: string,
  details: Record<string, unknown> | null = null,
  headers: Record<string, string> = {},
  status = STATUS[code],
): Response {
  const retry = details?.retry_after_seconds;
  // Refusals that say when to come back say it in the header too (429s get it from the limiter).
  if ((status === 429 || status === 503) && typeof retry === 'number' && !('Retry-After' in headers)) headers = { ...headers, 'Retry-After': String(retry) };
  return jsonResponse(JSON.stringify(errorBody(code, message, details)), status, headers);
}
