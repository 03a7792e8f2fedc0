// Team-library folders over real HTTP (spec 2.4, 4.2; DESIGN "library folders, beyond the
// spec"): derived slug paths, "Name (1)" on sibling collisions even under concurrency, subtree
// path rewrites on rename and move, counts, listing, and delete with and without cascade.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, uniqueTeam } from './support/api';
import { FOLDER_KEYS, ISO, ok, walk } from './support/docs';

type Api = ReturnType<typeof client>;
let api: Api;
let listApi: Api;

beforeAll(async () => {
  const [a, b] = await Promise.all([
    createToken({ team: uniqueTeam('folders'), scopes: 'documents.read,documents.write' }),
    createToken({ team: uniqueTeam('folders-list'), scopes: 'documents.read,documents.write' }),
  ]);
  api = client(a.token);
  listApi = client(b.token);
});

const create = async (a: Api, body: Record<string, unknown>) => ok(await a.post('/v1/folders', body), 201);
const get = async (id: string) => ok(await api.get(`/v1/folders/${id}`));
const linkIn = async (folderId: string | null, name = 'doc') =>
  ok(await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/', name, folder_id: folderId }), 201);

describe('create', () => {
  it('derives the path from the name: slugged, leading slash; the object has the spec fields', async () => {
    const f = await create(api, { name: 'Client Files — 2024 Q1!' });
    expect(Object.keys(f).sort()).toEqual(FOLDER_KEYS);
    expect(f).toMatchObject({
      object: 'folder',
      name: 'Client Files — 2024 Q1!',
      parent_id: null,
      path: '/client-files-2024-q1',
      icon: null,
      color: null,
      document_count: 0,
      child_folder_count: 0,
    });
    expect(f.created).toMatch(ISO);
    expect(f.updated_at).toMatch(ISO);
    expect(await get(f.id)).toEqual(f);
    const accents = await create(api, { name: 'Ünïcödé Café', icon: 'folder-open', color: '#1a2B3c' });
    expect(accents).toMatchObject({ path: '/unicode-cafe', icon: 'folder-open', color: '#1a2B3c' });
    const symbols = await create(api, { name: '!!!' });
    expect(symbols.path).toMatch(/^\/[a-z0-9-]+$/);
  });

  it('appends (1), (2)… on a sibling-name collision, case-insensitively', async () => {
    const a = await create(api, { name: 'Reports' });
    const b = await create(api, { name: 'reports' });
    const c = await create(api, { name: 'REPORTS' });
    expect([a.name, b.name, c.name]).toEqual(['Reports', 'reports (1)', 'REPORTS (2)']);
    expect([a.path, b.path, c.path]).toEqual(['/reports', '/reports-1', '/reports-2']);
    // A different name with the same slug also collides on the path.
    const d = await create(api, { name: 'Reports!' });
    expect(d.path).not.toBe('/reports');
    expect(new Set([a.path, b.path, c.path, d.path]).size).toBe(4);
  });

  it('20 concurrent creates of one name give 20 distinct names and paths, no errors', async () => {
    const parent = await create(api, { name: 'Race parent' });
    const rs = await Promise.all(Array.from({ length: 20 }, () => api.post('/v1/folders', { name: 'Board', parent_id: parent.id })));
    for (const r of rs) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const names = rs.map((r) => r.body.name);
    const paths = rs.map((r) => r.body.path);
    expect(new Set(names).size).toBe(20);
    expect(new Set(paths).size).toBe(20);
    expect(names.sort()).toEqual(['Board', ...Array.from({ length: 19 }, (_, i) => `Board (${i + 1})`)].sort());
    for (const p of paths) expect(p.startsWith('/race-parent/board')).toBe(true);
    expect((await get(parent.id)).child_folder_count).toBe(20);

    // And at the top level.
    const top = await Promise.all(Array.from({ length: 20 }, () => api.post('/v1/folders', { name: 'Top race' })));
    for (const r of top) expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(new Set(top.map((r) => r.body.path)).size).toBe(20);
  });

  it('nests: the path is the parent path plus the slug', async () => {
    const a = await create(api, { name: 'Deals' });
    const b = await create(api, { name: 'Acme Corp', parent_id: a.id });
    const c = await create(api, { name: 'Due Diligence', parent_id: b.id });
    expect(b).toMatchObject({ parent_id: a.id, path: '/deals/acme-corp' });
    expect(c).toMatchObject({ parent_id: b.id, path: '/deals/acme-corp/due-diligence' });
    // The same name in different parents does not collide.
    const d = await create(api, { name: 'Acme Corp' });
    expect(d).toMatchObject({ name: 'Acme Corp', path: '/acme-corp' });
    expect((await get(a.id)).child_folder_count).toBe(1);
    expect((await create(api, { name: 'Top', parent_id: null })).parent_id).toBeNull();
  });

  it('refuses bad input', async () => {
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(256) },
      { name: 5 },
      { name: 'ok', color: 'red' },
      { name: 'ok', icon: 'Bad Icon' },
      { name: 'ok', path: '/custom' },
    ]) {
      envelope(await api.post('/v1/folders', body), 422, 'unprocessable_entity');
    }
    envelope(await api.post('/v1/folders', { name: 'Orphan', parent_id: 'no-such-folder' }), 404, 'not_found');
  });

  it('a dataroom_id key is refused, named in details.formErrors[0]', async () => {
    const e = envelope(await api.post('/v1/folders', { name: 'Room folder', dataroom_id: 'dr_123' }), 422, 'unprocessable_entity');
    expect(e.details.formErrors[0]).toContain('dataroom_id');
  });
});

