// Search inside documents over real HTTP (DESIGN.md "Search inside documents"): text extracted
// in the background (text layers; scans and images by OCR), GET /v1/search's query language,
// hits with snippets and highlights, languages, filters, scopes, only primary versions, team
// isolation, and any input up to 500 characters a search.
import { execFileSync } from 'node:child_process';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client, createToken, envelope, upload, uniqueTeam } from './support/api';
import { ok } from './support/docs';
import { withTestDb } from './support/test-db';
import { TEXT_WAIT_TEST_MS, textDone } from './support/text';
import { docx, DOCX } from './support/office';

type Api = ReturnType<typeof client>;
let api: Api;
let other: Api;
let noRooms: Api;
let tokens: { api: string; noRooms: string };
const mcpClients: Client[] = [];
afterAll(async () => {
  await Promise.all(mcpClients.map((c) => c.close().catch(() => {})));
});

const hasTesseract = (() => {
  try {
    execFileSync('tesseract', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

beforeAll(async () => {
  const team = uniqueTeam('search');
  const [a, b, c] = await Promise.all([
    createToken({ team, scopes: 'documents.read,documents.write,datarooms.read,datarooms.write' }),
    createToken({ team: uniqueTeam('search-other'), scopes: 'documents.read,documents.write,datarooms.read' }),
    createToken({ team, scopes: 'documents.read' }),
  ]);
  api = client(a.token);
  other = client(b.token);
  noRooms = client(c.token);
  tokens = { api: a.token, noRooms: c.token };
});

/** A PDF whose pages hold these lines of text (Helvetica: Latin-1 accents included). */
async function textPdf(pages: string[][]): Promise<Buffer> {
  const d = await PDFDocument.create();
  const f = await d.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = d.addPage([612, 792]);
    lines.forEach((l, i) => page.drawText(l, { x: 72, y: 700 - i * 20, size: 12, font: f }));
  }
  return Buffer.from(await d.save());
}

/** An image of text (a "scan"): big black words on white. */
function scanPng(lines: string[]): Buffer {
  const c = createCanvas(1700, 2200);
  const g = c.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, 1700, 2200);
  g.fillStyle = '#000';
  g.font = '64px sans-serif';
  lines.forEach((l, i) => g.fillText(l, 150, 300 + i * 120));
  return c.toBuffer('image/png');
}

async function scannedPdf(lines: string[]): Promise<Buffer> {
  const d = await PDFDocument.create();
  const img = await d.embedPng(scanPng(lines));
  d.addPage([612, 792]).drawImage(img, { x: 0, y: 0, width: 612, height: 792 });
  return Buffer.from(await d.save());
}

async function addDoc(a: Api, bytes: Buffer, name: string, type = 'application/pdf') {
  const id = await upload(a, bytes, type, name);
  return ok(await a.post('/v1/documents', { upload_id: id, name }), 201);
}

/** Waits until the document's words are read (or it says why not). */

const search = (a: Api, params: Record<string, string>) => a.get(`/v1/search?${new URLSearchParams(params)}`);
const hits = async (a: Api, params: Record<string, string>) => ok(await search(a, params)).data as any[];
const marked = (h: { snippet: string; highlights: [number, number][] }) => h.highlights.map(([s, e]) => h.snippet.slice(s, e));

let contract: any;
let memo: any;

describe('extraction and the query language', () => {
  beforeAll(async () => {
    contract = await addDoc(api, await textPdf([
      ['Share purchase agreement', 'Closing conditions apply.'],
      ['The escrow agent holds the purchase price.', 'Signed by both parties on the closing date.'],
      ['Déjà signed contracts include the NDA.', 'A draft schedule is attached.'],
    ]), 'Share Purchase Agreement.pdf');
    memo = await addDoc(api, await textPdf([['Internal memo about the signing process.', 'No escrow is needed here.']]), 'Memo.pdf');
    await Promise.all([textDone(api, contract.id), textDone(api, memo.id)]);
  });

  it('reads a new PDF’s words in the background: text_status processing, then ready', async () => {
    expect(contract.text_status).toBe('processing');
    expect(contract.language).toBe('en');
    const d = ok(await api.get(`/v1/documents/${contract.id}`));
    expect(d.text_status).toBe('ready');
    const v = ok(await api.get(`/v1/documents/${contract.id}/versions`)).data[0];
    expect(v).toMatchObject({ text_status: 'ready', text_error: null });
  });

  it('finds a word on its page, with a snippet and the word highlighted', async () => {
    const r = await hits(api, { q: 'escrow', document_id: contract.id });
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ object: 'search_hit', document_id: contract.id, document_name: 'Share Purchase Agreement.pdf', page_number: 2, match: 'text' });
    expect(r[0].version_id).toMatch(/\w+/);
    expect(r[0].snippet).toContain('The escrow agent holds the purchase price.');
    expect(marked(r[0])).toEqual(['escrow']);
    expect(r[0].score).toBeGreaterThan(0);
  });

  it('stems in the document’s language and ignores case and accents', async () => {
    expect((await hits(api, { q: 'SIGNING' })).map((h) => [h.document_name, h.page_number])).toEqual(
      expect.arrayContaining([['Share Purchase Agreement.pdf', 2], ['Share Purchase Agreement.pdf', 3], ['Memo.pdf', 1]]),
    );
    const deja = await hits(api, { q: 'deja' });
    expect(deja.map((h) => h.page_number)).toEqual([3]);
    expect(marked(deja[0])).toEqual(['Déjà']);
  });

  it('"phrases", -exclusions and or', async () => {
    const phrase = await hits(api, { q: '"signed contracts"' });
    expect(phrase.map((h) => h.page_number)).toEqual([3]);
    expect(marked(phrase[0])).toEqual(['signed contracts']);
    expect(await hits(api, { q: '"contracts signed"' })).toEqual([]);
    const notMemo = await hits(api, { q: 'escrow -memo -needed' });
    expect(notMemo.map((h) => h.document_id)).toEqual([contract.id]);
    const either = await hits(api, { q: 'memo or NDA' });
    expect(either.map((h) => h.document_name).sort()).toEqual(['Memo.pdf', 'Memo.pdf', 'Share Purchase Agreement.pdf'].slice(0, either.length).sort());
    expect(either.some((h) => h.match === 'name' && h.document_id === memo.id)).toBe(true);
    expect(either.some((h) => h.page_number === 3 && marked(h).includes('NDA'))).toBe(true);
    // An exclusion is never highlighted.
    expect(notMemo.flatMap(marked)).toEqual(['escrow']);
  });

  it('lists name matches first (page_number null), then pages best first', async () => {
    const r = await hits(api, { q: 'agreement' });
    expect(r[0]).toMatchObject({ match: 'name', document_id: contract.id, page_number: null, snippet: 'Share Purchase Agreement.pdf' });
    expect(marked(r[0])).toEqual(['Agreement']);
    expect(r.slice(1).every((h) => h.match === 'text')).toBe(true);
    expect(r.slice(1).map((h) => h.page_number)).toEqual([1]);
  });

  it('pages through hits with cursors', async () => {
    const all = await hits(api, { q: 'signed or escrow or purchase or closing' });
    expect(all.length).toBeGreaterThanOrEqual(4);
    const first = ok(await search(api, { q: 'signed or escrow or purchase or closing', limit: '2' }));
    expect(first.data).toHaveLength(2);
    const second = ok(await search(api, { q: 'signed or escrow or purchase or closing', limit: '2', cursor: first.next_cursor }));
    expect([...first.data, ...second.data].map((h: any) => `${h.document_id}:${h.page_number}`)).toEqual(all.slice(0, 4).map((h) => `${h.document_id}:${h.page_number}`));
    envelope(await search(api, { q: 'x', cursor: 'not-a-cursor' }), 422, 'unprocessable_entity');
  });
});

