// What a document link's visitor receives, over real HTTP: page images (never the PDF's bytes
// unless downloads are allowed), downloads with the watermark burned in and recorded on the
// view, inline images, file cards, link documents redirected after the gates; every request
// checked again (session, link live and not expired, page in range); views, page events and the
// owner's notification.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import sharp from 'sharp';
import { admin, client, createToken, uniqueTeam, upload } from '../support/api';
import { noise } from '../support/images';
import { fixture, ok } from '../support/docs';
import { loadPdfjs, pdfjsDataOptions } from '../../server/media/pdfjs';
import { PDFDocument } from 'pdf-lib';
import { withTestDb } from '../support/test-db';
import { awaitLog, codeFor, enter, fromLog, logSize, makeLink, openedAgo, pdfDocument, pdfWithText, slugOf, viewIdOf, Visitor } from '../support/viewer';

type Api = ReturnType<typeof client>;
let api: Api;
let team: string;
let pdf: any;
let other: any;

beforeAll(async () => {
  team = uniqueTeam('viewer-docs');
  api = client((await createToken({ team, scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  pdf = await pdfDocument(api, 3, 'Board deck.pdf');
  other = await pdfDocument(api, 5, 'Other.pdf');
});

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await loadPdfjs();
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), ...pdfjsDataOptions(), verbosity: 0 }).promise;
  let text = '';
  for (let p = 1; p <= doc.numPages; p++) {
    const c = await (await doc.getPage(p)).getTextContent();
    text += c.items.map((i) => ('str' in i ? i.str : '')).join('') + '\n';
  }
  await doc.destroy();
  return text;
}

const isPdf = (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('page images', () => {
  it('serves each page as an image through a valid session, and nothing else', async () => {
    const slug = slugOf(await makeLink(api, { document_id: pdf.id }));
    const v = new Visitor();
    const page = await enter(v, slug);
    expect(page.text()).toContain('Board deck.pdf');
    for (const p of [1, 3]) {
      const img = await v.get(`/view/${slug}/pages/${p}?w=480`);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toMatch(/^image\/(webp|jpeg|png)$/);
      expect(isPdf(img.body)).toBe(false);
    }
    for (const p of ['0', '4', '-1', '1.5', 'abc', '99999999']) expect((await v.get(`/view/${slug}/pages/${p}`)).status).toBe(404);
    // Without the session.
    expect((await new Visitor().get(`/view/${slug}/pages/1`)).status).toBe(403);
    // A room item path on a document link is nothing.
    expect((await v.get(`/view/${slug}/d/${other.id}/pages/1`)).status).toBe(404);
  });

  it('the PDF\'s bytes are unreachable without download permission', async () => {
    const slug = slugOf(await makeLink(api, { document_id: pdf.id, allow_download: false }));
    const v = new Visitor();
    const html = (await enter(v, slug)).text();
    expect(html).not.toContain('data-testid="download"');
    const tries = [`/view/${slug}/download`, `/view/${slug}/file`, `/view/${slug}/zip`, `/view/${slug}/pages/1?w=99999`, `/view/${slug}/pages/1?format=pdf`];
    for (const p of tries) {
      const r = await v.get(p);
      expect(isPdf(r.body), p).toBe(false);
    }
    expect((await v.get(`/view/${slug}/download`)).status).toBe(403);
    expect((await v.get(`/view/${slug}/file`)).status).toBe(404);
    expect(isPdf(Buffer.from(html))).toBe(false);
  });
});

describe('pre-rendered first pages', () => {
  const rendered = (versionId: string) => {
    const dir = path.join(inject('serverEnv').QUIRE_DATA_DIR, 'blobs', 'renders', versionId);
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => /^w\d+\/p\d+\./.test(f)).sort() : [];
  };
  const allOf = (widths: number[], pages: number[]) => widths.flatMap((w) => pages.map((p) => `w${w}/p${p}`)).sort();
  const stems = (files: string[]) => files.map((f) => f.replace(/\.\w+$/, ''));

  it('an uploaded PDF\'s first 3 pages, and a new version\'s, are drawn after the answer (thumbnail and page widths; the first page also at phones\' 1440), and go with the document', async () => {
    const doc = await pdfDocument(api, 5, 'Prerendered.pdf');
    const first = ok(await api.get(`/v1/documents/${doc.id}/versions`)).data[0];
    await expect.poll(() => stems(rendered(first.id)), { timeout: 60_000, interval: 200 }).toEqual([...allOf([480, 960], [1, 2, 3]), 'w1440/p1'].sort());
    const id = await upload(api, await pdfWithText(2), 'application/pdf', 'v2.pdf');
    const second = ok(await api.post(`/v1/documents/${doc.id}/versions`, { upload_id: id }), 201);
    await expect.poll(() => stems(rendered(second.id)), { timeout: 60_000, interval: 200 }).toEqual([...allOf([480, 960], [1, 2]), 'w1440/p1'].sort());
    // A visitor's first page is then that very image.
    const v = new Visitor();
    const slug = slugOf(await makeLink(api, { document_id: doc.id }));
    await enter(v, slug);
    const page1 = await v.get(`/view/${slug}/pages/1?w=960`);
    const file = rendered(second.id).find((f) => f.startsWith('w960/p1.'))!;
    expect(page1.body.equals(fs.readFileSync(path.join(inject('serverEnv').QUIRE_DATA_DIR, 'blobs', 'renders', second.id, file)))).toBe(true);
    // Deleting the document removes its page images too (after the answer).
    ok(await api.del(`/v1/documents/${doc.id}`));
    await expect.poll(() => [...rendered(first.id), ...rendered(second.id)], { timeout: 30_000, interval: 200 }).toEqual([]);
  });
});

