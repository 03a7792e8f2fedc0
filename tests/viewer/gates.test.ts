// The viewer's gates over real HTTP, in DESIGN.md's order: email, custom fields, password,
// one-time code, access decision; each refusal; refusals that do not tell which rule refused;
// the code's limits (5 attempts under 20 concurrent guesses, sends and tries rate-limited); the
// session cookie (attributes, returning visitor, forged, foreign); settings changes.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, uniqueTeam } from '../support/api';
import { ok } from '../support/docs';
import { withTestDb } from '../support/test-db';
import { codeFor, enter, fromLog, gateOf, logSize, makeLink, pdfDocument, refusalOf, slugOf, viewIdOf, Visitor } from '../support/viewer';

type Api = ReturnType<typeof client>;
let api: Api;
let doc: any;

beforeAll(async () => {
  api = client((await createToken({ team: uniqueTeam('viewer-gates'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  doc = await pdfDocument(api, 3);
});

const email = (who: string) => `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@fund.example`;

describe('a link without gates', () => {
  it('lets the browser in through the enter route, with a session cookie scoped to the link', async () => {
    const link = await makeLink(api, { document_id: doc.id });
    const slug = slugOf(link);
    const v = new Visitor();
    const first = await v.get(`/view/${slug}`);
    expect(first.status).toBe(307);
    expect(first.location).toBe(`/view/${slug}/enter`);
    const enter = await v.get(`/view/${slug}/enter`);
    expect(enter.status).toBe(303);
    const cookie = enter.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^quire_view=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain(`Path=/view/${slug};`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure'); // plain http here
    expect(cookie).toMatch(/Max-Age=86[34]\d\d/);
    const page = await v.get(`/view/${slug}`);
    expect(page.status).toBe(200);
    expect(page.text()).toContain('data-testid="document-viewer"');
    // A returning visitor walks straight in.
    expect((await v.get(`/view/${slug}`)).status).toBe(200);
  });

  it('a browser that blocks cookies gets a page that says so, not a redirect loop', async () => {
    const slug = slugOf(await makeLink(api, { document_id: doc.id }));
    const v = new Visitor();
    expect((await v.get(`/view/${slug}`)).location).toBe(`/view/${slug}/enter`);
    const enter = await v.get(`/view/${slug}/enter`);
    expect(enter.location).toBe(`/view/${slug}?s=1`);
    expect(enter.headers.get('set-cookie')).toMatch(/^quire_view=/);
    v.cookies.clear(); // the browser drops it
    const page = await v.get(enter.location!);
    expect(page.status).toBe(200);
    expect(page.text()).toContain('data-testid="cookies-blocked"');
    expect(page.text()).toContain('Cookies are blocked');
    // The same after a gate form: the first answer that makes a session is the one that tells.
    const gated = slugOf(await makeLink(api, { document_id: doc.id, password: 'cookie-less' }));
    const w = new Visitor();
    const r = await w.gate(gated, { step: 'password', password: 'cookie-less' });
    expect(r.location).toBe(`/view/${gated}?s=1`);
    w.cookies.clear();
    expect((await w.get(r.location!)).text()).toContain('data-testid="cookies-blocked"');
  });
});

describe('the page without a session cookie', () => {
  it('is the same page whether node:http (npm start) or Next renders it', async () => {
    const brand = ok(await api.post('/v1/brands', { name: `Parity ${Date.now()}`, default_language: 'fr', viewer_layout_preset: 'sidebar', cta_label: 'Écrire', cta_url: 'https://fund.example/x' }), 201);
    const link = await makeLink(api, { document_id: doc.id, brand_id: brand.id, email_protected: true, welcome_message: 'Bienvenue', custom_fields: [{ label: 'Société', type: 'text' }] });
    const url = `/view/${slugOf(link)}?e=email_invalid`;
    const fast = (await new Visitor().get(url)).text();
    // A well-formed cookie that names no session: the page goes through Next, and shows the same.
    const viaNext = (await new Visitor().get(url, { Cookie: `quire_view=${'A'.repeat(43)}` })).text();
    const part = (html: string, re: RegExp) => re.exec(html)?.[0];
    // (Next adds its own hidden metadata outlet at the start of <body>.)
    for (const re of [/<div lang="[\s\S]*?<\/main>/, /<title>[^<]*<\/title>/, /<meta property="og:title"[^>]*>/, /<link rel="icon"[^>]*>/, /^<!DOCTYPE html><html lang="[a-z]+"/]) {
      expect(part(fast, re), String(re)).toBeTruthy();
      expect(part(fast, re), String(re)).toBe(part(viaNext, re));
    }
    expect(fast).toContain('data-testid="gate-email"');
    expect(fast).toContain('lang="fr"');
  });
});

describe('gates in order', () => {
  it('asks email, then custom fields, then password, then the code; later steps cannot be skipped to', async () => {
    const link = await makeLink(api, {
      document_id: doc.id,
      email_authenticated: true,
      password: 'correct horse',
      custom_fields: [
        { label: 'Company', type: 'text', required: true },
        { label: 'Seats', type: 'number' },
        { label: 'Website', type: 'url' },
        { label: 'Stage', type: 'select', options: ['Seed', 'Series A'] },
        { label: 'NDA', type: 'checkbox', required: true },
      ],
    });
    const slug = slugOf(link);
    const v = new Visitor();
    const who = email('Order');
    expect(gateOf((await v.open(slug)).text())).toBe('email');
    // A later gate's form before the email is ignored.
    await v.gate(slug, { step: 'password', password: 'correct horse' });
    expect(gateOf((await v.open(slug)).text())).toBe('email');

    expect(refusalOf((await v.gate(slug, { step: 'email', email: 'not an email' })).location)).toBe('email_invalid');
    const sent = logSize();
    const r = await v.gate(slug, { step: 'email', email: who.toUpperCase() });
    expect(r.status).toBe(303);
    // The answer that sets the session cookie says so; the page then drops the marker.
    expect(r.location).toBe(`/view/${slug}?s=1`);
    expect((await v.get(r.location!)).location).toBe(`/view/${slug}`);
    expect(gateOf((await v.open(slug)).text())).toBe('fields');

    const base = { step: 'fields', field_company: 'Acme', field_nda: 'on' };
    const refused = async (form: Record<string, string>) => {
      const x = await v.gate(slug, form);
      return [refusalOf(x.location), new URL(x.location!, 'http://x').searchParams.get('f')];
    };
    expect(await refused({ ...base, field_company: '  ' })).toEqual(['field_invalid', 'company']);
    expect(await refused({ step: 'fields', field_company: 'Acme' })).toEqual(['field_invalid', 'nda']);
    expect(await refused({ ...base, field_seats: 'twelve' })).toEqual(['field_invalid', 'seats']);
    expect(await refused({ ...base, field_website: 'javascript:alert(1)' })).toEqual(['field_invalid', 'website']);
    expect(await refused({ ...base, field_stage: 'Series Z' })).toEqual(['field_invalid', 'stage']);
    expect(gateOf((await v.open(slug)).text())).toBe('fields');
    expect((await v.gate(slug, { ...base, field_seats: '12', field_stage: 'Seed' })).location).toBe(`/view/${slug}`);

    expect(gateOf((await v.open(slug)).text())).toBe('password');
    expect(refusalOf((await v.gate(slug, { step: 'password', password: 'wrong' })).location)).toBe('password_wrong');
    // The code is sent when the code gate is reached, not before.
    expect(fromLog('one-time code', who.toLowerCase(), sent)).toEqual([]);
    await v.gate(slug, { step: 'password', password: 'correct horse' });
    const page = (await v.open(slug)).text();
    expect(gateOf(page)).toBe('code');
    expect(page).toContain(who.toLowerCase());
    const code = await codeFor(who.toLowerCase(), sent);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(refusalOf((await v.gate(slug, { step: 'code', code: wrong })).location)).toBe('code_wrong');
    expect(refusalOf((await v.gate(slug, { step: 'code', code: ` ${code.slice(0, 3)} ${code.slice(3)} ` })).location)).toBeNull();
    const inside = await v.open(slug);
    expect(inside.status).toBe(200);
    expect(inside.text()).toContain('data-testid="document-viewer"');
    // A used code cannot be used again (another browser).
    const w = new Visitor();
    await w.gate(slug, { step: 'email', email: who });
    await w.gate(slug, base);
    await w.gate(slug, { step: 'password', password: 'correct horse' });
    const again = await w.gate(slug, { step: 'code', code });
    expect(refusalOf(again.location)).toMatch(/code_(wrong|expired)/);

    // The view carries the lower-cased email, the answers and the verification; the visitor is verified.
    const views = ok(await api.get(`/v1/links/${link.id}/views`)).data;
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ viewer_email: who.toLowerCase(), verified: true, view_type: 'DOCUMENT_VIEW' });
    const visitor = ok(await api.get(`/v1/visitors?email=${encodeURIComponent(who)}`)).data[0];
    expect(visitor).toMatchObject({ email: who.toLowerCase(), verified: true, total_views: 1 });
    expect(views[0].visitor_id).toBe(visitor.id);
  });

  it('a password-only link asks only the password', async () => {
    const slug = slugOf(await makeLink(api, { document_id: doc.id, password: 'sesame1' }));
    const v = new Visitor();
    expect(gateOf((await v.open(slug)).text())).toBe('password');
    await v.gate(slug, { step: 'email', email: email('x') });
    expect(gateOf((await v.open(slug)).text())).toBe('password');
    await v.gate(slug, { step: 'password', password: 'sesame1' });
    expect((await v.open(slug)).status).toBe(200);
  });

  it('custom fields alone ask no email', async () => {
    const slug = slugOf(await makeLink(api, { document_id: doc.id, custom_fields: [{ label: 'Name', type: 'text', required: true }] }));
    const v = new Visitor();
    expect(gateOf((await v.open(slug)).text())).toBe('fields');
    await v.gate(slug, { step: 'fields', field_name: 'Ada' });
    expect((await v.open(slug)).status).toBe(200);
  });
});

describe('the access decision', () => {
  async function tryEmail(slug: string, address: string) {
    const v = new Visitor();
    const r = await v.gate(slug, { step: 'email', email: address });
    const page = await v.open(slug);
    return { refusal: refusalOf(r.location), admitted: page.status === 200 && !gateOf(page.text()), page: await v.get(r.location ?? `/view/${slug}`) };
  }

  it('allow list (emails and domains) and deny list; a refusal never says which rule refused', async () => {
    const slug = slugOf(
      await makeLink(api, { document_id: doc.id, allow_list: ['ada.viewer.gates@fund.example', 'partners.example'], deny_list: ['mallory@partners.example', 'evil.example'], email_authenticated: false }),
    );
    expect((await tryEmail(slug, 'Ada.Viewer.Gates@Fund.Example')).admitted).toBe(true);
    expect((await tryEmail(slug, 'grace@partners.example')).admitted).toBe(true);
    const notListed = await tryEmail(slug, 'bob@fund.example');
    const denied = await tryEmail(slug, 'mallory@partners.example');
    for (const r of [notListed, denied]) {
      expect(r.admitted).toBe(false);
      expect(r.refusal).toBe('denied');
      expect(gateOf(r.page.text())).toBe('email');
    }
    const message = (html: string) => /data-testid="gate-error"[^>]*>([^<]*)</.exec(html)?.[1];
    expect(message(notListed.page.text())).toBeTruthy();
    expect(message(notListed.page.text())).toBe(message(denied.page.text()));
    expect(message(notListed.page.text())).not.toMatch(/allow|deny|list|domain|block/i);
  });

  it('a deny list alone asks for an email and admits the rest', async () => {
    const slug = slugOf(await makeLink(api, { document_id: doc.id, deny_list: ['evil.example'] }));
    expect(gateOf((await new Visitor().open(slug)).text())).toBe('email');
    expect((await tryEmail(slug, 'x@evil.example')).refusal).toBe('denied');
    expect((await tryEmail(slug, 'x@good.example')).admitted).toBe(true);
  });

  it('with email authentication a refused address is never told: the code step follows, no code is mailed, any code is wrong', async () => {
    const slug = slugOf(await makeLink(api, { document_id: doc.id, email_authenticated: true, deny_list: ['evil.example'] }));
    const v = new Visitor();
    const since = logSize();
    expect(refusalOf((await v.gate(slug, { step: 'email', email: 'eve@evil.example' })).location)).toBeNull();
    expect(gateOf((await v.open(slug)).text())).toBe('code');
    // The code is sent before the step answers: none was.
    expect(fromLog('one-time code', 'eve@evil.example', since)).toEqual([]);
    expect(refusalOf((await v.gate(slug, { step: 'code', code: '000000' })).location)).toBe('code_wrong');
    expect((await v.get(`/view/${slug}/pages/1`)).status).toBe(403);
    // An address the lists allow gets its code and gets in.
    const w = new Visitor();
    await w.gate(slug, { step: 'email', email: 'ada@good.example' });
    expect(refusalOf((await w.gate(slug, { step: 'code', code: await codeFor('ada@good.example', since) })).location)).toBeNull();
    expect((await w.get(`/view/${slug}/pages/1`)).status).toBe(200);
  });
});

describe('one-time codes', () => {
  async function atCodeGate(slug: string, who: string) {
    const v = new Visitor();
    const since = logSize();
    await v.gate(slug, { step: 'email', email: who });
    return { v, code: await codeFor(who, since) };
  }

  it('20 concurrent wrong guesses use exactly 5 attempts; then even the right code is refused', async () => {
    const slug = slugOf(await makeLink(api, { document_id: doc.id, email_authenticated: true }));
    const who = email('race');
    const { v, code } = await atCodeGate(slug, who);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => v.gate(slug, { step: 'code', code: wrong(i) })));
    const refusals = answers.map((a) => refusalOf(a.location));
    expect(refusals.filter((r) => r === 'code_wrong')).toHaveLength(5);
    expect(refusals.every((r) => r === 'code_wrong' || r === 'code_expired' || r === 'rate_limited')).toBe(true);
    expect(refusalOf((await v.gate(slug, { step: 'code', code })).location)).toMatch(/code_expired|rate_limited/);
    expect(gateOf((await v.open(slug)).text())).toBe('code');
  });

  it('a code lasts 10 minutes: aged 9 min 50 s it admits, aged 10 min 1 s it is expired and a new one is sent', async () => {
    const link = await makeLink(api, { document_id: doc.id, email_authenticated: true });
    const slug = slugOf(link);
    // Moving the row's times back is what the passing of time does to it: the server's clock decides.
    const age = (who: string, seconds: number) =>
      withTestDb(async (c) => {
        const r = await c.query(
          `UPDATE viewer_codes SET created_at = created_at - make_interval(secs => $3), expires_at = expires_at - make_interval(secs => $3)
           WHERE link_id = $1 AND email = $2 RETURNING extract(epoch FROM expires_at - created_at)::int AS ttl`,
          [link.id, who, seconds],
        );
        return r.rows[0]?.ttl as number | undefined;
      });

    const early = email('early');
    const a = await atCodeGate(slug, early);
    expect(await age(early, 590)).toBe(600);
    expect(refusalOf((await a.v.gate(slug, { step: 'code', code: a.code })).location)).toBeNull();
    expect((await a.v.open(slug)).text()).toContain('data-testid="document-viewer"');

    const late = email('late');
    const b = await atCodeGate(slug, late);
    expect(await age(late, 601)).toBe(600);
    expect(refusalOf((await b.v.gate(slug, { step: 'code', code: b.code })).location)).toBe('code_expired');
    expect(gateOf((await b.v.open(slug)).text())).toBe('code');
    const since = logSize();
    await b.v.gate(slug, { step: 'resend' });
    const fresh = await codeFor(late, since);
    expect(refusalOf((await b.v.gate(slug, { step: 'code', code: fresh })).location)).toBeNull();
    expect((await b.v.open(slug)).text()).toContain('data-testid="document-viewer"');
  });

  it('a new code replaces the old one; sends are rate-limited per link and address', async () => {
    const slug = slugOf(await makeLink(api, { document_id: doc.id, email_authenticated: true }));
    const who = email('resend');
    const { v, code: first } = await atCodeGate(slug, who);
    const since = logSize();
    expect(refusalOf((await v.gate(slug, { step: 'resend' })).location)).toBeNull();
    const second = await codeFor(who, since);
    if (first !== second) expect(refusalOf((await v.gate(slug, { step: 'code', code: first })).location)).toBe('code_wrong');
    // 5 sends in 10 minutes per link and address: the first, the resend, three more, then refused.
    for (let i = 0; i < 3; i++) expect(refusalOf((await v.gate(slug, { step: 'resend' })).location)).toBeNull();
    expect(refusalOf((await v.gate(slug, { step: 'resend' })).location)).toBe('rate_limited');
  });

  it('password guesses are rate-limited per link and client address', async () => {
    const slug = slugOf(await makeLink(api, { document_id: doc.id, password: 'the-right-one' }));
    const v = new Visitor();
    for (let i = 0; i < 10; i++) expect(refusalOf((await v.gate(slug, { step: 'password', password: `guess-${i}` })).location)).toBe('password_wrong');
    expect(refusalOf((await v.gate(slug, { step: 'password', password: 'the-right-one' })).location)).toBe('rate_limited');
    expect(refusalOf((await new Visitor().gate(slug, { step: 'password', password: 'the-right-one' })).location)).toBe('rate_limited');
  });

  it('"use another email" forgets the address and what was proven for it', async () => {
    const slug = slugOf(await makeLink(api, { document_id: doc.id, email_authenticated: true }));
    const { v } = await atCodeGate(slug, email('first'));
    await v.gate(slug, { step: 'reset' });
    expect(gateOf((await v.open(slug)).text())).toBe('email');
  });
});

describe('sessions', () => {
  it('a forged cookie or another link\'s session opens nothing', async () => {
    const a = slugOf(await makeLink(api, { document_id: doc.id, password: 'aaaa' }));
    const b = slugOf(await makeLink(api, { document_id: doc.id, password: 'bbbb' }));
    const v = new Visitor();
    await v.gate(a, { step: 'password', password: 'aaaa' });
    expect((await v.open(a)).status).toBe(200);
    const token = [...v.cookies.values()][0]!.value;
    // The same cookie sent on the other link's path.
    const foreign = await fetch(`${new Visitor().base}/view/${b}`, { headers: { Cookie: token }, redirect: 'manual' });
    expect(gateOf(await foreign.text())).toBe('password');
    const img = await fetch(`${new Visitor().base}/view/${b}/pages/1`, { headers: { Cookie: token } });
    expect(img.status).toBe(403);
    // A forged token of the right shape.
    const forged = `quire_view=${'A'.repeat(43)}`;
    expect(gateOf(await (await fetch(`${new Visitor().base}/view/${a}`, { headers: { Cookie: forged } })).text())).toBe('password');
    expect((await fetch(`${new Visitor().base}/view/${a}/pages/1`, { headers: { Cookie: forged } })).status).toBe(403);
  });

  it('changing the link\'s access settings sends its sessions back through the gates', async () => {
    const link = await makeLink(api, { document_id: doc.id, password: 'before' });
    const slug = slugOf(link);
    const v = new Visitor();
    await v.gate(slug, { step: 'password', password: 'before' });
    expect((await v.open(slug)).status).toBe(200);
    ok(await api.patch(`/v1/links/${link.id}`, { name: 'Renamed' }));
    expect((await v.open(slug)).status).toBe(200);
    ok(await api.patch(`/v1/links/${link.id}`, { password: 'after!' }));
    expect(gateOf((await v.open(slug)).text())).toBe('password');
    expect((await v.get(`/view/${slug}/pages/1`)).status).toBe(403);
    await v.gate(slug, { step: 'password', password: 'after!' });
    expect((await v.open(slug)).status).toBe(200);
  });

  it('cross-site form posts are refused: a foreign Origin, "null" (a sandboxed frame, a data: page) and none at all', async () => {
    const slug = slugOf(await makeLink(api, { document_id: doc.id, password: 'xsite' }));
    for (const origin of ['https://evil.example', 'null', null]) {
      const v = new Visitor();
      // fetch sends no Origin of its own: the Visitor adds ours to POSTs unless told otherwise.
      const r = await v.request('POST', `/view/${slug}/gate`, {
        body: 'step=password&password=xsite',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(origin === null ? {} : { Origin: origin }) },
      });
      if (origin === null) {
        const raw = await fetch(`${v.base}/view/${slug}/gate`, {
          method: 'POST',
          redirect: 'manual',
          body: 'step=password&password=xsite',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        });
        expect(raw.status, 'no Origin').toBe(403);
        expect(raw.headers.get('set-cookie')).toBeNull();
        continue;
      }
      expect(r.status, String(origin)).toBe(403);
      expect(r.headers.get('set-cookie')).toBeNull();
    }
    // Page-time reports too: a foreign page cannot add reading time to a visitor's view.
    const open = slugOf(await makeLink(api, { document_id: doc.id }));
    const v = new Visitor();
    const viewId = viewIdOf((await enter(v, open)).text())!;
    const foreign = await v.request('POST', `/view/${open}/events`, {
      body: JSON.stringify({ view_id: viewId, events: [{ id: 'xsite-event-1', page: 1, duration_ms: 1000 }] }),
      headers: { 'Content-Type': 'text/plain', Origin: 'null' },
    });
    expect(foreign.status).toBe(403);
    expect((await v.events(open, viewId, [{ id: 'own-event-1', page: 1, duration_ms: 1000 }])).status).toBe(200);
  });
});
