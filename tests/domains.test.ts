// Custom domains over /v1 (DESIGN.md "Custom domains (white label)"): the resource, names, plans,
// one holder per name, verification against a DNS server on loopback (the answer shown when it
// fails), links and presets on a domain, removal, Caddy's ask, and Vercel's project API (a fake).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from './support/api';
import { hostRequest, startDomainsWorld, TARGET, uniqueHost, type DomainsWorld } from './support/domains';
import { pdfDocument } from './support/viewer';

let w: DomainsWorld;
beforeAll(async () => {
  w = await startDomainsWorld('domains', { vercel: true });
}, 180_000);
afterAll(() => w?.close());

describe('/v1/domains', () => {
  it('adds a domain: lower-case ASCII name, pending, the TXT record to publish and the CNAME target', async () => {
    const api = await w.team();
    const name = uniqueHost();
    const r = await api.post('/v1/domains', { name: `  ${name.toUpperCase()}. ` });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ object: 'domain', name, status: 'pending', target: TARGET, error: null, verified_at: null });
    expect(r.body.verification).toEqual({ type: 'TXT', name: `_quire-challenge.${name}`, value: expect.stringMatching(/^quire-verify=[0-9a-f]{32}$/) });
    expect((await api.get(`/v1/domains/${r.body.id}`)).body).toEqual(r.body);
    expect((await api.get('/v1/domains')).body.data).toEqual([r.body]);
  });

  it('stores an internationalised name in its IDNA form', async () => {
    const api = await w.team();
    const r = await api.post('/v1/domains', { name: `bücher-${process.pid}-${Date.now().toString(36)}.example` });
    expect(r.status).toBe(201);
    expect(r.body.name).toMatch(/^xn--bcher-.*-kva\.example$|^xn--bcher-[a-z0-9-]+\.example$/);
  });

  it('refuses what is not a host name of a customer (422 on name)', async () => {
    const api = await w.team('datarooms-plus');
    const bad = ['https://docs.acme.com', 'docs.acme.com:8443', 'docs.acme.com/path', '*.acme.com', '127.0.0.1', '[::1]', '10.0.0.1', 'localhost', 'acme', '', 'a..acme.com', '-x.acme.com', TARGET, '127.0.0.1.'];
    for (const name of bad) {
      const r = await api.post('/v1/domains', { name });
      envelope(r, 422, 'unprocessable_entity');
      expect(JSON.stringify(r.body.error), name).toContain('name');
    }
    envelope(await api.post('/v1/domains', {}), 422, 'unprocessable_entity');
  });

  it('caps domains by plan: none below business, business 1 (403 plan_restriction)', async () => {
    const free = await w.team('free');
    expect(envelope(await free.post('/v1/domains', { name: uniqueHost() }), 403, 'plan_restriction').details).toMatchObject({ feature: 'custom_domains', limit: 0 });
    const pro = await w.team('pro');
    envelope(await pro.post('/v1/domains', { name: uniqueHost() }), 403, 'plan_restriction');
    const business = await w.team('business');
    expect((await business.post('/v1/domains', { name: uniqueHost() })).status).toBe(201);
    expect(envelope(await business.post('/v1/domains', { name: uniqueHost() }), 403, 'plan_restriction').details).toMatchObject({ limit: 1, usage: 1, plans: ['datarooms', 'datarooms-plus'] });
    const rooms = await w.team('datarooms');
    for (let i = 0; i < 5; i++) expect((await rooms.post('/v1/domains', { name: uniqueHost() })).status).toBe(201);
    envelope(await rooms.post('/v1/domains', { name: uniqueHost() }), 403, 'plan_restriction');
  });

  it('a name is held by one team: 409 for another team and for the same team again', async () => {
    const a = await w.team();
    const b = await w.team();
    const name = uniqueHost();
    expect((await a.post('/v1/domains', { name })).status).toBe(201);
    envelope(await b.post('/v1/domains', { name: name.toUpperCase() }), 409, 'conflict');
    const again = await w.team('datarooms');
    envelope(await again.post('/v1/domains', { name }), 409, 'conflict');
  });

  it('another team’s domain is 404; scopes are links.read / links.write', async () => {
    const a = await w.team();
    const b = await w.team();
    const d = (await a.post('/v1/domains', { name: uniqueHost() })).body;
    envelope(await b.get(`/v1/domains/${d.id}`), 404, 'not_found');
    envelope(await b.post(`/v1/domains/${d.id}/verify`), 404, 'not_found');
    envelope(await b.del(`/v1/domains/${d.id}`), 404, 'not_found');
    const reader = await w.team('business', 'links.read');
    expect((await reader.get('/v1/domains')).status).toBe(200);
    envelope(await reader.post('/v1/domains', { name: uniqueHost() }), 403, 'forbidden');
    const none = await w.team('business', 'documents.read');
    envelope(await none.get('/v1/domains'), 403, 'forbidden');
  });

  it('verifies against DNS: failed with what DNS answered, then verified once the TXT record holds the value', async () => {
    const api = await w.team();
    const d = (await api.post('/v1/domains', { name: uniqueHost() })).body;
    const missing = await api.post(`/v1/domains/${d.id}/verify`);
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ status: 'failed', verified_at: null });
    expect(missing.body.error).toContain(`_quire-challenge.${d.name}`);
    expect(missing.body.error).toContain('NXDOMAIN');

    w.dns.records.txt.set(d.verification.name, ['v=spf1 -all', 'quire-verify=wrong']);
    const wrong = (await api.post(`/v1/domains/${d.id}/verify`)).body;
    expect(wrong.status).toBe('failed');
    expect(wrong.error).toContain('"quire-verify=wrong"');

    w.dns.records.txt.set(d.verification.name, ['v=spf1 -all', d.verification.value]);
    const ok = (await api.post(`/v1/domains/${d.id}/verify`)).body;
    expect(ok).toMatchObject({ status: 'verified', error: null });
    expect(Date.parse(ok.verified_at)).toBeGreaterThan(Date.parse(d.created) - 1000);
    // Vercel was asked to add the domain to the project, then to verify it, for the configured team.
    const calls = w.vercel!.calls.filter((c) => c.body.includes(d.name) || c.path.includes(d.name));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`POST /v10/projects/prj_quire/domains`, `POST /v9/projects/prj_quire/domains/${d.name}/verify`]);
    expect(calls.every((c) => c.teamId === 'team_vc')).toBe(true);
  });

  it('adding, a check that changes what it says, and removing are events in the audit log, by who acted', async () => {
    const api = await w.team('business', 'links.read,links.write,audit.read');
    const d = (await api.post('/v1/domains', { name: uniqueHost() })).body;
    await api.post(`/v1/domains/${d.id}/verify`); // failed: NXDOMAIN
    await api.post(`/v1/domains/${d.id}/verify`); // the same answer: nothing changed
    w.dns.records.txt.set(d.verification.name, [d.verification.value]);
    const verified = (await api.post(`/v1/domains/${d.id}/verify`)).body;
    expect(verified.status).toBe('verified');
    expect((await api.del(`/v1/domains/${d.id}`)).status).toBe(200);
    const events = (await api.get(`/v1/events?resource_id=${d.id}`)).body.data as any[];
    expect(events.map((e) => e.type)).toEqual(['domain.deleted', 'domain.updated', 'domain.updated', 'domain.created']);
    expect(events.every((e) => e.actor.type === 'api_token')).toBe(true);
    const [deleted, toVerified, toFailed, created] = events;
    expect(created.data.object).toMatchObject({ id: d.id, object: 'domain', name: d.name, status: 'pending' });
    expect(toFailed.data.changes.status).toEqual(['pending', 'failed']);
    expect(toFailed.data.changes.error[1]).toContain('NXDOMAIN');
    expect(toVerified.data.changes).toMatchObject({ status: ['failed', 'verified'], error: [expect.stringContaining('NXDOMAIN'), null] });
    expect(deleted.data.object).toEqual({ id: d.id, object: 'domain', deleted: true });
    // Not another team's: its log has none of them.
    const other = await w.team('business', 'links.read,audit.read');
    expect((await other.get(`/v1/events?resource_id=${d.id}`)).body.data).toEqual([]);
  });

  it('a domain Vercel cannot verify yet stays failed with Vercel’s word, and verifies when Vercel does', async () => {
    const api = await w.team();
    const name = uniqueHost();
    w.vercel!.unverifiable.add(name);
    const d = (await api.post('/v1/domains', { name })).body;
    w.dns.records.txt.set(d.verification.name, [d.verification.value]);
    const first = (await api.post(`/v1/domains/${d.id}/verify`)).body;
    expect(first.status).toBe('failed');
    expect(first.error).toContain('missing required TXT Record');
    w.vercel!.unverifiable.delete(name);
    // The second check finds the domain on the project already (400 "already in use") and verifies it.
    expect((await api.post(`/v1/domains/${d.id}/verify`)).body.status).toBe('verified');
  });

  it('Caddy’s ask: 200 only for a verified domain', async () => {
    const api = await w.team();
    const pending = (await api.post('/v1/domains', { name: uniqueHost() })).body;
    const other = await w.team();
    const ok = await w.verified(other, uniqueHost());
    const ask = (name: string) => fetch(`${w.server.url}/api/domains/allowed?domain=${encodeURIComponent(name)}`).then((r) => r.status);
    expect(await ask(ok.name)).toBe(200);
    expect(await ask(ok.name.toUpperCase())).toBe(200);
    expect(await ask(pending.name)).toBe(404);
    expect(await ask(uniqueHost())).toBe(404);
    expect(await ask('')).toBe(404);
    expect(await ask('127.0.0.1')).toBe(404);
  });
});

