// The OAuth 2.1 issuer: oidc-provider configured for exactly what spec 5.2 asks (device grant,
// refresh rotation, dynamic registration of native public clients, revocation) and what MCP
// clients need (issue 25: the authorization code grant with PKCE S256 for registered public
// clients, consent on our own page, tokens bound to the API or the MCP endpoint), on PostgreSQL.
// Created lazily on first use (never at build time) and kept per process. Where the library's
// defaults break the spec, the middleware below corrects the answer (docs/decisions.md "OAuth").
import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { config } from '../config';
import { getDb } from '../db/client';
import { pgTimestamp, sqlRows } from '../db/sql';
import { namedLimiter, retryAfterSeconds } from '../ratelimit';
import { PgAdapter, storedTokenId } from './adapter';
import { cookieKeys, signingJwk } from './keys';
import {
  ACCESS_TOKEN_TTL_S,
  API_SCOPES,
  AUTHORIZATION_CODE_GRANT,
  CLI_CLIENT_ID,
  CLI_CLIENT_NAME,
  DEVICE_CODE_TTL_S,
  DEVICE_GRANT,
  GRANT_TTL_S,
  MCP_PATH,
  MIN_POLL_GAP_MS,
  POLL_INTERVAL_S,
  REFRESH_TOKEN_TTL_S,
  ROUTES,
  SUPPORTED_SCOPES,
  consentPath,
} from './settings';

/** The API the tokens are for (the resource indicator and audience). */
export const apiResource = () => `${config.apiBaseUrl ?? config.appUrl}/v1`;
/** The MCP endpoint as a resource (RFC 9728's identifier, server/mcp/resource.ts). */
export const mcpResource = () => config.appUrl + MCP_PATH;
/** Every resource a token may be bound to: the API, and the MCP endpoint (whose tool calls are API calls). */
export const tokenResources = () => [apiResource(), mcpResource()];

// RFC 8414's and OpenID Discovery's fields for what works (docs/decisions.md "OAuth").
const DISCOVERY_FIELDS = [
  'issuer',
  'authorization_endpoint',
  'device_authorization_endpoint',
  'token_endpoint',
  'registration_endpoint',
  'revocation_endpoint',
  'jwks_uri',
  'scopes_supported',
  'response_types_supported',
  'subject_types_supported',
  'id_token_signing_alg_values_supported',
  'claims_supported',
  'grant_types_supported',
  'token_endpoint_auth_methods_supported',
  'revocation_endpoint_auth_methods_supported',
  'code_challenge_methods_supported',
  'authorization_response_iss_parameter_supported',
] as const;

type Library = typeof import('oidc-provider');
type Errors = Library['errors'];

/** Hosts an `http` redirect URI may name (RFC 8252 loopback redirection); anything else is https. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Why a redirect URI is refused at registration, or null when it is acceptable. */
export function redirectUriProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'redirect_uris must be strings';
  const url = URL.parse(value);
  if (!url) return `redirect URI ${JSON.stringify(value)} is not a URL`;
  if (url.hash) return `redirect URI ${value} must not have a fragment`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return `redirect URI ${value} must be https, or http on a loopback address (127.0.0.1, [::1] or localhost)`;
}

