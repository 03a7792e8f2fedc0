// The branding preview's choices (issue 26, item 3): what a brand is really on (rooms and
// document links, by the rules visitors are shown a brand with), the chosen link's real document
// without storage keys, and the dashboard route its pages come through (the viewer's renderer,
// for the signed-in team only, the API's envelope on every refusal).
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { client } from './support/api';
import { ok } from './support/docs';
import { roomsDashboard, signedInDashboard, type DashboardUser } from './support/dashboard';
import { withTestDb } from './support/test-db';
import { makeLink, pdfDocument, Visitor } from './support/viewer';

let api: ReturnType<typeof client>;
let dash: DashboardUser;

beforeAll(async () => {
  ({ dash, api } = await roomsDashboard('brand-preview', 'Preview Partners'));
});

const preview = (input: Record<string, string> = {}) => dash.call().brands.preview(input);
const ids = (xs: { id: string }[]) => xs.map((x) => x.id).sort();
const storageKeyOf = (versionId: string) =>
  withTestDb(async (c) => (await c.query('SELECT storage_key FROM document_versions WHERE id = $1', [versionId])).rows[0].storage_key as string);

describe('brands.preview', () => {
  it('lists the rooms and document links a brand is on, shows the newest room or else a document link, and names a brand on nothing', async () => {
    // Neither rooms nor links yet: nothing to show (the editor's empty state).
    expect(await preview()).toEqual({ scope: 'team', rooms: [], links: [], shown: null });

    const main = ok(await api.post('/v1/brands', { name: 'Main', brand_color: '#0f766e' }), 201);
    const side = ok(await api.post('/v1/brands', { name: 'Side', brand_color: '#b91c1c' }), 201);
    const unused = ok(await api.post('/v1/brands', { name: 'Unused', brand_color: '#1d4ed8' }), 201);
    expect(main.is_default).toBe(true);
    const doc = await pdfDocument(api, 2, 'Teaser.pdf');
    const onDefault = await makeLink(api, { document_id: doc.id, name: 'Northwind' });
    const onSide = await makeLink(api, { document_id: doc.id, name: 'Side only', brand_id: side.id });

    // The default brand is on every document link that pins none; no room yet, so the newest such link shows.
    const m = await preview({ brand_id: main.id });
    expect(m.scope).toBe('brand');
    expect(m.rooms).toEqual([]);
    expect(m.links).toEqual([{ id: onDefault.id, name: 'Northwind', document_name: 'Teaser.pdf' }]);
    expect(m.shown).toMatchObject({ kind: 'document', link: { id: onDefault.id, show_banner: false }, document: { documentId: doc.id, name: 'Teaser.pdf', numPages: 2, storageKey: 'stored', previewKey: null, canDownload: false } });
    const version = ok(await api.get(`/v1/documents/${doc.id}/versions`)).data[0];
    expect(m.shown?.kind === 'document' && m.shown.document.versionId).toBe(version.id);
    expect(JSON.stringify(m)).not.toContain(await storageKeyOf(version.id));

    // A room (shown by the default brand) comes first and is the default choice; a document link can still be picked.
    const room = ok(await api.post('/v1/datarooms', { name: 'Project North' }), 201);
    const withRoom = await preview({ brand_id: main.id });
    expect(withRoom.rooms).toEqual([{ id: room.id, name: 'Project North' }]);
    expect(withRoom.shown).toMatchObject({ kind: 'room', tree: { room: { id: room.id, name: 'Project North' } } });
    expect((await preview({ brand_id: main.id, link_id: onDefault.id })).shown).toMatchObject({ kind: 'document', link: { id: onDefault.id } });

    // A brand pinned to one document link only: that link, shown by default.
    const s = await preview({ brand_id: side.id });
    expect([s.scope, ids(s.rooms), ids(s.links)]).toEqual(['brand', [], [onSide.id]]);
    expect(s.shown).toMatchObject({ kind: 'document', link: { id: onSide.id, name: 'Side only' } });
    // A room link pinned to it puts the room in its list too (and the room then shows first).
    await makeLink(api, { dataroom_id: room.id, brand_id: side.id });
    const s2 = await preview({ brand_id: side.id });
    expect([ids(s2.rooms), ids(s2.links)]).toEqual([[room.id], [onSide.id]]);
    expect(s2.shown?.kind).toBe('room');

    // A brand on nothing: the team's rooms and document links, said so.
    const u = await preview({ brand_id: unused.id });
    expect([u.scope, ids(u.rooms), ids(u.links)]).toEqual(['team', [room.id], [onDefault.id, onSide.id].sort()]);
    // A deleted link is on nothing.
    ok(await api.del(`/v1/links/${onSide.id}`));
    expect(ids((await preview({ brand_id: side.id })).links)).toEqual([]);
  });

  it('refuses another team’s brand, room or link, and an unknown one', async () => {
    const other = await dash.addTeam('Elsewhere');
    const theirs = await pdfDocument(api, 1, 'Ours.pdf');
    const link = await makeLink(api, { document_id: theirs.id });
    const brand = ok(await api.post('/v1/brands', { name: 'Ours', brand_color: '#0f766e' }), 201);
    const room = ok(await api.post('/v1/datarooms', { name: 'Ours' }), 201);
    for (const input of [{ link_id: link.id }, { brand_id: brand.id }, { dataroom_id: room.id }, { link_id: 'nope' }]) {
      await expect(other.call().brands.preview(input)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    // A room link is not a document link.
    const roomLink = await makeLink(api, { dataroom_id: room.id });
    await expect(preview({ link_id: roomLink.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('GET /api/documents/{id}/versions/{versionId}/pages/{page}', () => {
  it('draws a page as the viewer does, for the signed-in team only', async () => {
    const doc = await pdfDocument(api, 2, 'Pages.pdf');
    const version = ok(await api.get(`/v1/documents/${doc.id}/versions`)).data[0];
    const base = `/api/documents/${doc.id}/versions/${version.id}/pages`;
    const r = await dash.get(`${base}/2?w=480`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^image\/(webp|jpeg|png)$/);
    expect((await sharp(r.body).metadata()).width).toBe(480);
    for (const p of ['0', '3', 'x', '1.5']) {
      const refused = await dash.get(`${base}/${p}`);
      expect(refused.status, p).toBe(404);
      expect(JSON.parse(refused.text()).error.code).toBe('not_found');
    }
    const anonymous = await new Visitor().get(`${base}/1`);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.text()).error.code).toBe('unauthorized');
    // Another team's document is not there for this user.
    const stranger = await signedInDashboard('brand-preview-stranger', 'Strangers');
    expect((await stranger.get(`${base}/1`)).status).toBe(404);
  });
});