describe('rename', () => {
  it('rewrites the path of the folder and every descendant (3 levels) in one go', async () => {
    const a = await create(api, { name: 'Old Name' });
    const b = await create(api, { name: 'Level 2', parent_id: a.id });
    const c = await create(api, { name: 'Level 3', parent_id: b.id });
    const d = await create(api, { name: 'Level 4', parent_id: c.id });
    // A folder whose path merely starts with the same characters is not a descendant.
    const lookalike = await create(api, { name: 'Old Name Extra' });
    expect(lookalike.path).toBe('/old-name-extra');

    const r = ok(await api.patch(`/v1/folders/${a.id}`, { name: 'New Name' }));
    expect(r).toMatchObject({ id: a.id, name: 'New Name', path: '/new-name', child_folder_count: 1 });
    expect((await get(b.id)).path).toBe('/new-name/level-2');
    expect((await get(c.id)).path).toBe('/new-name/level-2/level-3');
    expect((await get(d.id)).path).toBe('/new-name/level-2/level-3/level-4');
    expect((await get(lookalike.id)).path).toBe('/old-name-extra');

    const mid = ok(await api.patch(`/v1/folders/${b.id}`, { name: 'Middle' }));
    expect(mid.path).toBe('/new-name/middle');
    expect((await get(d.id)).path).toBe('/new-name/middle/level-3/level-4');
  });

  it('a path with LIKE characters is rewritten without touching lookalikes', async () => {
    const a = await create(api, { name: 'a_b' });
    const child = await create(api, { name: 'kid', parent_id: a.id });
    const other = await create(api, { name: 'axb' });
    const otherChild = await create(api, { name: 'kid', parent_id: other.id });
    expect(a.path).toBe('/a-b');
    ok(await api.patch(`/v1/folders/${a.id}`, { name: 'renamed underscore' }));
    expect((await get(child.id)).path).toBe('/renamed-underscore/kid');
    expect((await get(otherChild.id)).path).toBe('/axb/kid');
  });

  it('renaming onto a sibling name is 409 and changes nothing', async () => {
    const parent = await create(api, { name: 'Rename clash' });
    const x = await create(api, { name: 'Alpha', parent_id: parent.id });
    const y = await create(api, { name: 'Beta', parent_id: parent.id });
    envelope(await api.patch(`/v1/folders/${y.id}`, { name: 'alpha' }), 409, 'conflict');
    envelope(await api.patch(`/v1/folders/${y.id}`, { name: 'ALPHA!' }), 409, 'conflict');
    expect(await get(y.id)).toMatchObject({ name: 'Beta', path: '/rename-clash/beta' });
    // Renaming a folder to a new case of its own name is fine.
    expect(ok(await api.patch(`/v1/folders/${x.id}`, { name: 'ALPHA' }))).toMatchObject({ name: 'ALPHA', path: '/rename-clash/alpha' });
  });

  it('sets and clears icon and colour; refuses unknown keys', async () => {
    const f = await create(api, { name: 'Decorated' });
    expect(ok(await api.patch(`/v1/folders/${f.id}`, { icon: 'star', color: '#fff' }))).toMatchObject({ icon: 'star', color: '#fff', path: '/decorated' });
    expect(ok(await api.patch(`/v1/folders/${f.id}`, { icon: null, color: null }))).toMatchObject({ icon: null, color: null });
    for (const body of [{ path: '/x' }, { parent_id: null }, { name: '' }, { color: 'blue' }]) {
      envelope(await api.patch(`/v1/folders/${f.id}`, body), 422, 'unprocessable_entity');
    }
    envelope(await api.patch('/v1/folders/no-such-folder', { name: 'x' }), 404, 'not_found');
  });
});