function configuration({ errors, interactionPolicy }: Library): Configuration {
  const resources = tokenResources();
  const { Prompt, Check } = interactionPolicy;
  return {
    adapter: PgAdapter as unknown as Configuration['adapter'],
    clients: [
      {
        client_id: CLI_CLIENT_ID,
        client_name: CLI_CLIENT_NAME,
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: [DEVICE_GRANT, 'refresh_token'],
        response_types: [],
        redirect_uris: [],
      },
    ],
    clientDefaults: {
      grant_types: [DEVICE_GRANT, 'refresh_token'],
      response_types: [],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    clientAuthMethods: ['none'],
    responseTypes: ['code', 'none'],
    scopes: [...SUPPORTED_SCOPES],
    claims: { openid: ['sub'] },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    jwks: { keys: [signingJwk() as never] },
    // The interaction cookie's path is `/` (not the consent page's) so the dashboard's tRPC call
    // that decides it carries it: the decision is bound to the browser that started the request.
    cookies: { keys: cookieKeys(), short: { httpOnly: true, sameSite: 'lax', path: '/' } },
    interactions: {
      url: (_ctx, interaction) => consentPath(interaction.uid),
      // One prompt, every time: the user approves each authorization on the consent page (the
      // provider keeps no login of its own; the dashboard's session is the only one).
      policy: [
        new Prompt(
          { name: 'consent', requestable: true },
          new Check('quire_consent', 'the user approves on the consent page', (ctx) =>
            ctx.oidc.result ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
          ),
        ),
      ],
    },
    clientBasedCORS: () => false,
    findAccount: async (_ctx, sub) => {
      const user = await getDb().user.findUnique({ where: { id: sub }, select: { id: true } });
      return user ? { accountId: user.id, claims: async () => ({ sub: user.id }) } : undefined;
    },
    // Unknown scopes are refused, not silently dropped; at least one API scope is required.
    extraParams: {
      scope(_ctx: unknown, value: string | undefined) {
        const asked = (value ?? '').split(' ').filter(Boolean);
        const unknown = asked.filter((s) => !SUPPORTED_SCOPES.includes(s));
        if (unknown.length) throw new errors.InvalidScope(`unknown scope: ${unknown.join(' ')}`, unknown.join(' '));
        if (!asked.some((s) => API_SCOPES.includes(s))) {
          throw new errors.InvalidScope(`request at least one API scope (${API_SCOPES.join(', ')})`, value ?? '');
        }
      },
    } as never,
    extraClientMetadata: {
      properties: ['quire_registration_check'],
      validator: registrationRules(errors) as never,
    },
    features: {
      devInteractions: { enabled: false },
      deviceFlow: {
        enabled: true,
        deviceInfo: (ctx: KoaContextWithOIDC) => ({ ip: knownAddress(clientOf(ctx.req)), ua: ctx.get('user-agent') || undefined }),
      },
      registration: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resources[0],
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (!resources.includes(indicator)) throw new errors.InvalidTarget(`resource must be one of ${resources.join(', ')}`);
          return { scope: API_SCOPES.join(' '), audience: indicator, accessTokenFormat: 'opaque', accessTokenTTL: ACCESS_TOKEN_TTL_S };
        },
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_S,
      DeviceCode: DEVICE_CODE_TTL_S,
      RefreshToken: REFRESH_TOKEN_TTL_S,
      Grant: GRANT_TTL_S,
      Session: 3600,
      Interaction: 600,
    },
    // Tokens live their own life: the provider keeps no browser session for a device login.
    expiresWithSession: () => false,
    // Device logins ask for offline_access; MCP clients that registered the refresh grant get one
    // with every code (they rarely ask for offline_access, and OpenID would drop it without prompt=consent).
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && (code.scopes.has('offline_access') || code.kind === 'AuthorizationCode'),
    rotateRefreshToken: true,
    routes: ROUTES,
    // Every authorization request carries a PKCE S256 challenge (the library knows no other method).
    pkce: { required: () => true },
  };
}

/**
 * RFC 7591 registration of a public client (no secret) with a name, of one of two shapes: spec
 * 5.2's device client (native, the device and refresh grants, no redirect URIs), or an MCP
 * client (the authorization code and refresh grants, response type `code`, redirect URIs on
 * https or loopback http). The library runs this for every registration (and for the built-in
 * client at start); a violation is `invalid_client_metadata`.
 */
function registrationRules(errors: Errors) {
  return (_ctx: unknown, key: string, value: unknown, metadata: Record<string, unknown>) => {
    if (key !== 'quire_registration_check') return;
    const refuse = (why: string) => {
      throw new errors.InvalidClientMetadata(why);
    };
    if (value !== undefined) refuse('quire_registration_check is not a client property');
    const name = metadata.client_name;
    if (typeof name !== 'string' || !name.trim()) refuse('client_name is required');
    if ((name as string).length > 100) refuse('client_name must be at most 100 characters');
    if (metadata.token_endpoint_auth_method !== 'none') refuse('token_endpoint_auth_method must be "none" (public clients only)');
    const grants = (metadata.grant_types as string[] | undefined) ?? [];
    const redirects = (metadata.redirect_uris as unknown[] | undefined) ?? [];
    const responses = (metadata.response_types as unknown[] | undefined) ?? [];
    if (grants.includes(AUTHORIZATION_CODE_GRANT)) {
      if (grants.some((g) => g !== AUTHORIZATION_CODE_GRANT && g !== 'refresh_token')) {
        refuse('grant_types must be ["authorization_code", "refresh_token"] (or the code grant alone); the device grant needs its own client');
      }
      if (responses.length !== 1 || responses[0] !== 'code') refuse('response_types must be ["code"]');
      if (!redirects.length) refuse('redirect_uris must name at least one redirect URI');
      for (const uri of redirects) {
        const problem = redirectUriProblem(uri);
        if (problem) refuse(problem);
      }
      return;
    }
    if (metadata.application_type !== 'native') refuse('application_type must be "native"');
    if (!grants.includes(DEVICE_GRANT) || grants.some((g) => g !== DEVICE_GRANT && g !== 'refresh_token')) {
      refuse(`grant_types must be ["${DEVICE_GRANT}", "refresh_token"] (or the device grant alone), or ["authorization_code", "refresh_token"]`);
    }
    if (redirects.length) refuse('redirect_uris must be empty for a device client');
    if (responses.length) refuse('response_types must be empty for a device client');
  };
}

