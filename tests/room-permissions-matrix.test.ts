// PUT /v1/datarooms/{id}/permissions over HTTP (DESIGN.md "Room power tools"): many groups' cells
// in one transaction, all or none (422 past 5,000 changes, on any unknown or foreign id, a wrong
// item_type or a download without a view), the ancestor rule of the per-group PUT, one
// `dataroom.permissions.updated` event per group changed; and the dashboard's matrix read.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, uniqueTeam } from './support/api';
import { ok } from './support/docs';
import { inProcessCaller } from './support/in-process';

type Api = ReturnType<typeof client>;
let api: Api;
let other: Api;
let team: string;
let token: string;

/** The dashboard's procedures in process, as a member of the team (the tRPC client's call). */
async function dashboard() {
  const caller = await inProcessCaller();
  const { authenticateToken } = await import('../server/auth/tokens');
  const t = (await authenticateToken(token))!;
  return caller({
    face: 'dashboard',
    origin: 'http://127.0.0.1',
    user: { id: 'matrix-user', email: 'owner@matrix.example' },
    actor: { kind: 'user', userId: 'matrix-user', teamId: t.teamId, role: 'member', plan: t.plan },
  } as never) as any;
}

beforeAll(async () => {
  team = uniqueTeam('room-matrix');
  token = (await createToken({ team, scopes: 'apis.all' })).token;
  api = client(token);
  other = client((await createToken({ team: uniqueTeam('room-matrix-other'), scopes: 'apis.all' })).token);
});

const linkDoc = async (a: Api, name: string) => ok(await a.post('/v1/documents', { type: 'link', external_url: `https://example.com/${encodeURIComponent(name)}`, name }), 201);

/** A room: folder F (sub S (doc s)), doc r at the top; groups G1, G2. */
async function sampleRoom() {
  const room = ok(await api.post('/v1/datarooms', { name: 'Matrix' }), 201);
  const f = ok(await api.post(`/v1/datarooms/${room.id}/folders`, { name: 'F' }), 201);
  const sub = ok(await api.post(`/v1/datarooms/${room.id}/folders`, { name: 'S', parent_id: f.id }), 201);
  const s = ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: (await linkDoc(api, 's')).id, folder_id: sub.id }), 201);
  const r = ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: (await linkDoc(api, 'r')).id }), 201);
  const g1 = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'G1' }), 201);
  const g2 = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'G2' }), 201);
  return { room, f, sub, s, r, g1, g2 };
}

/** A group's rights, as "item:view/download" by item id. */
async function rights(roomId: string, groupId: string) {
  const rows = ok(await api.get(`/v1/datarooms/${roomId}/groups/${groupId}/permissions`)).data as any[];
  return Object.fromEntries(rows.map((p) => [p.item_id, `${+p.can_view}${+p.can_download}`]));
}

const change = (group_id: string, item: { id: string; object: string }, can_view: boolean, can_download: boolean) => ({
  group_id,
  item_type: item.object,
  item_id: item.id,
  can_view,
  can_download,
});