describe('a full page', { timeout: TEXT_WAIT_TEST_MS }, () => {
  it('keeps a long page’s words vector in its row (ranking reads no TOAST), and finds a word on it', async () => {
    // 36 lines of 10 distinct words: a real page's 360 words, a tsv well past the 2 KB TOAST target.
    const lines = Array.from({ length: 36 }, (_, l) => Array.from({ length: 10 }, (_, w) => `clause${l}x${w} term${(l * 10 + w) % 97}`).join(' ').slice(0, 95));
    const doc = await addDoc(api, await textPdf([lines]), 'Full page.pdf');
    await textDone(api, doc.id);
    const r = await hits(api, { q: 'clause20x3', document_id: doc.id });
    expect(r.map((h) => h.page_number)).toEqual([1]);
    const row = await withTestDb(async (c) => {
      const storage = (await c.query(`SELECT attstorage FROM pg_attribute WHERE attrelid = 'page_texts'::regclass AND attname = 'tsv'`)).rows[0].attstorage;
      // PostgreSQL 17 (the embedded database) says whether a value went out of line; 15 does not.
      const canTell = (await c.query(`SELECT to_regproc('pg_column_toast_chunk_id') IS NOT NULL AS yes`)).rows[0].yes;
      const page = (await c.query(
        `SELECT pg_column_size(tsv) AS size${canTell ? ', pg_column_toast_chunk_id(tsv) AS chunk' : ''} FROM page_texts WHERE document_id = $1`,
        [doc.id],
      )).rows[0];
      return { storage, ...page };
    });
    expect(row.storage).toBe('m');
    expect(row.size).toBeGreaterThan(2048);
    if ('chunk' in row) expect(row.chunk).toBeNull();
  });
});

