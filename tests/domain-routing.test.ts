// Host routing for custom domains, over HTTP with Host headers, on both servers (`npm start`'s
// node:http paths and bare `next start`): a verified domain serves only its team's viewer, an
// unknown host a plain 404, the app host sends a domain's link there (308), and on the domain
// the viewer's cookies, redirects and absolute URLs are the domain's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { hostRequest, startDomainsWorld, uniqueHost, type DomainsWorld } from './support/domains';
import { pdfDocument } from './support/viewer';

const slugOf = (url: string) => url.split('/view/')[1]!;

describe.each(['serve', 'next'] as const)('on %s', (face) => {
  let w: DomainsWorld;
  let appHost: string;
  let domain: { id: string; name: string; verification: { name: string; value: string } };
  let onDomain: { slug: string; url: string; meta_image_url: string };
  let sameTeam: string;
  let gated: string;
  let otherTeam: { slug: string; image: string };
  const get = (host: string, p: string, headers?: Record<string, string>) => hostRequest(w.server.port, host, p, { headers });
  /** Opens a link page as a browser on `host` does: follows its redirects (the session's enter step) with the cookies set. */
  async function open(host: string, p: string) {
    const cookies = new Map<string, string>();
    let r = await get(host, p);
    for (let i = 0; i < 4 && r.status >= 300 && r.status < 400 && r.status !== 308; i++) {
      for (const c of ([] as string[]).concat(r.headers['set-cookie'] ?? [])) {
        expect(c.toLowerCase(), 'a viewer cookie is host-only').not.toContain('domain=');
        const pair = c.split(';')[0]!;
        cookies.set(pair.split('=')[0]!, pair);
      }
      const next = new URL(r.headers.location!, `http://${host}`);
      expect(next.host, 'redirects stay on the host').toBe(host);
      r = await get(host, next.pathname + next.search, { Cookie: [...cookies.values()].join('; ') });
    }
    return r;
  }

  beforeAll(async () => {
    w = await startDomainsWorld(`routing-${face}`, { face });
    appHost = new URL(w.server.url).host;
    const a = await w.team('datarooms');
    domain = await w.verified(a, uniqueHost());
    const doc = await pdfDocument(a, 2);
    const fixtures = inject('fixturesOrigin');
    const l = (await a.post('/v1/links', { document_id: doc.id, domain_id: domain.id, enable_custom_meta: true, meta_title: 'Acme deck', meta_image: { source_url: `${fixtures}/logo.png` } })).body;
    onDomain = { slug: slugOf(l.url), url: l.url, meta_image_url: l.meta_image_url };
    sameTeam = slugOf((await a.post('/v1/links', { document_id: doc.id })).body.url);
    gated = slugOf((await a.post('/v1/links', { document_id: doc.id, domain_id: domain.id, email_protected: true })).body.url);
    const b = await w.team('datarooms');
    const bdoc = await pdfDocument(b, 1);
    const bl = (await b.post('/v1/links', { document_id: bdoc.id, enable_custom_meta: true, meta_image: { source_url: `${fixtures}/logo.png` } })).body;
    otherTeam = { slug: slugOf(bl.url), image: new URL(bl.meta_image_url).pathname };
  }, 240_000);
  afterAll(() => w?.close());

  it('serves the team’s link page on its domain, with the card, images and every absolute URL on that host', async () => {
    const r = await open(domain.name, `/view/${onDomain.slug}`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('Acme deck');
    expect(r.body).toContain(`http://${domain.name}/images/`);
    expect(r.body).not.toContain(appHost);
    // White label: on the team's own domain the page and its card do not name Quire.
    expect(r.body).not.toContain('data-testid="viewer-powered-by"');
    expect(r.body).not.toContain('og:site_name');
    // Nor shows Quire's logo or favicon when the team has none of its own; the app host does.
    expect(r.body).not.toMatch(/quire/i);
    expect((await open(appHost, `/view/${sameTeam}`)).body).toContain('/brand/quire-logo.png');
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    // The social card's image itself, on the domain.
    const image = await get(domain.name, new URL(onDomain.meta_image_url).pathname);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('serves the team’s other links on the domain, and the short form /<slug> redirects to the viewer', async () => {
    expect((await open(domain.name, `/view/${sameTeam}`)).status).toBe(200);
    const short = await get(domain.name, `/${onDomain.slug}?x=1`);
    expect(short.status).toBe(308);
    // Relative on npm start, absolute on the same host under Next (its proxy refuses relative redirects).
    expect(new URL(short.headers.location!, `http://${domain.name}`).href).toBe(`http://${domain.name}/view/${onDomain.slug}?x=1`);
    // A page of the team's link that does not exist: the viewer's 404 (streamed, so its test ids
    // are in the page's payload), white label on the domain.
    const missing = await open(domain.name, `/view/${sameTeam}/d/nosuchitem`);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('link-not-found');
    expect(missing.body).not.toContain('viewer-powered-by');
    expect(missing.body).not.toContain('Shared securely with Quire');
    // Nor anywhere else: the title (the domain's), the description, the payload's root 404.
    expect(missing.body).not.toMatch(/quire/i);
    expect(missing.body).toContain(`<title>${domain.name}</title>`);
    const onApp = await open(appHost, `/view/${sameTeam}/d/nosuchitem`);
    expect(onApp.status).toBe(404);
    expect(onApp.body).toContain('link-not-found');
    expect(onApp.body).toContain('viewer-powered-by');
    expect(onApp.body).toContain('Shared securely with Quire');
    expect(onApp.body).toContain('<title>Quire</title>');
  });

  it('answers 404 on the domain for other teams’ links and images, the dashboard, /v1, OAuth, MCP and the rest', async () => {
    for (const p of [
      `/view/${otherTeam.slug}`,
      `/view/${otherTeam.slug}/pages/1`,
      `/${otherTeam.slug}`,
      otherTeam.image,
      '/',
      '/documents',
      '/settings',
      '/login',
      '/docs/api',
      '/v1/documents',
      '/V1/documents',
      '/api/trpc/documents.list',
      '/api/auth/session',
      '/api/domains/allowed?domain=' + domain.name,
      '/oauth/token',
      '/.well-known/openid-configuration',
      '/mcp',
      '/view/nosuchslug0000',
    ]) {
      const r = await get(domain.name, p);
      expect(r.status, p).toBe(404);
      expect(r.body, p).toBe('Not found\n');
    }
    const mcp = await hostRequest(w.server.port, domain.name, '/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(mcp.status).toBe(404);
  });

  it('an unknown host gets a plain 404 for everything', async () => {
    for (const p of ['/', `/view/${onDomain.slug}`, '/v1/documents', '/.well-known/openid-configuration', '/api/domains/allowed?domain=x.acme.test']) {
      const r = await get(uniqueHost('unknown'), p);
      expect(r.status, p).toBe(404);
      expect(r.body, p).toBe('Not found\n');
    }
  });

  it('the app host redirects a domain’s link page there (308) and keeps serving the rest', async () => {
    const r = await get(appHost, `/view/${onDomain.slug}?s=1`);
    expect(r.status).toBe(308);
    expect(r.headers.location).toBe(`https://${domain.name}/view/${onDomain.slug}?s=1`);
    // A gated link's page (npm start answers it without Next) and a room item's page (Next's) too.
    const g = await get(appHost, `/view/${gated}`);
    expect(g.status).toBe(308);
    expect(g.headers.location).toBe(`https://${domain.name}/view/${gated}`);
    const item = await get(appHost, `/view/${onDomain.slug}/d/item12345`);
    expect(item.status).toBe(308);
    expect(item.headers.location).toBe(`https://${domain.name}/view/${onDomain.slug}/d/item12345`);
    const onApp = await open(appHost, `/view/${sameTeam}`);
    expect(onApp.status).toBe(200);
    expect(onApp.body).toContain('data-testid="viewer-powered-by"');
    expect(onApp.body).toContain('<meta property="og:site_name" content="Quire"/>');
    expect((await open(appHost, `/view/${otherTeam.slug}`)).status).toBe(200);
    expect((await get(appHost, '/v1/documents')).status).toBe(401);
  });

  it('on the domain the gate’s redirect and the session cookie are the domain’s (host-only, the link’s path)', async () => {
    const origin = `http://${domain.name}`;
    const page = await get(domain.name, `/view/${gated}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-testid="gate-email"');
    const posted = await hostRequest(w.server.port, domain.name, `/view/${gated}/gate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
      body: new URLSearchParams({ step: 'email', email: `v-${process.pid}@example.com` }).toString(),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.location!.startsWith(`${origin}/view/${gated}`)).toBe(true);
    const cookies = ([] as string[]).concat(posted.headers['set-cookie'] ?? []);
    const session = cookies.find((c) => c.startsWith('quire_view='));
    expect(session).toBeDefined();
    expect(session).toContain(`Path=/view/${gated}`);
    expect(session!.toLowerCase()).not.toContain('domain=');
    const cookie = session!.split(';')[0]!;
    const inside = await get(domain.name, new URL(posted.headers.location!).pathname + new URL(posted.headers.location!).search, { Cookie: cookie });
    const final = inside.status === 303 || inside.status === 307 ? await get(domain.name, new URL(inside.headers.location!, origin).pathname, { Cookie: cookie }) : inside;
    expect(final.status).toBe(200);
    expect(final.body).not.toContain('data-testid="gate-email"');
    expect(final.body).not.toContain(appHost);
    // A form posted from the app host's origin to the domain is refused.
    const cross = await hostRequest(w.server.port, domain.name, `/view/${gated}/gate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: w.server.url },
      body: new URLSearchParams({ step: 'email', email: 'x@example.com' }).toString(),
    });
    expect(cross.status).toBe(403);
  });

  it('a domain that fails its check stops serving at once and its links return to the app host', async () => {
    const api = await w.team('business');
    const doc = await pdfDocument(api, 1);
    const d = await w.verified(api, uniqueHost());
    const link = (await api.post('/v1/links', { document_id: doc.id, domain_id: d.id })).body;
    expect((await open(d.name, `/view/${slugOf(link.url)}`)).status).toBe(200);
    w.dns.records.txt.delete(d.verification.name);
    expect((await api.post(`/v1/domains/${d.id}/verify`)).body.status).toBe('failed');
    expect((await get(d.name, `/view/${slugOf(link.url)}`)).status).toBe(404);
    expect((await api.get(`/v1/links/${link.id}`)).body.url).toBe(`${w.server.url}/view/${slugOf(link.url)}`);
    expect((await open(appHost, `/view/${slugOf(link.url)}`)).status).toBe(200);
  });
});
