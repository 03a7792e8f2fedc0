// A SAML connection configured from a metadata URL follows it (DESIGN.md "Team security";
// docs/decisions.md): the identity provider rotates its signing certificate, a refresh (the
// admin's "Refresh now", or the daily `sso.metadata` job on the one queue) picks the new one up,
// and a URL that stops answering keeps the last good metadata and says why. The metadata is
// served by the suite's loopback file server, which the app may reach through its test seam.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { client } from './support/api';
import { roomsDashboard } from './support/dashboard';
import { makeTestIdp, type TestIdp } from './support/saml-idp';
import { db } from './support/security';
import { refused, spOf, ssoAdmin, ssoSignIn, type SpAddresses } from './support/sso';

let api: ReturnType<typeof client>;
let admin: () => any;
let slug: string;
let teamId: string;
let sp: SpAddresses;
let domain: string;
let adminEmail: string;
const name = `rotating${crypto.randomBytes(3).toString('hex')}`;
const metadataUrl = `${inject('fixturesOrigin')}/mutable/${name}.xml`;

const publish = async (idp: TestIdp) => {
  const r = await fetch(metadataUrl, { method: 'PUT', headers: { 'content-type': 'application/samlmetadata+xml' }, body: idp.metadata });
  expect(r.status).toBe(204);
};
const unpublish = async () => expect((await fetch(metadataUrl, { method: 'DELETE' })).status).toBe(204);

const refreshJobs = async () => (await db()).job.findMany({ where: { kind: 'sso.metadata', ref: teamId, status: 'queued' } });

async function ssoEvents() {
  const r = await api.get('/v1/events?type=sso.configured&limit=100');
  expect(r.status).toBe(200);
  return r.body.data as any[];
}

const signsIn = async (idp: TestIdp) => {
  const { res } = await ssoSignIn(slug, sp, idp, `m.${crypto.randomBytes(3).toString('hex')}@${domain}`);
  return res;
};

beforeAll(async () => {
  // The admin's procedures run in this process (tests/support/sso.ts): they fetch as the server does.
  process.env.QUIRE_UNSAFE_FETCH_ALLOW = inject('serverEnv').QUIRE_UNSAFE_FETCH_ALLOW;
  const { dash, api: a } = await roomsDashboard('sso-metadata', 'Rotating Corp');
  api = a;
  adminEmail = dash.email;
  const c = await ssoAdmin(dash.email);
  admin = c.call;
  slug = c.slug;
  teamId = c.teamId;
  domain = `rot${crypto.randomBytes(3).toString('hex')}.example`;
});

describe('a connection configured from a metadata URL', () => {
  const first = makeTestIdp(name);
  const rotated = makeTestIdp(name); // the same IdP (entity id, sign-on URL) with a new key

  it('picks up a rotated signing certificate when refreshed: the new key signs in, the old one is refused', async () => {
    await publish(first);
    const saved = await admin().sso.configureSaml({ metadata_url: metadataUrl, domains: [domain] });
    expect(saved).toMatchObject({ configured: true, metadata_url: metadataUrl, metadata_error: null, idp_entity_id: first.entityId });
    expect(Date.parse(saved.metadata_checked_at)).toBeGreaterThan(Date.now() - 60_000);
    sp = await spOf(slug); // published once the team has a connection
    // Saving starts the daily refresh: one job, due in about a day.
    const jobs = await refreshJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.runAt.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect((await signsIn(first)).status).toBe(303);

    await publish(rotated);
    // Until refreshed, Quire trusts only the certificate it fetched.
    await refused(await signsIn(rotated));
    const refreshed = await admin().sso.refreshSaml();
    expect(refreshed).toMatchObject({ metadata_error: null, idp_certificate_count: 1 });
    expect((await signsIn(rotated)).status).toBe(303);
    await refused(await signsIn(first));

    // The rotation is in the audit log as the admin's, by fingerprint (never the certificate).
    const [event] = await ssoEvents();
    expect(event.actor).toMatchObject({ type: 'user' });
    const [was, now] = event.data.changes.idp_certificate_fingerprints;
    expect(was).toHaveLength(1);
    expect(now).toHaveLength(1);
    expect(now[0]).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(now[0]).not.toBe(was[0]);
    expect(JSON.stringify(event)).not.toContain(first.metadata.match(/<ds:X509Certificate>([^<]{40})/)![1]);
  });

  it('a URL that stops answering keeps the last good metadata: the daily job records why, as the system, and tries again within the hour', async () => {
    await unpublish();
    const [job] = await refreshJobs();
    // The day has passed.
    await (await db()).job.update({ where: { id: job!.id }, data: { runAt: new Date(Date.now() - 1000) } });
    let view: any;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
      view = await admin().sso.saml();
      if (view.metadata_error) break;
    }
    expect(view.metadata_error).toBe('The URL answered HTTP 404.');
    expect(view.idp_certificate_count).toBe(1);
    expect((await signsIn(rotated)).status).toBe(303);
    const [again] = await refreshJobs();
    expect(again!.id).toBe(job!.id);
    const inMs = again!.runAt.getTime() - Date.now();
    expect(inMs).toBeGreaterThan(40 * 60_000);
    expect(inMs).toBeLessThan(70 * 60_000);
    const [event] = await ssoEvents();
    expect(event.actor).toMatchObject({ type: 'system', name: 'SSO metadata refresh' });
    expect(event.data.changes).toEqual({ metadata_error: [null, 'The URL answered HTTP 404.'] });

    // An admin asking at once hears the same, and nothing new is logged for the same answer.
    expect((await admin().sso.refreshSaml()).metadata_error).toBe('The URL answered HTTP 404.');
    expect((await ssoEvents())[0].id).toBe(event.id);
    await publish(rotated);
    expect((await admin().sso.refreshSaml()).metadata_error).toBeNull();
  });

  it('saving again keeps one refresh; pasted XML or removing the connection ends it; only admins refresh', async () => {
    await admin().sso.configureSaml({ metadata_url: `${metadataUrl}?again` });
    expect(await refreshJobs()).toHaveLength(1);
    await admin().sso.configureSaml({ metadata_xml: rotated.metadata });
    expect(await refreshJobs()).toHaveLength(0);
    await expect(admin().sso.refreshSaml()).rejects.toThrow(/pasted XML/);
    await admin().sso.configureSaml({ metadata_url: metadataUrl });
    expect(await refreshJobs()).toHaveLength(1);

    const member = await ssoAdmin(adminEmail, 'datarooms-plus', 'member');
    await expect(member.call().sso.refreshSaml()).rejects.toThrow(/admin/);
    await admin().sso.removeSaml();
    expect(await refreshJobs()).toHaveLength(0);
    await expect(admin().sso.refreshSaml()).rejects.toThrow(/not found/);
  });
});