describe('PUT /v1/datarooms/{id}/permissions', () => {
  it('applies changes for several groups at once, with the ancestor rule and one event per group', async () => {
    const { room, f, sub, s, r, g1, g2 } = await sampleRoom();
    // Start from hidden everywhere for G1.
    ok(await api.put(`/v1/datarooms/${room.id}/permissions`, { changes: [f, sub, s, r].map((i) => change(g1.id, i, false, false)) }));
    expect(Object.values(await rights(room.id, g1.id))).toEqual(['00', '00', '00', '00']);
    const res = ok(
      await api.put(`/v1/datarooms/${room.pid}/permissions`, {
        changes: [change(g1.id, s, true, true), change(g2.id, r, false, false), change(g2.id, f, true, true)],
      }),
    );
    expect(res).toEqual({
      object: 'dataroom_permissions_update',
      dataroom_id: room.id,
      applied: 3,
      groups: [
        { group_id: [g1.id, g2.id].sort()[0], changes: [g1.id, g2.id].sort()[0] === g1.id ? 1 : 2 },
        { group_id: [g1.id, g2.id].sort()[1], changes: [g1.id, g2.id].sort()[1] === g1.id ? 1 : 2 },
      ],
    });
    // s made visible: its folders S and F become visible too (not downloadable).
    expect(await rights(room.id, g1.id)).toEqual({ [f.id]: '10', [sub.id]: '10', [s.id]: '11', [r.id]: '00' });
    expect(await rights(room.id, g2.id)).toMatchObject({ [f.id]: '11', [r.id]: '00', [sub.id]: '10', [s.id]: '10' });
    const events = ok(await api.get(`/v1/events?limit=100&dataroom_id=${room.id}&type=dataroom.permissions.updated`)).data as any[];
    // One for the setup, then one per group of the second request.
    expect(events).toHaveLength(3);
    expect(events.slice(0, 2).map((e) => e.data.object.id).sort()).toEqual([g1.id, g2.id].sort());
    const forG1 = events.find((e, i) => i < 2 && e.data.object.id === g1.id);
    expect(Object.keys(forG1.data.changes).sort()).toEqual([f.id, sub.id, s.id].sort());
    // Unchanged cells make no event.
    ok(await api.put(`/v1/datarooms/${room.id}/permissions`, { changes: [change(g2.id, r, false, false)] }));
    expect((ok(await api.get(`/v1/events?limit=100&dataroom_id=${room.id}&type=dataroom.permissions.updated`)).data as any[]).length).toBe(3);
  });

  it('changes nothing when any change is wrong (422), naming it', async () => {
    const { room, f, s, r, g1, g2 } = await sampleRoom();
    const before = [await rights(room.id, g1.id), await rights(room.id, g2.id)];
    const good = [change(g1.id, r, false, false), change(g2.id, s, true, true)];
    const theirRoom = ok(await other.post('/v1/datarooms', { name: 'Theirs' }), 201);
    const theirGroup = ok(await other.post(`/v1/datarooms/${theirRoom.id}/groups`, { name: 'T' }), 201);
    const theirFolder = ok(await other.post(`/v1/datarooms/${theirRoom.id}/folders`, { name: 'TF' }), 201);
    const otherRoom = ok(await api.post('/v1/datarooms', { name: 'Sibling' }), 201);
    const siblingGroup = ok(await api.post(`/v1/datarooms/${otherRoom.id}/groups`, { name: 'Sib' }), 201);
    const bad = [
      change(theirGroup.id, r, true, false),
      change(siblingGroup.id, r, true, false),
      change('nope', r, true, false),
      change(g1.id, theirFolder, true, false),
      change(g1.id, { id: 'nope', object: 'dataroom_document' }, true, false),
      { ...change(g1.id, f, true, false), item_type: 'dataroom_document' },
      change(g1.id, f, false, true),
    ];
    for (const b of bad) {
      const e = envelope(await api.put(`/v1/datarooms/${room.id}/permissions`, { changes: [...good, b] }), 422, 'unprocessable_entity');
      expect(e.details).toEqual({ field: 'changes[2]' });
    }
    for (const body of [
      { changes: [] },
      { changes: [{ ...good[0], can_view: 'yes' }] },
      { changes: [{ ...good[0], extra: 1 }] },
      { changes: [{ ...good[0], item_type: 'folder' }] },
      { changes: Array.from({ length: 5001 }, () => good[0]) },
    ]) {
      envelope(await api.put(`/v1/datarooms/${room.id}/permissions`, body), 422, 'unprocessable_entity');
    }
    expect([await rights(room.id, g1.id), await rights(room.id, g2.id)]).toEqual(before);
    expect((ok(await api.get(`/v1/events?limit=100&dataroom_id=${room.id}&type=dataroom.permissions.updated`)).data as any[]).length).toBe(0);
    envelope(await other.put(`/v1/datarooms/${room.id}/permissions`, { changes: good }), 404, 'not_found');
    const reader = client((await createToken({ team, scopes: 'datarooms.read' })).token);
    envelope(await reader.put(`/v1/datarooms/${room.id}/permissions`, { changes: good }), 403, 'forbidden');
  });

  it('takes 5,000 changes in one request', async () => {
    const { room, f, sub, s, r, g1, g2 } = await sampleRoom();
    const groups = [g1, g2];
    for (let i = 3; i <= 10; i++) groups.push(ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: `G${i}` }), 201));
    const items = [f, sub, s, r];
    // The same cells over and over: the last change of an item in a group wins.
    const changes = Array.from({ length: 5000 }, (_, i) => {
      const g = groups[i % groups.length]!;
      const item = items[Math.floor(i / groups.length) % items.length]!;
      const last = i >= 5000 - groups.length * items.length;
      return change(g.id, item, true, last);
    });
    const res = ok(await api.put(`/v1/datarooms/${room.id}/permissions`, { changes }));
    expect(res.applied).toBe(5000);
    expect(res.groups).toHaveLength(10);
    for (const g of groups) expect(Object.values(await rights(room.id, g.id))).toEqual(['11', '11', '11', '11']);
  });
});

describe('the dashboard’s matrix', () => {
  it('reads every group’s cells aligned with the items in the room’s order', async () => {
    const { room, f, sub, s, r, g1, g2 } = await sampleRoom();
    ok(await api.put(`/v1/datarooms/${room.id}/permissions`, { changes: [change(g1.id, r, false, false), change(g2.id, f, true, true)] }));
    const m = await (await dashboard()).datarooms.permissions.matrix({ id: room.id });
    expect(m.items.map((i: any) => [i.name, i.type, i.index_number, i.depth])).toEqual([
      ['F', 'dataroom_folder', '1', 0],
      ['S', 'dataroom_folder', '1.1', 1],
      ['s', 'dataroom_document', '1.1.1', 2],
      ['r', 'dataroom_document', '2', 0],
    ]);
    expect(m.items.map((i: any) => i.id)).toEqual([f.id, sub.id, s.id, r.id]);
    expect(m.groups.map((g: any) => [g.name, g.cells])).toEqual([
      ['G1', '1110'],
      ['G2', '2111'],
    ]);
    void g1;
  });
});
