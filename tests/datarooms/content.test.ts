// A room's documents and folders over HTTP: attach, list order and paging, move and reorder with
// dense indexes, detach, the folder tree rules, and the races the rules must survive.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, uniqueTeam } from '../support/api';
import { ok, walk } from '../support/docs';

type Api = ReturnType<typeof client>;
let api: Api;
let other: Api;

async function linkDoc(a: Api, name: string) {
  return ok(await a.post('/v1/documents', { type: 'link', external_url: `https://example.com/${encodeURIComponent(name)}`, name }), 201);
}
const newRoom = async (name = 'Room') => ok(await api.post('/v1/datarooms', { name }), 201);

beforeAll(async () => {
  api = client((await createToken({ team: uniqueTeam('room-content'), scopes: 'apis.all' })).token);
  other = client((await createToken({ team: uniqueTeam('room-other'), scopes: 'apis.all' })).token);
});

/** The order indexes of a folder's placements, in list order. */
async function order(roomId: string, folder: string) {
  const { items } = await walk(api.get, `/v1/datarooms/${roomId}/documents?folder_id=${folder}`);
  return items.map((d) => [d.document_name, d.order_index]);
}

describe('room documents', () => {
  it('attaches (appending per folder), lists by folder then order, pages, and refuses duplicates and other teams', async () => {
    const r = await newRoom();
    const f = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'Financials' }), 201);
    const z = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'Annex' }), 201);
    const docs = [];
    for (const n of ['a', 'b', 'c', 'd', 'e']) docs.push(await linkDoc(api, n));
    const dd = [];
    dd.push(ok(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: docs[0].id, folder_id: f.id }), 201));
    dd.push(ok(await api.post(`/v1/datarooms/${r.pid}/documents`, { document_id: docs[1].id }), 201));
    dd.push(ok(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: docs[2].id, folder_id: f.id }), 201));
    dd.push(ok(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: docs[3].id, folder_id: z.id }), 201));
    dd.push(ok(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: docs[4].id, folder_id: null }), 201));
    expect(dd[0]).toMatchObject({ object: 'dataroom_document', document_id: docs[0].id, document_name: 'a', folder_id: f.id, folder_path: '/financials', order_index: 0 });
    expect(dd[2].order_index).toBe(1);
    expect(dd[4].order_index).toBe(1);
    expect(Object.keys(dd[0]).sort()).toEqual(['content_type', 'created', 'document_id', 'document_name', 'folder_id', 'folder_path', 'id', 'index_number', 'num_pages', 'object', 'order_index']);
    // Root first, then folders by path (/annex before /financials), each by order index.
    const { items, pages } = await walk(api.get, `/v1/datarooms/${r.id}/documents?limit=2`);
    expect(pages).toBe(3);
    expect(items.map((d) => d.document_name)).toEqual(['b', 'e', 'd', 'a', 'c']);
    expect((await walk(api.get, `/v1/datarooms/${r.id}/documents?folder_id=root`)).items.map((d) => d.document_name)).toEqual(['b', 'e']);
    // The order follows folder renames and moves (paths change).
    ok(await api.patch(`/v1/datarooms/${r.id}/folders/${z.id}`, { name: 'Zeta' }));
    expect((await walk(api.get, `/v1/datarooms/${r.id}/documents?limit=2`)).items.map((d) => [d.document_name, d.folder_path])).toEqual([
      ['b', null],
      ['e', null],
      ['a', '/financials'],
      ['c', '/financials'],
      ['d', '/zeta'],
    ]);
    ok(await api.post(`/v1/datarooms/${r.id}/folders/${z.id}/move`, { parent_id: f.id }));
    expect((await walk(api.get, `/v1/datarooms/${r.id}/documents`)).items.map((d) => d.document_name)).toEqual(['b', 'e', 'a', 'c', 'd']);
    ok(await api.post(`/v1/datarooms/${r.id}/folders/${z.id}/move`, { parent_id: null }));
    envelope(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: docs[0].id }), 409, 'conflict');
    const theirs = await linkDoc(other, 'theirs');
    envelope(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: theirs.id }), 404, 'not_found');
    envelope(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: docs[0].id, folder_id: 'nope' }), 404, 'not_found');
    envelope(await api.get(`/v1/datarooms/${r.id}/documents?folder_id=nope`), 404, 'not_found');
    envelope(await api.get(`/v1/datarooms/${r.id}/documents?sort=name`), 422, 'unprocessable_entity');
  });

  it('reorders within a folder and moves between folders, keeping indexes dense', async () => {
    const r = await newRoom();
    const f = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'F' }), 201);
    const dd: any[] = [];
    for (const n of ['a', 'b', 'c', 'd']) dd.push(ok(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: (await linkDoc(api, n)).id }), 201));
    expect(ok(await api.patch(`/v1/datarooms/${r.id}/documents/${dd[3].id}`, { order_index: 0 })).order_index).toBe(0);
    expect(await order(r.id, 'root')).toEqual([['d', 0], ['a', 1], ['b', 2], ['c', 3]]);
    ok(await api.patch(`/v1/datarooms/${r.id}/documents/${dd[3].id}`, { order_index: 99 }));
    expect(await order(r.id, 'root')).toEqual([['a', 0], ['b', 1], ['c', 2], ['d', 3]]);
    const moved = ok(await api.patch(`/v1/datarooms/${r.id}/documents/${dd[1].id}`, { folder_id: f.id }));
    expect(moved).toMatchObject({ folder_id: f.id, folder_path: '/f', order_index: 0 });
    expect(await order(r.id, 'root')).toEqual([['a', 0], ['c', 1], ['d', 2]]);
    ok(await api.patch(`/v1/datarooms/${r.id}/documents/${dd[0].id}`, { folder_id: f.id, order_index: 0 }));
    expect(await order(r.id, f.id)).toEqual([['a', 0], ['b', 1]]);
    ok(await api.patch(`/v1/datarooms/${r.id}/documents/${dd[0].id}`, { folder_id: null }));
    expect(await order(r.id, 'root')).toEqual([['c', 0], ['d', 1], ['a', 2]]);
    ok(await api.del(`/v1/datarooms/${r.id}/documents/${dd[2].id}`));
    expect(await order(r.id, 'root')).toEqual([['d', 0], ['a', 1]]);
    // The library document stays after a detach.
    ok(await api.get(`/v1/documents/${dd[2].document_id}`));
    envelope(await api.patch(`/v1/datarooms/${r.id}/documents/${dd[0].id}`, {}), 422, 'unprocessable_entity');
    envelope(await api.patch(`/v1/datarooms/${r.id}/documents/${dd[0].id}`, { order_index: -1 }), 422, 'unprocessable_entity');
    envelope(await api.patch(`/v1/datarooms/${r.id}/documents/${dd[0].id}`, { folder_id: 'nope' }), 404, 'not_found');
    envelope(await api.del(`/v1/datarooms/${r.id}/documents/${dd[2].id}`), 404, 'not_found');
  });

  it('a document may sit in several rooms; detaching from one keeps the others', async () => {
    const [r1, r2] = [await newRoom('One'), await newRoom('Two')];
    const doc = await linkDoc(api, 'shared');
    const p1 = ok(await api.post(`/v1/datarooms/${r1.id}/documents`, { document_id: doc.id }), 201);
    ok(await api.post(`/v1/datarooms/${r2.id}/documents`, { document_id: doc.id }), 201);
    ok(await api.del(`/v1/datarooms/${r1.id}/documents/${p1.id}`));
    expect(ok(await api.get(`/v1/datarooms/${r2.id}`)).document_count).toBe(1);
  });

  it('20 concurrent attaches of one document: one succeeds, the rest are 409', async () => {
    const r = await newRoom();
    const doc = await linkDoc(api, 'race');
    const res = await Promise.all(Array.from({ length: 20 }, () => api.post(`/v1/datarooms/${r.id}/documents`, { document_id: doc.id })));
    expect(res.filter((x) => x.status === 201)).toHaveLength(1);
    for (const x of res.filter((x) => x.status !== 201)) envelope(x, 409, 'conflict');
    expect(ok(await api.get(`/v1/datarooms/${r.id}`)).document_count).toBe(1);
  });

  it('concurrent attaches and reorders leave dense, distinct indexes', async () => {
    const r = await newRoom();
    const docs = await Promise.all(Array.from({ length: 12 }, (_, i) => linkDoc(api, `p${i}`)));
    const placed = await Promise.all(docs.map((d) => api.post(`/v1/datarooms/${r.id}/documents`, { document_id: d.id })));
    const ids = placed.map((p) => ok(p, 201).id);
    await Promise.all(ids.map((id, i) => api.patch(`/v1/datarooms/${r.id}/documents/${id}`, { order_index: (i * 7) % 12 })));
    const idx = (await order(r.id, 'root')).map(([, i]) => i);
    expect(idx).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });
});

