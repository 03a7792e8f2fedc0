// The Content-Security-Policy and Permissions-Policy of every HTML face over real HTTP: the
// dashboard (signed out and in), /device, the API reference, Next's 404 page and the viewer (a
// gate page, which `npm start` answers from node:http, an admitted document, a room and its
// document, an expired link). Each answer has the policy with a nonce of its own that every
// script of the page carries; route handlers keep their own policy.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, uniqueTeam } from './support/api';
import { fixture, ok } from './support/docs';
import { signedInDashboard } from './support/dashboard';
import { enter, makeLink, pdfDocument, slugOf, Visitor, type Answer } from './support/viewer';

type Api = ReturnType<typeof client>;
let api: Api;
let dashboard: { get(path: string): Promise<Answer> };
let db: typeof import('../server/db/client').db;

beforeAll(async () => {
  api = client((await createToken({ team: uniqueTeam('csp'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  dashboard = await signedInDashboard('csp', 'Policy team');
  ({ db } = await import('../server/db/client'));
});

/** The answer's directives by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name!, values]));
}

/** Checks an HTML answer's headers and scripts; returns its nonce. */
function checkPage(r: Answer, where: string, formAction = ["'self'"]): string {
  expect(r.headers.get('content-type'), where).toMatch(/^text\/html/);
  const policy = r.headers.get('content-security-policy') ?? '';
  const d = directives(policy);
  expect(d.get('default-src'), where).toEqual(["'self'"]);
  const script = d.get('script-src') ?? [];
  const nonce = /^'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(script.find((s) => s.startsWith("'nonce-")) ?? '')?.[1];
  expect(nonce, `${where}: ${policy}`).toBeTruthy();
  expect(script, where).toContain("'strict-dynamic'");
  expect(script, where).not.toContain("'unsafe-inline'");
  expect(script, where).not.toContain("'unsafe-eval'");
  expect(d.get('style-src'), where).not.toContain("'unsafe-inline'");
  expect(d.get('img-src'), where).toEqual(["'self'", 'data:', 'blob:']);
  expect(d.get('connect-src'), where).toEqual(["'self'"]);
  expect(d.get('object-src'), where).toEqual(["'none'"]);
  expect(d.get('base-uri'), where).toEqual(["'self'"]);
  expect(d.get('form-action'), where).toEqual(formAction);
  expect(d.get('frame-ancestors'), where).toEqual(["'self'"]);
  const permissions = r.headers.get('permissions-policy') ?? '';
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(permissions, where).toMatch(new RegExp(`(?:^|, )${feature}=\\(\\)(?:,|$)`));
  // Passkeys: the page's own origin only, never a frame it embeds (e2e/passkeys.spec.ts signs in with one).
  for (const feature of ['publickey-credentials-create', 'publickey-credentials-get']) expect(permissions, where).toMatch(new RegExp(`(?:^|, )${feature}=\\(self\\)(?:,|$)`));
  expect(r.headers.get('x-frame-options'), where).toBe('SAMEORIGIN');
  expect(r.headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(r.headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
  for (const tag of r.text().match(/<script\b[^>]*>/g) ?? []) expect(tag, where).toContain(`nonce="${nonce}"`);
  return nonce!;
}

describe('every HTML page answers with the policy and a fresh nonce', () => {
  it('signed-out pages, the API reference, the device page and the 404 page', async () => {
    const v = new Visitor();
    for (const [path, status] of [
      ['/signin', 200],
      ['/check-email', 200],
      ['/docs/api', 200],
      ['/docs/api/errors', 200],
      ['/no-such-page', 404],
      ['/api/no-such-route', 404],
    ] as const) {
      const r = await v.get(path);
      expect(r.status, path).toBe(status);
      checkPage(r, path);
    }
    // A signed-out dashboard page and /device send the browser to sign in, under the policy too.
    for (const path of ['/documents', '/device']) {
      const r = await v.get(path);
      expect(r.headers.get('content-security-policy'), path).toMatch(/'nonce-/);
    }
  });

  it('the dashboard and /device, signed in', async () => {
    for (const path of ['/documents', '/links', '/datarooms', '/visitors', '/analytics', '/branding', '/settings/team', '/settings/tokens', '/settings/presets', '/settings/connected-apps', '/settings/audit-log', '/device']) {
      const r = await dashboard.get(path);
      expect(r.status, `${path} ${r.location}`).toBe(200);
      checkPage(r, path);
    }
  });

  it('a nonce is never repeated, and one a client sends is not used', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const r = await dashboard.get('/documents');
      expect(r.status).toBe(200);
      nonces.add(checkPage(r, 'documents'));
    }
    expect(nonces.size).toBe(5);
    const chosen = Buffer.alloc(16, 7).toString('base64');
    const r = await new Visitor().get('/signin', { 'Content-Security-Policy': `script-src 'nonce-${chosen}'` });
    expect(checkPage(r, 'signin')).not.toBe(chosen);
    expect(r.text()).not.toContain(chosen);
  });

  it('the viewer: a gate, an admitted document, a room and its document, an expired link', async () => {
    const doc = await pdfDocument(api, 2, 'Policy.pdf');
    const gated = slugOf(await makeLink(api, { document_id: doc.id, email_protected: true }));
    const gate = await new Visitor().get(`/view/${gated}`);
    expect(gate.status).toBe(200);
    expect(gate.text()).toContain('data-testid="gate-email"');
    const gateNonce = checkPage(gate, 'gate');
    expect(checkPage(await new Visitor().get(`/view/${gated}`), 'gate again')).not.toBe(gateNonce);

    const open = slugOf(await makeLink(api, { document_id: doc.id, allow_download: true }));
    const visitor = new Visitor();
    checkPage(await enter(visitor, open), 'document');
    // Route handlers keep their own policy: a download is sandboxed.
    const download = await visitor.get(`/view/${open}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");

    const room = ok(await api.post('/v1/datarooms', { name: 'Policy room' }), 201);
    const placed = ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: doc.id }), 201);
    const roomSlug = slugOf(await makeLink(api, { dataroom_id: room.id }));
    const guest = new Visitor();
    checkPage(await enter(guest, roomSlug), 'room');
    const inRoom = await guest.get(`/view/${roomSlug}/d/${placed.id}`);
    expect(inRoom.status).toBe(200);
    checkPage(inRoom, 'room document');

    // A gate that ends on a link document's own site: the browser checks the redirects after the
    // form against form-action, so that one site is allowed, on both the node:http and Next pages.
    const memo = ok(await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/memo', name: 'Memo' }), 201);
    const toMemo = slugOf(await makeLink(api, { document_id: memo.id, email_protected: true, custom_fields: [{ label: 'Company', type: 'text', required: true }] }));
    const reader = new Visitor();
    const first = await reader.get(`/view/${toMemo}`);
    expect(first.text()).toContain('data-testid="gate-email"');
    checkPage(first, 'gate of a link document', ["'self'", 'https://example.com']);
    expect((await reader.gate(toMemo, { step: 'email', email: 'reader.csp@fund.example' })).status).toBe(303);
    const second = await reader.get(`/view/${toMemo}`);
    expect(second.text()).toContain('data-testid="gate-fields"');
    checkPage(second, 'second gate of a link document', ["'self'", 'https://example.com']);

    const link = await makeLink(api, { document_id: doc.id });
    await db.link.update({ where: { id: link.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await new Visitor().get(`/view/${slugOf(link)}`);
    expect(expired.status).toBe(410);
    checkPage(expired, 'expired');
  });

  it('brand images keep their own policy', async () => {
    const brand = ok(await api.post('/v1/brands', { name: 'Policy brand', logo: { source_url: fixture('/brand/logo.png') } }), 201);
    const r = await fetch(brand.logo.url);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(r.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
  });
});