describe('move', () => {
  it('rewrites paths of the folder and its descendants; parent_id null moves to the top level', async () => {
    const src = await create(api, { name: 'Move Source' });
    const dst = await create(api, { name: 'Move Target' });
    const kid = await create(api, { name: 'Kid', parent_id: src.id });
    const grandkid = await create(api, { name: 'Grandkid', parent_id: kid.id });

    const moved = ok(await api.post(`/v1/folders/${src.id}/move`, { parent_id: dst.id }));
    expect(moved).toMatchObject({ id: src.id, parent_id: dst.id, path: '/move-target/move-source', name: 'Move Source' });
    expect((await get(kid.id)).path).toBe('/move-target/move-source/kid');
    expect((await get(grandkid.id)).path).toBe('/move-target/move-source/kid/grandkid');
    expect((await get(dst.id)).child_folder_count).toBe(1);

    const deeper = ok(await api.post(`/v1/folders/${kid.id}/move`, { parent_id: null }));
    expect(deeper).toMatchObject({ parent_id: null, path: '/kid' });
    expect((await get(grandkid.id)).path).toBe('/kid/grandkid');
    expect((await get(src.id)).child_folder_count).toBe(0);

    // Moving to where it already is changes nothing.
    expect(ok(await api.post(`/v1/folders/${kid.id}/move`, { parent_id: null })).path).toBe('/kid');
  });

  it('refuses moving into itself or a descendant (422)', async () => {
    const a = await create(api, { name: 'Cycle A' });
    const b = await create(api, { name: 'Cycle B', parent_id: a.id });
    const c = await create(api, { name: 'Cycle C', parent_id: b.id });
    for (const target of [a.id, b.id, c.id]) {
      const e = envelope(await api.post(`/v1/folders/${a.id}/move`, { parent_id: target }), 422, 'unprocessable_entity');
      expect(e.details.fieldErrors.parent_id).toBeTruthy();
    }
    envelope(await api.post(`/v1/folders/${b.id}/move`, { parent_id: c.id }), 422, 'unprocessable_entity');
    expect((await get(c.id)).path).toBe('/cycle-a/cycle-b/cycle-c');
  });

  it('refuses a clash with a sibling at the target (409)', async () => {
    const p = await create(api, { name: 'Clash Parent' });
    await create(api, { name: 'Shared', parent_id: p.id });
    const other = await create(api, { name: 'shared' });
    const e = envelope(await api.post(`/v1/folders/${other.id}/move`, { parent_id: p.id }), 409, 'conflict');
    expect(e.message).toBeTruthy();
    expect(await get(other.id)).toMatchObject({ parent_id: null, path: '/shared' });
    // Also when the slug clashes but the name differs.
    const home = await create(api, { name: 'Twin home' });
    const slugTwin = await create(api, { name: 'Shared!', parent_id: home.id });
    expect(slugTwin.path).toBe('/twin-home/shared');
    envelope(await api.post(`/v1/folders/${slugTwin.id}/move`, { parent_id: p.id }), 409, 'conflict');
  });

  it('refuses bad bodies and unknown folders', async () => {
    const f = await create(api, { name: 'Move input' });
    for (const body of [{}, { parent_id: 5 }, { parent_id: null, name: 'x' }]) {
      envelope(await api.post(`/v1/folders/${f.id}/move`, body), 422, 'unprocessable_entity');
    }
    envelope(await api.post(`/v1/folders/${f.id}/move`, { parent_id: 'no-such-folder' }), 404, 'not_found');
    envelope(await api.post('/v1/folders/no-such-folder/move', { parent_id: null }), 404, 'not_found');
  });
});

