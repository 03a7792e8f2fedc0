// Text extraction against what can go wrong (DESIGN.md "Search inside documents"): a hostile PDF
// whose page takes far longer to read than a batch may (TEXT_EXTRACTION_BATCH_SECONDS, shortened
// here) fails with the reason and holds up neither the queue nor the API; and a server killed in
// the middle of a long document leaves it to the next start (TEXT_EXTRACTION_LEASE_SECONDS,
// shortened), which finishes it with every page indexed once; a long document takes turns with the
// ones queued after it (TEXT_EXTRACTION_SLICE_SECONDS, shortened). A server of its own (its own
// embedded database, or a scratch database on CI's PostgreSQL pass), so no other instance can
// pick the jobs up for it.
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { client, createToken, upload, uniqueTeam } from './support/api';
import { ownDatabase } from './support/database';
import { ok } from './support/docs';
import { textDone } from './support/text';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer | null = null;
/** Which of the two settings the running server has. */
let running: 'hostile' | 'resuming' | null = null;
let dropDatabase: (() => Promise<void>) | null = null;
let env: Record<string, string>;
const dir = path.join(inject('tmpDir'), 'search-resilience');

beforeAll(async () => {
  fs.mkdirSync(dir, { recursive: true });
  env = {
    ...inject('serverEnv'),
    QUIRE_DATA_DIR: path.join(dir, 'data'),
  };
  dropDatabase = await ownDatabase(env, 'text');
});

afterAll(async () => {
  await server?.stop();
  await dropDatabase?.();
});

// One database, one server at a time, with the settings of the test at hand. Only the hostile page's
// test shortens a batch: on loaded cores a batch of ordinary pages (and the document's load at the
// start of each slice) took more than 2 s, and the long documents below ended `failed`.
const SETTINGS = {
  hostile: { TEXT_EXTRACTION_BATCH_SECONDS: '2' },
  resuming: { TEXT_EXTRACTION_LEASE_SECONDS: '3', TEXT_EXTRACTION_SLICE_SECONDS: '1' },
};
const envOf = (which: keyof typeof SETTINGS) => ({ ...env, ...SETTINGS[which] });

async function serverWith(which: keyof typeof SETTINGS): Promise<RunningServer> {
  if (server && running === which) return server;
  await server?.stop();
  server = await startServer(envOf(which), { logFile: path.join(dir, 'server.log') });
  running = which;
  return server;
}

type Api = ReturnType<typeof client>;

/** One page whose content stream shows a character `n` times: 2 million took pdf.js 3.2 s to read here. */
async function endlessPage(n: number): Promise<Buffer> {
  const d = await PDFDocument.create();
  const font = await d.embedFont(StandardFonts.Helvetica);
  const page = d.addPage([612, 792]);
  const key = page.node.newFontDictionary('Helvetica', font.ref);
  const body = `BT ${key.toString()} 1 Tf 72 700 Td ${'(x) Tj '.repeat(n)}ET`;
  page.node.set(PDFName.of('Contents'), d.context.register(d.context.flateStream(body)));
  return Buffer.from(await d.save());
}

/** `pages` pages, each with "alpha", its own marker word and a line of filler. */
async function longPdf(pages: number): Promise<Buffer> {
  const d = await PDFDocument.create();
  const f = await d.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = d.addPage([612, 792]);
    page.drawText(`alpha marker${i} of the long document`, { x: 72, y: 700, size: 12, font: f });
    page.drawText('Representations and warranties of the seller survive the closing.', { x: 72, y: 680, size: 12, font: f });
  }
  return Buffer.from(await d.save());
}

async function addDoc(a: Api, bytes: Buffer, name: string) {
  const id = await upload(a, bytes, 'application/pdf', name);
  return ok(await a.post('/v1/documents', { upload_id: id, name }), 201);
}


/** Every hit of `q` in one document, over every page of results. */
async function allHits(a: Api, q: string, documentId: string) {
  const out: any[] = [];
  let cursor: string | null = null;
  do {
    const params: URLSearchParams = new URLSearchParams({ q, document_id: documentId, limit: '100', ...(cursor ? { cursor } : {}) });
    const page: any = ok(await a.get(`/v1/search?${params}`));
    out.push(...page.data);
    cursor = page.next_cursor ?? null;
  } while (cursor);
  return out;
}

