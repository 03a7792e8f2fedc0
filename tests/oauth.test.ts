// The OAuth 2.1 issuer over real HTTP, with openid-client as the client: discovery, dynamic
// registration, the device flow (pending, slow_down, approval, denial, expiry), tokens on /v1
// (scopes, budget, /v1/me), refresh rotation and reuse, revocation (RFC 7009, Connected apps,
// leaving the team). Approvals go through the dashboard's procedure or the admin command.
import crypto from 'node:crypto';
import * as oc from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Context } from '../server/trpc';
import { SCOPES } from '../lib/shared/scopes';
import { admin, baseUrl, client, envelope, uniqueTeam } from './support/api';
import { inProcessCaller } from './support/in-process';
import { onNextStart } from './support/server';

const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code';
const SPEC_REGISTRATION = {
  client_name: 'Sync tool',
  application_type: 'native',
  token_endpoint_auth_method: 'none',
  grant_types: [DEVICE, 'refresh_token'],
  redirect_uris: [],
};

let caller: (ctx: Context) => any;
let db: typeof import('../server/db/client').db;
let teamsAdmin: typeof import('../server/services/teams-admin');
let config: oc.Configuration;

beforeAll(async () => {
  caller = await inProcessCaller();
  ({ db } = await import('../server/db/client'));
  teamsAdmin = await import('../server/services/teams-admin');
  config = await oc.discovery(new URL(baseUrl()), 'quire-cli', undefined, oc.None(), { execute: [oc.allowInsecureRequests] });
});

let seq = 0;
async function memberOfNewTeam(plan = 'free') {
  const slug = uniqueTeam('oauth');
  const email = `oauth.${Date.now().toString(36)}.${seq++}@example.com`;
  const team = await teamsAdmin.ensureTeam(slug, plan);
  const { user } = await teamsAdmin.adminAddMember(slug, email, 'admin');
  const signedIn: Context = { face: 'dashboard', origin: baseUrl(), user: { id: user.id, email }, actor: null, address: `10.0.${seq}.1` };
  const ctx: Context = { ...signedIn, actor: { kind: 'user', userId: user.id, teamId: team.id, role: 'admin', plan: 'free' } };
  return { slug, email, team, user, signedIn, ctx };
}
type Member = Awaited<ReturnType<typeof memberOfNewTeam>>;

const form = (path: string, fields: Record<string, string>) =>
  fetch(baseUrl() + path, { method: 'POST', body: new URLSearchParams(fields) }).then(async (r) => ({ status: r.status, body: await r.json() }));
const poll = (deviceCode: string, clientId = 'quire-cli') => form('/oauth/token', { grant_type: DEVICE, client_id: clientId, device_code: deviceCode });
const approve = (m: Member, userCode: string, approveIt = true) =>
  caller(m.signedIn).oauth.decideDevice({ user_code: userCode, approve: approveIt, team_id: approveIt ? m.team.id : undefined });

/** A device login through openid-client, approved by `m` as soon as the code is out. */
async function login(m: Member, scope: string, cfg = config) {
  const handle = await oc.initiateDeviceAuthorization(cfg, { scope });
  await approve(m, handle.user_code);
  return oc.pollDeviceAuthorizationGrant(cfg, handle);
}