describe('page sizes of older versions', () => {
  const sizeOf = (versionId: string) =>
    withTestDb(async (c) => (await c.query('SELECT page_width AS w, page_height AS h FROM document_versions WHERE id = $1', [versionId])).rows[0] as { w: number | null; h: number | null });
  const ratioIn = (html: string) => Number(/--page-ratio:([0-9.]+)/.exec(html)?.[1]);

  it('a version stored without its first page size gets it back when the viewer serves its first page', async () => {
    // A landscape page (2:1), so the A4 portrait placeholder of an unknown size is plainly wrong.
    const d = await PDFDocument.create();
    d.addPage([600, 300]);
    d.addPage([600, 300]);
    const id = await upload(api, Buffer.from(await d.save()), 'application/pdf', 'Wide.pdf');
    const doc = ok(await api.post('/v1/documents', { upload_id: id, name: 'Wide.pdf' }), 201);
    const version = ok(await api.get(`/v1/documents/${doc.id}/versions`)).data[0];
    expect(await sizeOf(version.id)).toEqual({ w: 600, h: 300 });
    // As a version uploaded before sizes were recorded.
    await withTestDb((c) => c.query('UPDATE document_versions SET page_width = NULL, page_height = NULL WHERE id = $1', [version.id]));
    const slug = slugOf(await makeLink(api, { document_id: doc.id }));
    const v = new Visitor();
    expect(ratioIn((await enter(v, slug)).text())).toBeCloseTo(1 / Math.SQRT2, 3);
    const img = await v.get(`/view/${slug}/pages/1?w=480`);
    expect(img.status).toBe(200);
    const drawn = await sharp(img.body).metadata();
    await expect.poll(() => sizeOf(version.id), { timeout: 15_000, interval: 200 }).toEqual({ w: drawn.width, h: drawn.height });
    // The next visit's placeholder has the page's own shape before any image arrives.
    expect(ratioIn((await enter(new Visitor(), slug)).text())).toBeCloseTo(2, 2);
    // Only the first page's image is the first page's size.
    await withTestDb((c) => c.query('UPDATE document_versions SET page_width = NULL, page_height = NULL WHERE id = $1', [version.id]));
    expect((await v.get(`/view/${slug}/pages/2?w=480`)).status).toBe(200);
    await sleep(500);
    expect(await sizeOf(version.id)).toEqual({ w: null, h: null });
  });
});