describe('counts, get, list', () => {
  it('document_count and child_folder_count count direct contents', async () => {
    const f = await create(api, { name: 'Counted' });
    const sub = await create(api, { name: 'Sub', parent_id: f.id });
    await create(api, { name: 'Sub 2', parent_id: f.id });
    await linkIn(f.id, 'one');
    await linkIn(f.id, 'two');
    const inSub = await linkIn(sub.id, 'three');
    expect(await get(f.id)).toMatchObject({ document_count: 2, child_folder_count: 2 });
    expect(await get(sub.id)).toMatchObject({ document_count: 1, child_folder_count: 0 });
    ok(await api.patch(`/v1/documents/${inSub.id}`, { folder_id: f.id }));
    expect(await get(f.id)).toMatchObject({ document_count: 3 });
    ok(await api.del(`/v1/documents/${inSub.id}`));
    expect(await get(f.id)).toMatchObject({ document_count: 2 });
    envelope(await api.get('/v1/folders/no-such-folder'), 404, 'not_found');
  });

  it('lists every folder, top-level ones, or the children of one, and pages through them', async () => {
    const tops = [];
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']) tops.push(await create(listApi, { name }));
    const kids = [];
    for (const name of ['One', 'Two', 'Three', 'Four']) kids.push(await create(listApi, { name, parent_id: tops[0].id }));
    const grandkid = await create(listApi, { name: 'Deep', parent_id: kids[0].id });

    const all = await walk(listApi.get, '/v1/folders?limit=3');
    expect(all.pages).toBe(4);
    const allIds = all.items.map((f) => f.id);
    expect(new Set(allIds).size).toBe(10);
    expect(allIds.sort()).toEqual([...tops, ...kids, grandkid].map((f) => f.id).sort());
    for (const f of all.items) expect(Object.keys(f).sort()).toEqual(FOLDER_KEYS);

    const root = await walk(listApi.get, '/v1/folders?parent_id=root&limit=2');
    expect(root.items.map((f) => f.id).sort()).toEqual(tops.map((f) => f.id).sort());

    const children = await walk(listApi.get, `/v1/folders?parent_id=${tops[0].id}&limit=3`);
    expect(children.items.map((f) => f.id).sort()).toEqual(kids.map((f) => f.id).sort());
    expect(ok(await listApi.get(`/v1/folders?parent_id=${tops[1].id}`)).data).toEqual([]);

    const def = ok(await listApi.get('/v1/folders'));
    expect(def.data).toHaveLength(10);
    expect(def.next_cursor).toBeNull();

    envelope(await listApi.get('/v1/folders?parent_id=no-such-folder'), 404, 'not_found');
    envelope(await listApi.get('/v1/folders?cursor=nonsense'), 422, 'unprocessable_entity');
  });

  it('lists in path order, so pages continue where the cursor left off', async () => {
    const first = ok(await listApi.get('/v1/folders?parent_id=root&limit=2'));
    expect(first.data.map((f: any) => f.name)).toEqual(['Alpha', 'Bravo']);
    const second = ok(await listApi.get(`/v1/folders?parent_id=root&limit=2&cursor=${encodeURIComponent(first.next_cursor)}`));
    expect(second.data.map((f: any) => f.name)).toEqual(['Charlie', 'Delta']);
    const third = ok(await listApi.get(`/v1/folders?parent_id=root&limit=2&cursor=${encodeURIComponent(second.next_cursor)}`));
    expect(third.data.map((f: any) => f.name)).toEqual(['Echo']);
    expect(third.next_cursor).toBeNull();
    const all = (await walk(listApi.get, '/v1/folders?limit=4')).items.map((f) => f.path);
    expect(all).toEqual([...all].sort());
  });
});

