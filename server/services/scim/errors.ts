// SCIM's own error schema (RFC 7644 §3.12): every refusal on /scim/v2 is one of these, never the
// /v1 envelope.
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
    this.name = 'ScimError';
  }
}

export const scimNotFound = (what: string, id: string) => new ScimError(404, `${what} ${id} not found.`);
export const scimInvalid = (detail: string, scimType: ScimType = 'invalidValue') => new ScimError(400, detail, scimType);

export const SCIM_CONTENT_TYPE = 'application/scim+json';

export function scimErrorResponse(e: ScimError, headers: Record<string, string> = {}): Response {
  const body = { schemas: [ERROR_SCHEMA], status: String(e.status), ...(e.scimType ? { scimType: e.scimType } : {}), detail: e.detail };
  return new Response(JSON.stringify(body), { status: e.status, headers: { 'content-type': SCIM_CONTENT_TYPE, ...headers } });
}
