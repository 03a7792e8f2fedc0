// Maps whatever a request failed with to the spec's envelope (/v1, the dashboard's raw routes).
// Nothing internal (stacks, SQL, library messages) reaches the client; unexpected failures are
// logged here instead. Procedures are called directly (never through tRPC's HTTP adapter), so a
// TRPCError carries an ApiError or the input's ZodError, or is a fault.
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
  if (databaseUnavailable(error)) return DATABASE_UNAVAILABLE;
  console.error('[quire] unexpected error', method, path, error instanceof TRPCError ? (error.cause ?? error) : error);
  return { status: 500, code: 'internal_server_error', message: 'Something went wrong on our side. Please try again.', details: null };
}