describe('any input is a search', () => {
  it('quotes, operators, emoji, SQL and control characters: 200, never an error', async () => {
    for (const q of ['"unbalanced', '-', 'or or or', "'; DROP TABLE page_texts; --", '😀', 'a & b | !c', '(((', '\u0001escrow\u0002', '\u007f', ' ', '\\', '%_', 'x'.repeat(500)]) {
      const r = await search(api, { q });
      expect(r.status, JSON.stringify(q)).toBe(200);
      expect(Array.isArray(r.body.data)).toBe(true);
    }
    // Only exclusions: nothing to match with finds nothing, not every page.
    expect(await hits(api, { q: '-escrow' })).toEqual([]);
    expect((await hits(api, { q: '\u0001escrow\u0002' })).length).toBeGreaterThan(0);
  });

  it('422 for a missing, empty or too long q, or an unknown parameter', async () => {
    envelope(await api.get('/v1/search'), 422, 'unprocessable_entity');
    envelope(await search(api, { q: '' }), 422, 'unprocessable_entity');
    const long = envelope(await search(api, { q: 'x'.repeat(501) }), 422, 'unprocessable_entity');
    expect(JSON.stringify(long.details)).toContain('500');
    envelope(await search(api, { q: 'x', sort: 'name' }), 422, 'unprocessable_entity');
    envelope(await search(api, { q: 'x', type: 'spreadsheet' }), 422, 'unprocessable_entity');
  });
});

describe('languages', { timeout: TEXT_WAIT_TEST_MS }, () => {
  it('stems a document in its language; changing it indexes it again at once', async () => {
    const d = await addDoc(api, await textPdf([['Die Gesellschaften haben die Verträge unterzeichnet.']]), 'Vertrag.pdf');
    await textDone(api, d.id);
    // Indexed in English (the team's default): the German plural is not the singular.
    expect(await hits(api, { q: 'Gesellschaft', document_id: d.id })).toEqual([]);
    const de = ok(await api.patch(`/v1/documents/${d.id}`, { language: 'de' }));
    expect(de.language).toBe('de');
    const r = await hits(api, { q: 'Gesellschaft', document_id: d.id });
    expect(r.map((h) => h.page_number)).toEqual([1]);
    expect(marked(r[0])).toEqual(['Gesellschaften']);
    envelope(await api.patch(`/v1/documents/${d.id}`, { language: 'klingon' }), 422, 'unprocessable_entity');
  });
});

