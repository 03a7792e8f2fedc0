// Data rooms in the viewer over real HTTP: the tree filtered by the group's permissions
// (general links: everything), folders that hold an individually visible document, items
// without can_view refused on every route, downloads per can_download, the bulk zip only where
// the room allows it, group admission (members, domains, allow_all), search, the room's view
// with a child view per opened document, and links of a deleted group or room not resolving.
import { inflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, uniqueTeam } from '../support/api';
import { ok } from '../support/docs';
import { enter, gateOf, makeLink, pdfDocument, refusalOf, slugOf, viewIdOf, Visitor } from '../support/viewer';

type Api = ReturnType<typeof client>;
let api: Api;
let room: any;
let folders: { legal: any; nested: any; hr: any; empty: any };
let placed: { teaser: any; contract: any; deep: any; salaries: any };
let group: any;

/** The zip's entry names (central directory). */
function zipNames(buf: Buffer): Record<string, Buffer> {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let p = buf.readUInt32LE(end + 16);
  const out: Record<string, Buffer> = {};
  for (let i = 0; i < buf.readUInt16LE(end + 10); i++) {
    const n = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    const at = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(at, at + buf.readUInt32LE(p + 20));
    out[buf.subarray(p + 46, p + 46 + n).toString('utf8')] = buf.readUInt16LE(p + 10) === 8 ? inflateRawSync(data) : Buffer.from(data);
    p += 46 + n;
  }
  return out;
}