describe('delete', () => {
  it('an empty folder is deleted with the deleted-object result', async () => {
    const f = await create(api, { name: 'Empty one' });
    expect(ok(await api.del(`/v1/folders/${f.id}`))).toEqual({ id: f.id, object: 'folder', deleted: true });
    envelope(await api.get(`/v1/folders/${f.id}`), 404, 'not_found');
    envelope(await api.del(`/v1/folders/${f.id}`), 404, 'not_found');
  });

  it('a non-empty folder is 409 unless cascade=true, which moves documents to the root and deletes nested folders', async () => {
    const top = await create(api, { name: 'Cascade top' });
    const mid = await create(api, { name: 'Cascade mid', parent_id: top.id });
    const low = await create(api, { name: 'Cascade low', parent_id: mid.id });
    const sibling = await create(api, { name: 'Cascade sibling' });
    const dTop = await linkIn(top.id, 'top doc');
    const dLow = await linkIn(low.id, 'low doc');
    const dSibling = await linkIn(sibling.id, 'sibling doc');

    const e = envelope(await api.del(`/v1/folders/${top.id}`), 409, 'conflict');
    expect(e.message).toMatch(/cascade/);
    // Counts in the right number (issue 41 item 10: never "1 documents").
    expect(e.message).toContain('(1 document, 1 folder)');
    envelope(await api.del(`/v1/folders/${top.id}?cascade=false`), 409, 'conflict');
    envelope(await api.del(`/v1/folders/${low.id}`), 409, 'conflict');
    // Only subfolders, no documents: still not empty.
    const shell = await create(api, { name: 'Shell' });
    await create(api, { name: 'Inner', parent_id: shell.id });
    envelope(await api.del(`/v1/folders/${shell.id}`), 409, 'conflict');

    expect(ok(await api.del(`/v1/folders/${top.id}?cascade=true`))).toEqual({ id: top.id, object: 'folder', deleted: true });
    for (const f of [top, mid, low]) envelope(await api.get(`/v1/folders/${f.id}`), 404, 'not_found');
    expect(ok(await api.get(`/v1/documents/${dTop.id}`)).folder_id).toBeNull();
    expect(ok(await api.get(`/v1/documents/${dLow.id}`)).folder_id).toBeNull();
    // Nothing outside the subtree moved.
    expect(ok(await api.get(`/v1/documents/${dSibling.id}`)).folder_id).toBe(sibling.id);
    expect(await get(sibling.id)).toMatchObject({ document_count: 1 });

    envelope(await api.del(`/v1/folders/${shell.id}?cascade=yes`), 422, 'unprocessable_entity');
    envelope(await api.del(`/v1/folders/${shell.id}?force=true`), 422, 'unprocessable_entity');
  });
});

/** Every folder's path is its parent's path plus one segment, and parent links have no cycle. */
async function assertTreeConsistent(a: Api) {
  const all = (await walk(a.get, '/v1/folders?limit=100')).items;
  const byId = new Map(all.map((f) => [f.id, f]));
  for (const f of all) {
    const seg = f.path.slice(f.path.lastIndexOf('/'));
    expect(seg, f.path).toMatch(/^\/[a-z0-9-]+$/);
    const parentPath = f.parent_id ? byId.get(f.parent_id)?.path : '';
    expect(parentPath, `parent of ${f.name} exists`).toBeDefined();
    expect(f.path, `${f.name} under its parent`).toBe(parentPath + seg);
    const seen = new Set<string>();
    for (let cur = f; cur?.parent_id; cur = byId.get(cur.parent_id)) {
      expect(seen.has(cur.id), `cycle through ${cur.name}`).toBe(false);
      seen.add(cur.id);
    }
  }
  expect(new Set(all.map((f) => f.path)).size).toBe(all.length);
  return all;
}