describe('discovery', () => {
  it('advertises exactly what works, on the app origin', async () => {
    const r = await fetch(`${baseUrl()}/.well-known/openid-configuration`);
    expect(r.status).toBe(200);
    const d = await r.json();
    expect(Object.keys(d).sort()).toEqual(
      [
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
        'code_challenge_methods_supported',
        'authorization_response_iss_parameter_supported',
      ].sort(),
    );
    expect(d.jwks_uri).toBe(`${baseUrl()}/oauth/jwks`);
    const jwks = await (await fetch(d.jwks_uri)).json();
    expect(jwks.keys.map((k: { alg?: string; kty: string }) => k.kty)).toEqual(['EC']);
    expect(d.id_token_signing_alg_values_supported).toEqual(['ES256']);
    expect(d.subject_types_supported).toEqual(['public']);
    expect(d.issuer).toBe(baseUrl());
    expect(d.device_authorization_endpoint).toBe(`${baseUrl()}/oauth/device/code`);
    expect(d.grant_types_supported).toEqual(['authorization_code', DEVICE, 'refresh_token']);
    expect(d.authorization_endpoint).toBe(`${baseUrl()}/oauth/authorize`);
    expect(d.code_challenge_methods_supported).toEqual(['S256']);
    expect(d.scopes_supported).toEqual(expect.arrayContaining(['documents.read', 'analytics.read', 'visitors.read', 'apis.read', 'apis.all', 'offline_access']));
    expect(d.token_endpoint_auth_methods_supported).toEqual(['none']);
    expect(config.serverMetadata().issuer).toBe(baseUrl());
  });

  it('serves RFC 8414 metadata too: the same document, accepted by openid-client in strict mode either way', async () => {
    const oidcDoc = await (await fetch(`${baseUrl()}/.well-known/openid-configuration`)).json();
    const r = await fetch(`${baseUrl()}/.well-known/oauth-authorization-server`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    const meta = await r.json();
    expect(meta).toEqual(oidcDoc);
    // RFC 8414 section 2: issuer, authorization and token endpoints, response_types_supported
    // (the authorization code grant is offered to MCP clients: tests/oauth-code.test.ts).
    for (const k of ['issuer', 'authorization_endpoint', 'token_endpoint', 'response_types_supported']) expect(meta[k], k).toBeDefined();
    expect(meta.grant_types_supported).toContain('authorization_code');
    for (const algorithm of ['oauth2', 'oidc'] as const) {
      const c = await oc.discovery(new URL(baseUrl()), 'quire-cli', undefined, oc.None(), { algorithm, execute: [oc.allowInsecureRequests] });
      expect(c.serverMetadata(), algorithm).toMatchObject({ issuer: baseUrl(), device_authorization_endpoint: `${baseUrl()}/oauth/device/code` });
    }
    // An issuer that does not match is refused (strict): the document names exactly the origin asked.
    await expect(
      oc.discovery(new URL(`${baseUrl()}/elsewhere`), 'quire-cli', undefined, oc.None(), { algorithm: 'oauth2', execute: [oc.allowInsecureRequests] }),
    ).rejects.toThrow();
  });

  it('names the discovery document in the served OpenAPI document', async () => {
    const doc = await (await fetch(`${baseUrl()}/v1/openapi.json`)).json();
    expect(doc.components.securitySchemes.oauth).toMatchObject({ type: 'openIdConnect', openIdConnectUrl: `${baseUrl()}/.well-known/openid-configuration` });
  });

  it('serves nothing else of the library', async () => {
    for (const p of ['/oauth/unused/authorize', '/oauth/auth', '/oauth/me', '/.well-known/oauth-authorization-server/elsewhere', '/oauth/token/introspection']) {
      const r = await fetch(baseUrl() + p);
      expect(r.status, p).toBe(404);
    }
  });
});

describe('dynamic client registration (RFC 7591)', () => {
  it('registers exactly the spec body: 201 with client_id and registration_access_token', async () => {
    const c = await oc.dynamicClientRegistration(new URL(baseUrl()), SPEC_REGISTRATION, oc.None(), { execute: [oc.allowInsecureRequests] });
    const meta = c.clientMetadata();
    expect(meta.client_id).toEqual(expect.any(String));
    expect(meta.registration_access_token).toEqual(expect.any(String));
    expect(meta.client_secret).toBeUndefined();
    // The stored registration holds neither token value.
    const rows = await db.oAuthModel.findMany({ where: { kind: 'RegistrationAccessToken' } });
    expect(JSON.stringify(rows)).not.toContain(meta.registration_access_token as string);
  });

  it.each([
    ['no client_name', { ...SPEC_REGISTRATION, client_name: undefined }, 'client_name'],
    ['a confidential client', { ...SPEC_REGISTRATION, token_endpoint_auth_method: 'client_secret_basic' }, 'token_endpoint_auth_method'],
    ['an authorization-code client on a non-loopback http redirect', { ...SPEC_REGISTRATION, grant_types: ['authorization_code'], response_types: ['code'], redirect_uris: ['http://agent.example/cb'] }, 'loopback'],
    ['a web client', { ...SPEC_REGISTRATION, application_type: 'web' }, ''],
    ['redirect URIs', { ...SPEC_REGISTRATION, redirect_uris: ['http://127.0.0.1/cb'] }, 'redirect_uris'],
  ])('refuses %s with invalid_client_metadata', async (_what, body, mentions) => {
    const r = await fetch(`${baseUrl()}/oauth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect([400]).toContain(r.status);
    const e = await r.json();
    expect(['invalid_client_metadata', 'invalid_redirect_uri']).toContain(e.error);
    if (mentions) expect(e.error_description).toContain(mentions);
  });
});

describe('device authorization', () => {
  it('answers the spec fields: 600 s, interval 5, our approval page', async () => {
    const r = await form('/oauth/device/code', { client_id: 'quire-cli', scope: 'documents.read offline_access' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ expires_in: 600, interval: 5, verification_uri: `${baseUrl()}/device` });
    expect(r.body.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(r.body.verification_uri_complete).toBe(`${baseUrl()}/device?user_code=${r.body.user_code}`);
  });

  it('refuses unknown scopes, and requests without an API scope, with invalid_scope', async () => {
    for (const scope of ['documents.read bogus', 'offline_access', 'openid documents.read']) {
      const r = await form('/oauth/device/code', { client_id: 'quire-cli', scope });
      expect(r.status, scope).toBe(400);
      expect(r.body.error, scope).toBe('invalid_scope');
    }
    await expect(oc.initiateDeviceAuthorization(config, { scope: 'documents.read nope' })).rejects.toMatchObject({ error: 'invalid_scope' });
  });

  it('is pending, then slow_down for a poll too soon, then pending again after the interval', async () => {
    const { body: dc } = await form('/oauth/device/code', { client_id: 'quire-cli', scope: 'documents.read' });
    expect((await poll(dc.device_code)).body.error).toBe('authorization_pending');
    expect((await poll(dc.device_code)).body.error).toBe('slow_down');
    expect((await poll(dc.device_code)).body.error).toBe('slow_down');
    await new Promise((r) => setTimeout(r, 4_200));
    expect((await poll(dc.device_code)).body.error).toBe('authorization_pending');
  });

  it('answers access_denied once the user denies, and expired_token for an expired code', async () => {
    const m = await memberOfNewTeam();
    const denied = await oc.initiateDeviceAuthorization(config, { scope: 'documents.read' });
    const d = await approve(m, denied.user_code.toLowerCase().replace('-', ' '), false);
    expect(d).toMatchObject({ approved: false });
    await expect(oc.pollDeviceAuthorizationGrant(config, denied)).rejects.toMatchObject({ error: 'access_denied' });

    const { body: dc } = await form('/oauth/device/code', { client_id: 'quire-cli', scope: 'documents.read' });
    // Aged from the test: the code was issued 600 s ago.
    const past = Math.floor(Date.now() / 1000) - 1;
    const stored = crypto.createHash('sha256').update(dc.device_code).digest('hex');
    const aged = await db.$executeRaw`UPDATE oauth_models SET payload = jsonb_set(payload, '{exp}', to_jsonb(${past}::bigint)) WHERE kind = 'DeviceCode' AND id = ${stored}`;
    expect(aged).toBe(1);
    expect((await poll(dc.device_code)).body.error).toBe('expired_token');
    // An expired code can no longer be approved either.
    await expect(approve(m, dc.user_code)).rejects.toMatchObject({ message: expect.stringContaining('No pending sign-in') });
  });

  it('decides a code once: a second approval is refused', async () => {
    const m = await memberOfNewTeam();
    const { body: dc } = await form('/oauth/device/code', { client_id: 'quire-cli', scope: 'documents.read' });
    await approve(m, dc.user_code);
    await expect(approve(m, dc.user_code)).rejects.toMatchObject({ message: expect.stringContaining('No pending sign-in') });
    await expect(caller(m.signedIn).oauth.decideDevice({ user_code: 'ZZZZ-ZZZZ', approve: true, team_id: m.team.id })).rejects.toMatchObject({
      message: expect.stringContaining('No pending sign-in'),
    });
  });

  it('only approves for a team of the user', async () => {
    const m = await memberOfNewTeam();
    const other = await memberOfNewTeam();
    const { body: dc } = await form('/oauth/device/code', { client_id: 'quire-cli', scope: 'documents.read' });
    await expect(caller(m.signedIn).oauth.decideDevice({ user_code: dc.user_code, approve: true, team_id: other.team.id })).rejects.toMatchObject({
      message: expect.stringContaining('not found'),
    });
  });

  it('shows the approval page the client, the device and the scopes in plain words', async () => {
    const m = await memberOfNewTeam();
    const registered = await oc.dynamicClientRegistration(new URL(baseUrl()), { ...SPEC_REGISTRATION, client_name: 'Unknown helper' }, oc.None(), {
      execute: [oc.allowInsecureRequests],
    });
    const { body: dc } = await fetch(`${baseUrl()}/oauth/device/code`, {
      method: 'POST',
      headers: { 'User-Agent': 'sync-tool/2.1 (Linux)' },
      body: new URLSearchParams({ client_id: registered.clientMetadata().client_id, scope: 'apis.read offline_access' }),
    }).then(async (r) => ({ body: await r.json() }));
    const view = await caller(m.signedIn).oauth.describeDevice({ user_code: dc.user_code });
    expect(view).toMatchObject({
      user_code: dc.user_code,
      client_name: 'Unknown helper',
      verified_client: false,
      // Bare `next start` has no socket address to give (npm start and Vercel do).
      device_ip: onNextStart ? null : '127.0.0.1',
      device_agent: 'sync-tool/2.1 (Linux)',
      teams: [{ id: m.team.id, slug: m.slug }],
    });
    expect(view.scopes.map((s: { scope: string }) => s.scope)).toEqual(['apis.read', 'offline_access']);
    expect(view.scopes[0].description).toMatch(/read/i);
    const cli = await form('/oauth/device/code', { client_id: 'quire-cli', scope: 'documents.read' });
    expect(await caller(m.signedIn).oauth.describeDevice({ user_code: cli.body.user_code })).toMatchObject({ client_name: 'Quire CLI', verified_client: true });
  });

  it('rate-limits code attempts per user', async () => {
    const m = await memberOfNewTeam();
    let refused: any = null;
    for (let i = 0; i < 25 && !refused; i++) {
      await caller(m.signedIn)
        .oauth.describeDevice({ user_code: `BCDF-GH${'JKLMNPQRST'[i % 10]}${'BCDFG'[i % 5]}` })
        .catch((e: any) => {
          if (e.cause?.code === 'rate_limit_exceeded') refused = e;
        });
    }
    expect(refused?.message).toMatch(/Too many codes tried/);
    // Another user from another address is not affected.
    const other = await memberOfNewTeam();
    await expect(caller(other.signedIn).oauth.describeDevice({ user_code: 'BCDF-GHJK' })).rejects.toMatchObject({ message: expect.stringContaining('No pending') });
  });
});

describe('tokens', () => {
  it('issues a 90-day access token, and a refresh token only with offline_access', async () => {
    const m = await memberOfNewTeam();
    const [withRefresh, without] = await Promise.all([login(m, 'documents.read offline_access'), login(m, 'documents.read')]);
    expect(withRefresh).toMatchObject({ token_type: 'bearer', expires_in: 7_776_000, scope: 'documents.read' });
    expect(withRefresh.refresh_token).toEqual(expect.any(String));
    expect(without.refresh_token).toBeUndefined();
    // Stored only as hashes.
    const raw = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM oauth_models WHERE id IN (${withRefresh.access_token}, ${withRefresh.refresh_token!}) OR payload::text LIKE ${'%' + withRefresh.access_token + '%'} OR payload::text LIKE ${'%' + withRefresh.refresh_token + '%'}`;
    expect(Number(raw[0]!.n)).toBe(0);
    const apps = await caller(m.ctx).oauth.connectedApps();
    expect(apps).toHaveLength(2);
    expect(apps[0]).toMatchObject({ client_name: 'Quire CLI', verified_client: true, user_email: m.email, is_you: true });
  });

  it('writes are in the audit log as the OAuth app, with the approving user’s email', async () => {
    const m = await memberOfNewTeam();
    const t = await login(m, 'documents.write audit.read');
    const api = client(t.access_token);
    const folder = (await api.post('/v1/folders', { name: 'Via the CLI' }, { 'User-Agent': 'quire-cli/test' })).body;
    const [e] = (await api.get(`/v1/events?resource_id=${folder.id}`)).body.data;
    expect(e).toMatchObject({ type: 'folder.created', actor: { type: 'oauth_app', name: 'Quire CLI', email: m.email }, request: { user_agent: 'quire-cli/test' } });
    expect(e.actor.id).toEqual(expect.any(String));
  });

  it('works on /v1 like a dashboard token: scopes checked, presets expanded, /v1/me, its own budget', async () => {
    const m = await memberOfNewTeam('pro');
    const t = await login(m, 'documents.read apis.read offline_access');
    const api = client(t.access_token);
    const me = await api.get('/v1/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ object: 'token_info', kind: 'oauth', team: { id: m.team.id, slug: m.slug, plan: 'pro' }, user: { email: m.email } });
    expect(me.body.scopes).toEqual(['documents.read', 'links.read', 'datarooms.read', 'branding.read', 'analytics.read', 'visitors.read', 'audit.read', 'webhooks.read']);
    const days = (Date.parse(me.body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    expect((await api.get('/v1/documents')).status).toBe(200);
    expect((await api.get('/v1/datarooms')).status).toBe(200);
    // The approval is in the audit log: the user who approved it, the grant as the object.
    const [granted] = (await api.get('/v1/events?type=oauth_grant.created')).body.data;
    expect(granted).toMatchObject({ actor: { type: 'user', email: m.email }, data: { object: { object: 'oauth_grant', client_name: 'Quire CLI' } } });
    const refused = await api.post('/v1/datarooms', { name: 'Nope' });
    envelope(refused, 403, 'forbidden');
    expect(refused.body.error.details).toMatchObject({ required_scope: 'datarooms.write' });

    // A refresh keeps the grant's budget: the count goes on from where it was (a new budget
    // would start again one below the limit).
    const limit = Number((await api.get('/v1/me')).headers.get('x-ratelimit-limit'));
    const before = Number((await api.get('/v1/me')).headers.get('x-ratelimit-remaining'));
    expect(before).toBeLessThan(limit - 5);
    const refreshed = await oc.refreshTokenGrant(config, t.refresh_token!);
    const after = Number((await client(refreshed.access_token).get('/v1/me')).headers.get('x-ratelimit-remaining'));
    expect(after).toBeLessThanOrEqual(before);
    // Another login of the same user has a budget of its own.
    const fresh = await login(m, 'documents.read');
    expect(Number((await client(fresh.access_token).get('/v1/me')).headers.get('x-ratelimit-remaining'))).toBe(limit - 1);
  });

  it('GET /v1/me describes dashboard tokens too, and needs no scope', async () => {
    const slug = uniqueTeam('me');
    const { token } = await teamsAdmin.adminCreateToken({ team: slug, scopes: ['analytics.read'] });
    const me = await client(token).get('/v1/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ object: 'token_info', kind: 'dashboard', team: expect.objectContaining({ slug, plan: 'free' }), user: null, scopes: ['analytics.read'], expires_at: null });
    envelope(await client(null).get('/v1/me'), 401, 'unauthorized');
    envelope(await client('A'.repeat(43)).get('/v1/me'), 401, 'unauthorized');
    envelope(await client(null).get('/v1/me?x=1', { Authorization: `Bearer ${token}` }), 422, 'unprocessable_entity');
  });

  it('rotates refresh tokens; reusing a spent one revokes the whole grant at once', async () => {
    const m = await memberOfNewTeam();
    const t = await login(m, 'documents.read offline_access');
    const r1 = await oc.refreshTokenGrant(config, t.refresh_token!);
    expect(r1.refresh_token).not.toBe(t.refresh_token);
    expect(r1.expires_in).toBe(7_776_000);
    expect((await client(r1.access_token).get('/v1/documents')).status).toBe(200);
    await expect(oc.refreshTokenGrant(config, t.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    envelope(await client(r1.access_token).get('/v1/documents'), 401, 'unauthorized');
    envelope(await client(t.access_token).get('/v1/documents'), 401, 'unauthorized');
    await expect(oc.refreshTokenGrant(config, r1.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect.poll(async () => (await caller(m.ctx).oauth.connectedApps()).length).toBe(0);
  });

  it('revokes at once: RFC 7009, Settings → Connected apps, and leaving the team', async () => {
    const m = await memberOfNewTeam();
    const [a, b] = await Promise.all([login(m, 'documents.read offline_access'), login(m, 'documents.read offline_access')]);
    // RFC 7009: revoking the refresh token ends the grant.
    await oc.tokenRevocation(config, a.refresh_token!);
    envelope(await client(a.access_token).get('/v1/documents'), 401, 'unauthorized');
    // Connected apps.
    const apps = await caller(m.ctx).oauth.connectedApps();
    expect(apps).toHaveLength(1);
    expect((await client(b.access_token).get('/v1/documents')).status).toBe(200);
    await caller(m.ctx).oauth.revokeConnectedApp({ id: apps[0].id });
    envelope(await client(b.access_token).get('/v1/documents'), 401, 'unauthorized');
    await expect(oc.refreshTokenGrant(config, b.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(caller(m.ctx).oauth.revokeConnectedApp({ id: apps[0].id })).rejects.toMatchObject({ message: expect.stringContaining('not found') });

    // A member who leaves takes their logins along; other members' stay.
    const second = `oauth.leaver.${Date.now().toString(36)}@example.com`;
    const { user: leaver } = await teamsAdmin.adminAddMember(m.slug, second, 'member');
    const leaverMember: Member = { ...m, email: second, user: leaver, signedIn: { ...m.signedIn, user: { id: leaver.id, email: second }, address: '10.9.9.9' } };
    const [stays, theirs] = await Promise.all([login(m, 'documents.read'), login(leaverMember, 'documents.read')]);
    expect((await client(theirs.access_token).get('/v1/documents')).status).toBe(200);
    const membership = await db.teamMember.findFirstOrThrow({ where: { teamId: m.team.id, userId: leaver.id } });
    await caller(m.ctx).members.remove({ id: membership.id });
    envelope(await client(theirs.access_token).get('/v1/documents'), 401, 'unauthorized');
    expect((await client(stays.access_token).get('/v1/documents')).status).toBe(200);
    expect((await caller(m.ctx).oauth.connectedApps()).map((x: { user_email: string }) => x.user_email)).toEqual([m.email]);
  });

  it('a member revokes only their own logins; admins revoke anyone', async () => {
    const m = await memberOfNewTeam();
    const second = `oauth.member.${Date.now().toString(36)}@example.com`;
    const { user: u } = await teamsAdmin.adminAddMember(m.slug, second, 'member');
    const memberCtx: Context = { ...m.ctx, user: { id: u.id, email: second }, actor: { kind: 'user', userId: u.id, teamId: m.team.id, role: 'member', plan: 'free' } };
    await login(m, 'documents.read');
    const [adminApp] = await caller(m.ctx).oauth.connectedApps();
    await expect(caller(memberCtx).oauth.revokeConnectedApp({ id: adminApp.id })).rejects.toMatchObject({ message: expect.stringMatching(/admin/i) });
    // Another team never sees it.
    const stranger = await memberOfNewTeam();
    expect(await caller(stranger.ctx).oauth.connectedApps()).toEqual([]);
    await expect(caller(stranger.ctx).oauth.revokeConnectedApp({ id: adminApp.id })).rejects.toMatchObject({ message: expect.stringContaining('not found') });
  });

  it('approves through the admin command as the named user, made a member if needed', async () => {
    const slug = uniqueTeam('adm');
    const email = `oauth.admin.${Date.now().toString(36)}@example.com`;
    const handle = await oc.initiateDeviceAuthorization(config, { scope: 'apis.all offline_access' });
    const { stdout } = await admin(['device', 'approve', handle.user_code, '--team', slug, '--email', email]);
    expect(stdout).toContain(`approved ${handle.user_code}`);
    const t = await oc.pollDeviceAuthorizationGrant(config, handle);
    const me = await client(t.access_token).get('/v1/me');
    expect(me.body).toMatchObject({ kind: 'oauth', team: { slug }, user: { email } });
    expect(me.body.scopes).toHaveLength(SCOPES.length);
    await expect(admin(['device', 'approve', handle.user_code, '--team', slug, '--email', email])).rejects.toMatchObject({
      stderr: expect.stringContaining('No pending sign-in'),
    });
  });
});

describe('cleanup', () => {
  it('removes provider rows a day past expiry and team records of grants that are gone', async () => {
    const { sweepOAuthState } = await import('../server/jobs/oauth-state');
    const m = await memberOfNewTeam();
    const t = await login(m, 'documents.read');
    const [app] = await caller(m.ctx).oauth.connectedApps();
    const old = new Date(Date.now() - 2 * 86_400_000);
    await db.oAuthModel.create({ data: { id: `sweep-${Date.now()}`, kind: 'DeviceCode', payload: {}, expiresAt: old } });
    const before = await sweepOAuthState();
    expect(before.models).toBeGreaterThanOrEqual(1);
    expect((await client(t.access_token).get('/v1/me')).status).toBe(200);
    // The grant expires (its provider row goes): the record follows.
    await db.oAuthModel.updateMany({ where: { kind: 'Grant', id: app.id }, data: { expiresAt: old } });
    await sweepOAuthState();
    expect(await caller(m.ctx).oauth.connectedApps()).toEqual([]);
    envelope(await client(t.access_token).get('/v1/me'), 401, 'unauthorized');
  });
});
