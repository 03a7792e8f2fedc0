// Viewer groups, members and permissions over HTTP: partial updates, bulk idempotent member
// adds (500 at most, addresses validated and lower-cased), the delta permission upsert with
// ancestors following, permissions of new items, and nothing dangling after deletes.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, uniqueTeam } from '../support/api';
import { ok, walk } from '../support/docs';

type Api = ReturnType<typeof client>;
let api: Api;

async function linkDoc(name: string) {
  return ok(await api.post('/v1/documents', { type: 'link', external_url: `https://example.com/${encodeURIComponent(name)}`, name }), 201);
}

beforeAll(async () => {
  api = client((await createToken({ team: uniqueTeam('room-groups'), scopes: 'apis.all' })).token);
});

const perms = async (roomId: string, groupId: string) =>
  Object.fromEntries(ok(await api.get(`/v1/datarooms/${roomId}/groups/${groupId}/permissions`)).data.map((p: any) => [p.item_id, [p.can_view, p.can_download]]));

describe('groups', () => {
  it('create, get, partial update, list, delete', async () => {
    const r = ok(await api.post('/v1/datarooms', { name: 'G' }), 201);
    const g = ok(await api.post(`/v1/datarooms/${r.id}/groups`, { name: 'Investors', domains: ['Fund.Example', 'fund.example'] }), 201);
    expect(g).toMatchObject({ object: 'dataroom_group', dataroom_id: r.id, name: 'Investors', domains: ['fund.example'], allow_all: false, member_count: 0 });
    expect(Object.keys(g).sort()).toEqual(['allow_all', 'created', 'dataroom_id', 'domains', 'id', 'member_count', 'name', 'object', 'updated_at']);
    const u = ok(await api.patch(`/v1/datarooms/${r.pid}/groups/${g.id}`, { allow_all: true }));
    expect(u).toMatchObject({ name: 'Investors', domains: ['fund.example'], allow_all: true });
    expect(ok(await api.patch(`/v1/datarooms/${r.id}/groups/${g.id}`, { domains: [] })).domains).toEqual([]);
    expect(ok(await api.get(`/v1/datarooms/${r.id}/groups`)).data.map((x: any) => x.id)).toEqual([g.id]);
    envelope(await api.post(`/v1/datarooms/${r.id}/groups`, { name: 'x', domains: ['not a domain'] }), 422, 'unprocessable_entity');
    envelope(await api.post(`/v1/datarooms/${r.id}/groups`, { name: 'x', domains: ['https://fund.example'] }), 422, 'unprocessable_entity');
    expect(ok(await api.del(`/v1/datarooms/${r.id}/groups/${g.id}`))).toEqual({ id: g.id, object: 'dataroom_group', deleted: true });
    envelope(await api.get(`/v1/datarooms/${r.id}/groups/${g.id}`), 404, 'not_found');
    envelope(await api.get(`/v1/datarooms/${r.id}/groups/${g.id}/members`), 404, 'not_found');
  });
});

