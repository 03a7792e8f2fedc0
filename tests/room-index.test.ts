// Room index numbers over HTTP (DESIGN.md "Room power tools"): "1", "1.2", "1.2.3" with a folder's
// subfolders first, then its documents, each by order_index; renumbered by moves, reorders and
// deletes; null everywhere when the room has index_numbers off; in a room search's hits; and the
// index file as CSV, Excel (read back with exceljs) and PDF (read back with pdftotext).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client, createToken, envelope, uniqueTeam } from './support/api';
import { fixture, ok, walk } from './support/docs';
import { pdfDocument } from './support/viewer';
import { withTestDb } from './support/test-db';
import { numberItems } from '../server/services/index-numbers';

type Api = ReturnType<typeof client>;
let api: Api;
let other: Api;
let token: string;

beforeAll(async () => {
  token = (await createToken({ team: uniqueTeam('room-index'), scopes: 'apis.all' })).token;
  api = client(token);
  other = client((await createToken({ team: uniqueTeam('room-index-other'), scopes: 'apis.all' })).token);
});

const linkDoc = async (name: string) => ok(await api.post('/v1/documents', { type: 'link', external_url: `https://example.com/${encodeURIComponent(name)}`, name }), 201);
const attach = async (roomId: string, name: string, folderId: string | null = null) =>
  ok(await api.post(`/v1/datarooms/${roomId}/documents`, { document_id: (await linkDoc(name)).id, folder_id: folderId }), 201);
const folder = async (roomId: string, name: string, parentId: string | null = null) => ok(await api.post(`/v1/datarooms/${roomId}/folders`, { name, parent_id: parentId }), 201);

/** Every item's number, by name (folders and documents). */
async function numbers(roomId: string): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const f of (await walk(api.get, `/v1/datarooms/${roomId}/folders`)).items) out[f.name] = f.index_number;
  for (const d of (await walk(api.get, `/v1/datarooms/${roomId}/documents`)).items) out[d.document_name] = d.index_number;
  return out;
}

/** The index file's raw answer. */
async function indexFile(roomId: string, query: string, t = token) {
  const r = await fetch(`${baseUrl()}/v1/datarooms/${roomId}/index${query}`, { headers: { Authorization: `Bearer ${t}` } });
  return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
}

/** A room: A (A1 (x), y), B, then root documents r1, r2. */
async function sampleRoom() {
  const room = ok(await api.post('/v1/datarooms', { name: 'Project Falcon' }), 201);
  const a = await folder(room.id, 'A');
  const b = await folder(room.id, 'B');
  const a1 = await folder(room.id, 'A1', a.id);
  const x = await attach(room.id, 'x', a1.id);
  const y = await attach(room.id, 'y', a.id);
  const r1 = await attach(room.id, 'r1');
  const r2 = await attach(room.id, 'r2');
  return { room, a, b, a1, x, y, r1, r2 };
}