describe('filters and scopes', { timeout: TEXT_WAIT_TEST_MS }, () => {
  it('dataroom_id, folder_id (with subfolders), document_id and type narrow the hits', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Search room' }), 201);
    ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: memo.id }), 201);
    expect((await hits(api, { q: 'escrow', dataroom_id: room.id })).map((h) => h.document_id)).toEqual([memo.id]);

    const parent = ok(await api.post('/v1/folders', { name: 'Deal' }), 201);
    const child = ok(await api.post('/v1/folders', { name: 'Legal', parent_id: parent.id }), 201);
    ok(await api.patch(`/v1/documents/${contract.id}`, { folder_id: child.id }));
    expect((await hits(api, { q: 'escrow', folder_id: parent.id })).map((h) => h.document_id)).toEqual([contract.id]);
    expect((await hits(api, { q: 'escrow', folder_id: child.id })).map((h) => h.document_id)).toEqual([contract.id]);
    ok(await api.patch(`/v1/documents/${contract.id}`, { folder_id: null }));

    expect((await hits(api, { q: 'escrow', type: 'pdf' })).length).toBe(2);
    expect(await hits(api, { q: 'escrow', type: 'video' })).toEqual([]);
  });

  it('404 for another team’s room, folder or document; 403 for a room filter without datarooms.read', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Mine' }), 201);
    const folder = ok(await api.post('/v1/folders', { name: 'Mine' }), 201);
    envelope(await search(other, { q: 'escrow', dataroom_id: room.id }), 404, 'not_found');
    envelope(await search(other, { q: 'escrow', folder_id: folder.id }), 404, 'not_found');
    envelope(await search(other, { q: 'escrow', document_id: contract.id }), 404, 'not_found');
    const e = envelope(await search(noRooms, { q: 'escrow', dataroom_id: room.id }), 403, 'forbidden');
    expect(e.details).toEqual({ required_scope: 'datarooms.read' });
    expect((await hits(noRooms, { q: 'escrow' })).length).toBe(2);
  });

  it('never returns another team’s documents', async () => {
    const theirs = await addDoc(other, await textPdf([['Their escrow terms.']]), 'Theirs.pdf');
    await textDone(other, theirs.id);
    expect((await hits(other, { q: 'escrow' })).map((h) => h.document_id)).toEqual([theirs.id]);
    expect((await hits(api, { q: 'escrow' })).map((h) => h.document_id)).not.toContain(theirs.id);
  });
});

describe('only primary versions', { timeout: TEXT_WAIT_TEST_MS }, () => {
  it('a new version replaces the words at once; promoting the old one back brings them back; deleting removes them', async () => {
    const d = await addDoc(api, await textPdf([['Quarterly indemnity schedule.']]), 'Versions.pdf');
    await textDone(api, d.id);
    expect((await hits(api, { q: 'indemnity' })).map((h) => h.document_id)).toEqual([d.id]);
    const first = ok(await api.get(`/v1/documents/${d.id}/versions`)).data[0];
    const id = await upload(api, await textPdf([['Quarterly warranty schedule.']]), 'application/pdf', 'v2.pdf');
    ok(await api.post(`/v1/documents/${d.id}/versions`, { upload_id: id }), 201);
    // Before the new version's words are even read, the old ones are gone from the results.
    expect(await hits(api, { q: 'indemnity' })).toEqual([]);
    await textDone(api, d.id);
    expect((await hits(api, { q: 'warranty' })).map((h) => h.document_id)).toEqual([d.id]);
    ok(await api.patch(`/v1/documents/${d.id}/versions/${first.id}`, { is_primary: true }));
    expect((await hits(api, { q: 'indemnity' })).map((h) => h.version_id)).toEqual([first.id]);
    expect(await hits(api, { q: 'warranty' })).toEqual([]);
    ok(await api.del(`/v1/documents/${d.id}`));
    expect(await hits(api, { q: 'indemnity' })).toEqual([]);
  });
});

