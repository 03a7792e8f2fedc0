// Maps whatever a /v1 request failed with to the spec's envelope. Nothing internal (stacks,
// SQL, library messages) reaches the client; unexpected failures are logged here instead.
import { TRPCError } from '@trpc/server';
import { z, ZodError } from 'zod';
import { ApiError, type ErrorCode } from '../errors';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable } from '../db/unavailable';

export type Mapped = { status: number; code: ErrorCode; message: string; details: Record<string, unknown> | null };

function describeZod(err: ZodError): Mapped {
  const flat = z.flattenError(err);
  const first = err.issues[0];
  const where = first?.path.length ? `${first.path.join('.')}: ` : '';
  return {
    status: 422,
    code: 'unprocessable_entity',
    message: first ? `${where}${first.message}` : 'Invalid request',
    details: { formErrors: flat.formErrors, fieldErrors: flat.fieldErrors },
  };
}

/** The database cannot be reached right now: 503 with Retry-After, which clients (the CLI) retry. */
export const DATABASE_UNAVAILABLE: Mapped = {
  status: 503,
  code: 'service_unavailable',
  message: `The service cannot reach its database for a moment; retry in ${DATABASE_RETRY_AFTER_SECONDS} s.`,
  details: { retry_after_seconds: DATABASE_RETRY_AFTER_SECONDS },
};

export function mapError(error: unknown, method: string, path: string): Mapped {
  const cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof ApiError) return { status: cause.status, code: cause.code, message: cause.message, details: cause.details };
  if (cause instanceof ZodError && error instanceof TRPCError && error.code === 'BAD_REQUEST') return describeZod(cause);
  if (error instanceof TRPCError) {
    switch (error.code) {
      case 'NOT_FOUND':
        return { status: 404, code: 'not_found', message: `No such endpoint: ${method} /v1${path}`, details: null };
      case 'PARSE_ERROR':
        return { status: 400, code: 'bad_request', message: 'The request body is not valid JSON.', details: null };
      case 'UNSUPPORTED_MEDIA_TYPE':
        return { status: 400, code: 'bad_request', message: 'Send the request body as JSON with Content-Type: application/json.', details: null };
      case 'PAYLOAD_TOO_LARGE':
        return { status: 413, code: 'payload_too_large', message: 'The request body is larger than 4.5 MB.', details: null };
    }
  }
  if (databaseUnavailable(error)) return DATABASE_UNAVAILABLE;
  console.error('[v1] unexpected error', method, path, error instanceof TRPCError ? (error.cause ?? error) : error);
  return { status: 500, code: 'internal_server_error', message: 'Something went wrong on our side. Please try again.', details: null };
}
