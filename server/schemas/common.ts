// Building blocks for input and output schemas.
//
// trpc-to-openapi coerces every number and boolean field of an input object in place (bodies
// included), which would turn a JSON "false" into true for both faces. Body fields therefore use
// jsonInt/jsonBool: a pipe is not unwrapped by its coercion, so the JSON type is enforced.
// Query fields coerce explicitly (z.coerce, string enums for booleans).
import { z } from 'zod';
import { invalid } from '../errors';

export const jsonInt = (min = 0, max = Number.MAX_SAFE_INTEGER) => z.int().min(min).max(max).pipe(z.int());
export const jsonBool = () => z.boolean().pipe(z.boolean());
/** A JSON number (not coerced from a string), e.g. a fraction of a page. */
export const jsonNumber = (min: number, max: number) => z.number().min(min).max(max).pipe(z.number());

export const id = (what = 'id') => z.string().min(1, `${what} must not be empty`).max(128);

/**
 * `limit`, 1..100: a number from the dashboard's client, decimal digits in a /v1 query string
 * (where Number() alone would also take "0x10", "1e1" or " 5").
 */
export const limitQuery = (def: number) =>
  z
    .custom<number | string>((v) => typeof v === 'number' || (typeof v === 'string' && /^[0-9]{1,6}$/.test(v)), {
      message: 'must be a whole number from 1 to 100',
    })
    .meta({ override: { type: 'integer' } })
    .transform(Number)
    .pipe(z.int().min(1).max(100))
    .default(def)
    // Documented as what it is to a client: an integer.
    .meta({
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        for (const k of Object.keys(jsonSchema)) delete jsonSchema[k];
        Object.assign(jsonSchema, { type: 'integer', minimum: 1, maximum: 100, default: def });
      },
    });
export const cursorQuery = z.string().min(1).max(200).optional();

export const iso = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString());

/**
 * tRPC validates with `parseAsync`, and zod 4 only uses its compiled object parser (the JIT
 * fast path) for synchronous parses: a page of 25 rows cost ~60 KB of garbage and a tenth of a
 * list request's CPU (docs/benchmarks.md). This schema answers `parseAsync` with a synchronous
 * parse, and falls back to the asynchronous one when a part of it is asynchronous.
 */
export function syncParsed<T extends z.ZodType>(schema: T): T {
  const parseAsync = schema.parseAsync.bind(schema);
  schema.parseAsync = async (data, params) => {
    try {
      return schema.parse(data, params) as z.output<T>;
    } catch (e) {
      if (e instanceof z.core.$ZodAsyncError) return parseAsync(data, params);
      throw e;
    }
  };
  return schema;
}

export const listOf = <T extends z.ZodTypeAny>(item: T) =>
  syncParsed(z.object({ data: z.array(item), next_cursor: z.string().nullable() }));

export const deleted = (object: string) =>
  z.object({ id: z.string(), object: z.literal(object), deleted: z.literal(true) });

/** Keyset cursors: opaque to clients, exact (timestamps as epoch milliseconds). */
export function encodeCursor(...parts: (string | number)[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

export function decodeCursor<T extends ('string' | 'number')[]>(cursor: string | undefined, ...types: T): unknown[] | null {
  if (!cursor) return null;
  try {
    const parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parts) &&
      parts.length === types.length &&
      parts.every((p, i) => typeof p === types[i] && (typeof p !== 'string' || (p.length <= 1024 && !p.includes('\u0000'))) && (typeof p !== 'number' || Number.isFinite(p)))
    ) {
      return parts;
    }
  } catch {}
  throw invalid('cursor', 'is not a cursor returned by this API');
}

// 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: what a timestamp column can be given as text.
const FIRST_INSTANT = -62135596800000;
const LAST_INSTANT = 253402300799999;

/** A cursor's timestamp part (epoch milliseconds), checked to be an instant a row can hold. */
export function cursorInstant(ms: number): number {
  if (!Number.isInteger(ms) || ms < FIRST_INSTANT || ms > LAST_INSTANT) throw invalid('cursor', 'is not a cursor returned by this API');
  return ms;
}

/** Takes limit+1 rows; returns the page and, when more follow, the cursor of its last row. */
export function page<R, T>(rows: R[], limit: number, map: (r: R) => T, key: (r: R) => (string | number)[]) {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1];
  return { data: items.map(map), next_cursor: more && last ? encodeCursor(...key(last)) : null };
}

/** Unix ms in a query string: decimal digits only (Number() would also take "1e3" or "0x10"). */
export const msQuery = (what: string) =>
  z
    .custom<number | string>((v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) || (typeof v === 'string' && /^[0-9]{1,15}$/.test(v)), {
      message: `${what} must be a time in unix milliseconds (a whole number)`,
    })
    .meta({ override: { type: 'integer' } })
    .transform(Number)
    .optional()
    .meta({
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        for (const k of Object.keys(jsonSchema)) delete jsonSchema[k];
        Object.assign(jsonSchema, { type: 'integer', minimum: 0, description: `${what}, unix ms` });
      },
    });
