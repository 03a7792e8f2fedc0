// OAuth 2.1 with openid-client: where the issuer is, the device flow, refresh and revocation.
import * as oidc from 'openid-client';
import { CliError, EXIT } from '../errors';
import { withUserAgent } from '../version';

export const CLI_CLIENT_ID = 'quire-cli';
export const DEFAULT_SCOPES = 'apis.all offline_access';

const networkError = (what: string, e: unknown) =>
  new CliError(`Cannot reach ${what}: ${(e as Error)?.cause ? String((e as { cause: Error }).cause.message ?? (e as Error).cause) : (e as Error).message}`, EXIT.network);

/**
 * The discovery URL, from where the API documents it: `components.securitySchemes.*` of type
 * openIdConnect in `{api_url}/v1/openapi.json` (`openIdConnectUrl`). An API that does not
 * publish one yet: `{api_url}/.well-known/openid-configuration` (the app and API share a host
 * in the local default).
 */
export async function discoveryUrl(apiUrl: string): Promise<string> {
  let doc: { components?: { securitySchemes?: Record<string, { type?: string; openIdConnectUrl?: string }> } } | null = null;
  try {
    const r = await fetch(`${apiUrl}/v1/openapi.json`, { headers: { Accept: 'application/json' } });
    if (r.ok) doc = await r.json();
  } catch (e) {
    throw networkError(apiUrl, e);
  }
  const schemes = Object.values(doc?.components?.securitySchemes ?? {});
  const found = schemes.find((s) => s.type === 'openIdConnect' && s.openIdConnectUrl)?.openIdConnectUrl;
  return found ? new URL(found, apiUrl).href : `${apiUrl}/.well-known/openid-configuration`;
}

/** Discovery for the built-in public client; `server` is an issuer or a full discovery URL. */
export async function oidcConfig(server: string, clientId = CLI_CLIENT_ID): Promise<oidc.Configuration> {
  const url = new URL(server);
  // Every request names the CLI: the approval page shows it as the requesting device.
  const customFetch: oidc.CustomFetch = (input, init) => fetch(input, { ...init, headers: withUserAgent(init.headers) } as RequestInit);
  try {
    const config = await oidc.discovery(url, clientId, undefined, oidc.None(), {
      execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      [oidc.customFetch]: customFetch,
    });
    config[oidc.customFetch] = customFetch;
    return config;
  } catch (e) {
    if (e instanceof TypeError || (e as { code?: string }).code === 'OAUTH_HTTP_REQUEST_FORBIDDEN') throw networkError(url.origin, e);
    throw new CliError(`OAuth discovery at ${url.href} failed: ${(e as Error).message}`, EXIT.error);
  }
}

export type TokenSet = { access_token: string; refresh_token?: string; expires_at: number | null; scope?: string };

export function toTokenSet(t: oidc.TokenEndpointResponse): TokenSet {
  return {
    access_token: t.access_token,
    refresh_token: t.refresh_token,
    expires_at: typeof t.expires_in === 'number' ? Date.now() + t.expires_in * 1000 : null,
    scope: t.scope,
  };
}

/** OAuth error responses (openid-client's ResponseBodyError) → a message and an exit code. */
export function oauthError(e: unknown, during: string): CliError {
  const code = (e as { error?: string }).error;
  const description = (e as { error_description?: string }).error_description;
  if (code === 'access_denied') return new CliError('Login was denied on the approval page.', EXIT.auth);
  if (code === 'expired_token') return new CliError('The code expired before it was approved (10 minutes); run `quire login` again.', EXIT.auth);
  if (code === 'invalid_grant') return new CliError('Your login has expired or was revoked; run `quire login` again.', EXIT.auth);
  if (code) return new CliError(`${during} failed: ${code}${description ? ` (${description})` : ''}`, EXIT.error);
  if (e instanceof CliError) return e;
  if (e instanceof TypeError) return networkError('the issuer', e);
  return new CliError(`${during} failed: ${(e as Error).message}`, EXIT.error);
}

export async function refreshGrant(issuer: string, clientId: string, refreshToken: string): Promise<TokenSet> {
  const config = await oidcConfig(issuer, clientId);
  try {
    return toTokenSet(await oidc.refreshTokenGrant(config, refreshToken));
  } catch (e) {
    throw oauthError(e, 'Refreshing the token');
  }
}
