// A visitor's search over real HTTP (/view/{slug}/search): hits and snippets only from what
// their link and group may view (never another group's document, a hidden folder's, another
// room's or team's), highlight boxes only on pages they may see, enable_search, and the room's
// search analytics (GET /v1/datarooms/{id}/analytics/searches).
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, upload, uniqueTeam } from '../support/api';
import { ok } from '../support/docs';
import { enter, makeLink, slugOf, Visitor } from '../support/viewer';

type Api = ReturnType<typeof client>;
let api: Api;
let room: any;
let placed: { a: any; b: any; hidden: any };
let groups: { a: any; b: any };
let folder: any;

async function textDoc(a: Api, name: string, lines: string[]) {
  const d = await PDFDocument.create();
  const f = await d.embedFont(StandardFonts.Helvetica);
  const page = d.addPage([612, 792]);
  lines.forEach((l, i) => page.drawText(l, { x: 72, y: 700 - i * 20, size: 12, font: f }));
  const id = await upload(a, Buffer.from(await d.save()), 'application/pdf', name);
  return ok(await a.post('/v1/documents', { upload_id: id, name }), 201);
}

async function textReady(a: Api, ids: string[]) {
  // The shared server reads every file's documents on one queue: under the suite's load these may
  // wait minutes (over 240 s once on CI's PostgreSQL pass).
  const until = Date.now() + 480_000;
  for (const id of ids) {
    while (ok(await a.get(`/v1/documents/${id}`)).text_status === 'processing') {
      if (Date.now() > until) throw new Error(`text of ${id} still processing`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

const find = async (v: Visitor, slug: string, q: string) => {
  const r = await v.get(`/view/${slug}/search?${new URLSearchParams({ q })}`);
  if (r.status !== 200) throw new Error(`search answered ${r.status}: ${r.text()}`);
  return JSON.parse(r.text()) as { data: any[]; next_cursor: string | null };
};

beforeAll(async () => {
  api = client((await createToken({ team: uniqueTeam('viewer-search'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  room = ok(await api.post('/v1/datarooms', { name: 'Project Heron' }), 201);
  folder = ok(await api.post(`/v1/datarooms/${room.id}/folders`, { name: 'Board' }), 201);
  const [a, b, hidden, outside] = await Promise.all([
    textDoc(api, 'Bid A.pdf', ['Buyer A offers an escrow of ten percent.']),
    textDoc(api, 'Bid B.pdf', ['Buyer B secret escrow terms and walk-away price.']),
    textDoc(api, 'Minutes.pdf', ['Board minutes: the escrow negotiation strategy.']),
    textDoc(api, 'Elsewhere.pdf', ['An escrow in another room.']),
  ]);
  await textReady(api, [a.id, b.id, hidden.id, outside.id]);
  placed = {
    a: ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: a.id }), 201),
    b: ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: b.id }), 201),
    hidden: ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: hidden.id, folder_id: folder.id }), 201),
  };
  const other = ok(await api.post('/v1/datarooms', { name: 'Other room' }), 201);
  ok(await api.post(`/v1/datarooms/${other.id}/documents`, { document_id: outside.id }), 201);
  const group = async (name: string, visible: string) => {
    const g = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name, allow_all: true }), 201);
    const all = ok(await api.get(`/v1/datarooms/${room.id}/groups/${g.id}/permissions`)).data.map((p: any) => ({ item_id: p.item_id, can_view: p.item_id === visible }));
    ok(await api.put(`/v1/datarooms/${room.id}/groups/${g.id}/permissions`, { permissions: all }));
    return g;
  };
  groups = { a: await group('Buyer A', placed.a.id), b: await group('Buyer B', placed.b.id) };
}, 600_000);

async function visitorOf(g: any, email: string, extra: Record<string, unknown> = {}) {
  const slug = slugOf(await makeLink(api, { dataroom_id: room.id, audience_type: 'group', group_id: g.id, email_authenticated: false, ...extra }));
  const v = new Visitor();
  await v.gate(slug, { step: 'email', email });
  expect((await v.open(slug)).status).toBe(200);
  return { v, slug };
}