it('a page that takes longer than a batch may fails the document’s text with the reason; the next document is read and the API answers meanwhile', async () => {
  const { token } = await createToken({ team: uniqueTeam('text-hostile'), scopes: 'documents.read,documents.write', env });
  const api = client(token, (await serverWith('hostile')).url);
  const hostile = await addDoc(api, await endlessPage(4_000_000), 'Endless content stream.pdf');
  const plain = await addDoc(api, await longPdf(2), 'Plain after it.pdf');
  // The API answers while the hostile page is read.
  expect(ok(await api.get(`/v1/documents/${plain.id}`)).id).toBe(plain.id);

  const failed = await textDone(api, hostile.id);
  expect(failed.text_status).toBe('failed');
  const [version] = ok(await api.get(`/v1/documents/${hostile.id}/versions`)).data;
  expect(version).toMatchObject({ text_status: 'failed', text_error: expect.stringMatching(/^Reading page 1 took too long/) });
  // The file itself stays viewable metadata-wise: it is the text that failed, not the document.
  expect(ok(await api.get(`/v1/documents/${hostile.id}`)).num_pages).toBe(1);

  expect((await textDone(api, plain.id)).text_status).toBe('ready');
  expect((await allHits(api, 'marker2', plain.id)).map((h) => h.page_number)).toEqual([2]);
}, 300_000);

it('a server killed in the middle of a long document finishes it after a restart, every page indexed once', async () => {
  const { token } = await createToken({ team: uniqueTeam('text-restart'), scopes: 'documents.read,documents.write', env });
  let api = client(token, (await serverWith('resuming')).url);
  const pages = 240;
  const doc = await addDoc(api, await longPdf(pages), 'Long document.pdf');

  // Killed once its first batch is stored and before it is done.
  for (const until = Date.now() + 60_000; ; ) {
    const [first] = await allHits(api, 'marker1', doc.id);
    const d = ok(await api.get(`/v1/documents/${doc.id}`));
    if (d.text_status !== 'processing') throw new Error(`finished before the kill (${d.text_status}): make the document longer`);
    if (first) break;
    if (Date.now() > until) throw new Error('the first batch was never stored');
    await new Promise((r) => setTimeout(r, 50));
  }
  process.kill(-server!.pid, 'SIGKILL');
  server = await startServer(envOf('resuming'), { logFile: path.join(dir, 'server.log') });
  api = client(token, server.url);
  expect(ok(await api.get(`/v1/documents/${doc.id}`)).text_status).toBe('processing');

  expect((await textDone(api, doc.id)).text_status).toBe('ready');
  const every = await allHits(api, 'alpha', doc.id);
  expect(every).toHaveLength(pages);
  expect(new Set(every.map((h) => h.page_number)).size).toBe(pages);
  expect((await allHits(api, `marker${pages}`, doc.id)).map((h) => h.page_number)).toEqual([pages]);
}, 360_000);

it('a long document takes turns: one queued after it is read while it is still being read, and both end with every page', async () => {
  const { token } = await createToken({ team: uniqueTeam('text-turns'), scopes: 'documents.read,documents.write', env });
  const api = client(token, (await serverWith('resuming')).url);
  const pages = 600;
  const long = await addDoc(api, await longPdf(pages), 'Long first.pdf');
  const short = await addDoc(api, await longPdf(2), 'Short after it.pdf');
  // Read in turns of a second: the short one is done long before the 600 pages are.
  expect((await textDone(api, short.id)).text_status).toBe('ready');
  expect(ok(await api.get(`/v1/documents/${long.id}`)).text_status).toBe('processing');
  expect((await textDone(api, long.id, 180_000)).text_status).toBe('ready');
  const every = await allHits(api, 'alpha', long.id);
  expect(new Set(every.map((h) => h.page_number)).size).toBe(pages);
}, 240_000);
