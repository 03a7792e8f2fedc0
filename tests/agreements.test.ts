// Agreements over real HTTP (DESIGN.md "Agreements (NDA before access)"): the resource and its
// rules, agreement_id on links and presets, and the viewer's agreement step: after the email and
// before the password, accepted once per visitor and version (on any link using it), asked again
// when the terms change, and every viewer endpoint refusing a session that has not accepted.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, uniqueTeam } from './support/api';
import { ok } from './support/docs';
import { awaitLog, codeFor, fromLog, logSize, makeLink, pdfDocument, refusalOf, slugOf, viewIdOf, Visitor } from './support/viewer';
import { signedInDashboard } from './support/dashboard';
import { withTestDb } from './support/test-db';
import { loadPdfjs, pdfjsDataOptions } from '../server/media/pdfjs';

type Api = ReturnType<typeof client>;
type Obj = Record<string, any>;
let api: Api;
let doc: Obj;

const KEYS = ['content_type', 'created', 'document_id', 'id', 'name', 'object', 'require_name', 'text', 'updated_at', 'url', 'version'];
const ACCEPTANCE_KEYS = ['accepted_at', 'agreement_id', 'agreement_version', 'email', 'email_verified', 'id', 'ip_address', 'link_id', 'name', 'object', 'user_agent', 'view_id', 'visitor_id'];
const email = (who: string) => `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@fund.example`;

