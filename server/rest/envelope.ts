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

export function errorResponse(
  code: ErrorCode,
  message: string,
  details: Record<string, unknown> | null = null,
  headers: Record<string, string> = {},
  status = STATUS[code],
): Response {
  return new Response(JSON.stringify(errorBody(code, message, details)), {
    status,
    headers: { ...BASE_HEADERS, ...headers },
  });
}
