// Reading the error shape our tRPC errorFormatter produces (data.apiError, data.fieldErrors).
import { TRPCClientError } from '@trpc/client';

type ErrorData = {
  httpStatus?: number;
  apiError?: { code: string; details: Record<string, unknown> | null } | null;
  fieldErrors?: Record<string, string[] | undefined> | null;
};

const dataOf = (err: unknown): ErrorData | null =>
  err instanceof TRPCClientError ? ((err.data as ErrorData | undefined) ?? null) : null;

/** A sentence to show the user. */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!err) return fallback;
  const data = dataOf(err);
  const fields = data?.fieldErrors ?? (data?.apiError?.details?.fieldErrors as ErrorData['fieldErrors']) ?? null;
  if (fields) {
    const first = Object.values(fields).find((v) => v && v.length)?.[0];
    if (first) return first;
  }
  if (err instanceof TRPCClientError) {
    if (err.message === 'Failed to fetch') return 'Could not reach Quire. Check your connection and try again.';
    // Raw zod issue lists are not sentences; fall back rather than show them.
    if (err.message && !err.message.trim().startsWith('[')) return err.message;
  }
  return fallback;
}

export function isNotFound(err: unknown): boolean {
  const d = dataOf(err);
  return d?.httpStatus === 404 || d?.apiError?.code === 'not_found';
}

export function fieldError(err: unknown, field: string): string | undefined {
  const d = dataOf(err);
  const fields = d?.fieldErrors ?? (d?.apiError?.details?.fieldErrors as ErrorData['fieldErrors']) ?? null;
  return fields?.[field]?.[0];
}

/**
 * Every field the error names, with its first message: zod's fieldErrors, an ApiError's
 * details.fieldErrors, and the fields a 403 plan_restriction names (details.fields).
 */
export function fieldErrors(err: unknown): Record<string, string> {
  const d = dataOf(err);
  if (!d) return {};
  const out: Record<string, string> = {};
  const fields = d.fieldErrors ?? (d.apiError?.details?.fieldErrors as ErrorData['fieldErrors']) ?? null;
  for (const [k, v] of Object.entries(fields ?? {})) if (v?.[0]) out[k] = v[0];
  const named = d.apiError?.details?.fields;
  if (Array.isArray(named) && err instanceof TRPCClientError) for (const k of named) if (typeof k === 'string' && !out[k]) out[k] = err.message;
  const one = d.apiError?.details?.field;
  if (typeof one === 'string' && !out[one] && err instanceof TRPCClientError) out[one] = err.message;
  return out;
}

/** A validation fragment ("must be in the future") as a sentence to show under a field. */
export const sentence = (s: string) => {
  const t = s.trim();
  if (!t) return t;
  const c = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?)]$/.test(c) ? c : `${c}.`;
};
