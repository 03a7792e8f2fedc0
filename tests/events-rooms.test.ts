// The audit log of a data room and of its visitors over real HTTP: every kind of room change
// (DESIGN.md "Events"), filtered by the room's id or dr_ id, and a visitor's verification, visit
// and download, each with the visitor as the actor and the request recorded.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, uniqueTeam } from './support/api';
import { ok } from './support/docs';
import { onNextStart } from './support/server';

// Bare `next start` learns no client address without a platform header: the log says null, not a guess.
const ADDRESS = onNextStart ? null : '127.0.0.1';
import { codeFor, logSize, makeLink, pdfDocument, slugOf, viewIdOf, Visitor } from './support/viewer';

type Api = ReturnType<typeof client>;
let api: Api;
const eventsOf = async (query: string) => ok(await api.get(`/v1/events?limit=100&${query}`)).data as any[];

beforeAll(async () => {
  api = client((await createToken({ team: uniqueTeam('room-events'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
});

describe('a room’s events', () => {
  it('records every change of the room, filtered by id or dr_ id, newest first', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Project Kestrel' }), 201);
    const doc = await pdfDocument(api, 2);
    const folder = ok(await api.post(`/v1/datarooms/${room.id}/folders`, { name: 'Legal' }), 201);
    ok(await api.patch(`/v1/datarooms/${room.id}/folders/${folder.id}`, { name: 'Legal & Tax' }));
    const placed = ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: doc.id }), 201);
    ok(await api.patch(`/v1/datarooms/${room.id}/documents/${placed.id}`, { folder_id: folder.id }));
    const group = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Bidders' }), 201);
    ok(await api.post(`/v1/datarooms/${room.id}/groups/${group.id}/members`, { emails: ['a.events.rooms@example.com', 'b.events.rooms@example.com'] }));
    // Adding the same people again adds no membership, so no event.
    const again = ok(await api.post(`/v1/datarooms/${room.id}/groups/${group.id}/members`, { emails: ['b.events.rooms@example.com', 'c@example.com'] }));
    ok(await api.put(`/v1/datarooms/${room.id}/groups/${group.id}/permissions`, { permissions: [{ item_id: placed.id, can_view: true, can_download: true }] }));
    ok(await api.patch(`/v1/datarooms/${room.id}/branding`, { mode: 'custom', brand_color: '#0f766e' }));
    const link = await makeLink(api, { dataroom_id: room.id, name: 'For bidders' });
    ok(await api.patch(`/v1/links/${link.id}`, { password: 'open sesame' }));
    ok(await api.patch(`/v1/datarooms/${room.id}`, { is_frozen: true }));
    ok(await api.patch(`/v1/datarooms/${room.id}`, { is_frozen: false, description: 'Closing in May' }));
    ok(await api.del(`/v1/datarooms/${room.id}/groups/${group.id}/members/${again.data[1].id}`));
    ok(await api.del(`/v1/datarooms/${room.id}/documents/${placed.id}`));

    const byPid = await eventsOf(`dataroom_id=${room.pid}`);
    expect(await eventsOf(`dataroom_id=${room.id}`)).toEqual(byPid);
    expect(byPid.map((e) => e.type).reverse()).toEqual([
      'dataroom.created',
      'dataroom.folder.created',
      'dataroom.folder.updated',
      'dataroom.document.attached',
      'dataroom.document.moved',
      'dataroom.group.created',
      'dataroom.member.added',
      'dataroom.member.added',
      'dataroom.member.added',
      'dataroom.permissions.updated',
      'dataroom.branding.updated',
      'link.created',
      'link.updated',
      'dataroom.frozen',
      'dataroom.updated',
      'dataroom.unfrozen',
      'dataroom.member.removed',
      'dataroom.document.detached',
    ]);
    for (const e of byPid) expect(e.dataroom_id).toBe(room.id);
    const find = (type: string) => byPid.filter((e) => e.type === type);
    expect(find('dataroom.member.added').map((e) => e.data.object.email).reverse()).toEqual(['a.events.rooms@example.com', 'b.events.rooms@example.com', 'c@example.com']);
    expect(find('dataroom.folder.updated')[0].data.changes).toMatchObject({ name: ['Legal', 'Legal & Tax'] });
    expect(find('dataroom.document.moved')[0].data.changes).toMatchObject({ folder_id: [null, folder.id] });
    const rights = find('dataroom.permissions.updated')[0];
    expect(rights.data.object).toMatchObject({ id: group.id, object: 'dataroom_group' });
    expect(Object.keys(rights.data.changes)).toEqual([placed.id]);
    expect(rights.data.changes[placed.id][0].can_download).toBe(false);
    expect(rights.data.changes[placed.id][1]).toEqual({ can_view: true, can_download: true, can_upload: false });
    expect(find('dataroom.branding.updated')[0]).toMatchObject({ data: { object: { object: 'dataroom_branding', mode: 'custom' }, changes: { mode: ['team_default', 'custom'] } } });
    // A password change names the field and never its value.
    const linkUpdate = find('link.updated')[0];
    expect(linkUpdate.data.changes).toMatchObject({ password: [null, null], is_password_protected: [false, true] });
    expect(JSON.stringify(linkUpdate)).not.toContain('open sesame');
    expect(find('dataroom.updated')[0].data.changes).toEqual({ description: [null, 'Closing in May'] });
    expect(find('dataroom.frozen')[0].data.object.is_frozen).toBe(true);
    // Prefix filters combine with the room.
    expect((await eventsOf(`dataroom_id=${room.pid}&type=dataroom.member.*`)).length).toBe(4);

    ok(await api.del(`/v1/datarooms/${room.id}`));
    const [deleted] = await eventsOf(`dataroom_id=${room.pid}`);
    expect(deleted).toMatchObject({ type: 'dataroom.deleted', data: { object: { id: room.id, object: 'dataroom', deleted: true } } });
  });
});

describe('visitors’ events', () => {
  it('records the verification, the visit and the download with the visitor as actor', async () => {
    const doc = await pdfDocument(api, 2);
    const link = await makeLink(api, { document_id: doc.id, email_authenticated: true, allow_download: true });
    const slug = slugOf(link);
    const who = `reader-${Date.now()}@example.com`;
    const v = new Visitor();
    const sent = logSize();
    await v.gate(slug, { step: 'email', email: who });
    await v.request('POST', `/view/${slug}/gate`, {
      body: new URLSearchParams({ step: 'code', code: await codeFor(who, sent) }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'Reader/2.0' },
    });
    const page = await v.open(slug);
    const viewId = viewIdOf(page.text());
    expect(viewId).toBeTruthy();
    expect((await v.get(`/view/${slug}/download`)).status).toBe(200);

    const verified = (await eventsOf('type=visitor.verified')).find((e) => e.data.object.email === who);
    expect(verified).toMatchObject({ actor: { type: 'visitor', email: who, name: null }, request: { ip_address: ADDRESS, user_agent: 'Reader/2.0' } });
    expect(verified.data.object).toMatchObject({ object: 'visitor', email: who });
    const visits = await eventsOf(`resource_id=${viewId}`);
    expect(visits.map((e) => e.type)).toEqual(['view.downloaded', 'view.created']);
    expect(visits[1]).toMatchObject({ actor: { type: 'visitor', id: verified.actor.id, email: who }, data: { object: { id: viewId, object: 'view', link_id: link.id, viewer_email: who } } });
    expect(visits[0].data.object.download_type).toBe('SINGLE');
    expect((await eventsOf(`actor_email=${who.toUpperCase()}`)).length).toBe(3);
  });
});