describe('members', () => {
  it('adds up to 500 emails idempotently, in request order, lower-cased; lists and removes', async () => {
    const r = ok(await api.post('/v1/datarooms', { name: 'M' }), 201);
    const g = ok(await api.post(`/v1/datarooms/${r.id}/groups`, { name: 'Team' }), 201);
    const first = ok(await api.post(`/v1/datarooms/${r.id}/groups/${g.id}/members`, { emails: ['Ada.Datarooms.Groups@Fund.Example', ' grace.datarooms.groups@fund.example '] }));
    expect(Object.keys(first)).toEqual(['data']);
    expect(first.data.map((m: any) => m.email)).toEqual(['ada.datarooms.groups@fund.example', 'grace.datarooms.groups@fund.example']);
    expect(first.data[0]).toMatchObject({ object: 'dataroom_group_member', group_id: g.id });
    expect(Object.keys(first.data[0]).sort()).toEqual(['created', 'email', 'group_id', 'id', 'object', 'visitor_id']);
    const again = ok(await api.post(`/v1/datarooms/${r.id}/groups/${g.id}/members`, { emails: ['linus@x.example', 'ada.datarooms.groups@fund.example', 'LINUS@x.example'] }));
    expect(again.data.map((m: any) => m.email)).toEqual(['linus@x.example', 'ada.datarooms.groups@fund.example']);
    expect(again.data[1].id).toBe(first.data[0].id);
    expect(ok(await api.get(`/v1/datarooms/${r.id}/groups/${g.id}`)).member_count).toBe(3);

    const many = Array.from({ length: 500 }, (_, i) => `bulk${i}@many.example`);
    expect(ok(await api.post(`/v1/datarooms/${r.id}/groups/${g.id}/members`, { emails: many })).data).toHaveLength(500);
    envelope(await api.post(`/v1/datarooms/${r.id}/groups/${g.id}/members`, { emails: [...many, 'one@more.example'] }), 422, 'unprocessable_entity');
    const bad = envelope(await api.post(`/v1/datarooms/${r.id}/groups/${g.id}/members`, { emails: ['ok@x.example', 'not-an-email'] }), 422, 'unprocessable_entity');
    expect(bad.message).toContain('not-an-email');
    envelope(await api.post(`/v1/datarooms/${r.id}/groups/${g.id}/members`, { emails: [] }), 422, 'unprocessable_entity');

    const listed = ok(await api.get(`/v1/datarooms/${r.id}/groups/${g.id}/members`)).data;
    expect(listed).toHaveLength(503);
    const grace = listed.find((m: any) => m.email === 'grace.datarooms.groups@fund.example');
    expect(ok(await api.del(`/v1/datarooms/${r.id}/groups/${g.id}/members/${grace.id}`))).toMatchObject({ id: grace.id, deleted: true });
    envelope(await api.del(`/v1/datarooms/${r.id}/groups/${g.id}/members/${grace.id}`), 404, 'not_found');
    // The visitor stays: adding the address again reuses it.
    const back = ok(await api.post(`/v1/datarooms/${r.id}/groups/${g.id}/members`, { emails: ['grace.datarooms.groups@fund.example'] })).data[0];
    expect(back.visitor_id).toBe(grace.visitor_id);
    expect(back.id).not.toBe(grace.id);
  });

  it('concurrent overlapping adds: no duplicate, no error', async () => {
    const r = ok(await api.post('/v1/datarooms', { name: 'Race' }), 201);
    const g = ok(await api.post(`/v1/datarooms/${r.id}/groups`, { name: 'Race' }), 201);
    const lists = Array.from({ length: 8 }, (_, k) => Array.from({ length: 40 }, (_, i) => `p${(i + k * 10) % 70}@race.example`));
    const res = await Promise.all(lists.map((emails) => api.post(`/v1/datarooms/${r.id}/groups/${g.id}/members`, { emails })));
    for (const x of res) expect(ok(x).data).toHaveLength(40);
    const members = ok(await api.get(`/v1/datarooms/${r.id}/groups/${g.id}/members`)).data;
    expect(new Set(members.map((m: any) => m.email)).size).toBe(members.length);
    expect(members.length).toBe(new Set(lists.flat()).size);
  });
});

