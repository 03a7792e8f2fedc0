// DESIGN.md "Request bodies of action POSTs": a POST whose input fields, beyond its path
// parameters, are all optional (or that takes no input), with no rule across fields (a
// refinement), accepts an empty body as `{}`, as `curl -X POST` sends it; the OpenAPI document
// marks its body `required: false`. Derived from the input schema, so a later action POST needs
// nothing; /v1 (server/rest/dispatch.ts) and the document both ask this.
import { getInputOutputParsers, instanceofZodTypeLikeVoid, instanceofZodTypeObject, unwrapZodType } from 'trpc-to-openapi';

type ZodLike = { _zod: { def: { checks?: unknown[] }; optin?: string }; shape: Record<string, { _zod: { optin?: string } }> };

export function takesEmptyBody(procedure: unknown, method: string, openapiPath: string): boolean {
  if (method !== 'POST') return false;
  const { inputParser } = getInputOutputParsers(procedure as never);
  const schema = unwrapZodType(inputParser as never, true) as unknown as ZodLike;
  if (instanceofZodTypeLikeVoid(schema as never)) return true;
  // A refined object ("upload_id or source_url") needs some of its optional fields.
  if (!instanceofZodTypeObject(schema as never) || schema._zod.def.checks?.length) return false;
  const pathKeys = new Set([...openapiPath.matchAll(/\{([^}]+?)\}/g)].map((m) => m[1]));
  // zod marks `.optional()` fields 'optional' and `.default()` ones 'defaulted'.
  return Object.entries(schema.shape).every(([k, field]) => pathKeys.has(k) || field._zod.optin !== undefined);
}