describe('files without a text layer', { timeout: TEXT_WAIT_TEST_MS }, () => {
  it('a link has no words (unavailable); a PDF of blank pages has none', async () => {
    const l = ok(await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/deal', name: 'Deal site' }), 201);
    expect(l.text_status).toBe('unavailable');
    const blank = await addDoc(api, await textPdf([[], []]), 'Blank.pdf');
    const done = await textDone(api, blank.id);
    expect(done.text_status).toBe('none');
  });

  it.skipIf(!hasTesseract)('reads a scanned page and an image by OCR', async () => {
    const scan = await addDoc(api, await scannedPdf(['CONFIDENTIAL', 'Warehouse lease renewal']), 'Scan.pdf');
    const img = await addDoc(api, scanPng(['Invoice number 4471', 'Harbor logistics']), 'Invoice.png', 'image/png');
    await Promise.all([textDone(api, scan.id), textDone(api, img.id)]);
    const lease = await hits(api, { q: 'warehouse lease' });
    expect(lease.map((h) => [h.document_id, h.page_number])).toEqual([[scan.id, 1]]);
    expect(marked(lease[0]).map((w) => w.toLowerCase())).toEqual(['warehouse lease']);
    expect((await hits(api, { q: 'harbor logistics' })).map((h) => h.document_id)).toEqual([img.id]);
  });

  it('refuses to read a document of more than 5,000 pages, saying why', async () => {
    const d = await PDFDocument.create();
    for (let i = 0; i < 5001; i++) d.addPage([200, 200]);
    const huge = await addDoc(api, Buffer.from(await d.save()), 'Huge.pdf');
    const done = await textDone(api, huge.id);
    expect(done.text_status).toBe('failed');
    const v = ok(await api.get(`/v1/documents/${huge.id}/versions`)).data[0];
    expect(v.text_error).toMatch(/5,001 pages.*up to 5,000/);
  });
});

describe('Office files', { timeout: TEXT_WAIT_TEST_MS }, () => {
  it('are searchable once converted', async () => {
    const d = await addDoc(api, await docx(['Board resolution on the dividend policy']), 'Resolution.docx', DOCX);
    expect(d.text_status).toBe('processing');
    await textDone(api, d.id);
    expect((await hits(api, { q: 'dividend' })).map((h) => [h.document_id, h.page_number])).toEqual([[d.id, 1]]);
  });
});

describe('the MCP tool', () => {
  async function mcp(token: string) {
    const c = new Client({ name: 'search-test', version: '1.0.0' });
    await c.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl()), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    mcpClients.push(c);
    return c;
  }
  const call = (c: Client, args: Record<string, unknown>) => c.callTool({ name: 'search', arguments: args }) as Promise<CallToolResult>;

  it('`search` takes the same query and filters and keeps the same rules', async () => {
    const c = await mcp(tokens.api);
    const tool = (await c.listTools()).tools.find((t) => t.name === 'search')!;
    expect(Object.keys(tool.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['q', 'dataroom_id', 'folder_id', 'document_id', 'type', 'limit', 'cursor']));
    const r = await call(c, { q: 'escrow', document_id: contract.id });
    expect(r.isError).toBeFalsy();
    expect((r.structuredContent as any).data.map((h: any) => [h.document_id, h.page_number])).toEqual([[contract.id, 2]]);
    const room = ok(await api.post('/v1/datarooms', { name: 'MCP room' }), 201);
    const refused = await call(await mcp(tokens.noRooms), { q: 'escrow', dataroom_id: room.id });
    expect(refused.isError).toBe(true);
    expect((refused.structuredContent as any).error).toMatchObject({ code: 'forbidden', details: { required_scope: 'datarooms.read' } });
  });
});