describe('concurrent tree changes', () => {
  let raceApi: Api;
  beforeAll(async () => {
    raceApi = client((await createToken({ team: uniqueTeam('folders-race'), scopes: 'documents.read,documents.write' })).token);
  });

  it('two folders moved into each other at once: one move wins, the other is refused, no cycle', async () => {
    for (let round = 0; round < 8; round++) {
      const a = await create(raceApi, { name: `Swap A ${round}` });
      const b = await create(raceApi, { name: `Swap B ${round}` });
      const [ra, rb] = await Promise.all([
        raceApi.post(`/v1/folders/${a.id}/move`, { parent_id: b.id }),
        raceApi.post(`/v1/folders/${b.id}/move`, { parent_id: a.id }),
      ]);
      expect([ra.status, rb.status].sort(), JSON.stringify([ra.body, rb.body])).toEqual([200, 422]);
    }
    await assertTreeConsistent(raceApi);
  });

  it('renaming an ancestor while creating, renaming and moving below it keeps every path consistent', async () => {
    for (let round = 0; round < 6; round++) {
      const top = await create(raceApi, { name: `Anc ${round}` });
      const mid = await create(raceApi, { name: 'Mid', parent_id: top.id });
      const low = await create(raceApi, { name: 'Low', parent_id: mid.id });
      const loose = await create(raceApi, { name: `Loose ${round}` });
      const rs = await Promise.all([
        raceApi.patch(`/v1/folders/${top.id}`, { name: `Anc ${round} renamed` }),
        raceApi.post('/v1/folders', { name: 'New child', parent_id: low.id }),
        raceApi.post(`/v1/folders/${loose.id}/move`, { parent_id: mid.id }),
        raceApi.patch(`/v1/folders/${low.id}`, { name: 'Low renamed' }),
        raceApi.patch(`/v1/folders/${top.id}`, { name: `Anc ${round} again` }),
      ]);
      for (const r of rs) expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    }
    await assertTreeConsistent(raceApi);
  });

  it('documents created in or moved into a folder while it is cascade-deleted end up somewhere that exists', async () => {
    for (let round = 0; round < 5; round++) {
      const f = await create(raceApi, { name: `Doomed ${round}` });
      const sub = await create(raceApi, { name: 'Sub', parent_id: f.id });
      const loose = ok(await raceApi.post('/v1/documents', { type: 'link', external_url: 'https://example.com/', name: `loose ${round}` }), 201);
      const rs = await Promise.all([
        raceApi.patch(`/v1/documents/${loose.id}`, { folder_id: sub.id }),
        raceApi.post('/v1/documents', { type: 'link', external_url: 'https://example.com/', folder_id: f.id }),
        raceApi.del(`/v1/folders/${f.id}?cascade=true`),
        raceApi.post('/v1/folders', { name: 'Late child', parent_id: sub.id }),
      ]);
      for (const r of rs) {
        expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
        if (r.status >= 400) envelope(r, 404, 'not_found');
      }
      expect(rs[2].status).toBe(200);
      envelope(await raceApi.get(`/v1/folders/${sub.id}`), 404, 'not_found');
      expect(ok(await raceApi.get(`/v1/documents/${loose.id}`)).folder_id).toBeNull();
    }
    const folders = new Set((await assertTreeConsistent(raceApi)).map((f) => f.id));
    for (const d of (await walk(raceApi.get, '/v1/documents?limit=100')).items) {
      if (d.folder_id) expect(folders.has(d.folder_id)).toBe(true);
    }
  });

  it('documents moved between folders of a subtree while it is cascade-deleted: no deadlock, all end in the root', async () => {
    for (let round = 0; round < 5; round++) {
      const top = await create(raceApi, { name: `Shuffle ${round}` });
      const left = await create(raceApi, { name: 'Left', parent_id: top.id });
      const right = await create(raceApi, { name: 'Right', parent_id: top.id });
      const docs = [];
      for (let i = 0; i < 4; i++) {
        docs.push(
          ok(await raceApi.post('/v1/documents', { type: 'link', external_url: 'https://example.com/', folder_id: i % 2 ? left.id : right.id }), 201),
        );
      }
      const rs = await Promise.all([
        ...docs.map((d, i) => raceApi.patch(`/v1/documents/${d.id}`, { folder_id: i % 2 ? right.id : left.id })),
        raceApi.del(`/v1/folders/${top.id}?cascade=true`),
        ...docs.map((d) => raceApi.patch(`/v1/documents/${d.id}`, { name: `renamed ${round}` })),
      ]);
      for (const r of rs) {
        expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
        if (r.status >= 400) envelope(r, 404, 'not_found');
      }
      for (const d of docs) expect(ok(await raceApi.get(`/v1/documents/${d.id}`)).folder_id).toBeNull();
    }
  });
});
