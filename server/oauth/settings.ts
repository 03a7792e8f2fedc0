// The issuer's fixed numbers and paths (spec 5.2, DESIGN.md "OAuth and the CLI"). Imported by
// the provider, the approval logic, the /v1 gate and the docs; holds nothing secret.
import { GRANTABLE, SCOPES } from '../../lib/shared/scopes';

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
export const CLI_CLIENT_ID = 'quire-cli';
export const CLI_CLIENT_NAME = 'Quire CLI';

export const DEVICE_CODE_TTL_S = 600;
export const POLL_INTERVAL_S = 5;
/** Polls closer than this to the previous answered one are told to slow down (1 s of jitter). */
export const MIN_POLL_GAP_MS = (POLL_INTERVAL_S - 1) * 1000;
export const ACCESS_TOKEN_TTL_S = 90 * 24 * 3600;
/** Each rotation issues a refresh token good for this long, within the grant's life. */
export const REFRESH_TOKEN_TTL_S = 365 * 24 * 3600;
export const GRANT_TTL_S = 2 * 365 * 24 * 3600;

/** What a token may carry for the API: every scope and the two presets (expanded on /v1). */
export const API_SCOPES: readonly string[] = [...SCOPES, 'apis.read', 'apis.all'];
/** Everything a client may ask for. */
export const SUPPORTED_SCOPES: readonly string[] = GRANTABLE;

/** The provider's endpoints, all under /oauth on the app origin (the issuer). */
export const ROUTES = {
  device_authorization: '/oauth/device/code',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
  /** Authorization code + PKCE (MCP clients); `/oauth/authorize/{uid}` resumes after consent. */
  authorization: '/oauth/authorize',
  // Never routed to the provider (the paths below are not handed to it): the library wants a
  // path for each. The user goes to the dashboard's /device page instead.
  code_verification: '/oauth/unused/device',
  userinfo: '/oauth/unused/userinfo',
  end_session: '/oauth/unused/end-session',
  introspection: '/oauth/unused/introspect',
  pushed_authorization_request: '/oauth/unused/par',
  backchannel_authentication: '/oauth/unused/backchannel',
} as const;

export const AUTHORIZATION_CODE_GRANT = 'authorization_code';
/** The MCP endpoint's path on the app origin: with APP_URL, the second resource tokens may be bound to. */
export const MCP_PATH = '/mcp';
/** The consent page of an authorization request (the provider's interaction URL). */
export const consentPath = (uid: string) => `/authorize/${uid}`;
/** The provider's interaction cookie: path `/`, so the dashboard's tRPC call carries it to the decision. */
export const INTERACTION_COOKIE = '_interaction';

export const DISCOVERY_PATH = '/.well-known/openid-configuration';
/** RFC 8414 authorization server metadata: the same document as OpenID discovery. */
export const OAUTH_METADATA_PATH = '/.well-known/oauth-authorization-server';

/** The only paths handed to the provider: discovery and the endpoints that work. */
export function isIssuerPath(pathname: string): boolean {
  if (pathname === DISCOVERY_PATH || pathname === OAUTH_METADATA_PATH) return true;
  if (pathname.startsWith(`${ROUTES.registration}/`)) return true; // RFC 7592 read of a registration
  if (/^\/oauth\/authorize\/[A-Za-z0-9_-]{1,64}$/.test(pathname)) return true; // resuming after consent
  return [ROUTES.device_authorization, ROUTES.token, ROUTES.registration, ROUTES.revocation, ROUTES.jwks, ROUTES.authorization].includes(
    pathname as (typeof ROUTES)['token'],
  );
}

/** Plain words for the approval page and Connected apps. */
export const SCOPE_WORDS: Record<string, string> = {
  'documents.read': 'Read your documents and folders',
  'documents.write': 'Upload, change and delete documents and folders',
  'links.read': 'See your share links',
  'links.write': 'Create, change and delete share links',
  'datarooms.read': 'See data rooms, their documents, groups and permissions',
  'datarooms.write': 'Change data rooms, their documents, groups and permissions',
  'branding.read': 'See brands',
  'branding.write': 'Change brands and their images',
  'analytics.read': 'Read viewing analytics',
  'visitors.read': 'See visitors and their visits',
  'apis.read': 'Read everything in the team (every read scope)',
  'apis.all': 'Do everything the API allows for the team (every scope)',
  offline_access: 'Stay signed in (refresh the access without asking again)',
};