beforeAll(async () => {
  api = client((await createToken({ team: uniqueTeam('agreements'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  doc = await pdfDocument(api, 2);
});

const nda = async (body: Obj = {}) => ok(await api.post('/v1/agreements', { name: 'Mutual NDA', content_type: 'text', text: '# NDA\n\nKeep **everything** confidential.', ...body }), 201);

/** A new browser through the email and agreement steps of a link that asks for no code, then in. */
async function typedAndAccepted(slug: string, who: string): Promise<Visitor> {
  const v = new Visitor();
  await v.open(slug);
  await v.gate(slug, { step: 'email', email: who });
  await v.gate(slug, { step: 'agreement', agree: 'on' });
  expect((await v.open(slug)).text()).toContain('data-testid="document-viewer"');
  return v;
}

describe('the agreement resource', () => {
  it('creates, reads, lists (newest first), updates and deletes, with a version that follows the content only', async () => {
    const a = await nda({ require_name: true });
    expect(Object.keys(a).sort()).toEqual(KEYS);
    expect(a).toMatchObject({ object: 'agreement', content_type: 'text', url: null, document_id: null, require_name: true });
    expect(a.version).toMatch(/^[0-9a-f]{64}$/);
    const b = await nda({ name: 'Second' });
    expect(b.version).toBe(a.version); // same terms, same version
    const list = ok(await api.get('/v1/agreements')).data.map((x: Obj) => x.id);
    expect(list.indexOf(b.id)).toBeLessThan(list.indexOf(a.id));
    expect(ok(await api.get(`/v1/agreements/${a.id}`))).toEqual(a);
    const renamed = ok(await api.patch(`/v1/agreements/${a.id}`, { name: 'Renamed', require_name: false }));
    expect(renamed).toMatchObject({ name: 'Renamed', require_name: false, version: a.version });
    const changed = ok(await api.patch(`/v1/agreements/${a.id}`, { text: 'New terms.' }));
    expect(changed.version).not.toBe(a.version);
    const asUrl = ok(await api.patch(`/v1/agreements/${a.id}`, { content_type: 'url', url: 'https://example.com/nda' }));
    expect(asUrl).toMatchObject({ content_type: 'url', url: 'https://example.com/nda', text: null });
    const asDoc = ok(await api.patch(`/v1/agreements/${a.id}`, { content_type: 'document', document_id: doc.id }));
    expect(asDoc).toMatchObject({ content_type: 'document', document_id: doc.id, url: null, text: null });
    expect(ok(await api.del(`/v1/agreements/${a.id}`))).toEqual({ id: a.id, object: 'agreement', deleted: true });
    envelope(await api.get(`/v1/agreements/${a.id}`), 404, 'not_found');
  });

  it('refuses bad content with the field named', async () => {
    envelope(await api.post('/v1/agreements', { name: 'x', content_type: 'text' }), 422, 'unprocessable_entity');
    envelope(await api.post('/v1/agreements', { name: 'x', content_type: 'text', text: 'a'.repeat(50_001) }), 422, 'unprocessable_entity');
    ok(await api.post('/v1/agreements', { name: 'x', content_type: 'text', text: 'a'.repeat(50_000) }), 201);
    const http = envelope(await api.post('/v1/agreements', { name: 'x', content_type: 'url', url: 'http://example.com/nda' }), 422, 'unprocessable_entity');
    expect(JSON.stringify(http)).toContain('url');
    envelope(await api.post('/v1/agreements', { name: 'x', content_type: 'url', text: 'terms', url: 'https://example.com' }), 422, 'unprocessable_entity');
    envelope(await api.post('/v1/agreements', { name: 'x', content_type: 'document' }), 422, 'unprocessable_entity');
    envelope(await api.post('/v1/agreements', { name: 'x', content_type: 'document', document_id: 'nope' }), 404, 'not_found');
    envelope(await api.post('/v1/agreements', { name: 'x', content_type: 'pdf', text: 'x' }), 422, 'unprocessable_entity');
  });

  it('another team’s document cannot be the terms; another team’s agreement cannot be attached', async () => {
    const other = client((await createToken({ team: uniqueTeam('agreements-b'), scopes: 'apis.all' })).token);
    const theirDoc = await pdfDocument(other, 1);
    envelope(await api.post('/v1/agreements', { name: 'x', content_type: 'document', document_id: theirDoc.id }), 404, 'not_found');
    const theirs = ok(await other.post('/v1/agreements', { name: 'Theirs', content_type: 'text', text: 'x' }), 201);
    envelope(await api.get(`/v1/agreements/${theirs.id}`), 404, 'not_found');
    envelope(await api.post('/v1/links', { document_id: doc.id, agreement_id: theirs.id }), 404, 'not_found');
    envelope(await api.post('/v1/link-presets', { name: 'p', agreement_id: theirs.id }), 404, 'not_found');
    expect(ok(await api.get('/v1/agreements')).data.some((x: Obj) => x.id === theirs.id)).toBe(false);
  });

  it('links and presets take agreement_id (null clears); deleting one in use is 409', async () => {
    const a = await nda();
    const link = await makeLink(api, { document_id: doc.id, agreement_id: a.id });
    expect(link.agreement_id).toBe(a.id);
    const preset = ok(await api.post('/v1/link-presets', { name: `NDA preset ${Date.now()}`, agreement_id: a.id }), 201);
    expect(preset.agreement_id).toBe(a.id);
    expect((await makeLink(api, { document_id: doc.id, preset_id: preset.id })).agreement_id).toBe(a.id);
    const conflict = envelope(await api.del(`/v1/agreements/${a.id}`), 409, 'conflict');
    expect(JSON.stringify(conflict)).toMatch(/live link/);
    ok(await api.patch(`/v1/link-presets/${preset.id}`, { agreement_id: null }));
    const links = ok(await api.get(`/v1/links?document_id=${doc.id}&limit=100`)).data.filter((l: Obj) => l.agreement_id === a.id);
    for (const l of links) expect(ok(await api.patch(`/v1/links/${l.id}`, { agreement_id: null })).agreement_id).toBeNull();
    ok(await api.del(`/v1/agreements/${a.id}`));
  });

  it('a token with links.read lists but cannot write; one without links scopes gets 403', async () => {
    const team = uniqueTeam('agreements-scopes');
    const reader = client((await createToken({ team, scopes: 'links.read' })).token);
    const none = client((await createToken({ team, scopes: 'documents.read' })).token);
    ok(await reader.get('/v1/agreements'));
    envelope(await reader.post('/v1/agreements', { name: 'x', content_type: 'text', text: 'x' }), 403, 'forbidden');
    envelope(await none.get('/v1/agreements'), 403, 'forbidden');
  });

  it('writes agreement.created/updated/deleted to the audit log', async () => {
    const a = await nda({ name: 'Logged' });
    ok(await api.patch(`/v1/agreements/${a.id}`, { name: 'Logged 2' }));
    ok(await api.del(`/v1/agreements/${a.id}`));
    const types = ok(await api.get(`/v1/events?resource_id=${a.id}&limit=10`)).data.map((e: Obj) => e.type);
    expect(types.sort()).toEqual(['agreement.created', 'agreement.deleted', 'agreement.updated']);
  });
});

describe('the viewer’s agreement step', () => {
  it('comes after the email and before the password; accepted once, not asked again on another link; changed terms asked again', async () => {
    const a = await nda({ require_name: true });
    const link = await makeLink(api, { document_id: doc.id, email_protected: true, password: 'open-sesame', agreement_id: a.id });
    const slug = slugOf(link);
    const who = email('ada');
    const v = new Visitor();
    expect((await v.open(slug)).text()).toContain('data-testid="gate-email"');
    await v.gate(slug, { step: 'email', email: who });
    const step = (await v.open(slug)).text();
    expect(step).toContain('data-testid="gate-agreement"');
    // The markdown is rendered, as markup of its own (no raw HTML).
    expect(step).toContain('<strong>everything</strong>');
    // The password cannot be given first.
    expect(refusalOf((await v.gate(slug, { step: 'password', password: 'open-sesame' })).location)).toBeNull();
    expect((await v.open(slug)).text()).toContain('data-testid="gate-agreement"');
    expect(refusalOf((await v.gate(slug, { step: 'agreement', name: 'Ada Lovelace' })).location)).toBe('agreement_unchecked');
    expect(refusalOf((await v.gate(slug, { step: 'agreement', agree: 'on' })).location)).toBe('agreement_name');
    expect(refusalOf((await v.gate(slug, { step: 'agreement', agree: 'on', name: 'Ada Lovelace' })).location)).toBeNull();
    expect((await v.open(slug)).text()).toContain('data-testid="gate-password"');
    await v.gate(slug, { step: 'password', password: 'open-sesame' });
    expect((await v.open(slug)).text()).toContain('data-testid="document-viewer"');

    const acceptances = ok(await api.get(`/v1/agreements/${a.id}/acceptances`)).data;
    expect(acceptances).toHaveLength(1);
    expect(Object.keys(acceptances[0]).sort()).toEqual(ACCEPTANCE_KEYS);
    expect(acceptances[0]).toMatchObject({ object: 'agreement_acceptance', agreement_id: a.id, agreement_version: a.version, link_id: link.id, email: who, name: 'Ada Lovelace' });
    expect(acceptances[0].ip_address).toBeTruthy();

    // Another link with the same agreement, another browser: the email proven by its code is enough.
    const second = slugOf(await makeLink(api, { document_id: doc.id, email_protected: true, email_authenticated: true, agreement_id: a.id }));
    const w = new Visitor();
    await w.open(second);
    const since = logSize();
    await w.gate(second, { step: 'email', email: who });
    expect((await w.open(second)).text()).toContain('data-testid="gate-code"');
    await w.gate(second, { step: 'code', code: await codeFor(who, since) });
    expect((await w.open(second)).text()).toContain('data-testid="document-viewer"');
    expect(ok(await api.get(`/v1/agreements/${a.id}/acceptances`)).data).toHaveLength(1);

    // New terms: the admitted session is out until it accepts them.
    const changed = ok(await api.patch(`/v1/agreements/${a.id}`, { text: 'Changed terms.' }));
    const again = (await v.open(slug)).text();
    expect(again).toContain('data-testid="gate-agreement"');
    expect(again).toContain('Changed terms.');
    await v.gate(slug, { step: 'agreement', agree: 'on', name: 'Ada Lovelace' });
    expect((await v.open(slug)).text()).toContain('data-testid="document-viewer"'); // the password stays given
    const after = ok(await api.get(`/v1/agreements/${a.id}/acceptances`)).data;
    expect(after.map((x: Obj) => x.agreement_version)).toEqual([changed.version, a.version]);
    const events = ok(await api.get(`/v1/events?type=agreement.accepted&limit=100`)).data.filter((e: Obj) => e.data.object.agreement_id === a.id);
    expect(events.map((e: Obj) => e.data.object.id).sort()).toEqual(after.map((x: Obj) => x.id).sort());
    expect(events[0].actor.type).toBe('visitor');
  });

  it('an earlier acceptance counts only for a session that proved the email by code or made it itself: a typed address is asked again', async () => {
    const a = await nda();
    const who = email('grace');
    const plain = slugOf(await makeLink(api, { document_id: doc.id, email_protected: true, agreement_id: a.id }));
    const g = await typedAndAccepted(plain, who);
    // The same browser gives another address, then hers again: accepted in this session, not asked again.
    await g.gate(plain, { step: 'reset' });
    await g.gate(plain, { step: 'email', email: email('other') });
    expect((await g.open(plain)).text()).toContain('data-testid="gate-agreement"');
    await g.gate(plain, { step: 'reset' });
    await g.gate(plain, { step: 'email', email: who });
    expect((await g.open(plain)).text()).toContain('data-testid="document-viewer"');
    expect(ok(await api.get(`/v1/agreements/${a.id}/acceptances`)).data).toHaveLength(1);

    // Another browser merely types her address (no code): asked again; nothing opens before it accepts.
    const m = new Visitor();
    await m.open(plain);
    await m.gate(plain, { step: 'email', email: who });
    expect((await m.open(plain)).text()).toContain('data-testid="gate-agreement"');
    expect((await m.get(`/view/${plain}/pages/1?w=400`)).status).toBe(403);
    expect((await m.get(`/view/${plain}/file`)).status).toBe(403);
    await m.gate(plain, { step: 'agreement', agree: 'on' });
    expect((await m.open(plain)).text()).toContain('data-testid="document-viewer"');
    // ...and that acceptance is recorded again, as the one it is.
    const rows = ok(await api.get(`/v1/agreements/${a.id}/acceptances`)).data;
    expect(rows).toHaveLength(2);
    expect(rows.map((r: Obj) => r.email)).toEqual([who, who]);

    // A link that asks for the code: the earlier acceptance counts once the code proves the address.
    const coded = await makeLink(api, { document_id: doc.id, email_protected: true, email_authenticated: true, agreement_id: a.id });
    const cs = slugOf(coded);
    const c = new Visitor();
    await c.open(cs);
    const since = logSize();
    await c.gate(cs, { step: 'email', email: who });
    expect((await c.open(cs)).text()).toContain('data-testid="gate-code"');
    expect((await c.get(`/view/${cs}/pages/1?w=400`)).status).toBe(403);
    await c.gate(cs, { step: 'code', code: await codeFor(who, since) });
    expect((await c.open(cs)).text()).toContain('data-testid="document-viewer"');
    expect(ok(await api.get(`/v1/agreements/${a.id}/acceptances`)).data).toHaveLength(2);

    // Typed but not yet proven, then the link stops asking for the code: the agreement is asked.
    const u = new Visitor();
    await u.open(cs);
    await u.gate(cs, { step: 'email', email: who });
    expect((await u.open(cs)).text()).toContain('data-testid="gate-code"');
    ok(await api.patch(`/v1/links/${coded.id}`, { email_authenticated: false }));
    expect((await u.open(cs)).text()).toContain('data-testid="gate-agreement"');
    expect((await u.get(`/view/${cs}/pages/1?w=400`)).status).toBe(403);
  });

  it('without an email, the acceptance is the session’s; the terms show no HTML or script', async () => {
    const a = await nda({ text: 'Hello <script>alert(1)</script><img src=x onerror=alert(2)> [site](https://example.com) [bad](javascript:alert(3))' });
    const link = await makeLink(api, { document_id: doc.id, agreement_id: a.id });
    const slug = slugOf(link);
    const v = new Visitor();
    const html = (await v.open(slug)).text();
    expect(html).toContain('data-testid="gate-agreement"');
    const terms = /data-testid="agreement-terms"[\s\S]*?<\/div>/.exec(html)![0];
    expect(terms).not.toMatch(/<script|<img|onerror|javascript:/i);
    expect(terms).toMatch(/<a href="https:\/\/example.com"[^>]*target="_blank"[^>]*rel="noopener noreferrer"/);
    const r = await v.gate(slug, { step: 'agreement', agree: 'on' });
    expect(r.headers.get('set-cookie')).toMatch(/^quire_view=/);
    expect((await v.open(slug)).text()).toContain('data-testid="document-viewer"');
    const [acc] = ok(await api.get(`/v1/agreements/${a.id}/acceptances`)).data;
    expect(acc).toMatchObject({ email: null, name: null, link_id: link.id });
    // Another browser is another visitor: asked again.
    expect((await new Visitor().open(slug)).text()).toContain('data-testid="gate-agreement"');
  });

  it('a url agreement is a link that opens in a new tab; a document agreement shows its pages', async () => {
    const u = ok(await api.post('/v1/agreements', { name: 'Online NDA', content_type: 'url', url: 'https://example.com/legal/nda' }), 201);
    const html = (await new Visitor().open(slugOf(await makeLink(api, { document_id: doc.id, agreement_id: u.id })))).text();
    expect(html).toMatch(/data-testid="agreement-url" href="https:\/\/example.com\/legal\/nda" target="_blank" rel="noopener noreferrer"/);
    const terms = await pdfDocument(api, 2, 'NDA.pdf');
    const d = ok(await api.post('/v1/agreements', { name: 'Document NDA', content_type: 'document', document_id: terms.id }), 201);
    const slug = slugOf(await makeLink(api, { document_id: doc.id, agreement_id: d.id, email_protected: true }));
    const v = new Visitor();
    await v.open(slug);
    // Before the email step the agreement's pages are not served.
    expect((await v.get(`/view/${slug}/agreement/pages/1?w=400`)).status).toBe(403);
    await v.gate(slug, { step: 'email', email: email('doc') });
    expect((await v.open(slug)).text()).toContain('data-testid="agreement-document"');
    const img = await v.get(`/view/${slug}/agreement/pages/1?w=400`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toMatch(/^image\//);
    expect((await v.get(`/view/${slug}/agreement/pages/3?w=400`)).status).toBe(404);
  });

  it('every viewer endpoint refuses a session that has not accepted', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: `NDA room ${Date.now()}` }), 201);
    const placement = ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: doc.id }), 201);
    const a = await nda();
    const docLink = await makeLink(api, { document_id: doc.id, agreement_id: a.id, allow_download: true });
    const roomLink = await makeLink(api, { dataroom_id: room.id, agreement_id: a.id, allow_download: true });
    // Admitted sessions first (accepted), then the terms change: the same sessions must be refused everywhere.
    const v = new Visitor();
    const d = slugOf(docLink);
    const r = slugOf(roomLink);
    await v.open(d);
    await v.gate(d, { step: 'agreement', agree: 'on' });
    const viewId = viewIdOf((await v.open(d)).text())!;
    expect(viewId).toBeTruthy();
    await v.open(r);
    await v.gate(r, { step: 'agreement', agree: 'on' });
    expect((await v.open(r)).status).toBe(200);
    expect((await v.get(`/view/${d}/pages/1?w=400`)).status).toBe(200);
    ok(await api.patch(`/v1/agreements/${a.id}`, { text: 'Tightened terms.' }));
    const refused = [
      await v.get(`/view/${d}/pages/1?w=400`),
      await v.get(`/view/${d}/download`),
      await v.get(`/view/${d}/file`),
      await v.events(d, viewId, [{ id: 'e1', page: 1, duration_ms: 1000 }]),
      await v.get(`/view/${r}/d/${placement.id}/pages/1?w=400`),
      await v.get(`/view/${r}/d/${placement.id}/download`),
      await v.get(`/view/${r}/zip`),
    ];
    for (const x of refused) expect(x.status).toBe(403);
    // The room's tree and its document page send the visitor back to the agreement.
    expect((await v.open(r)).text()).toContain('data-testid="gate-agreement"');
    expect((await v.get(`/view/${r}/d/${placement.id}`)).location).toBe(`/view/${r}`);
    // A browser that never accepted is refused too.
    const link = await makeLink(api, { document_id: doc.id, agreement_id: a.id });
    const w = new Visitor();
    const slug = slugOf(link);
    await w.open(slug);
    expect((await w.get(`/view/${slug}/pages/1?w=400`)).status).toBe(403);
  });
});