/** The answers the library gets wrong for the spec, put right around every request. */
function install(provider: Provider) {
  provider.use(async (ctx, next) => {
    if (ctx.method === 'POST' && ctx.path === ROUTES.registration) {
      const registrations = namedLimiter('quire:ratelimit:oauth-register', config.oauthRegistrationsPerHour, 3600_000);
      const rl = await registrations.limit(`ip:${clientOf(ctx.req)}`);
      if (!rl.success) {
        const retry = retryAfterSeconds(rl.reset);
        ctx.status = 429;
        ctx.set('Retry-After', String(retry));
        ctx.body = { error: 'too_many_requests', error_description: `Too many client registrations from this address; retry in ${retry} s.` };
        return;
      }
    }
    await next();
    const route = ctx.oidc?.route;
    const body = ctx.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') return;
    if (route === 'discovery') {
      // Advertise exactly what works.
      const out: Record<string, unknown> = {};
      for (const k of DISCOVERY_FIELDS) if (body[k] !== undefined) out[k] = body[k];
      out.grant_types_supported = [AUTHORIZATION_CODE_GRANT, DEVICE_GRANT, 'refresh_token'];
      out.code_challenge_methods_supported = ['S256'];
      out.scopes_supported = [...SUPPORTED_SCOPES];
      ctx.body = out;
    } else if (route === 'device_authorization' && typeof body.device_code === 'string') {
      // The library sends no interval and points at its own page.
      const page = new URL('/device', config.appUrl);
      ctx.body = {
        ...body,
        verification_uri: page.toString(),
        verification_uri_complete: `${page}?user_code=${encodeURIComponent(String(body.user_code))}`,
        interval: POLL_INTERVAL_S,
      };
    } else if (route === 'token' && body.error === 'authorization_pending') {
      if (!(await pollAllowed(String(ctx.oidc.params?.device_code ?? '')))) {
        ctx.body = { error: 'slow_down', error_description: `poll at most every ${POLL_INTERVAL_S} seconds` };
      }
    }
  });
}

/**
 * RFC 8628 3.5: a poll sooner than the interval after the last answered one is `slow_down`.
 * Only answered polls move the mark, so a client that slows down recovers at once; the first
 * poll is always answered (issuance is not a poll).
 */
async function pollAllowed(deviceCode: string): Promise<boolean> {
  const now = Date.now();
  const rows = await sqlRows(
    `UPDATE oauth_models SET polled_at = $1 WHERE kind = 'DeviceCode' AND id = $2 AND (polled_at IS NULL OR polled_at <= $3) RETURNING id`,
    [pgTimestamp(now), storedTokenId(deviceCode), pgTimestamp(now - MIN_POLL_GAP_MS)],
  );
  return rows.length > 0;
}

const KEY = Symbol.for('quire.oauth.provider');
type Holder = { issuer: string; provider: Promise<Provider> };

/** The process's provider for the configured issuer (APP_URL). */
export function getProvider(): Promise<Provider> {
  const g = globalThis as Record<symbol, Holder | undefined>;
  const issuer = config.appUrl;
  const held = g[KEY];
  if (held && held.issuer === issuer) return held.provider;
  const provider = (async () => {
    const mod = await import('oidc-provider');
    const p = new mod.default(issuer, configuration(mod));
    // Behind Vercel's edge or the operator's proxies: the public scheme and host come from them.
    p.proxy = true;
    install(p);
    return p;
  })();
  g[KEY] = { issuer, provider };
  provider.catch(() => (g[KEY] = undefined));
  return provider;
}

/** The client's address: resolved by the route (server/oauth/route.ts) before the bridge. */
const clientOf = (req: IncomingMessage) => req.socket?.remoteAddress ?? 'unknown';
/** Bare `next start` without a proxy knows no client address: the approval page says so. */
const knownAddress = (a: string) => (a === 'unknown' ? undefined : a);
