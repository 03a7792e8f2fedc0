// SAML sign-in over HTTP for the SSO tests: a team admin calling the dashboard's procedures in
// process, the service provider's addresses as the server publishes them, and the login round
// trip (our AuthnRequest out, an identity provider's signed response in at the ACS).
import { expect } from 'vitest';
import { baseUrl } from './api';
import { inProcessCaller } from './in-process';
import type { ResponseOptions, TestIdp } from './saml-idp';

/** The admin of `email`'s team (or `role`), calling the dashboard's procedures (the plan allows SSO). */
export async function ssoAdmin(email: string, plan = 'datarooms-plus', role: 'admin' | 'manager' | 'member' = 'admin') {
  const caller = await inProcessCaller();
  const { db } = await import('../../server/db/client');
  const m = await db.teamMember.findFirstOrThrow({ where: { user: { email } }, include: { team: true } });
  const actor = { kind: 'user', userId: m.userId, teamId: m.teamId, role, plan } as any;
  return { call: () => caller({ face: 'dashboard', origin: 'http://127.0.0.1', user: { id: m.userId, email }, actor }), slug: m.team.slug, teamId: m.teamId };
}

export type SpAddresses = { entity_id: string; acs_url: string };

/** The entity id and ACS of a team, read from the metadata the server publishes. */
export async function spOf(slug: string): Promise<SpAddresses> {
  const xml = await (await fetch(`${baseUrl()}/sso/saml/${slug}/metadata`)).text();
  return { entity_id: /entityID="([^"]+)"/.exec(xml)![1]!, acs_url: /AssertionConsumerService[^>]*Location="([^"]+)"/.exec(xml)![1]! };
}

/** Our login route's redirect to the IdP, and the request id it carries. */
export async function startSsoLogin(slug: string, idp: TestIdp): Promise<string> {
  const r = await fetch(`${baseUrl()}/sso/saml/${slug}/login?callbackUrl=/documents`, { redirect: 'manual' });
  expect(r.status).toBe(302);
  const location = r.headers.get('location')!;
  expect(location.startsWith(idp.ssoUrl)).toBe(true);
  return idp.requestIdOf(location);
}

export async function postAcs(slug: string, samlResponse: string, relayState = '/documents') {
  return fetch(`${baseUrl()}/sso/saml/${slug}/acs`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }),
  });
}

export const sessionCookie = (r: Response) => r.headers.getSetCookie().find((c) => c.startsWith('next-auth.session-token='));

/** One sign-in through `idp` (login, a response it signs, the ACS's answer). */
export async function ssoSignIn(slug: string, sp: SpAddresses, idp: TestIdp, email: string, o: Partial<ResponseOptions> = {}) {
  const requestId = await startSsoLogin(slug, idp);
  const saml = idp.response({ requestId, acs: sp.acs_url, audience: sp.entity_id, email, ...o });
  return { saml, res: await postAcs(slug, saml), requestId };
}

/** The ACS's refusal: 403, no session, the error page. */
export async function refused(r: Response) {
  expect(r.status).toBe(403);
  expect(sessionCookie(r)).toBeUndefined();
  expect(await r.text()).toContain('Single sign-on failed');
}