// The name after the room's index number (issue 42), when the room shows one.
const names = (html: string) =>
  [...html.matchAll(/data-testid="room-(?:document|folder)"[\s\S]*?truncate text-sm font-medium text-zinc-900">(?:<span[^>]*data-testid="index-number"[^>]*>[^<]*<\/span>(?:\s|<!-- -->)*)?([^<]+)</g)].map((m) => m[1]!);

beforeAll(async () => {
  api = client((await createToken({ team: uniqueTeam('viewer-rooms'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  room = ok(await api.post('/v1/datarooms', { name: 'Project Falcon', allow_bulk_download: true }), 201);
  const folder = async (name: string, parent_id?: string) => ok(await api.post(`/v1/datarooms/${room.id}/folders`, { name, parent_id }), 201);
  const legal = await folder('Legal');
  const nested = await folder('Signed', legal.id);
  const hr = await folder('HR');
  const empty = await folder('Empty');
  folders = { legal, nested, hr, empty };
  const attach = async (name: string, folder_id?: string) => {
    const d = await pdfDocument(api, 2, name);
    return ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: d.id, folder_id }), 201);
  };
  placed = {
    teaser: await attach('Teaser.pdf'),
    contract: await attach('Contract.pdf', legal.id),
    deep: await attach('Signed contract.pdf', nested.id),
    salaries: await attach('Salaries.pdf', hr.id),
  };
  group = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Investors', domains: ['fund.example'] }), 201);
  // The group sees the teaser (downloadable) and, individually, the signed contract deep in
  // Legal/Signed; not HR, not the contract at Legal's top, not Empty.
  const perms = ok(await api.get(`/v1/datarooms/${room.id}/groups/${group.id}/permissions`)).data.map((p: any) => ({ item_id: p.item_id, can_view: false, can_download: false }));
  ok(await api.put(`/v1/datarooms/${room.id}/groups/${group.id}/permissions`, { permissions: perms }));
  ok(
    await api.put(`/v1/datarooms/${room.id}/groups/${group.id}/permissions`, {
      permissions: [
        { item_id: placed.teaser.id, can_view: true, can_download: true },
        { item_id: placed.deep.id, can_view: true, can_download: false },
      ],
    }),
  );
  // Ancestors became visible with the document: hide them again so only the document's row says "visible".
  ok(
    await api.put(`/v1/datarooms/${room.id}/groups/${group.id}/permissions`, {
      permissions: [
        { item_id: legal.id, can_view: false },
        { item_id: nested.id, can_view: false },
      ],
    }),
  );
  ok(await api.post(`/v1/datarooms/${room.id}/groups/${group.id}/members`, { emails: ['member@elsewhere.example'] }));
});

describe('general room links', () => {
  it('show every item; documents open inside the room; search; views with a child per document', async () => {
    const link = await makeLink(api, { dataroom_id: room.id, allow_download: true });
    const slug = slugOf(link);
    const v = new Visitor();
    const html = (await enter(v, slug)).text();
    expect(html).toContain('data-testid="room-view"');
    expect(names(html).sort()).toEqual(['Empty', 'HR', 'Legal', 'Teaser.pdf']);
    const inLegal = (await v.get(`/view/${slug}?folder=${folders.legal.id}`)).text();
    expect(names(inLegal).sort()).toEqual(['Contract.pdf', 'Signed']);
    expect(inLegal).toMatch(/data-testid="breadcrumbs"[\s\S]*Project Falcon[\s\S]*Legal/);
    const found = (await v.get(`/view/${slug}?q=contract`)).text();
    expect(names(found).sort()).toEqual(['Contract.pdf', 'Signed contract.pdf']);
    expect(names((await v.get(`/view/${slug}?q=nothing-like-this`)).text())).toEqual([]);

    const doc = await v.get(`/view/${slug}/d/${placed.salaries.id}`);
    expect(doc.status).toBe(200);
    expect(doc.text()).toContain('data-testid="document-viewer"');
    expect(viewIdOf(doc.text())).toBeTruthy();
    expect((await v.get(`/view/${slug}/d/${placed.salaries.id}/pages/2`)).status).toBe(200);
    expect((await v.get(`/view/${slug}/d/${placed.salaries.id}/pages/3`)).status).toBe(404);
    const dl = await v.get(`/view/${slug}/d/${placed.salaries.id}/download`);
    expect(dl.status).toBe(200);
    expect(dl.body.subarray(0, 5).toString()).toBe('%PDF-');
    // Page events on the room document's view.
    const viewId = viewIdOf(doc.text())!;
    expect(JSON.parse((await v.events(slug, viewId, [{ id: 'room-evt-0001', page: 2, duration_ms: 3000 }])).text())).toEqual({ recorded: 1 });

    const views = ok(await api.get(`/v1/links/${link.id}/views`)).data;
    expect(views.map((x: any) => x.view_type).sort()).toEqual(['DATAROOM_VIEW', 'DOCUMENT_VIEW']);
    const child = views.find((x: any) => x.view_type === 'DOCUMENT_VIEW');
    expect(child).toMatchObject({ id: viewId, dataroom_id: room.id, document_id: placed.salaries.document_id, download_type: 'SINGLE', duration_seconds: 3 });
  });

  it('bulk download: one zip of the room by folder, only when the room allows it', async () => {
    const slug = slugOf(await makeLink(api, { dataroom_id: room.id, allow_download: true }));
    const v = new Visitor();
    expect((await enter(v, slug)).text()).toContain('data-testid="download-all"');
    const z = await v.get(`/view/${slug}/zip`);
    expect(z.status).toBe(200);
    expect(z.headers.get('content-type')).toBe('application/zip');
    const entries = zipNames(z.body);
    expect(Object.keys(entries).sort()).toEqual(['HR/Salaries.pdf', 'Legal/Contract.pdf', 'Legal/Signed/Signed contract.pdf', 'Teaser.pdf']);
    expect(entries['Teaser.pdf']!.subarray(0, 5).toString()).toBe('%PDF-');

    const noDownloads = slugOf(await makeLink(api, { dataroom_id: room.id, allow_download: false }));
    const w = new Visitor();
    const html = (await enter(w, noDownloads)).text();
    expect(html).not.toContain('data-testid="download-all"');
    expect((await w.get(`/view/${noDownloads}/zip`)).status).toBe(403);
    expect((await w.get(`/view/${noDownloads}/d/${placed.teaser.id}/download`)).status).toBe(403);

    const closed = ok(await api.post('/v1/datarooms', { name: 'No bulk', allow_bulk_download: false }), 201);
    const d = await pdfDocument(api, 1, 'Only.pdf');
    ok(await api.post(`/v1/datarooms/${closed.id}/documents`, { document_id: d.id }), 201);
    const closedSlug = slugOf(await makeLink(api, { dataroom_id: closed.id, allow_download: true }));
    const x = new Visitor();
    expect((await enter(x, closedSlug)).text()).not.toContain('data-testid="download-all"');
    expect((await x.get(`/view/${closedSlug}/zip`)).status).toBe(403);
  });
});

describe('group links', () => {
  it('the tree follows the group: a folder holding an individually visible document shows; others are refused everywhere', async () => {
    const slug = slugOf(await makeLink(api, { dataroom_id: room.id, audience_type: 'group', group_id: group.id, email_authenticated: false }));
    const v = new Visitor();
    expect(gateOf((await v.open(slug)).text())).toBe('email');
    await v.gate(slug, { step: 'email', email: 'ada.viewer.rooms@fund.example' });
    const html = (await v.open(slug)).text();
    expect(names(html).sort()).toEqual(['Legal', 'Teaser.pdf']);
    expect(names((await v.get(`/view/${slug}?folder=${folders.legal.id}`)).text())).toEqual(['Signed']);
    expect(names((await v.get(`/view/${slug}?folder=${folders.nested.id}`)).text())).toEqual(['Signed contract.pdf']);
    expect(names((await v.get(`/view/${slug}?q=.pdf`)).text()).sort()).toEqual(['Signed contract.pdf', 'Teaser.pdf']);
    // A folder the group cannot see is not navigable: the room's root shows instead.
    expect(names((await v.get(`/view/${slug}?folder=${folders.hr.id}`)).text()).sort()).toEqual(['Legal', 'Teaser.pdf']);

    // Visible: open, pages; downloads only where can_download.
    expect((await v.get(`/view/${slug}/d/${placed.deep.id}`)).status).toBe(200);
    expect((await v.get(`/view/${slug}/d/${placed.deep.id}/pages/1`)).status).toBe(200);
    expect((await v.get(`/view/${slug}/d/${placed.deep.id}/download`)).status).toBe(403);
    expect((await v.get(`/view/${slug}/d/${placed.teaser.id}/download`)).status).toBe(200);
    // Not visible (no can_view): refused on every route.
    for (const item of [placed.salaries.id, placed.contract.id]) {
      expect((await v.get(`/view/${slug}/d/${item}`)).status).toBe(404);
      expect((await v.get(`/view/${slug}/d/${item}/pages/1`)).status).toBe(404);
      expect((await v.get(`/view/${slug}/d/${item}/download`)).status).toBe(404);
    }
    // Another room's placement through this link: nothing.
    const elsewhere = ok(await api.post('/v1/datarooms', { name: 'Elsewhere' }), 201);
    const d = await pdfDocument(api, 1, 'Elsewhere.pdf');
    const foreign = ok(await api.post(`/v1/datarooms/${elsewhere.id}/documents`, { document_id: d.id }), 201);
    expect((await v.get(`/view/${slug}/d/${foreign.id}/pages/1`)).status).toBe(404);
    // The zip holds only what the group may download.
    expect(Object.keys(zipNames((await v.get(`/view/${slug}/zip`)).body))).toEqual(['Teaser.pdf']);
  });

  it('admits explicit members, the group\'s domains, anyone when it allows all; refuses the rest', async () => {
    const link = await makeLink(api, { dataroom_id: room.id, audience_type: 'group', group_id: group.id, email_authenticated: false });
    const slug = slugOf(link);
    const attempt = async (address: string) => {
      const v = new Visitor();
      const r = await v.gate(slug, { step: 'email', email: address });
      return { v, refusal: refusalOf(r.location) };
    };
    expect((await attempt('MEMBER@elsewhere.example')).refusal).toBeNull();
    expect((await attempt('someone@fund.example')).refusal).toBeNull();
    const outsider = await attempt('outsider@elsewhere.example');
    expect(outsider.refusal).toBe('denied');
    expect((await outsider.v.get(`/view/${slug}/pages/1`)).status).toBe(403);
    expect((await outsider.v.get(`/view/${slug}/d/${placed.teaser.id}/pages/1`)).status).toBe(403);

    // A member removed from the group is out at once, session or not.
    const member = await attempt('member@elsewhere.example');
    expect((await member.v.get(`/view/${slug}/d/${placed.teaser.id}/pages/1`)).status).toBe(200);
    const m = ok(await api.get(`/v1/datarooms/${room.id}/groups/${group.id}/members`)).data.find((x: any) => x.email === 'member@elsewhere.example');
    ok(await api.del(`/v1/datarooms/${room.id}/groups/${group.id}/members/${m.id}`));
    expect((await member.v.get(`/view/${slug}/d/${placed.teaser.id}/pages/1`)).status).toBe(403);
    expect(gateOf((await member.v.open(slug)).text())).toBe('email');
    ok(await api.post(`/v1/datarooms/${room.id}/groups/${group.id}/members`, { emails: ['member@elsewhere.example'] }));

    // allow_all: no email asked at all.
    const open = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Everyone', allow_all: true }), 201);
    const openSlug = slugOf(await makeLink(api, { dataroom_id: room.id, audience_type: 'group', group_id: open.id }));
    expect((await enter(new Visitor(), openSlug)).text()).toContain('data-testid="room-view"');
  });
});

describe('deleted groups and rooms', () => {
  it('links of a deleted group or a deleted room no longer resolve', async () => {
    const r = ok(await api.post('/v1/datarooms', { name: 'Short-lived' }), 201);
    const g = ok(await api.post(`/v1/datarooms/${r.id}/groups`, { name: 'All', allow_all: true }), 201);
    const groupSlug = slugOf(await makeLink(api, { dataroom_id: r.id, audience_type: 'group', group_id: g.id }));
    const roomSlug = slugOf(await makeLink(api, { dataroom_id: r.id }));
    const v = new Visitor();
    await enter(v, groupSlug);
    await enter(v, roomSlug);
    ok(await api.del(`/v1/datarooms/${r.id}/groups/${g.id}`));
    expect((await v.get(`/view/${groupSlug}`)).status).toBe(404);
    expect((await v.get(`/view/${groupSlug}/zip`)).status).toBe(404);
    expect((await v.get(`/view/${roomSlug}`)).status).toBe(200);
    ok(await api.del(`/v1/datarooms/${r.id}`));
    expect((await v.get(`/view/${roomSlug}`)).status).toBe(404);
    expect((await v.get(`/view/${roomSlug}/zip`)).status).toBe(404);
  });
});