describe('room folders', () => {
  it('creates with derived paths and Name (1), lists by parent, renames and moves subtrees', async () => {
    const r = await newRoom();
    const a = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'Legal & Tax' }), 201);
    expect(a).toMatchObject({ object: 'dataroom_folder', dataroom_id: r.id, name: 'Legal & Tax', parent_id: null, path: '/legal-tax', document_count: 0, child_folder_count: 0 });
    const a1 = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'legal & tax' }), 201);
    expect(a1).toMatchObject({ name: 'legal & tax (1)', path: '/legal-tax-1' });
    const b = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'Contracts', parent_id: a.id, icon: 'file', color: '#123456' }), 201);
    const c = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'Signed', parent_id: b.id }), 201);
    expect(c.path).toBe('/legal-tax/contracts/signed');
    expect((await walk(api.get, `/v1/datarooms/${r.id}/folders?parent_id=root`)).items.map((f) => f.id)).toEqual([a.id, a1.id]);
    expect((await walk(api.get, `/v1/datarooms/${r.id}/folders?parent_id=${a.id}`)).items.map((f) => f.id)).toEqual([b.id]);
    expect((await walk(api.get, `/v1/datarooms/${r.id}/folders?limit=1`)).items).toHaveLength(4);
    expect(ok(await api.get(`/v1/datarooms/${r.id}/folders/${a.id}`)).child_folder_count).toBe(1);

    ok(await api.patch(`/v1/datarooms/${r.id}/folders/${a.id}`, { name: 'Legal' }));
    expect(ok(await api.get(`/v1/datarooms/${r.id}/folders/${c.id}`)).path).toBe('/legal/contracts/signed');
    ok(await api.post(`/v1/datarooms/${r.id}/folders/${b.id}/move`, { parent_id: a1.id }));
    expect(ok(await api.get(`/v1/datarooms/${r.id}/folders/${c.id}`)).path).toBe('/legal-tax-1/contracts/signed');
    ok(await api.post(`/v1/datarooms/${r.id}/folders/${b.id}/move`, { parent_id: null }));
    expect(ok(await api.get(`/v1/datarooms/${r.id}/folders/${c.id}`)).path).toBe('/contracts/signed');

    const e1 = envelope(await api.post(`/v1/datarooms/${r.id}/folders/${b.id}/move`, { parent_id: c.id }), 422, 'unprocessable_entity');
    expect(e1.details.fieldErrors.parent_id).toBeTruthy();
    envelope(await api.post(`/v1/datarooms/${r.id}/folders/${b.id}/move`, { parent_id: b.id }), 422, 'unprocessable_entity');
    const dup = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'Contracts', parent_id: a.id }), 201);
    envelope(await api.post(`/v1/datarooms/${r.id}/folders/${dup.id}/move`, { parent_id: null }), 409, 'conflict');
    envelope(await api.patch(`/v1/datarooms/${r.id}/folders/${a1.id}`, { name: 'LEGAL' }), 409, 'conflict');
    envelope(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'x', parent_id: 'nope' }), 404, 'not_found');
    envelope(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'x', color: 'red' }), 422, 'unprocessable_entity');
  });

  it('a long name gets distinct suffixed paths (the shared slug rules)', async () => {
    const r = await newRoom();
    const name = 'Board minutes and resolutions of the annual general meeting of shareholders 2026 final';
    const paths = new Set<string>();
    for (let i = 0; i < 4; i++) paths.add(ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name }), 201).path);
    expect(paths.size).toBe(4);
  });

  it('delete is refused when not empty; cascade deletes subfolders and detaches their documents only', async () => {
    const r = await newRoom();
    const a = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'A' }), 201);
    const b = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'B', parent_id: a.id }), 201);
    const doc = await linkDoc(api, 'inside');
    ok(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: doc.id, folder_id: b.id }), 201);
    const outside = ok(await api.post(`/v1/datarooms/${r.id}/documents`, { document_id: (await linkDoc(api, 'outside')).id }), 201);
    const e = envelope(await api.del(`/v1/datarooms/${r.id}/folders/${a.id}`), 409, 'conflict');
    expect(e.details).toEqual({ document_count: 0, child_folder_count: 1 });
    ok(await api.del(`/v1/datarooms/${r.id}/folders/${a.id}?cascade=true`));
    envelope(await api.get(`/v1/datarooms/${r.id}/folders/${b.id}`), 404, 'not_found');
    expect((await walk(api.get, `/v1/datarooms/${r.id}/documents`)).items.map((d) => d.id)).toEqual([outside.id]);
    ok(await api.get(`/v1/documents/${doc.id}`));
    const empty = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'Empty' }), 201);
    ok(await api.del(`/v1/datarooms/${r.id}/folders/${empty.id}`));
  });

  it('20 concurrent creates of one name give 20 distinct names and paths', async () => {
    const r = await newRoom();
    const res = await Promise.all(Array.from({ length: 20 }, () => api.post(`/v1/datarooms/${r.id}/folders`, { name: 'Same' })));
    const made = res.map((x) => ok(x, 201));
    expect(new Set(made.map((f) => f.name)).size).toBe(20);
    expect(new Set(made.map((f) => f.path)).size).toBe(20);
  });

  it('a burst of 300 concurrent creates: every answer is 201 or 429 in the envelope, never a 5xx', async () => {
    const r = await newRoom();
    const res = await Promise.all(Array.from({ length: 300 }, (_, i) => api.post(`/v1/datarooms/${r.id}/folders`, { name: `Burst ${i}` })));
    for (const x of res) {
      if (x.status === 201) continue;
      const e = envelope(x, 429, 'rate_limit_exceeded');
      expect(e.message).toMatch(/retry/);
    }
    const made = res.filter((x) => x.status === 201).length;
    expect(ok(await api.get(`/v1/datarooms/${r.id}`)).folder_count).toBe(made);
  });

  it('crossed concurrent moves never make a cycle', async () => {
    for (let round = 0; round < 5; round++) {
      const r = await newRoom();
      const x = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'X' }), 201);
      const y = ok(await api.post(`/v1/datarooms/${r.id}/folders`, { name: 'Y' }), 201);
      const [m1, m2] = await Promise.all([
        api.post(`/v1/datarooms/${r.id}/folders/${x.id}/move`, { parent_id: y.id }),
        api.post(`/v1/datarooms/${r.id}/folders/${y.id}/move`, { parent_id: x.id }),
      ]);
      expect([m1.status, m2.status].sort()).toEqual([200, 422]);
      const all = (await walk(api.get, `/v1/datarooms/${r.id}/folders`)).items;
      expect(all.filter((f) => f.parent_id === null)).toHaveLength(1);
    }
  });
});
