// The authorization code grant with PKCE for MCP clients (issue 25), over real HTTP with
// openid-client as the client: dynamic registration of a public client (redirect URIs on loopback
// or https), the authorization request bound to the MCP resource, consent clicked through the
// dashboard's procedures with a real session and the browser's interaction cookie, the code
// exchanged, the token used on /mcp (the SDK's client) and /v1, and every refusal: a wrong
// verifier, a foreign redirect URI, a non-loopback http redirect at registration, no PKCE, a
// decision from another browser, a denial, and revocation from Connected apps.
import crypto from 'node:crypto';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as oc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Context } from '../server/trpc';
import { baseUrl, client, envelope, uniqueTeam } from './support/api';
import { inProcessCaller } from './support/in-process';

const insecure = { execute: [oc.allowInsecureRequests] };
const REDIRECT = 'http://127.0.0.1:33418/callback';
const MCP_CLIENT = {
  client_name: 'Desk Agent',
  redirect_uris: [REDIRECT],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
};

let caller: (ctx: Context) => any;
let db: typeof import('../server/db/client').db;
let teamsAdmin: typeof import('../server/services/teams-admin');
const open: Client[] = [];

beforeAll(async () => {
  caller = await inProcessCaller();
  ({ db } = await import('../server/db/client'));
  teamsAdmin = await import('../server/services/teams-admin');
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
});

