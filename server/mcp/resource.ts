// The MCP endpoint as an OAuth protected resource (RFC 9728, as the MCP authorization spec asks):
// its identifier, the metadata document naming the issuer, and the 401 challenge pointing at it.
import { config } from '../config';
import { errorResponse } from '../http/envelope';
import { API_SCOPES, MCP_PATH } from '../oauth/settings';
/** RFC 9728 section 3.1: the well-known path with the resource's path appended. */
export const RESOURCE_METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;

/** The resource identifier: the endpoint's URL on the app host (the issuer's origin). */
export const mcpResource = () => config.appUrl + MCP_PATH;

export function protectedResourceMetadata() {
  return {
    resource: mcpResource(),
    authorization_servers: [config.appUrl],
    scopes_supported: [...API_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Quire',
    resource_documentation: `${config.docsUrl}/docs/api`,
  };
}

/** CORS for browser-based MCP clients: bearer tokens only, never cookies, so any origin may call. */
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'WWW-Authenticate, Mcp-Session-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset',
};

/** GET /.well-known/oauth-protected-resource[/mcp] on the app host. */
export function protectedResourceRoute(): Response {
  return Response.json(protectedResourceMetadata(), {
    headers: { 'Cache-Control': 'public, max-age=300', 'X-Content-Type-Options': 'nosniff', ...CORS_HEADERS },
  });
}

/** 401 in the API's envelope, with the challenge that tells an MCP client where to sign in. */
export function unauthorized(tokenSent: boolean, headers: Record<string, string>): Response {
  const challenge = `Bearer resource_metadata="${config.appUrl}${RESOURCE_METADATA_PATH}"${tokenSent ? ', error="invalid_token"' : ''}`;
  const message = tokenSent
    ? 'The Authorization header is malformed, or the token is unknown or revoked.'
    : 'Missing Authorization header: send "Authorization: Bearer <token>" (a dashboard API token or an OAuth access token).';
  return errorResponse('unauthorized', message, null, { ...headers, ...CORS_HEADERS, 'WWW-Authenticate': challenge });
}
