// Data rooms over HTTP: the room object and its counts, id or dr_ id everywhere, freezing, and
// what deleting a room removes (and keeps).
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, uniqueTeam } from '../support/api';
import { ISO, ok, walk } from '../support/docs';

type Api = ReturnType<typeof client>;
let api: Api;
let readOnly: Api;

const ROOM_KEYS = [
  'allow_bulk_download',
  'created',
  'default_permission',
  'description',
  'document_count',
  'folder_count',
  'id',
  'index_numbers',
  'internal_name',
  'ip_allow_list',
  'is_frozen',
  'name',
  'object',
  'pid',
  'qa_enabled',
  'qa_limit_per_visitor_per_day',
  'updated_at',
];

export async function linkDoc(a: Api, name: string) {
  return ok(await a.post('/v1/documents', { type: 'link', external_url: `https://example.com/${encodeURIComponent(name)}`, name }), 201);
}

beforeAll(async () => {
  const team = uniqueTeam('rooms');
  api = client((await createToken({ team, scopes: 'datarooms.read,datarooms.write,documents.read,documents.write' })).token);
  readOnly = client((await createToken({ team, scopes: 'datarooms.read' })).token);
});

describe('rooms', () => {
  it('creates with defaults and answers the room object', async () => {
    const r = ok(await api.post('/v1/datarooms', { name: 'Project Falcon' }), 201);
    expect(Object.keys(r).sort()).toEqual(ROOM_KEYS);
    expect(r).toMatchObject({
      object: 'dataroom',
      name: 'Project Falcon',
      internal_name: null,
      description: null,
      document_count: 0,
      folder_count: 0,
      allow_bulk_download: true,
      is_frozen: false,
      default_permission: 'inherit',
    });
    expect(r.pid).toMatch(/^dr_[a-z0-9]+$/);
    expect(r.created).toMatch(ISO);
    const all = { name: 'Audit', internal_name: 'Audit 2026', description: 'For the auditors', allow_bulk_download: false, default_permission: 'hidden' };
    expect(ok(await api.post('/v1/datarooms', all), 201)).toMatchObject(all);
  });

  it('gets, updates and lists by internal id and dr_ id', async () => {
    const r = ok(await api.post('/v1/datarooms', { name: 'Lookup' }), 201);
    expect(ok(await api.get(`/v1/datarooms/${r.pid}`)).id).toBe(r.id);
    const u = ok(await api.patch(`/v1/datarooms/${r.pid}`, { name: 'Lookup 2', internal_name: 'x', description: null, allow_bulk_download: false }));
    expect(u).toMatchObject({ id: r.id, name: 'Lookup 2', internal_name: 'x', allow_bulk_download: false });
    const { items } = await walk(api.get, '/v1/datarooms?limit=1');
    expect(items.map((x) => x.id)).toContain(r.id);
    const created = items.map((x) => x.created);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('refuses bad input with 422 naming the field, and unknown rooms with 404', async () => {
    for (const body of [{}, { name: '' }, { name: 'x', default_permission: 'public' }, { name: 'x', allow_bulk_download: 'yes' }, { name: 'x', extra: 1 }]) {
      envelope(await api.post('/v1/datarooms', body), 422, 'unprocessable_entity');
    }
    envelope(await api.get('/v1/datarooms/dr_nope'), 404, 'not_found');
    envelope(await api.patch('/v1/datarooms/nope', { name: 'x' }), 404, 'not_found');
  });

  it('needs datarooms.write to change anything', async () => {
    const r = ok(await api.post('/v1/datarooms', { name: 'Scoped' }), 201);
    ok(await readOnly.get(`/v1/datarooms/${r.id}`));
    envelope(await readOnly.patch(`/v1/datarooms/${r.id}`, { name: 'no' }), 403, 'forbidden');
  });
});

describe('frozen rooms', () => {
  it('refuse content changes with 403 saying so; reading, groups and unfreezing work', async () => {
    const r = ok(await api.post('/v1/datarooms', { name: 'Freezer' }), 201);
    const doc = await linkDoc(api, 'Frozen doc');
    const other = await linkDoc(api, 'Other doc');
    const dd = ok(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: doc.id }), 201);
    const folder = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'F' }), 201);
    expect(ok(await api.patch(`/v1/datarooms/${r.id}`, { is_frozen: true })).is_frozen).toBe(true);

    const refused: [string, string, unknown][] = [
      ['POST', `/v1/datarooms/${r.id}/documents`, { document_id: other.id }],
      ['DELETE', `/v1/datarooms/${r.id}/documents/${dd.id}`, undefined],
      ['PATCH', `/v1/datarooms/${r.id}/documents/${dd.id}`, { folder_id: folder.id }],
      ['PATCH', `/v1/datarooms/${r.id}/documents/${dd.id}`, { order_index: 0 }],
      ['POST', `/v1/datarooms/${r.id}/folders`, { name: 'G' }],
      ['PATCH', `/v1/datarooms/${r.id}/folders/${folder.id}`, { name: 'F2' }],
      ['POST', `/v1/datarooms/${r.id}/folders/${folder.id}/move`, { parent_id: null }],
      ['DELETE', `/v1/datarooms/${r.id}/folders/${folder.id}`, undefined],
      ['DELETE', `/v1/datarooms/${r.id}`, undefined],
    ];
    for (const [method, path, body] of refused) {
      const e = envelope(await api.call(method, path, body), 403, 'forbidden');
      expect(e.message, `${method} ${path}`).toMatch(/frozen/);
    }
    ok(await api.get(`/v1/datarooms/${r.id}/documents`));
    ok(await api.get(`/v1/datarooms/${r.id}/folders`));
    const g = ok(await api.post(`/v1/datarooms/${r.id}/groups`, { name: 'Still works' }), 201);
    ok(await api.post(`/v1/datarooms/${r.id}/groups/${g.id}/members`, { emails: ['a@b.example'] }));
    ok(await api.put(`/v1/datarooms/${r.id}/groups/${g.id}/permissions`, { permissions: [{ item_id: dd.id, can_download: true }] }));
    ok(await api.patch(`/v1/datarooms/${r.id}`, { name: 'Freezer (renamed)', description: 'still editable' }));

    expect(ok(await api.patch(`/v1/datarooms/${r.id}`, { is_frozen: false })).is_frozen).toBe(false);
    ok(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: other.id }), 201);
  });
});