describe('downloads', () => {
  it('a watermarked PDF with the visit\'s values, recorded on the view', async () => {
    const link = await makeLink(api, {
      document_id: pdf.id,
      allow_download: true,
      email_protected: true,
      name: 'Series B',
      watermark_config: { text: 'Confidential {{email}} {{link_name}} {{date}}', position: 'bottom-center', rotation: 0 },
    });
    const slug = slugOf(link);
    const v = new Visitor();
    await v.gate(slug, { step: 'email', email: 'Reader@Fund.Example' });
    const html = (await v.open(slug)).text();
    expect(html).toContain('data-testid="download"');
    expect(html).toContain('data-testid="watermark"');
    expect(html).toContain('Confidential reader@fund.example Series B');
    const r = await v.get(`/view/${slug}/download`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="Board deck.pdf"/);
    expect(isPdf(r.body)).toBe(true);
    const text = (await pdfText(r.body)).replace(/\s+/g, '');
    const today = new Date().toISOString().slice(0, 10);
    expect(text).toContain(`Confidentialreader@fund.exampleSeriesB${today}`);
    expect(text).toContain('Page1');
    const views = ok(await api.get(`/v1/links/${link.id}/views`)).data;
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ download_type: 'SINGLE', viewer_email: 'reader@fund.example' });
    expect(views[0].downloaded_at).not.toBeNull();
  });

  it('images show inline; other files are a card with a download when allowed', async () => {
    const img = ok(await api.post('/v1/documents', { source_url: fixture('/logo.png'), name: 'Logo' }), 201);
    const txt = ok(await api.post('/v1/documents', { source_url: fixture('/notes.txt'), name: 'Notes' }), 201);
    const imgSlug = slugOf(await makeLink(api, { document_id: img.id }));
    const v = new Visitor();
    expect((await enter(v, imgSlug)).text()).toContain('data-testid="image-viewer"');
    const inline = await v.get(`/view/${imgSlug}/file`);
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('image/png');
    expect(inline.headers.get('content-disposition')).toBe('inline');
    expect((await v.get(`/view/${imgSlug}/download`)).status).toBe(403);

    const txtSlug = slugOf(await makeLink(api, { document_id: txt.id, allow_download: true }));
    const w = new Visitor();
    const card = (await enter(w, txtSlug)).text();
    expect(card).toContain('data-testid="file-card"');
    expect(card).toContain('data-testid="download"');
    expect((await w.get(`/view/${txtSlug}/file`)).status).toBe(404);
    const dl = await w.get(`/view/${txtSlug}/download`);
    expect(dl.status).toBe(200);
    expect(dl.text()).toBe('plain text notes\n');
  });

  it('an image’s room tile is a small copy (?w=480), made once; the image itself is the original', async () => {
    const original = await noise('jpeg', 800, 500);
    const img = ok(await api.post('/v1/documents', { upload_id: await upload(api, original, 'image/jpeg', 'Site.jpg') }), 201);
    const slug = slugOf(await makeLink(api, { document_id: img.id }));
    const v = new Visitor();
    await enter(v, slug);
    const tile = await v.get(`/view/${slug}/file?w=480`);
    expect(tile.status).toBe(200);
    expect(tile.headers.get('content-type')).toMatch(/^image\/(webp|jpeg|png)$/);
    const meta = await sharp(tile.body).metadata();
    expect([meta.width, meta.height]).toEqual([480, 300]);
    expect(tile.body.length).toBeLessThan(original.length / 4);
    expect((await v.get(`/view/${slug}/file?w=480`)).body.equals(tile.body)).toBe(true);
    // Any other width, or none: the uploaded bytes.
    for (const q of ['', '?w=123']) {
      const full = await v.get(`/view/${slug}/file${q}`);
      expect(full.headers.get('content-type')).toBe('image/jpeg');
      expect(full.body.equals(original)).toBe(true);
    }
    // No session, no tile.
    expect((await new Visitor().get(`/view/${slug}/file?w=480`)).status).not.toBe(200);
  });

  it('link documents redirect after the gates, and the visit is recorded', async () => {
    const ext = ok(await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/memo', name: 'Memo' }), 201);
    const link = await makeLink(api, { document_id: ext.id, password: 'letmein' });
    const slug = slugOf(link);
    const v = new Visitor();
    expect((await v.get(`/view/${slug}`)).status).toBe(200); // the password gate
    await v.gate(slug, { step: 'password', password: 'letmein' });
    const r = await v.get(`/view/${slug}`);
    expect(r.status).toBe(307);
    expect(r.location).toBe('https://example.com/memo');
    expect(ok(await api.get(`/v1/links/${link.id}/views`)).data).toHaveLength(1);
  });
});