describe('index numbers', () => {
  it('numbers subfolders first, then documents, and follows reorders, moves and deletes', async () => {
    const { room, a, b, a1, x, y, r1, r2 } = await sampleRoom();
    expect(a).toMatchObject({ order_index: 0, index_number: '1' });
    expect(b).toMatchObject({ order_index: 1, index_number: '2' });
    expect(x).toMatchObject({ index_number: '1.1.1' });
    expect(r2).toMatchObject({ order_index: 1, index_number: '4' });
    expect(await numbers(room.id)).toEqual({ A: '1', B: '2', A1: '1.1', x: '1.1.1', y: '1.2', r1: '3', r2: '4' });
    expect(ok(await api.get(`/v1/datarooms/${room.id}/folders/${a1.id}`)).index_number).toBe('1.1');
    expect(ok(await api.get(`/v1/datarooms/${room.id}/documents/${y.id}`)).index_number).toBe('1.2');

    // Folder reorder: B first; its answer carries its new number.
    expect(ok(await api.patch(`/v1/datarooms/${room.id}/folders/${b.id}`, { order_index: 0 }))).toMatchObject({ order_index: 0, index_number: '1' });
    expect(await numbers(room.id)).toEqual({ B: '1', A: '2', A1: '2.1', x: '2.1.1', y: '2.2', r1: '3', r2: '4' });
    // A past-the-end order goes last.
    ok(await api.patch(`/v1/datarooms/${room.id}/folders/${b.id}`, { order_index: 50 }));
    expect((await numbers(room.id)).B).toBe('2');
    // Document reorder.
    ok(await api.patch(`/v1/datarooms/${room.id}/documents/${r2.id}`, { order_index: 0 }));
    expect(await numbers(room.id)).toMatchObject({ r2: '3', r1: '4' });
    // Folder move: A1 to the top level goes last among the folders; A's documents close up.
    const moved = ok(await api.post(`/v1/datarooms/${room.id}/folders/${a1.id}/move`, { parent_id: null }));
    expect(moved).toMatchObject({ parent_id: null, order_index: 2, index_number: '3' });
    expect(await numbers(room.id)).toEqual({ A: '1', B: '2', A1: '3', x: '3.1', y: '1.1', r2: '4', r1: '5' });
    // Move to a place: into B, first among its folders.
    ok(await api.post(`/v1/datarooms/${room.id}/folders/${a1.id}/move`, { parent_id: b.id, order_index: 0 }));
    expect(await numbers(room.id)).toMatchObject({ A1: '2.1', x: '2.1.1', r2: '3', r1: '4' });
    // Document move into a folder: appended after its subfolders.
    ok(await api.patch(`/v1/datarooms/${room.id}/documents/${r1.id}`, { folder_id: b.id }));
    expect(await numbers(room.id)).toMatchObject({ A1: '2.1', r1: '2.2', r2: '3' });
    // Deletes: the folders after it move up.
    ok(await api.del(`/v1/datarooms/${room.id}/folders/${a.id}?cascade=true`));
    expect(await numbers(room.id)).toEqual({ B: '1', A1: '1.1', x: '1.1.1', r1: '1.2', r2: '2' });
    ok(await api.del(`/v1/datarooms/${room.id}/documents/${r1.id}`));
    const folders = (await walk(api.get, `/v1/datarooms/${room.id}/folders`)).items;
    expect(folders.map((f) => [f.name, f.order_index])).toEqual([['B', 0], ['A1', 0]]);
    expect(await numbers(room.id)).toEqual({ B: '1', A1: '1.1', x: '1.1.1', r2: '2' });
    void y;
  });

  it('numbers each page from its own items as the whole tree numbers them, through gaps, ties and small pages', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Paged numbers' }), 201);
    const f1 = await folder(room.id, 'F1');
    const f2 = await folder(room.id, 'F2');
    const f1a = await folder(room.id, 'F1a', f1.id);
    const f1ai = await folder(room.id, 'F1a-i', f1a.id);
    await folder(room.id, 'F1b', f1.id);
    const placed: Record<string, any> = {};
    for (const [name, at] of [['d1', f1ai.id], ['d2', f1ai.id], ['d3', f1ai.id], ['d4', f1a.id], ['d5', f1.id], ['d6', f2.id], ['r1', null], ['r2', null], ['r3', null]] as const) {
      placed[name] = await attach(room.id, name, at);
    }
    // A library document deleted leaves a gap in its folder's order (its placement cascades away).
    ok(await api.del(`/v1/documents/${placed.d2.document_id}`));
    // Ties and gaps no service writes, as an older row or a hand edit could leave them.
    await withTestDb(async (c) => {
      await c.query('UPDATE dataroom_documents SET order_index = 7 WHERE id = ANY($1::text[])', [[placed.r1.id, placed.r3.id]]);
      await c.query('UPDATE dataroom_folders SET order_index = order_index + 4 WHERE id = $1', [f2.id]);
    });
    const whole = await withTestDb(async (c) => {
      const folders = (await c.query('SELECT id, parent_id AS "parentId", order_index AS "orderIndex" FROM dataroom_folders WHERE dataroom_id = (SELECT id FROM datarooms WHERE id = $1 OR pid = $1)', [room.id])).rows;
      const placements = (await c.query('SELECT id, folder_id AS "folderId", order_index AS "orderIndex" FROM dataroom_documents WHERE dataroom_id = (SELECT id FROM datarooms WHERE id = $1 OR pid = $1)', [room.id])).rows;
      return numberItems(folders, placements);
    });
    expect(whole.size).toBe(13);
    for (const limit of [1, 2, 3, 100]) {
      const docs = (await walk(api.get, `/v1/datarooms/${room.id}/documents?limit=${limit}`)).items;
      expect(docs).toHaveLength(8);
      for (const d of docs) expect([d.document_name, d.index_number]).toEqual([d.document_name, whole.get(d.id)]);
      const folders = (await walk(api.get, `/v1/datarooms/${room.id}/folders?limit=${limit}`)).items;
      expect(folders).toHaveLength(5);
      for (const f of folders) expect([f.name, f.index_number]).toEqual([f.name, whole.get(f.id)]);
    }
    // The tie (r1, r3 both at 7) is broken by id, as the whole tree's numbering breaks it.
    const tied = [placed.r1, placed.r3].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect([whole.get(tied[0].id), whole.get(tied[1].id)]).toEqual(['4', '5']);
    expect(whole.get(placed.d3.id)).toBe('1.1.1.2');
    expect(whole.get(placed.d4.id)).toBe('1.1.2');
    expect(whole.get(placed.d5.id)).toBe('1.3');
    expect(ok(await api.get(`/v1/datarooms/${room.id}/documents/${placed.d3.id}`)).index_number).toBe('1.1.1.2');
    expect(ok(await api.get(`/v1/datarooms/${room.id}/folders/${f1ai.id}`)).index_number).toBe('1.1.1');
    expect(ok(await api.get(`/v1/datarooms/${room.id}/documents?folder_id=${f1ai.id}`)).data.map((d: any) => d.index_number)).toEqual(['1.1.1.1', '1.1.1.2']);
  });

  it('keeps order indexes dense when a folder is reordered among many', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Dense' }), 201);
    const fs_ = [];
    for (const n of ['f0', 'f1', 'f2', 'f3', 'f4']) fs_.push(await folder(room.id, n));
    ok(await api.patch(`/v1/datarooms/${room.id}/folders/${fs_[4].id}`, { order_index: 1 }));
    ok(await api.patch(`/v1/datarooms/${room.id}/folders/${fs_[0].id}`, { order_index: 3 }));
    const list = (await walk(api.get, `/v1/datarooms/${room.id}/folders?parent_id=root`)).items.sort((p, q) => p.order_index - q.order_index);
    expect(list.map((f) => [f.name, f.order_index, f.index_number])).toEqual([
      ['f4', 0, '1'],
      ['f1', 1, '2'],
      ['f2', 2, '3'],
      ['f0', 3, '4'],
      ['f3', 4, '5'],
    ]);
    envelope(await api.patch(`/v1/datarooms/${room.id}/folders/${fs_[0].id}`, { order_index: -1 }), 422, 'unprocessable_entity');
    envelope(await other.patch(`/v1/datarooms/${room.id}/folders/${fs_[0].id}`, { order_index: 0 }), 404, 'not_found');
  });

  it('answers null everywhere when the room has index_numbers off, and numbers again when on', async () => {
    const { room, x } = await sampleRoom();
    expect(room.index_numbers).toBe(true);
    expect(ok(await api.patch(`/v1/datarooms/${room.id}`, { index_numbers: false })).index_numbers).toBe(false);
    expect(Object.values(await numbers(room.id)).every((n) => n === null)).toBe(true);
    expect(ok(await api.get(`/v1/datarooms/${room.id}/documents/${x.id}`)).index_number).toBeNull();
    const csv = (await indexFile(room.id, '?format=csv')).bytes.toString();
    expect(csv.split('\r\n')[1]).toMatch(/^,,A,folder,/);
    ok(await api.patch(`/v1/datarooms/${room.id}`, { index_numbers: true }));
    expect((await numbers(room.id)).x).toBe('1.1.1');
    envelope(await api.patch(`/v1/datarooms/${room.id}`, { index_numbers: 'yes' }), 422, 'unprocessable_entity');
  });

  it('puts the number of a room document on the hits of a room search', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Search room' }), 201);
    await folder(room.id, 'Legal');
    const doc = await pdfDocument(api, 1, 'Quarterly zanzibar report.pdf');
    ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: doc.id }), 201);
    const hits = ok(await api.get(`/v1/search?q=zanzibar&dataroom_id=${room.id}`)).data;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h: any) => h.document_id === doc.id && h.index_number === '2')).toBe(true);
    // Outside a room search: no number.
    const team = ok(await api.get(`/v1/search?q=zanzibar`)).data;
    expect(team.every((h: any) => h.index_number === null)).toBe(true);
  });
});

