// SAML 2.0 single sign-on over HTTP (DESIGN.md "Team security"): a real identity provider
// (tests/support/saml-idp.ts) signs responses to the AuthnRequests our login route sends; the ACS
// accepts a good one (a session like next-auth's, a just-in-time member, member.signed_in with
// method sso) and refuses a tampered signature, a wrapped assertion, a replay, an expired
// assertion, another audience, another destination and an unsolicited response.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client } from './support/api';
import { roomsDashboard } from './support/dashboard';
import { makeTestIdp, type ResponseOptions, type TestIdp } from './support/saml-idp';
import { postAcs as postAcsOf, refused, sessionCookie, spOf, ssoAdmin, ssoSignIn, startSsoLogin, type SpAddresses } from './support/sso';

let idp: TestIdp;
let slug: string;
let teamId: string;
let api: ReturnType<typeof client>;
let adminCall: () => any;
let domain: string;
let sp: SpAddresses;

beforeAll(async () => {
  idp = makeTestIdp(`idp${crypto.randomBytes(3).toString('hex')}`);
  const { dash, api: a } = await roomsDashboard('sso-admin', 'SSO Corp');
  api = a;
  const c = await ssoAdmin(dash.email);
  adminCall = c.call;
  slug = c.slug;
  teamId = c.teamId;
  domain = `corp${crypto.randomBytes(3).toString('hex')}.example`;
  await adminCall().sso.configureSaml({ metadata_xml: idp.metadata, domains: [domain] });
  // The addresses as the server (its APP_URL) publishes them.
  sp = await spOf(slug);
});

const startLogin = () => startSsoLogin(slug, idp);
const postAcs = (samlResponse: string, relayState?: string) => postAcsOf(slug, samlResponse, relayState);
const signIn = (email: string, o: Partial<ResponseOptions> = {}) => ssoSignIn(slug, sp, idp, email, o);