describe('expired and deleted links', () => {
  it('expiry is enforced on the page, images, downloads and events, and nothing is recorded', async () => {
    const link = await makeLink(api, { document_id: pdf.id, allow_download: true, expires_at: new Date(Date.now() + 2500).toISOString() });
    const slug = slugOf(link);
    const v = new Visitor();
    const html = (await enter(v, slug)).text();
    const viewId = viewIdOf(html)!;
    expect(viewId).toBeTruthy();
    expect((await v.get(`/view/${slug}/pages/1`)).status).toBe(200);
    await sleep(2700);
    const page = await v.get(`/view/${slug}`);
    expect(page.status).toBe(410);
    expect(page.text()).toContain('data-testid="link-expired"');
    expect((await v.get(`/view/${slug}/pages/1`)).status).toBe(410);
    expect((await v.get(`/view/${slug}/download`)).status).toBe(410);
    expect((await v.events(slug, viewId, [{ id: 'evt-expired-1', page: 1, duration_ms: 5000 }])).status).toBe(410);
    expect((await new Visitor().gate(slug, { step: 'email', email: 'late@x.example' })).status).toBe(303);
    const views = ok(await api.get(`/v1/links/${link.id}/views`)).data;
    expect(views).toHaveLength(1);
    expect(views[0].duration_seconds).toBe(0);
    expect(views[0].downloaded_at).toBeNull();
  });

  it('a deleted link stops resolving at once, sessions included', async () => {
    const link = await makeLink(api, { document_id: pdf.id });
    const slug = slugOf(link);
    const v = new Visitor();
    const viewId = viewIdOf((await enter(v, slug)).text())!;
    ok(await api.del(`/v1/links/${link.id}`));
    const page = await v.get(`/view/${slug}`);
    expect(page.status).toBe(404);
    expect(page.text()).toContain('This link does not exist');
    expect((await v.get(`/view/${slug}/pages/1`)).status).toBe(404);
    expect((await v.events(slug, viewId, [{ id: 'evt-deleted-1', page: 1, duration_ms: 5000 }])).status).toBe(404);
    expect((await new Visitor().get('/view/NoSuchSlugAtAll12345678')).status).toBe(404);
    expect((await new Visitor().get('/view/x')).status).toBe(404);
  });
});