describe('links on a domain', () => {
  it('domain_id must name a verified domain of the team (422); a link’s url is on its domain', async () => {
    const api = await w.team();
    const doc = await pdfDocument(api, 1);
    const pending = (await api.post('/v1/domains', { name: uniqueHost() })).body;
    expect(envelope(await api.post('/v1/links', { document_id: doc.id, domain_id: pending.id }), 422, 'unprocessable_entity').message).toContain('domain_id');
    const other = await w.team();
    const theirs = await w.verified(other, uniqueHost());
    envelope(await api.post('/v1/links', { document_id: doc.id, domain_id: theirs.id }), 422, 'unprocessable_entity');

    const rooms = await w.team('datarooms');
    const rdoc = await pdfDocument(rooms, 1);
    const d = await w.verified(rooms, uniqueHost());
    const link = await rooms.post('/v1/links', { document_id: rdoc.id, domain_id: d.id });
    expect(link.status).toBe(201);
    expect(link.body.domain_id).toBe(d.id);
    expect(link.body.url).toMatch(new RegExp(`^https://${d.name.replace(/\./g, '\\.')}/view/[A-Za-z0-9_-]+$`));
    const plain = (await rooms.post('/v1/links', { document_id: rdoc.id })).body;
    expect(plain.domain_id).toBeNull();
    expect(plain.url.startsWith(`${w.server.url}/view/`)).toBe(true);
    const moved = (await rooms.patch(`/v1/links/${plain.id}`, { domain_id: d.id })).body;
    expect(moved.url).toBe(`https://${d.name}/view/${plain.url.split('/view/')[1]}`);
    expect((await rooms.patch(`/v1/links/${plain.id}`, { domain_id: null })).body.url).toBe(plain.url);
  });

  it('a preset’s domain_id is checked the same way and seeds its links', async () => {
    const api = await w.team();
    const doc = await pdfDocument(api, 1);
    const pending = (await api.post('/v1/domains', { name: uniqueHost() })).body;
    envelope(await api.post('/v1/link-presets', { name: 'On pending', domain_id: pending.id }), 422, 'unprocessable_entity');
    await api.del(`/v1/domains/${pending.id}`);
    const d = await w.verified(api, uniqueHost());
    const preset = await api.post('/v1/link-presets', { name: 'On our domain', domain_id: d.id });
    expect(preset.status).toBe(201);
    expect(preset.body.domain_id).toBe(d.id);
    const link = (await api.post('/v1/links', { document_id: doc.id, preset_id: preset.body.id })).body;
    expect(link.domain_id).toBe(d.id);
    expect(link.url.startsWith(`https://${d.name}/view/`)).toBe(true);
  });

  it('removing a domain puts its links and presets back on the app host (and off the Vercel project)', async () => {
    const api = await w.team();
    const doc = await pdfDocument(api, 1);
    const d = await w.verified(api, uniqueHost());
    const link = (await api.post('/v1/links', { document_id: doc.id, domain_id: d.id })).body;
    const preset = (await api.post('/v1/link-presets', { name: 'P', domain_id: d.id })).body;
    expect(await api.del(`/v1/domains/${d.id}`)).toMatchObject({ status: 200, body: { id: d.id, object: 'domain', deleted: true } });
    const after = (await api.get(`/v1/links/${link.id}`)).body;
    expect(after.domain_id).toBeNull();
    expect(after.url).toBe(`${w.server.url}/view/${link.url.split('/view/')[1]}`);
    expect((await api.get(`/v1/link-presets/${preset.id}`)).body.domain_id).toBeNull();
    envelope(await api.get(`/v1/domains/${d.id}`), 404, 'not_found');
    expect(w.vercel!.calls.some((c) => c.method === 'DELETE' && c.path === `/v9/projects/prj_quire/domains/${d.name}`)).toBe(true);
    expect((await hostRequest(w.server.port, d.name, `/view/${link.url.split('/view/')[1]}`)).status).toBe(404);
  });

  it('invitation mail carries the link’s domain address', async () => {
    const api = await w.team();
    const doc = await pdfDocument(api, 1);
    const d = await w.verified(api, uniqueHost());
    const link = (await api.post('/v1/links', { document_id: doc.id, domain_id: d.id, email_protected: true })).body;
    const r = await api.post(`/v1/links/${link.id}/invitations`, { emails: [`guest-${process.pid}-${Date.now()}@example.com`] });
    expect(r.status).toBeLessThan(300);
    const fs = await import('node:fs');
    const deadline = Date.now() + 15_000;
    let seen = false;
    while (!seen && Date.now() < deadline) {
      seen = fs.readFileSync(w.server.logFile, 'utf8').includes(link.url);
      if (!seen) await new Promise((res) => setTimeout(res, 100));
    }
    expect(seen).toBe(true);
  });
});
