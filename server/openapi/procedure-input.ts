// How a /v1 operation reads its input, derived from its procedure's schema: shared by the routing
// table (server/rest/dispatch.ts) and the OpenAPI document (document.ts), so the two never
// disagree (e.g. which POSTs take an empty body).
import {
  getInputOutputParsers,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  unwrapZodType,
} from 'trpc-to-openapi';

type ZodLike = { _zod: { def: { type: string } }; shape: Record<string, unknown>; unwrap(): unknown };

/** undefined: the operation takes no input (z.void()). */
export type ProcedureInput = { schema: ZodLike; isObject: boolean; arrayKeys: string[] };

export function describeInput(procedure: Parameters<typeof getInputOutputParsers>[0]): ProcedureInput | undefined {
  const { inputParser } = getInputOutputParsers(procedure as never);
  const schema = unwrapZodType(inputParser as never, true) as unknown as ZodLike;
  if (instanceofZodTypeLikeVoid(schema as never)) return undefined;
  const isObject = instanceofZodTypeObject(schema as never);
  const arrayKeys = isObject
    ? Object.entries(schema.shape)
        .filter(([, s]) => {
          const kind = (x: unknown) => (x as ZodLike)._zod.def.type;
          return kind(s) === 'array' || (instanceofZodTypeOptional(s as never) && kind((s as ZodLike).unwrap()) === 'array');
        })
        .map(([k]) => k)
    : [];
  return { schema, isObject, arrayKeys };
}

/**
 * DESIGN.md "Request bodies of action POSTs": a POST whose input fields, beyond its path
 * parameters, are all optional (or that takes no input), with no rule across fields (a
 * refinement), accepts an empty body as `{}`, as
 * `curl -X POST` sends it. Derived from the input schema, so a later action POST needs nothing.
 */
export function emptyBodyIsObject(method: string, input: ProcedureInput | undefined, openapiPath: string): boolean {
  if (method !== 'POST') return false;
  if (!input) return true;
  // A refined object (superRefine: "upload_id or source_url") needs some of its optional fields.
  if (!input.isObject || (input.schema._zod.def as { checks?: unknown[] }).checks?.length) return false;
  const pathKeys = new Set([...openapiPath.matchAll(/\{([^}]+?)\}/g)].map((m) => m[1]));
  // zod marks `.optional()` fields 'optional' and `.default()` ones 'defaulted'.
  return Object.entries(input.schema.shape).every(([k, field]) => pathKeys.has(k) || (field as { _zod: { optin?: string } })._zod.optin !== undefined);
}