describe('views and page events', () => {
  it('records concurrent batches on one view, each event once (per-page totals updated under contention)', async () => {
    const link = await makeLink(api, { document_id: pdf.id });
    const slug = slugOf(link);
    const v = new Visitor();
    const viewId = viewIdOf((await enter(v, slug)).text())!;
    await openedAgo(viewId, 60_000); // 32 s of reading needs a view open that long
    const batches = Array.from({ length: 16 }, (_, b) =>
      Array.from({ length: 20 }, (_, k) => ({ id: `conc-${b}-${k}-xxxx`, page: 1 + ((b + k) % 3), duration_ms: 100 })),
    );
    const answers = await Promise.all(batches.map((events) => v.events(slug, viewId, events)));
    expect(answers.map((a) => a.status)).toEqual(batches.map(() => 200));
    expect(answers.reduce((n, a) => n + JSON.parse(a.text()).recorded, 0)).toBe(320);
    const views = ok(await api.get(`/v1/links/${link.id}/views`)).data;
    expect(views[0].duration_seconds).toBe(32);
  });

  it('one view per visit; events validated against the session, the page count and duplicates', async () => {
    const link = await makeLink(api, { document_id: pdf.id });
    const slug = slugOf(link);
    const v = new Visitor();
    const viewId = viewIdOf((await enter(v, slug)).text())!;
    // Coming back within 10 minutes continues the view.
    expect(viewIdOf((await v.open(slug)).text())).toBe(viewId);
    await openedAgo(viewId, 60_000); // 19 s of reading needs a view open that long
    const r = await v.events(slug, viewId, [
      { id: 'evt-a-000001', page: 1, duration_ms: 4000 },
      { id: 'evt-a-000002', page: 2, duration_ms: 90_000 }, // clamped to 15 s
      { id: 'evt-a-000003', page: 4, duration_ms: 1000 }, // past the last page
      { id: 'evt-a-000004', page: 0, duration_ms: 1000 },
      { id: 'evt-a-000005', page: 1, duration_ms: -5 },
      { id: 'bad id!', page: 1, duration_ms: 1000 },
    ]);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text())).toEqual({ recorded: 2 });
    // The same events again (a retried beacon) are dropped.
    expect(JSON.parse((await v.events(slug, viewId, [{ id: 'evt-a-000001', page: 1, duration_ms: 4000 }])).text())).toEqual({ recorded: 0 });
    // Another session cannot report on this view; nor can anyone without a session.
    const w = new Visitor();
    await enter(w, slug);
    expect((await w.events(slug, viewId, [{ id: 'evt-b-000001', page: 1, duration_ms: 4000 }])).status).toBe(404);
    expect((await new Visitor().events(slug, viewId, [{ id: 'evt-c-000001', page: 1, duration_ms: 4000 }])).status).toBe(403);
    // Malformed bodies.
    expect((await v.request('POST', `/view/${slug}/events`, { body: 'not json' })).status).toBe(400);
    expect((await v.request('POST', `/view/${slug}/events`, { body: JSON.stringify({ view_id: viewId, events: 'x' }) })).status).toBe(400);
    const views = ok(await api.get(`/v1/links/${link.id}/views`)).data;
    expect(views).toHaveLength(2);
    expect(views.find((x: any) => x.id === viewId).duration_seconds).toBe(19);
    // The same document through another link is another view of its own.
    expect(viewIdOf((await enter(v, slugOf(await makeLink(api, { document_id: pdf.id })))).text())).not.toBe(viewId);
  });

  it('the owner hears of a visit at most once per visitor and link an hour', async () => {
    const owner = `owner.${Date.now().toString(36)}@quire-owner.example`;
    await admin(['team', 'add-member', team, owner, '--role', 'admin']);
    const link = await makeLink(api, { document_id: pdf.id, email_protected: true, name: 'Notify me' });
    const quiet = await makeLink(api, { document_id: pdf.id, enable_notification: false });
    const slug = slugOf(link);
    const since = logSize();
    for (let i = 0; i < 2; i++) {
      const v = new Visitor();
      await v.gate(slug, { step: 'email', email: 'visitor@notify.example' });
      await v.open(slug);
    }
    const other = new Visitor();
    await other.gate(slug, { step: 'email', email: 'second@notify.example' });
    await other.open(slug);
    await enter(new Visitor(), slugOf(quiet));
    await awaitLog('view notification', owner, since, 2);
    await sleep(500); // a third, were one sent, would be in by now
    const mails = fromLog('view notification', owner, since);
    expect(mails).toHaveLength(2);
    expect(mails[0]).toContain(`/links/${link.id}`);
    expect(mails.join('\n')).toContain('visitor@notify.example');
    expect(mails.join('\n')).toContain('second@notify.example');
  });
});