describe('a visitor’s search', () => {
  it('finds only what their group may view: never another group’s document, a hidden folder’s, another room’s', async () => {
    const { v, slug } = await visitorOf(groups.a, 'ada@buyer-a.example');
    const r = await find(v, slug, 'escrow');
    expect(r.data).toHaveLength(1);
    expect(r.data[0]).toMatchObject({ item_id: placed.a.id, document_name: 'Bid A.pdf', page_number: 1, match: 'text' });
    expect(r.data[0].snippet).toContain('Buyer A offers an escrow');
    expect(JSON.stringify(r.data)).not.toMatch(/secret|walk-away|negotiation|another room/);
    // No ids of documents or versions: the visitor addresses items of the room.
    expect(Object.keys(r.data[0]).sort()).toEqual(['document_name', 'highlights', 'index_number', 'item_id', 'match', 'page_number', 'snippet']);
    // Names too: another group's document name is never a hit.
    expect((await find(v, slug, 'Bid')).data.map((h) => h.document_name)).toEqual(['Bid A.pdf']);

    const b = await visitorOf(groups.b, 'bob@buyer-b.example');
    expect((await find(b.v, b.slug, 'escrow')).data.map((h) => h.document_name)).toEqual(['Bid B.pdf']);
  });

  it('highlights words only on pages the visitor may see', async () => {
    const { v, slug } = await visitorOf(groups.a, 'ada2@buyer-a.example');
    const ok200 = await v.get(`/view/${slug}/search?q=escrow&item=${placed.a.id}&page=1`);
    expect(ok200.status).toBe(200);
    const { boxes } = JSON.parse(ok200.text());
    expect(boxes).toHaveLength(1);
    const [x, y, w, h] = boxes[0];
    expect(x).toBeGreaterThan(100);
    expect(y).toBeGreaterThan(100);
    expect(w).toBeGreaterThan(0);
    expect(h).toBeGreaterThan(0);
    // Another group's item, and an item of another room: not found.
    expect((await v.get(`/view/${slug}/search?q=escrow&item=${placed.b.id}&page=1`)).status).toBe(404);
    expect((await v.get(`/view/${slug}/search?q=escrow&item=${placed.hidden.id}&page=1`)).status).toBe(404);
  });

  it('a general link finds everything of its room; a visitor who has not entered gets nothing', async () => {
    const slug = slugOf(await makeLink(api, { dataroom_id: room.id }));
    const v = new Visitor();
    expect((await v.get(`/view/${slug}/search?q=escrow`)).status).toBe(403);
    await enter(v, slug);
    expect((await find(v, slug, 'escrow')).data.map((h) => h.document_name).sort()).toEqual(['Bid A.pdf', 'Bid B.pdf', 'Minutes.pdf']);
  });

  it('a link with search turned off refuses it', async () => {
    const link = await makeLink(api, { dataroom_id: room.id, enable_search: false });
    expect(link.enable_search).toBe(false);
    const v = new Visitor();
    await enter(v, slugOf(link));
    expect((await v.get(`/view/${slugOf(link)}/search?q=escrow`)).status).toBe(403);
  });

  it('a document link searches its one document', async () => {
    const d = await textDoc(api, 'Single.pdf', ['A single escrow clause.']);
    await textReady(api, [d.id]);
    const slug = slugOf(await makeLink(api, { document_id: d.id }));
    const v = new Visitor();
    await enter(v, slug);
    const r = await find(v, slug, 'escrow');
    expect(r.data.map((h) => [h.item_id, h.document_name])).toEqual([[null, 'Single.pdf']]);
    expect(JSON.parse((await v.get(`/view/${slug}/search?q=escrow&page=1`)).text()).boxes).toHaveLength(1);
  });
});

describe('search analytics', () => {
  it('counts what visitors settled on, how often, by how many visits, and what found nothing', async () => {
    const quiet = ok(await api.post('/v1/datarooms', { name: 'Analytics room' }), 201);
    const d = await textDoc(api, 'Escrow letter.pdf', ['The escrow letter.']);
    await textReady(api, [d.id]);
    ok(await api.post(`/v1/datarooms/${quiet.id}/documents`, { document_id: d.id }), 201);
    const slug = slugOf(await makeLink(api, { dataroom_id: quiet.id }));
    const one = new Visitor();
    await enter(one, slug);
    // Typed on: "escr" then "escrow" within seconds counts once, as "escrow".
    await find(one, slug, 'escr');
    await find(one, slug, 'escrow');
    await find(one, slug, 'earn-out');
    const two = new Visitor();
    await enter(two, slug);
    await find(two, slug, 'Escrow');
    const r = ok(await api.get(`/v1/datarooms/${quiet.id}/analytics/searches`));
    expect(r.object).toBe('search_analytics');
    const escrow = r.queries.find((q: any) => q.query.toLowerCase() === 'escrow');
    expect(escrow).toMatchObject({ searches: 2, visits: 2, without_hits: 0 });
    expect(r.total_searches).toBe(3);
    expect(r.queries.find((q: any) => q.query === 'earn-out')).toMatchObject({ searches: 1, without_hits: 1 });
    expect(r.queries.some((q: any) => q.query === 'escr')).toBe(false);
    expect(r.searches_without_hits).toBeGreaterThanOrEqual(1);
    const other = client((await createToken({ team: uniqueTeam('viewer-search-other'), scopes: 'apis.all' })).token);
    envelope(await other.get(`/v1/datarooms/${quiet.id}/analytics/searches`), 404, 'not_found');
  });
});