describe('whether the visitor proved the email (issue 43)', () => {
  const actorOf = (events: Obj[], type: string) => events.find((e) => e.type === type)?.actor;
  const eventsBy = async (who: string) => ok(await api.get(`/v1/events?actor_email=${encodeURIComponent(who)}&limit=100`)).data as Obj[];

  it('a typed address is recorded unverified (the acceptance, the audit log, the receipt) and mailed nothing', async () => {
    const dash = await signedInDashboard('typed-email', 'Typed');
    const own = client((await dash.call().tokens.create({ name: 'typed', scopes: ['apis.all'] })).token);
    const ownDoc = await pdfDocument(own, 1);
    const a = ok(await own.post('/v1/agreements', { name: 'Typed NDA', content_type: 'text', text: 'Terms.' }), 201);
    const typed = email('typed');
    const since = logSize();
    const plain = slugOf(await makeLink(own, { document_id: ownDoc.id, email_protected: true, agreement_id: a.id }));
    await typedAndAccepted(plain, typed);

    const [acc] = ok(await own.get(`/v1/agreements/${a.id}/acceptances`)).data;
    expect(acc).toMatchObject({ email: typed, email_verified: false });
    const events = ok(await own.get(`/v1/events?actor_email=${encodeURIComponent(typed)}`)).data as Obj[];
    expect(events.map((e) => e.type).sort()).toEqual(['agreement.accepted', 'view.created']);
    for (const e of events) expect(e.actor).toMatchObject({ type: 'visitor', email: typed, email_verified: false });
    expect(events.find((e) => e.type === 'agreement.accepted')!.data.object).toMatchObject({ id: acc.id, email_verified: false });
    // The team's own actors: a member's address is the one they sign in with.
    ok(await own.post('/v1/folders', { name: 'By token' }), 201);
    const [byToken] = ok(await own.get('/v1/events?type=folder.created')).data;
    expect(byToken.actor).toMatchObject({ type: 'api_token', email: null, email_verified: false });
    const [joined] = ok(await own.get('/v1/events?type=member.added')).data;
    expect(joined.actor).toMatchObject({ type: 'user', email_verified: true });

    // The receipt the team downloads says so.
    const pdf = (await pdfText((await dash.get(`/api/agreements/${a.id}/acceptances/${acc.id}/receipt`)).body)).replace(/\s+/g, ' ');
    expect(pdf).toContain(`${typed} (unverified: typed by the visitor, never confirmed)`);
    const csv = (await dash.get(`/api/agreements/${a.id}/acceptances/export`)).text();
    expect(csv).toContain(`${typed},false,`);

    // A visitor who proves an address by code is mailed; the typed address, accepted first, never is.
    const proven = email('proven');
    const coded = slugOf(await makeLink(own, { document_id: ownDoc.id, email_protected: true, email_authenticated: true, agreement_id: a.id }));
    const w = new Visitor();
    await w.open(coded);
    await w.gate(coded, { step: 'email', email: proven });
    await w.gate(coded, { step: 'agreement', agree: 'on' });
    await w.gate(coded, { step: 'code', code: await codeFor(proven, since) });
    expect(await awaitLog('agreement receipt', proven, since)).toHaveLength(1);
    expect(fromLog('agreement receipt', typed, since)).toEqual([]);
  });

  it('on a link that asks for the code, the acceptance (made before the code) is proven by it, and only then mailed', async () => {
    const a = await nda();
    const link = await makeLink(api, { document_id: doc.id, email_protected: true, email_authenticated: true, agreement_id: a.id });
    const slug = slugOf(link);
    const who = email('coded');
    const v = new Visitor();
    await v.open(slug);
    const since = logSize();
    await v.gate(slug, { step: 'email', email: who });
    await v.gate(slug, { step: 'agreement', agree: 'on' });
    expect((await v.open(slug)).text()).toContain('data-testid="gate-code"');
    const [before] = ok(await api.get(`/v1/agreements/${a.id}/acceptances`)).data;
    expect(before).toMatchObject({ email: who, email_verified: false });
    const queued = await withTestDb((c) => c.query(`SELECT count(*)::int AS n FROM jobs WHERE kind = 'agreement.receipt' AND ref = $1`, [before.id]));
    expect(queued.rows[0].n).toBe(0);

    await v.gate(slug, { step: 'code', code: await codeFor(who, since) });
    expect((await v.open(slug)).text()).toContain('data-testid="document-viewer"');
    const [after] = ok(await api.get(`/v1/agreements/${a.id}/acceptances`)).data;
    expect(after).toMatchObject({ id: before.id, email_verified: true });
    expect(await awaitLog('agreement receipt', who, since)).toEqual([`${before.id} version ${a.version}`]);
    const events = await eventsBy(who);
    // Each event says what was known when it happened: the acceptance came before the code.
    expect(actorOf(events, 'agreement.accepted')).toMatchObject({ type: 'visitor', email: who, email_verified: false });
    expect(actorOf(events, 'visitor.verified')).toMatchObject({ type: 'visitor', email: who, email_verified: true });
    expect(actorOf(events, 'view.created')).toMatchObject({ type: 'visitor', email: who, email_verified: true });
  });

  it('a code passed later from the room’s Q&A panel proves the session’s acceptance too', async () => {
    const a = await nda();
    const room = ok(await api.post('/v1/datarooms', { name: 'Proof room', qa_enabled: true }), 201);
    ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: doc.id }), 201);
    const slug = slugOf(await makeLink(api, { dataroom_id: room.id, email_protected: true, agreement_id: a.id }));
    const who = email('asker');
    const v = new Visitor();
    await v.open(slug);
    await v.gate(slug, { step: 'email', email: who });
    await v.gate(slug, { step: 'agreement', agree: 'on' });
    expect((await v.open(slug)).status).toBe(200);
    expect(ok(await api.get(`/v1/agreements/${a.id}/acceptances`)).data[0]).toMatchObject({ email: who, email_verified: false });
    const code = (body: unknown) => v.request('POST', `/view/${slug}/questions/code`, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    const since = logSize();
    expect((await code({})).status).toBe(200);
    expect((await code({ code: await codeFor(who, since) })).status).toBe(200);
    const [acc] = ok(await api.get(`/v1/agreements/${a.id}/acceptances`)).data;
    expect(acc).toMatchObject({ email: who, email_verified: true });
    expect(await awaitLog('agreement receipt', who, since)).toEqual([`${acc.id} version ${a.version}`]);
    expect(actorOf(await eventsBy(who), 'visitor.verified')).toMatchObject({ email: who, email_verified: true });
  });
});

