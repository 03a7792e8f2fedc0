// The dashboard's folder switch (issue 41.1) over real HTTP: hiding a room folder from a group
// hides it and everything inside it, in one transaction and one event, so the group's visitors
// (through a real group link) no longer see the folder or its documents; showing it again shows
// all of it. The /v1 delta keeps its documented semantics: hiding only the folder's row there
// leaves what is inside, and the folder, visible.
import { beforeAll, describe, expect, it } from 'vitest';
import { envelope, type client } from '../support/api';
import { roomsDashboard, signedInDashboard, type DashboardUser } from '../support/dashboard';
import { ok } from '../support/docs';
import { enter, makeLink, pdfDocument, slugOf, Visitor } from '../support/viewer';

let api: ReturnType<typeof client>;
let dash: DashboardUser;

// The name after the room's index number (issue 42), when the room shows one.
const names = (html: string) =>
  [...html.matchAll(/data-testid="room-(?:document|folder)"[\s\S]*?truncate text-sm font-medium text-zinc-900">(?:<span[^>]*data-testid="index-number"[^>]*>[^<]*<\/span>(?:\s|<!-- -->)*)?([^<]+)</g)].map((m) => m[1]!);

beforeAll(async () => {
  ({ dash, api } = await roomsDashboard('folder-visibility', 'Harbor Advisors'));
});

describe('hiding a room folder from a group', () => {
  it('hides the folder and everything inside it from the group’s visitors; showing brings it all back', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Project Harbor' }), 201);
    const folder = async (name: string, parent_id?: string) => ok(await api.post(`/v1/datarooms/${room.id}/folders`, { name, parent_id }), 201);
    const legal = await folder('2. Legal');
    const signed = await folder('Signed', legal.id);
    const hr = await folder('3. HR');
    const attach = async (name: string, folder_id?: string) =>
      ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: (await pdfDocument(api, 1, name)).id, folder_id }), 201);
    const teaser = await attach('Teaser.pdf');
    const spa = await attach('SPA.pdf', legal.id);
    const nda = await attach('Signed NDA.pdf', signed.id);
    const salaries = await attach('Salaries.pdf', hr.id);
    const group = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Buyer A', domains: ['buyer-a.example'] }), 201);
    // Set one by one: the signed NDA downloadable.
    ok(await api.put(`/v1/datarooms/${room.id}/groups/${group.id}/permissions`, { permissions: [{ item_id: nda.id, can_download: true }] }));

    const slug = slugOf(await makeLink(api, { dataroom_id: room.id, audience_type: 'group', group_id: group.id, email_authenticated: false }));
    const v = new Visitor();
    await v.gate(slug, { step: 'email', email: 'olivia.folder-visibility@buyer-a.example' });
    const root = async () => names((await v.open(slug)).text()).sort();
    expect(await root()).toEqual(['2. Legal', '3. HR', 'Teaser.pdf']);
    expect((await v.get(`/view/${slug}/d/${spa.id}/pages/1`)).status).toBe(200);

    // The API's delta, as documented: the folder's own row only; what is inside stays visible, and so does the folder.
    ok(await api.put(`/v1/datarooms/${room.id}/groups/${group.id}/permissions`, { permissions: [{ item_id: legal.id, can_view: false }] }));
    expect(await root()).toEqual(['2. Legal', '3. HR', 'Teaser.pdf']);
    expect((await v.get(`/view/${slug}/d/${spa.id}/pages/1`)).status).toBe(200);

    // The dashboard's switch: the folder and its whole subtree.
    const hidden = await dash.call().datarooms.groups.permissions.setFolderVisibility({ id: room.id, groupId: group.id, folderId: legal.id, visible: false });
    const rights = Object.fromEntries(hidden.data.map((p: any) => [p.item_id, [p.can_view, p.can_download]]));
    expect(rights).toEqual({
      [legal.id]: [false, false],
      [signed.id]: [false, false],
      [spa.id]: [false, false],
      [nda.id]: [false, false],
      [hr.id]: [true, false],
      [teaser.id]: [true, false],
      [salaries.id]: [true, false],
    });
    expect(await root()).toEqual(['3. HR', 'Teaser.pdf']);
    expect(names((await v.get(`/view/${slug}?folder=${legal.id}`)).text()).sort()).toEqual(['3. HR', 'Teaser.pdf']);
    expect(names((await v.get(`/view/${slug}?q=.pdf`)).text()).sort()).toEqual(['Salaries.pdf', 'Teaser.pdf']);
    for (const item of [spa.id, nda.id]) {
      expect((await v.get(`/view/${slug}/d/${item}`)).status).toBe(404);
      expect((await v.get(`/view/${slug}/d/${item}/pages/1`)).status).toBe(404);
      expect((await v.get(`/view/${slug}/d/${item}/download`)).status).toBe(404);
    }
    // One event for the switch, naming every item it changed (the folder's own row was off already).
    const events = ok(await api.get(`/v1/events?dataroom_id=${room.id}&type=dataroom.permissions.updated`)).data;
    expect(Object.keys(events[0].data.changes).sort()).toEqual([signed.id, spa.id, nda.id].sort());
    expect(events[0].data.changes[nda.id]).toEqual([{ can_view: true, can_download: true, can_upload: false }, { can_view: false, can_download: false, can_upload: false }]);

    // Showing it again shows the folder, everything inside and nothing else changes.
    await dash.call().datarooms.groups.permissions.setFolderVisibility({ id: room.id, groupId: group.id, folderId: signed.id, visible: true });
    expect(await root()).toEqual(['2. Legal', '3. HR', 'Teaser.pdf']);
    expect(names((await v.get(`/view/${slug}?folder=${legal.id}`)).text())).toEqual(['Signed']);
    expect((await v.get(`/view/${slug}/d/${nda.id}/pages/1`)).status).toBe(200);
    expect((await v.get(`/view/${slug}/d/${spa.id}/pages/1`)).status).toBe(404);
  });

  it('refuses a folder of another room, another team’s room and an unknown group', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Scope' }), 201);
    const other = ok(await api.post('/v1/datarooms', { name: 'Other' }), 201);
    const foreign = ok(await api.post(`/v1/datarooms/${other.id}/folders`, { name: 'Elsewhere' }), 201);
    const mine = ok(await api.post(`/v1/datarooms/${room.id}/folders`, { name: 'Mine' }), 201);
    const group = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'G' }), 201);
    const call = dash.call().datarooms.groups.permissions.setFolderVisibility;
    await expect(call({ id: room.id, groupId: group.id, folderId: foreign.id, visible: false })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(call({ id: room.id, groupId: 'nope', folderId: mine.id, visible: false })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const stranger = await signedInDashboard('folder-visibility-stranger', 'Strangers');
    await expect(stranger.call().datarooms.groups.permissions.setFolderVisibility({ id: room.id, groupId: group.id, folderId: mine.id, visible: false })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    // Nothing changed.
    const rows = ok(await api.get(`/v1/datarooms/${room.id}/groups/${group.id}/permissions`)).data;
    expect(rows).toEqual([{ item_id: mine.id, item_type: 'dataroom_folder', can_view: true, can_download: false, can_upload: false }]);
    // Not a /v1 route.
    envelope(await api.put(`/v1/datarooms/${room.id}/groups/${group.id}/permissions/folders/${mine.id}`, { visible: false }), 404, 'not_found');
  });
});