describe('the viewer’s search, as pages', () => {
  it('a document’s find: every page its words are on, with boxes; only documents the visitor may see', async () => {
    const { v, slug } = await visitorOf(groups.a, 'ada3@buyer-a.example');
    const r = await v.get(`/view/${slug}/search?q=escrow&item=${placed.a.id}&page=all`);
    expect(r.status).toBe(200);
    const { pages } = JSON.parse(r.text());
    expect(pages).toHaveLength(1);
    expect(pages[0].page_number).toBe(1);
    expect(pages[0].boxes).toHaveLength(1);
    // Exclusions follow the search's rule: a page whose words are excluded is no match.
    expect(JSON.parse((await v.get(`/view/${slug}/search?q=escrow+-buyer&item=${placed.a.id}&page=all`)).text()).pages).toEqual([]);
    expect((await v.get(`/view/${slug}/search?q=escrow&item=${placed.b.id}&page=all`)).status).toBe(404);
    expect((await v.get(`/view/${slug}/search?q=escrow&item=${placed.hidden.id}&page=all`)).status).toBe(404);
    // A room link names its item.
    expect((await v.get(`/view/${slug}/search?q=escrow&page=all`)).status).toBe(404);
    // A find is a search for analytics, but not the words a hit opened the document with (counted already).
    expect((await v.get(`/view/${slug}/search?q=percent&item=${placed.a.id}&page=all&record=0`)).status).toBe(200);
    expect((await v.get(`/view/${slug}/search?q=offers&item=${placed.a.id}&page=all`)).status).toBe(200);
    const queries = ok(await api.get(`/v1/datarooms/${room.id}/analytics/searches`)).queries.map((q: any) => q.query);
    expect(queries).toContain('offers');
    expect(queries).not.toContain('percent');
  });

  it('the room’s results page lists names and pages with their snippets, only of what the group may view', async () => {
    const { v, slug } = await visitorOf(groups.a, 'ada4@buyer-a.example');
    const room = (await v.get(`/view/${slug}`)).text();
    expect(room).toContain('data-testid="room-search"');
    const html = (await v.get(`/view/${slug}?q=escrow`)).text();
    expect(html).toContain('data-testid="room-results"');
    const hits = [...html.matchAll(/data-testid="room-hit"[\s\S]*?href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(hits).toEqual([`/view/${slug}/d/${placed.a.id}?page=1&q=escrow`]);
    expect(html).toMatch(/Buyer A offers an <mark[^>]*>escrow<\/mark>/);
    expect(html).not.toMatch(/walk-away|negotiation|Bid B/);
    // The document opens with its find.
    const doc = (await v.get(hits[0]!)).text();
    expect(doc).toContain('data-testid="find-bar"');
  });

  it('a link with search turned off renders no search box, no results and no find', async () => {
    const link = await makeLink(api, { dataroom_id: room.id, enable_search: false });
    const slug = slugOf(link);
    const v = new Visitor();
    const html = (await enter(v, slug)).text();
    expect(html).toContain('data-testid="room-view"');
    expect(html).not.toContain('data-testid="room-search"');
    expect(html).not.toContain('role="search"');
    // ?q= is not searched: the room as it is.
    const q = (await v.get(`/view/${slug}?q=escrow`)).text();
    expect(q).not.toContain('data-testid="room-results"');
    expect(q).toContain('data-testid="room-document"');
    const doc = (await v.get(`/view/${slug}/d/${placed.a.id}?q=escrow`)).text();
    expect(doc).toContain('data-testid="document-viewer"');
    expect(doc).not.toContain('data-testid="find-bar"');
    expect(doc).not.toContain('data-testid="find-open"');
    expect((await v.get(`/view/${slug}/search?q=escrow&item=${placed.a.id}&page=all`)).status).toBe(403);

    // A document link likewise.
    const d = await textDoc(api, 'Quiet.pdf', ['A quiet escrow clause.']);
    await textReady(api, [d.id]);
    const docSlug = slugOf(await makeLink(api, { document_id: d.id, enable_search: false }));
    const w = new Visitor();
    const page = (await enter(w, docSlug)).text();
    expect(page).toContain('data-testid="document-viewer"');
    expect(page).not.toContain('data-testid="find-bar"');
    const on = slugOf(await makeLink(api, { document_id: d.id }));
    const x = new Visitor();
    expect((await enter(x, on)).text()).toContain('data-testid="find-bar"');
    // A document link's find names no item.
    expect(JSON.parse((await x.get(`/view/${on}/search?q=escrow&page=all`)).text()).pages).toMatchObject([{ page_number: 1 }]);
  });
});