describe('the receipt and the export', () => {
  it('the team downloads each acceptance’s PDF receipt (name, email, version hash inside), the visitor is mailed it, and the CSV lists them', async () => {
    const dash = await signedInDashboard('receipts', 'Receipts');
    const own = client((await dash.call().tokens.create({ name: 'receipts', scopes: ['apis.all'] })).token);
    const ownDoc = await pdfDocument(own, 1);
    const a = ok(await own.post('/v1/agreements', { name: 'Receipt NDA', content_type: 'text', text: 'Confidential terms for the receipt.', require_name: true }), 201);
    const slug = slugOf(await makeLink(own, { document_id: ownDoc.id, email_protected: true, email_authenticated: true, agreement_id: a.id }));
    const who = email('grace');
    const since = logSize();
    const v = new Visitor();
    await v.open(slug);
    await v.gate(slug, { step: 'email', email: who });
    await v.request('POST', `/view/${slug}/gate`, {
      body: new URLSearchParams({ step: 'agreement', agree: 'on', name: 'Grace Hopper' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'ReceiptTest/1.0' },
    });
    await v.gate(slug, { step: 'code', code: await codeFor(who, since) });
    const [acc] = ok(await own.get(`/v1/agreements/${a.id}/acceptances`)).data;
    expect(acc).toMatchObject({ email: who, email_verified: true, name: 'Grace Hopper', user_agent: 'ReceiptTest/1.0' });

    const r = await dash.get(`/api/agreements/${a.id}/acceptances/${acc.id}/receipt`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfText(r.body)).replace(/\s+/g, ' ');
    for (const s of ['Grace Hopper', `${who} (verified with a one-time code)`, a.version, 'ReceiptTest/1.0', 'Confidential terms for the receipt.', acc.accepted_at]) expect(text).toContain(s);

    // Mailed to the visitor (printed to the log without SMTP).
    const deadline = Date.now() + 10_000;
    while (!fromLog('agreement receipt', who, since).length && Date.now() < deadline) await new Promise((res) => setTimeout(res, 50));
    expect(fromLog('agreement receipt', who, since)).toEqual([`${acc.id} version ${a.version}`]);

    const csv = await dash.get(`/api/agreements/${a.id}/acceptances/export`);
    expect(csv.status).toBe(200);
    const lines = csv.text().trim().split(/\r\n/);
    expect(lines[0]).toBe('accepted_at,email,email_verified,name,agreement_version,link_id,ip_address,user_agent,id');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${who},true,Grace Hopper`);

    // Another team's user gets 404 for both.
    const other = await signedInDashboard('receipts-other', 'Elsewhere');
    expect((await other.get(`/api/agreements/${a.id}/acceptances/${acc.id}/receipt`)).status).toBe(404);
    expect((await other.get(`/api/agreements/${a.id}/acceptances/export`)).status).toBe(404);
    expect((await new Visitor().get(`/api/agreements/${a.id}/acceptances/${acc.id}/receipt`)).status).toBe(401);
    // The dashboard's agreement page: the team's own opens; another team's id is the not-found page.
    const mine = await dash.get(`/agreements/${a.id}`);
    expect(mine.status).toBe(200);
    expect(mine.text()).toContain('Receipt NDA');
    const theirs = await other.get(`/agreements/${a.id}`);
    expect(theirs.text()).toContain('This page does not exist in your current team');
    expect(theirs.text()).not.toContain('Receipt NDA');
  });
});

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await loadPdfjs();
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), ...pdfjsDataOptions(), verbosity: 0 }).promise;
  let out = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const c = await (await doc.getPage(i)).getTextContent();
    out += c.items.map((it: any) => it.str + (it.hasEOL ? '\n' : ' ')).join('') + '\n';
  }
  return out;
}