describe('permissions', () => {
  it('new items follow the room default; a new group sees the room per the default', async () => {
    const r = ok(await api.post('/v1/datarooms', { name: 'P' }), 201);
    const g = ok(await api.post(`/v1/datarooms/${r.id}/groups`, { name: 'G' }), 201);
    const f = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'F' }), 201);
    const dd = ok(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: (await linkDoc('p1')).id, folder_id: f.id }), 201);
    expect(await perms(r.id, g.id)).toEqual({ [f.id]: [true, false], [dd.id]: [true, false] });
    // Inherit copies the parent folder's row.
    ok(await api.put(`/v1/datarooms/${r.id}/groups/${g.id}/permissions`, { permissions: [{ item_id: f.id, can_view: false }] }));
    const sub = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'Sub', parent_id: f.id }), 201);
    expect((await perms(r.id, g.id))[sub.id]).toEqual([false, false]);
    const late = ok(await api.post(`/v1/datarooms/${r.id}/groups`, { name: 'Late' }), 201);
    expect(Object.keys(await perms(r.id, late.id)).sort()).toEqual([f.id, dd.id, sub.id].sort());

    const hidden = ok(await api.post('/v1/datarooms', { name: 'Hidden', default_permission: 'hidden' }), 201);
    const hg = ok(await api.post(`/v1/datarooms/${hidden.id}/groups`, { name: 'G' }), 201);
    const hd = ok(await api.post(`/v1/datarooms/${hidden.id}/documents`, { document_id: (await linkDoc('p2')).id }), 201);
    expect(await perms(hidden.id, hg.id)).toEqual({ [hd.id]: [false, false] });
  });

  it('sets as a delta upsert; making an item visible makes its ancestors visible; unknown items 404', async () => {
    const r = ok(await api.post('/v1/datarooms', { name: 'Delta', default_permission: 'hidden' }), 201);
    const g = ok(await api.post(`/v1/datarooms/${r.id}/groups`, { name: 'G' }), 201);
    const a = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'A' }), 201);
    const b = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'B', parent_id: a.id }), 201);
    const c = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'C' }), 201);
    const dd = ok(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: (await linkDoc('deep')).id, folder_id: b.id }), 201);
    const res = ok(await api.put(`/v1/datarooms/${r.pid}/groups/${g.id}/permissions`, { permissions: [{ item_id: dd.id, can_view: true, can_download: true }] }));
    expect(res.data).toContainEqual({ item_id: dd.id, item_type: 'dataroom_document', can_view: true, can_download: true, can_upload: false });
    expect(await perms(r.id, g.id)).toEqual({ [a.id]: [true, false], [b.id]: [true, false], [c.id]: [false, false], [dd.id]: [true, true] });
    // Omitted fields and omitted items keep their state.
    ok(await api.put(`/v1/datarooms/${r.id}/groups/${g.id}/permissions`, { permissions: [{ item_id: dd.id, can_download: false }] }));
    expect((await perms(r.id, g.id))[dd.id]).toEqual([true, false]);
    ok(await api.put(`/v1/datarooms/${r.id}/groups/${g.id}/permissions`, { permissions: [{ item_id: b.id, can_view: false }] }));
    expect(await perms(r.id, g.id)).toMatchObject({ [a.id]: [true, false], [b.id]: [false, false], [dd.id]: [true, false] });

    const other = ok(await api.post('/v1/datarooms', { name: 'Other' }), 201);
    const od = ok(await api.post(`/v1/datarooms/${other.id}/documents`, { document_id: (await linkDoc('other')).id }), 201);
    envelope(await api.put(`/v1/datarooms/${r.id}/groups/${g.id}/permissions`, { permissions: [{ item_id: od.id, can_view: true }] }), 404, 'not_found');
    envelope(await api.put(`/v1/datarooms/${r.id}/groups/${g.id}/permissions`, { permissions: [{ item_id: 'nope', can_view: true }] }), 404, 'not_found');
    envelope(await api.put(`/v1/datarooms/${r.id}/groups/${g.id}/permissions`, { permissions: [] }), 422, 'unprocessable_entity');
    envelope(await api.put(`/v1/datarooms/${r.id}/groups/${g.id}/permissions`, { permissions: [{ item_id: dd.id, can_view: 'yes' }] }), 422, 'unprocessable_entity');
    // A refused request changed nothing.
    expect((await perms(r.id, g.id))[dd.id]).toEqual([true, false]);
  });

  // A thousand folder creates over HTTP: on the embedded database, beside the render-storm file, they took over 30 s.
  it('sets 1,000 permissions in one call', async () => {
    const r = ok(await api.post('/v1/datarooms', { name: 'Thousand' }), 201);
    const g = ok(await api.post(`/v1/datarooms/${r.id}/groups`, { name: 'G' }), 201);
    const folders: any[] = [];
    for (let i = 0; i < 10; i++) folders.push(ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: `F${i}` }), 201));
    const ids = folders.map((f) => f.id);
    // 990 subfolders, 15 requests at a time. A client retries the 429 the server answers when its
    // changes queue past the transaction wait (as the spec tells it to, after Retry-After).
    const create = async (name: string, parent_id: string) => {
      for (;;) {
        const res = await api.post(`/v1/datarooms/${r.id}/folders`, { name, parent_id });
        if (res.status !== 429) return res;
        await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 1) * 1000));
      }
    };
    for (let start = 0; start < 990; start += 15) {
      const batch = await Promise.all(Array.from({ length: Math.min(15, 990 - start) }, (_, k) => create(`S${start + k}`, folders[(start + k) % 10].id)));
      ids.push(...batch.map((s) => ok(s, 201).id));
    }
    const res = ok(await api.put(`/v1/datarooms/${r.id}/groups/${g.id}/permissions`, { permissions: ids.map((item_id) => ({ item_id, can_view: false })) }));
    expect(res.data.filter((p: any) => !p.can_view)).toHaveLength(1000);
  }, 180_000);

  it('cascade deletes and detaches leave no permission behind', async () => {
    const r = ok(await api.post('/v1/datarooms', { name: 'Dangling' }), 201);
    const g = ok(await api.post(`/v1/datarooms/${r.id}/groups`, { name: 'G' }), 201);
    const a = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'A' }), 201);
    const b = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'B', parent_id: a.id }), 201);
    ok(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: (await linkDoc('in b')).id, folder_id: b.id }), 201);
    const keep = ok(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: (await linkDoc('root')).id }), 201);
    const gone = ok(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: (await linkDoc('detached')).id }), 201);
    expect(Object.keys(await perms(r.id, g.id))).toHaveLength(5);
    ok(await api.del(`/v1/datarooms/${r.id}/folders/${a.id}?cascade=true`));
    ok(await api.del(`/v1/datarooms/${r.id}/documents/${gone.id}`));
    expect(Object.keys(await perms(r.id, g.id))).toEqual([keep.id]);
  });
});

describe('walks', () => {
  it('the group list and member list are complete', async () => {
    const r = ok(await api.post('/v1/datarooms', { name: 'W' }), 201);
    for (let i = 0; i < 3; i++) ok(await api.post(`/v1/datarooms/${r.id}/groups`, { name: `G${i}` }), 201);
    expect((await walk(api.get, `/v1/datarooms/${r.id}/groups`)).items).toHaveLength(3);
  });
});