describe('service provider', () => {
  it('publishes its metadata with the entity id and the ACS', async () => {
    const r = await fetch(`${baseUrl()}/sso/saml/${slug}/metadata`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('samlmetadata+xml');
    const xml = await r.text();
    expect(sp.entity_id).toMatch(new RegExp(`^https?://[^/]+/sso/saml/${slug}/metadata$`));
    expect(sp.acs_url).toMatch(new RegExp(`^https?://[^/]+/sso/saml/${slug}/acs$`));
    expect(xml).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect((await fetch(`${baseUrl()}/sso/saml/no-such-team-${Date.now()}/metadata`)).status).toBe(404);
  });

  it('"Continue with SSO" finds the team by email domain or slug', async () => {
    const byEmail = await fetch(`${baseUrl()}/sso/saml/find?identifier=${encodeURIComponent(`someone@${domain.toUpperCase()}`)}`, { redirect: 'manual' });
    expect(byEmail.status).toBe(303);
    expect(new URL(byEmail.headers.get('location')!).pathname).toBe(`/sso/saml/${slug}/login`);
    const bySlug = await fetch(`${baseUrl()}/sso/saml/find?identifier=${slug}`, { redirect: 'manual' });
    expect(new URL(bySlug.headers.get('location')!).pathname).toBe(`/sso/saml/${slug}/login`);
    const none = await fetch(`${baseUrl()}/sso/saml/find?identifier=someone@nowhere.example`, { redirect: 'manual' });
    const to = new URL(none.headers.get('location')!);
    expect(to.pathname).toBe('/signin');
    expect(to.searchParams.get('error')).toBe('SsoNotFound');
  });
});

describe('ACS', () => {
  it('accepts a signed assertion: a session like a magic link’s, a new member, member.signed_in (sso)', async () => {
    const email = `new.${crypto.randomBytes(3).toString('hex')}@${domain}`;
    const { res } = await signIn(email);
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!).pathname).toBe('/documents');
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`quire_team=${teamId}`))).toBe(true);
    const session = await (await fetch(`${baseUrl()}/api/auth/session`, { headers: { cookie: cookie.split(';')[0]! } })).json();
    expect(session.user.email).toBe(email);
    const page = await fetch(`${baseUrl()}/documents`, { headers: { cookie: cookie.split(';')[0]! }, redirect: 'manual' });
    expect(page.status).toBe(200);
    const members = await adminCall().members.list();
    expect(members.find((m: any) => m.email === email)).toMatchObject({ role: 'member' });
    const events = await api.get('/v1/events?type=member.signed_in');
    const mine = events.body.data.find((e: any) => e.data.object.email === email);
    expect(mine.data.object.method).toBe('sso');
    expect(mine.actor).toMatchObject({ type: 'user', email });
  });

  it('accepts a signed response around an unsigned assertion', async () => {
    const { res } = await signIn(`resp.${crypto.randomBytes(3).toString('hex')}@${domain}`, { sign: 'response' });
    expect(res.status).toBe(303);
    expect(sessionCookie(res)).toBeDefined();
  });

  it('refuses a tampered signature', async () => {
    const { res } = await signIn(`honest@${domain}`, { after: (xml) => xml.replaceAll(`honest@${domain}`, `admin@${domain}`) });
    await refused(res);
  });

  it('refuses a wrapped assertion (the signed one hidden, a forged one in its place)', async () => {
    const forged = `forged@${domain}`;
    const { res } = await signIn(`victim@${domain}`, {
      after: (xml) => {
        const start = xml.indexOf('<saml:Assertion');
        const end = xml.indexOf('</saml:Assertion>') + '</saml:Assertion>'.length;
        const signed = xml.slice(start, end);
        const evil = signed
          .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '')
          .replaceAll(`victim@${domain}`, forged)
          .replace(/ID="[^"]+"/, 'ID="_evil"');
        // The signed assertion moves into an Extensions element, the forged one takes its place.
        return xml.slice(0, start) + `<samlp:Extensions>${signed}</samlp:Extensions>` + evil + xml.slice(end);
      },
    });
    await refused(res);
    const { res: sibling } = await signIn(`victim2@${domain}`, {
      after: (xml) => {
        const start = xml.indexOf('<saml:Assertion');
        const end = xml.indexOf('</saml:Assertion>') + '</saml:Assertion>'.length;
        const evil = xml.slice(start, end).replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '').replaceAll(`victim2@${domain}`, forged).replace(/ID="[^"]+"/, 'ID="_evil2"');
        return xml.slice(0, end) + evil + xml.slice(end);
      },
    });
    await refused(sibling);
    const members = await adminCall().members.list();
    expect(members.some((m: any) => m.email === forged)).toBe(false);
  });

  it('refuses a replayed response and a replayed assertion under a new request', async () => {
    const email = `replay.${crypto.randomBytes(3).toString('hex')}@${domain}`;
    const first = await signIn(email, { assertionId: `_once${crypto.randomBytes(6).toString('hex')}` });
    expect(first.res.status).toBe(303);
    await refused(await postAcs(first.saml));
    // The same assertion id answered to a fresh request (only the assertion is signed).
    const again = await signIn(email, { assertionId: (/ID="(_once[0-9a-f]+)"/.exec(Buffer.from(first.saml, 'base64').toString()) ?? [])[1] });
    await refused(again.res);
  });

  it('refuses an expired assertion, another audience, another destination, another issuer and an unsolicited response', async () => {
    await refused((await signIn(`late@${domain}`, { validForMinutes: -10 })).res);
    await refused((await signIn(`aud@${domain}`, { audience: 'https://someone-else.example/metadata' })).res);
    await refused((await signIn(`dest@${domain}`, { destination: 'https://someone-else.example/acs' })).res);
    await refused((await signIn(`iss@${domain}`, { issuer: 'https://other-idp.example/saml' })).res);
    const unsolicited = idp.response({ requestId: '_never-sent', acs: sp.acs_url, audience: sp.entity_id, email: `idp-init@${domain}` });
    await refused(await postAcs(unsolicited));
    const other = makeTestIdp('other-idp');
    const requestId = await startLogin();
    await refused(await postAcs(other.response({ requestId, acs: sp.acs_url, audience: sp.entity_id, email: `wrongkey@${domain}` })));
  });
});