describe('GET /v1/datarooms/{id}/index', () => {
  it('answers the whole tree as CSV, in order, with every column', async () => {
    const { room } = await sampleRoom();
    const pdf = await pdfDocument(api, 3, 'Deck.pdf');
    const placed = ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: pdf.id }), 201);
    const r = await indexFile(room.pid, '');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(r.headers.get('content-disposition')).toMatch(/attachment; filename="?Project-Falcon-index\.csv/);
    const lines = r.bytes.toString().trimEnd().split('\r\n');
    expect(lines[0]).toBe('index,path,name,type,pages,size,updated');
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.map((c) => [c[0], c[1], c[2], c[3]])).toEqual([
      ['1', '', 'A', 'folder'],
      ['1.1', 'A', 'A1', 'folder'],
      ['1.1.1', 'A / A1', 'x', 'link'],
      ['1.2', 'A', 'y', 'link'],
      ['2', '', 'B', 'folder'],
      ['3', '', 'r1', 'link'],
      ['4', '', 'r2', 'link'],
      ['5', '', 'Deck.pdf', 'pdf'],
    ]);
    const deck = rows[7]!;
    expect(deck[4]).toBe('3');
    expect(Number(deck[5])).toBeGreaterThan(100);
    expect(deck[6]).toMatch(/^\d{4}-\d\d-\d\dT/);
    void placed;
  });

  it('answers an Excel workbook that exceljs reads back', async () => {
    const { room } = await sampleRoom();
    const r = await indexFile(room.id, '?format=xlsx');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.bytes as never);
    const ws = wb.getWorksheet('Index')!;
    const values = (n: number) => (ws.getRow(n).values as unknown[]).slice(1, 5);
    expect(values(1)).toEqual(['Index', 'Path', 'Name', 'Type']);
    expect(values(2)).toEqual(['1', '', 'A', 'folder']);
    expect(values(4)).toEqual(['1.1.1', 'A / A1', 'x', 'link']);
    expect(ws.rowCount).toBe(8);
  });

  it('answers a PDF with the room name and every item that pdftotext reads back', async () => {
    const { room } = await sampleRoom();
    ok(await api.patch(`/v1/datarooms/${room.id}/folders/${(await folder(room.id, 'Ελληνικά — Данные')).id}`, { order_index: 0 }));
    const r = await indexFile(room.id, '?format=pdf');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-index-'));
    fs.writeFileSync(path.join(dir, 'i.pdf'), r.bytes);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'i.pdf'), '-']).toString();
    expect(text).toContain('Project Falcon');
    expect(text).toContain('Ελληνικά — Данные');
    expect(text).toMatch(/1\s+Ελληνικά/);
    expect(text).toMatch(/2\.1\.1\s+x/);
    expect(text).toMatch(/5\s+r2/);
    // No brand logo, no image: never the service's own logo on the team's index.
    expect(execFileSync('pdfimages', ['-list', path.join(dir, 'i.pdf')]).toString().trim().split('\n')).toHaveLength(2);
  });

  it('puts the room brand’s logo on the PDF’s band', async () => {
    const t = (await createToken({ team: uniqueTeam('room-index-brand'), scopes: 'apis.all', plan: 'datarooms-plus' })).token;
    const branded = client(t);
    // The team's first brand is its default: the room's visitors, and its index, see it.
    ok(await branded.post('/v1/brands', { name: 'Falcon', brand_color: '#0f766e', logo: { source_url: fixture('/brand/logo.png') } }), 201);
    const room = ok(await branded.post('/v1/datarooms', { name: 'Branded room' }), 201);
    const r = await indexFile(room.id, '?format=pdf', t);
    expect(r.status).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-index-'));
    fs.writeFileSync(path.join(dir, 'i.pdf'), r.bytes);
    // pdfimages -list: two header lines, then the logo (64 × 32, as the fixture).
    const images = execFileSync('pdfimages', ['-list', path.join(dir, 'i.pdf')]).toString().trim().split('\n').slice(2);
    expect(images).toHaveLength(1);
    expect(images[0]!.trim().split(/\s+/).slice(3, 5)).toEqual(['64', '32']);
    expect(execFileSync('pdftotext', [path.join(dir, 'i.pdf'), '-']).toString()).toContain('Branded room');
  });

  it('gives one group’s view with group_id, and refuses bad input, other teams and missing scope', async () => {
    const { room, a1, x } = await sampleRoom();
    const g = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Investors' }), 201);
    // Hide A1 and x from the group: the viewer's own rule decides what shows; numbers stay the room's.
    ok(await api.put(`/v1/datarooms/${room.id}/groups/${g.id}/permissions`, { permissions: [{ item_id: a1.id, can_view: false }, { item_id: x.id, can_view: false }] }));
    const csv = (await indexFile(room.id, `?group_id=${g.id}`)).bytes.toString();
    const rows = csv.trimEnd().split('\r\n').slice(1).map((l) => l.split(',').slice(0, 3).join(','));
    expect(rows).toEqual(['1,,A', '1.2,A,y', '2,,B', '3,,r1', '4,,r2']);

    const bad = await indexFile(room.id, '?format=docx');
    expect(bad.status).toBe(422);
    expect(JSON.parse(bad.bytes.toString()).error.code).toBe('unprocessable_entity');
    expect((await indexFile(room.id, '?group_id=nope')).status).toBe(404);
    expect((await indexFile(room.id, '?colour=red')).status).toBe(422);
    expect((await indexFile('nope', '')).status).toBe(404);
    const theirs = ok(await other.post('/v1/datarooms', { name: 'Theirs' }), 201);
    expect((await indexFile(theirs.id, '')).status).toBe(404);
    const docsOnly = (await createToken({ team: uniqueTeam('room-index-scope'), scopes: 'documents.read' })).token;
    const refused = await indexFile(room.id, '', docsOnly);
    expect(refused.status).toBe(403);
    expect((await indexFile(room.id, '', 'qk_nope')).status).toBe(401);
  });
});

describe('quire datarooms index', () => {
  it('writes the index file the API answers (and the API’s error with its exit code)', async () => {
    const { quire, configDir } = await import('./support/cli');
    const { room } = await sampleRoom();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-index-cli-'));
    const env = { QUIRE_CONFIG_DIR: configDir(), QUIRE_API_URL: baseUrl(), QUIRE_TOKEN: token };
    const out = path.join(dir, 'i.xlsx');
    const r = await quire(['datarooms', 'index', room.pid, '--format', 'xlsx', '-o', out, '--json'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ file: out, content_type: expect.stringContaining('spreadsheetml') });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    expect((wb.getWorksheet('Index')!.getRow(4).values as unknown[]).slice(1, 4)).toEqual(['1.1.1', 'A / A1', 'x']);
    const csv = await quire(['datarooms', 'index', room.id, '-o', '-'], env);
    expect(csv.stdout.split('\r\n')[0]).toBe('index,path,name,type,pages,size,updated');
    const missing = await quire(['datarooms', 'index', 'nope', '-o', '-'], env);
    expect(missing.code).toBe(5);
    expect(missing.stdout).toBe('');
  });
});