/** A browser's cookies: what the server set, sent back on the next requests. */
class Jar {
  private readonly values = new Map<string, string>();
  take(r: Response) {
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (value && !/expires=Thu, 01 Jan 1970/i.test(c)) this.values.set(name, value);
      else this.values.delete(name);
    }
  }
  set(name: string, value: string) {
    this.values.set(name, value);
  }
  without(...names: string[]) {
    const j = new Jar();
    for (const [k, v] of this.values) if (!names.some((n) => k.startsWith(n))) j.set(k, v);
    return j;
  }
  header() {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** A member of a new team with a real dashboard session (next-auth database session). */
async function signedInMember() {
  const slug = uniqueTeam('code');
  const email = `code.${Date.now().toString(36)}.${crypto.randomBytes(2).toString('hex')}@example.com`;
  const team = await teamsAdmin.ensureTeam(slug, 'free');
  const { user } = await teamsAdmin.adminAddMember(slug, email, 'admin');
  const sessionToken = crypto.randomBytes(32).toString('hex');
  await db.session.create({ data: { sessionToken, userId: user.id, expires: new Date(Date.now() + 86_400_000) } });
  const jar = new Jar();
  jar.set('next-auth.session-token', sessionToken);
  // Written from this process: wait until the server reads the session.
  for (let i = 0; i < 50; i++) {
    const s = await fetch(`${baseUrl()}/api/auth/session`, { headers: { Cookie: jar.header() } });
    if ((await s.json().catch(() => null))?.user?.email === email) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const ctx: Context = { face: 'dashboard', origin: baseUrl(), user: { id: user.id, email }, actor: { kind: 'user', userId: user.id, teamId: team.id, role: 'admin', plan: 'free' } };
  return { slug, email, team, user, jar, ctx };
}
type Member = Awaited<ReturnType<typeof signedInMember>>;

/** A dashboard procedure over HTTP from the consent page (same origin, the browser's cookies). */
async function procedure(jar: Jar, name: string, input: unknown) {
  const r = await fetch(`${baseUrl()}/api/trpc/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl(), Cookie: jar.header(), 'User-Agent': 'Mozilla/5.0 (Macintosh) Firefox/140.0' },
    body: JSON.stringify(input),
  });
  const body = await r.json();
  return { status: r.status, data: body.result?.data, error: body.error };
}

const register = (body: Partial<oc.ClientMetadata> = MCP_CLIENT) => oc.dynamicClientRegistration(new URL(baseUrl()), body, oc.None(), insecure);

type Started = { uid: string; verifier: string; state: string; jar: Jar };

/** The MCP client sends the browser to the authorization endpoint; it lands on the consent page. */
async function start(cfg: oc.Configuration, m: Member, extra: Record<string, string> = {}): Promise<Started> {
  const verifier = oc.randomPKCECodeVerifier();
  const state = oc.randomState();
  const url = oc.buildAuthorizationUrl(cfg, {
    redirect_uri: REDIRECT,
    scope: 'documents.read documents.write',
    code_challenge: await oc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    resource: `${baseUrl()}/mcp`,
    ...extra,
  });
  return { ...(await land(url, m)), verifier, state };
}

/** The browser opens an authorization URL and lands on the consent page, with the request's cookies. */
async function land(url: URL, m: Member): Promise<{ uid: string; jar: Jar }> {
  const r = await fetch(url, { redirect: 'manual', headers: { Cookie: m.jar.header() } });
  expect(r.status).toBe(303);
  const to = new URL(r.headers.get('location')!, baseUrl());
  expect(to.origin).toBe(baseUrl());
  const uid = to.pathname.match(/^\/authorize\/([\w-]+)$/)?.[1];
  expect(uid).toBeTruthy();
  const jar = m.jar.without();
  jar.take(r);
  return { uid: uid!, jar };
}

/** The user approves (or denies) on the consent page; the browser follows back to the client's redirect URI. */
async function decide(m: Member, s: Pick<Started, 'uid' | 'jar'>, approve = true): Promise<URL> {
  const d = await procedure(s.jar, 'oauth.decideAuthorization', { uid: s.uid, approve, team_id: approve ? m.team.id : undefined });
  expect(d.error, JSON.stringify(d.error)).toBeUndefined();
  const r = await fetch(d.data.redirect_to, { redirect: 'manual', headers: { Cookie: s.jar.header() } });
  expect(r.status).toBe(303);
  const back = new URL(r.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  return back;
}

async function connect(token: string): Promise<Client> {
  const c = new Client({ name: 'desk-agent', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl()), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  open.push(c);
  return c;
}

describe('authorization code + PKCE for MCP clients', () => {
  it('advertises the authorization endpoint, the code grant and S256 in the issuer metadata', async () => {
    const cfg = await oc.discovery(new URL(baseUrl()), 'x', undefined, oc.None(), { algorithm: 'oauth2', ...insecure });
    expect(cfg.serverMetadata()).toMatchObject({
      authorization_endpoint: `${baseUrl()}/oauth/authorize`,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: expect.arrayContaining(['authorization_code', 'refresh_token']),
      response_types_supported: expect.arrayContaining(['code']),
    });
  });

  it('registers a public client, consents for a team, exchanges the code, and the token works on /mcp and /v1', async () => {
    const m = await signedInMember();
    const cfg = await register();
    expect(cfg.clientMetadata().client_secret).toBeUndefined();
    const s = await start(cfg, m);

    // The consent page renders for the signed-in user, and describes the request.
    const page = await fetch(`${baseUrl()}/authorize/${s.uid}`, { headers: { Cookie: s.jar.header() } });
    expect(page.status).toBe(200);
    const view = await procedure(s.jar, 'oauth.describeAuthorization', { uid: s.uid });
    expect(view.data).toMatchObject({
      client_name: 'Desk Agent',
      verified_client: false,
      redirect_uri: REDIRECT,
      resource: `${baseUrl()}/mcp`,
      resource_name: expect.stringContaining('MCP'),
      scopes: [
        { scope: 'documents.read', description: expect.stringMatching(/^Read your documents/) },
        { scope: 'documents.write', description: expect.any(String) },
      ],
      teams: [{ id: m.team.id, slug: m.slug }],
    });

    const back = await decide(m, s);
    expect(back.searchParams.get('state')).toBe(s.state);
    const tokens = await oc.authorizationCodeGrant(cfg, back, { pkceCodeVerifier: s.verifier, expectedState: s.state }, { resource: `${baseUrl()}/mcp` });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.scope?.split(' ').sort()).toEqual(['documents.read', 'documents.write']);
    expect(tokens.refresh_token).toEqual(expect.any(String));
    // Audience-bound to the MCP endpoint, opaque and stored hashed.
    const hash = crypto.createHash('sha256').update(tokens.access_token).digest('hex');
    const row = await db.oAuthModel.findFirstOrThrow({ where: { kind: 'AccessToken', id: hash } });
    expect((row.payload as { aud?: string }).aud).toBe(`${baseUrl()}/mcp`);

    // On /mcp with the SDK's client: the tools, a read and a write.
    const agent = await connect(tokens.access_token);
    const { tools } = await agent.listTools();
    expect(tools.map((t) => t.name)).toContain('documents-list');
    const folder = (await agent.callTool({ name: 'folders-create', arguments: { name: 'From the desk agent' } })) as CallToolResult;
    expect(folder.isError).toBeFalsy();
    const list = (await agent.callTool({ name: 'documents-list', arguments: {} })) as CallToolResult;
    expect(list.structuredContent).toMatchObject({ data: expect.any(Array), next_cursor: null });
    // Scopes apply as on /v1.
    const denied = (await agent.callTool({ name: 'links-list', arguments: {} })) as CallToolResult;
    expect(denied.isError).toBe(true);
    expect((denied.structuredContent as { error: { code: string } }).error.code).toBe('forbidden');
    // And on /v1 (docs/decisions.md: /v1 accepts tokens bound to /mcp).
    const me = await client(tokens.access_token).get('/v1/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ kind: 'oauth', team: { id: m.team.id }, user: { email: m.email } });
    expect((await client(tokens.access_token).get('/v1/folders')).status).toBe(200);

    // The refresh token rotates and the new access token works too.
    const refreshed = await oc.refreshTokenGrant(cfg, tokens.refresh_token!);
    expect((await client(refreshed.access_token).get('/v1/documents')).status).toBe(200);

    // Connected apps lists the grant, unverified; revoking it kills its tokens at once.
    const apps = await caller(m.ctx).oauth.connectedApps();
    expect(apps).toEqual([expect.objectContaining({ client_name: 'Desk Agent', verified_client: false, scopes: ['documents.read', 'documents.write'] })]);
    await caller(m.ctx).oauth.revokeConnectedApp({ id: apps[0].id });
    envelope(await client(refreshed.access_token).get('/v1/documents'), 401, 'unauthorized');
    const gone = await fetch(`${baseUrl()}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(gone.status).toBe(401);
    expect(gone.headers.get('www-authenticate')).toContain('error="invalid_token"');
    await expect(oc.refreshTokenGrant(cfg, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it("the MCP SDK's own OAuth client signs in end to end: discovery from the 401, registration, PKCE, resource", async () => {
    const m = await signedInMember();
    const store: { client?: any; tokens?: any; verifier?: string; authUrl?: URL } = {};
    const provider: OAuthClientProvider = {
      redirectUrl: REDIRECT,
      clientMetadata: { ...MCP_CLIENT, client_name: 'SDK Agent', redirect_uris: [REDIRECT] },
      clientInformation: () => store.client,
      saveClientInformation: (c) => void (store.client = c),
      tokens: () => store.tokens,
      saveTokens: (t) => void (store.tokens = t),
      redirectToAuthorization: (u) => void (store.authUrl = u),
      saveCodeVerifier: (v) => void (store.verifier = v),
      codeVerifier: () => store.verifier!,
    };
    const url = new URL('/mcp', baseUrl());
    const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await expect(new Client({ name: 'sdk-agent', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(store.client?.client_id).toEqual(expect.any(String));
    expect(store.authUrl!.searchParams.get('resource')).toBe(`${baseUrl()}/mcp`);
    expect(store.authUrl!.searchParams.get('code_challenge_method')).toBe('S256');

    const back = await decide(m, await land(store.authUrl!, m));
    await first.finishAuth(back.searchParams.get('code')!);
    expect(store.tokens?.access_token).toEqual(expect.any(String));
    const agent = new Client({ name: 'sdk-agent', version: '1.0.0' });
    await agent.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    open.push(agent);
    const r = (await agent.callTool({ name: 'documents-list', arguments: {} })) as CallToolResult;
    expect(r.isError).toBeFalsy();
    expect((await caller(m.ctx).oauth.connectedApps()).map((a: { client_name: string }) => a.client_name)).toEqual(['SDK Agent']);
  });

  it('asks again on every authorization, also in a browser that approved one before (the provider keeps no login)', async () => {
    const m = await signedInMember();
    const cfg = await register();
    const first = await start(cfg, m);
    const d = await procedure(first.jar, 'oauth.decideAuthorization', { uid: first.uid, approve: true, team_id: m.team.id });
    const r = await fetch(d.data.redirect_to, { redirect: 'manual', headers: { Cookie: first.jar.header() } });
    expect(r.status).toBe(303);
    first.jar.take(r);
    expect(first.jar.header()).toContain('_session=');
    // The same browser, with the provider's session cookie: the consent page again, then a working token.
    const again = await start(cfg, { ...m, jar: first.jar });
    const back = await decide(m, again);
    const tokens = await oc.authorizationCodeGrant(cfg, back, { pkceCodeVerifier: again.verifier, expectedState: again.state });
    expect((await client(tokens.access_token).get('/v1/me')).body).toMatchObject({ user: { email: m.email } });
    expect(await caller(m.ctx).oauth.connectedApps()).toHaveLength(2);

    // Another Quire user signs in in that browser: the token is theirs, not the earlier user's.
    const other = await signedInMember();
    const shared = first.jar.without('next-auth');
    shared.set('next-auth.session-token', other.jar.header().split('=')[1]);
    const third = await start(cfg, { ...other, jar: shared });
    const theirs = await oc.authorizationCodeGrant(cfg, await decide(other, third), { pkceCodeVerifier: third.verifier, expectedState: third.state });
    expect((await client(theirs.access_token).get('/v1/me')).body).toMatchObject({ user: { email: other.email }, team: { id: other.team.id } });
  });

  it('refuses a wrong code_verifier with invalid_grant, and the code is then spent', async () => {
    const m = await signedInMember();
    const cfg = await register();
    const s = await start(cfg, m);
    const back = await decide(m, s);
    await expect(
      oc.authorizationCodeGrant(cfg, back, { pkceCodeVerifier: oc.randomPKCECodeVerifier(), expectedState: s.state }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a redirect URI that was not registered, without redirecting to it', async () => {
    const m = await signedInMember();
    const cfg = await register();
    const url = oc.buildAuthorizationUrl(cfg, {
      redirect_uri: 'http://127.0.0.1:9999/steal',
      scope: 'documents.read',
      code_challenge: await oc.calculatePKCECodeChallenge(oc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      resource: `${baseUrl()}/mcp`,
    });
    const r = await fetch(url, { redirect: 'manual', headers: { Cookie: m.jar.header() } });
    expect(r.status).toBe(400);
    expect(r.headers.get('location')).toBeNull();
    expect(await r.text()).toContain('redirect_uri');
  });

  it('requires PKCE (S256): a request without a challenge goes back with invalid_request', async () => {
    const m = await signedInMember();
    const cfg = await register();
    for (const extra of [{}, { code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' }] as Record<string, string>[]) {
      const url = oc.buildAuthorizationUrl(cfg, { redirect_uri: REDIRECT, scope: 'documents.read', ...extra });
      const r = await fetch(url, { redirect: 'manual', headers: { Cookie: m.jar.header() } });
      expect(r.status).toBe(303);
      const back = new URL(r.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
      expect(back.searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('refuses a resource that is not the API or the MCP endpoint', async () => {
    const m = await signedInMember();
    const cfg = await register();
    const url = oc.buildAuthorizationUrl(cfg, {
      redirect_uri: REDIRECT,
      scope: 'documents.read',
      code_challenge: await oc.calculatePKCECodeChallenge(oc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      resource: 'https://elsewhere.example/api',
    });
    const r = await fetch(url, { redirect: 'manual', headers: { Cookie: m.jar.header() } });
    expect(new URL(r.headers.get('location')!).searchParams.get('error')).toBe('invalid_target');
  });

  it.each([
    ['a non-loopback http redirect URI', { redirect_uris: ['http://agent.example/callback'] }, 'loopback'],
    ['a private-address http redirect URI', { redirect_uris: ['http://192.168.1.5:8080/cb'] }, 'loopback'],
    ['a custom scheme', { redirect_uris: ['myagent://callback'] }, 'https'],
    ['no redirect URI', { redirect_uris: [] }, 'redirect_uris'],
    ['a confidential client', { token_endpoint_auth_method: 'client_secret_basic' }, 'token_endpoint_auth_method'],
    ['the code and device grants together', { grant_types: ['authorization_code', 'urn:ietf:params:oauth:grant-type:device_code'] }, 'grant_types'],
  ])('refuses %s at registration with invalid_client_metadata', async (_what, change, mentions) => {
    const r = await fetch(`${baseUrl()}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...MCP_CLIENT, ...change }),
    });
    expect(r.status).toBe(400);
    const e = await r.json();
    expect(['invalid_client_metadata', 'invalid_redirect_uri']).toContain(e.error);
    expect(e.error_description).toContain(mentions);
  });

  it('accepts https, localhost and [::1] redirect URIs', async () => {
    const cfg = await register({ ...MCP_CLIENT, redirect_uris: ['https://agent.example/cb', 'http://localhost:5173/cb', 'http://[::1]:8080/cb'] });
    expect(cfg.clientMetadata().redirect_uris).toHaveLength(3);
  });

  it('binds the decision to the browser that started the request, decides once, and a denial goes back as access_denied', async () => {
    const m = await signedInMember();
    const cfg = await register();
    const s = await start(cfg, m);
    // Another browser (the same user's session, without the request's cookie) cannot decide it.
    const other = await procedure(s.jar.without('_interaction'), 'oauth.decideAuthorization', { uid: s.uid, approve: true, team_id: m.team.id });
    expect(other.status).toBe(403);
    expect(other.error.message).toContain('same browser');
    // Signed out: refused, and the page sends to sign-in.
    expect((await procedure(s.jar.without('next-auth'), 'oauth.describeAuthorization', { uid: s.uid })).status).toBe(401);
    const page = await fetch(`${baseUrl()}/authorize/${s.uid}`, { redirect: 'manual', headers: { Cookie: s.jar.without('next-auth').header() } });
    expect(page.headers.get('location') ?? '').toContain('/signin');
    // Not a team of the user.
    const stranger = await signedInMember();
    const wrongTeam = await procedure(s.jar, 'oauth.decideAuthorization', { uid: s.uid, approve: true, team_id: stranger.team.id });
    expect(wrongTeam.status).toBe(404);

    const back = await decide(m, s, false);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(s.state);
    expect(await caller(m.ctx).oauth.connectedApps()).toEqual([]);
    const again = await procedure(s.jar, 'oauth.decideAuthorization', { uid: s.uid, approve: true, team_id: m.team.id });
    expect([403, 404, 409]).toContain(again.status);
  });
});