describe('settings', () => {
  it('refuses bad metadata, private metadata URLs, claimed domains and plans below business', async () => {
    const call = adminCall();
    await expect(call.sso.configureSaml({ metadata_xml: '<not-xml' })).rejects.toThrow(/metadata_xml/);
    await expect(call.sso.configureSaml({ metadata_xml: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x/>' })).rejects.toThrow(/DOCTYPE/);
    await expect(call.sso.configureSaml({ metadata_url: 'https://127.0.0.1/metadata' })).rejects.toThrow(/metadata_url/);
    await expect(call.sso.configureSaml({ metadata_url: 'http://idp.example/metadata' })).rejects.toThrow(/https/);
    const { dash } = await roomsDashboard('sso-other', 'Other Corp');
    const other = await ssoAdmin(dash.email);
    await expect(other.call().sso.configureSaml({ metadata_xml: idp.metadata, domains: [domain] })).rejects.toThrow(/another team/);
    const pro = await ssoAdmin(dash.email, 'pro');
    await expect(pro.call().sso.configureSaml({ metadata_xml: idp.metadata })).rejects.toThrow(/plan/);
    const events = await api.get('/v1/events?type=sso.configured');
    expect(events.body.data[0].data.object).toMatchObject({ object: 'saml_connection', idp_entity_id: idp.entityId, domains: [domain] });
  });

  it('"Require SSO" keeps members without an SSO session out of the team, admins keep their way in', async () => {
    const { db } = await import('../server/db/client');
    const { resolveActiveTeam } = await import('../server/services/teams');
    const email = `member.${crypto.randomBytes(3).toString('hex')}@${domain}`;
    const { res } = await signIn(email);
    expect(res.status).toBe(303);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    await adminCall().sso.configureSaml({ require_sso: true });
    try {
      expect(await resolveActiveTeam(user.id, [teamId], {})).toBeNull();
      expect(await resolveActiveTeam(user.id, [teamId], { ssoTeamId: teamId })).toMatchObject({ teamId, role: 'member' });
      const admin = await db.teamMember.findFirstOrThrow({ where: { teamId, role: 'admin' } });
      expect(await resolveActiveTeam(admin.userId, [teamId], {})).toMatchObject({ teamId, role: 'admin' });
      // Over HTTP: the member's SSO session still reaches the dashboard.
      const cookie = sessionCookie((await signIn(email)).res)!.split(';')[0]!;
      const page = await fetch(`${baseUrl()}/documents`, { headers: { cookie }, redirect: 'manual' });
      expect(page.status).toBe(200);
      // An emailed link's session of the same member is sent to sign in with SSO, not to make a team.
      const token = crypto.randomBytes(32).toString('hex');
      await db.session.create({ data: { sessionToken: token, userId: user.id, expires: new Date(Date.now() + 86_400_000) } });
      const emailed = { cookie: `next-auth.session-token=${token}` };
      await expect.poll(async () => (await (await fetch(`${baseUrl()}/api/auth/session`, { headers: emailed })).json())?.user?.email).toBe(email);
      const held = await fetch(`${baseUrl()}/documents`, { headers: emailed, redirect: 'manual' });
      expect(held.status).toBe(307);
      expect(new URL(held.headers.get('location')!, baseUrl()).pathname).toBe('/restricted');
      const restricted = await (await fetch(`${baseUrl()}/restricted`, { headers: emailed })).text();
      expect(restricted).toContain('Sign in with single sign-on');
      expect(restricted).toContain(`href="/sso/saml/${slug}/login?callbackUrl=%2Fdocuments"`);
      expect(restricted).not.toContain('Not available from this network');
    } finally {
      await adminCall().sso.configureSaml({ require_sso: false });
    }
  });
});