describe('counts and deletion', () => {
  it('keeps document_count and folder_count right after every change', async () => {
    const r = ok(await api.post('/v1/datarooms', { name: 'Counts' }), 201);
    const count = async () => {
      const x = ok(await api.get(`/v1/datarooms/${r.id}`));
      return [x.document_count, x.folder_count];
    };
    const a = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'A' }), 201);
    const b = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'B', parent_id: a.id }), 201);
    expect(await count()).toEqual([0, 2]);
    const d1 = ok(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: (await linkDoc(api, 'c1')).id, folder_id: b.id }), 201);
    ok(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: (await linkDoc(api, 'c2')).id }), 201);
    expect(await count()).toEqual([2, 2]);
    ok(await api.del(`/v1/datarooms/${r.id}/documents/${d1.id}`));
    expect(await count()).toEqual([1, 2]);
    ok(await api.del(`/v1/datarooms/${r.id}/folders/${a.id}?cascade=true`));
    expect(await count()).toEqual([1, 0]);
  });

  it('deleting a room removes its content and groups; library documents stay; it is gone by both ids', async () => {
    const r = ok(await api.post('/v1/datarooms', { name: 'Doomed' }), 201);
    const doc = await linkDoc(api, 'Survivor');
    ok(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: doc.id }), 201);
    ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'F' }), 201);
    const g = ok(await api.post(`/v1/datarooms/${r.id}/groups`, { name: 'G' }), 201);
    ok(await api.post(`/v1/datarooms/${r.id}/groups/${g.id}/members`, { emails: ['keep@visitor.example'] }));
    expect(ok(await api.del(`/v1/datarooms/${r.pid}`))).toEqual({ id: r.id, object: 'dataroom', deleted: true });
    for (const id of [r.id, r.pid]) {
      envelope(await api.get(`/v1/datarooms/${id}`), 404, 'not_found');
      envelope(await api.get(`/v1/datarooms/${id}/documents`), 404, 'not_found');
      envelope(await api.get(`/v1/datarooms/${id}/groups/${g.id}`), 404, 'not_found');
    }
    const { items } = await walk(api.get, '/v1/datarooms');
    expect(items.map((x) => x.id)).not.toContain(r.id);
    ok(await api.get(`/v1/documents/${doc.id}`));
    envelope(await api.del(`/v1/datarooms/${r.id}`), 404, 'not_found');
  });
});