describe('branding and language', () => {
  it('the page shows the link\'s brand: colours, header style, banner, CTA, welcome message and language', async () => {
    const brand = ok(
      await api.post('/v1/brands', {
        name: `Fund ${Date.now()}`,
        brand_color: '#0f766e',
        welcome_message: 'From the brand',
        cta_label: 'Book a call',
        cta_url: 'https://fund.example/call',
        viewer_header_style: 'light',
        default_language: 'de',
        custom_link_preview_enabled: true,
        link_preview_title: 'Fund preview',
        link_preview_description: 'A fund update',
      }),
      201,
    );
    const link = await makeLink(api, { document_id: pdf.id, brand_id: brand.id, email_protected: true, welcome_message: 'From the link', show_banner: true });
    const html = (await new Visitor().open(slugOf(link))).text();
    expect(html).toContain('Geben Sie Ihre E-Mail-Adresse ein');
    // The document's own language is the link's, not only the words.
    expect(html).toMatch(/^<!DOCTYPE html><html lang="de"/);
    // Only the server names the link of a page: a client's header changes nothing.
    const signin = await new Visitor().get('/signin', { 'x-quire-view-slug': slugOf(link) });
    expect(signin.text()).toMatch(/^<!DOCTYPE html><html lang="en"/);
    expect(html).toContain('From the link');
    expect(html).not.toContain('From the brand');
    expect(html).toContain('data-style="light"');
    expect(html).toContain('#0f766e');
    expect(html).toContain('Book a call');
    expect(html).toContain('data-testid="viewer-banner"');
    expect(html).toMatch(/<meta property="og:title" content="Fund preview"/);
    expect(html).toMatch(/<meta name="twitter:title" content="Fund preview"/);
    expect(html).toMatch(/<meta property="og:description" content="A fund update"/);
    expect(html).toMatch(/<link rel="icon" href="[^"]+"/);
    // The link's own card overrides the brand's.
    const custom = await makeLink(api, { document_id: pdf.id, brand_id: brand.id, enable_custom_meta: true, meta_title: 'Q3 letter', meta_image: { source_url: fixture('/logo.png') } });
    const html2 = (await new Visitor().get(`/view/${slugOf(custom)}`)).text();
    const og = /<meta property="og:title" content="([^"]+)"/.exec(html2)?.[1];
    expect(og).toBe('Q3 letter');
    expect(html2).toMatch(/<meta property="og:image" content="[^"]+\/images\/[^"]+"/);
    // A team without brands: the service's defaults, no banner unless asked, English.
    const bare = client((await createToken({ team: uniqueTeam('viewer-bare'), scopes: 'apis.all' })).token);
    const bareDoc = await pdfDocument(bare, 1);
    const plain = (await new Visitor().open(slugOf(await makeLink(bare, { document_id: bareDoc.id, email_protected: true })))).text();
    expect(plain).toContain('Enter your email to continue');
    expect(plain).toMatch(/^<!DOCTYPE html><html lang="en"/);
    expect(plain).toContain('data-layout="standard"');
    // The sidebar preset: the brand in a column beside the content, not a bar above it.
    const side = ok(await api.post('/v1/brands', { name: `Side ${Date.now()}`, viewer_layout_preset: 'sidebar', cta_label: 'Ask us', cta_url: 'https://fund.example/ask' }), 201);
    const sided = (await new Visitor().open(slugOf(await makeLink(api, { document_id: pdf.id, brand_id: side.id, email_protected: true })))).text();
    expect(sided).toContain('data-layout="sidebar"');
    expect(sided).toMatch(/<aside data-testid="viewer-header"[^>]*>/);
    expect(sided).not.toMatch(/<header data-testid="viewer-header"/);
    expect(sided).toContain('Ask us');
    expect(plain).not.toContain('data-testid="viewer-banner"');
  });
});

describe('code mail', () => {
  it('one-time codes are mailed in the brand\'s language', async () => {
    const brand = ok(await api.post('/v1/brands', { name: `FR ${Date.now()}`, default_language: 'fr' }), 201);
    const slug = slugOf(await makeLink(api, { document_id: pdf.id, brand_id: brand.id, email_authenticated: true }));
    const v = new Visitor();
    const since = logSize();
    await v.gate(slug, { step: 'email', email: 'fr@fund.example' });
    expect(await codeFor('fr@fund.example', since)).toMatch(/^\d{6}$/);
    expect((await v.open(slug)).text()).toContain('Consultez vos e-mails');
  });
});

void upload;
