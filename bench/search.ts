// `npm run bench -- --parts search` (also `npm run bench:search`): search inside documents on
// PostgreSQL, over real HTTP against the production server (npm start), printed, never asserted:
// - 1,000,000 indexed pages (10,000 documents of 100 pages, 60 words each): a team-wide query and
//   a room query (a room of 500 documents) at 16 connections, beside a bare node:http + pg
//   handler sending the app's own statements (token lookup, then the search);
// - extraction: a 300-page text PDF from upload to text_status ready (pages a second);
// - a cached page image's p99, idle and while a 1,000-page PDF is being read.
// Uses the `npm run bench` database (its 100,000 documents seeded when missing). Each page has its
// word boxes as extraction stores them (`words`: start, end, x, y, w, h of each word), which is
// what pushes a row past PostgreSQL's TOAST threshold; BENCH_SEARCH_WORDS=0 seeds pages without.
import http from 'node:http';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import pg from 'pg';
import { TOKEN_LOOKUP_SQL } from '../server/auth/token-sql';
import { closeDb } from '../server/db/client';
import { isoFromPg, preparedName } from '../server/db/sql';
import { QUERY_GROUP_CONFIGS, QUERY_GROUPS_SQL, searchPage, searchStatement, type QueryGroup, type Row } from '../server/services/search/query';
import { adminCreateToken } from '../server/services/teams-admin';
import { freePort, load, startApp } from './http-app';
import { dbUrl, ensureSeeded, TEAM_ID, TEAM_SLUG } from './seed';

const ADMIN_URL = process.env.BENCH_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_URL = dbUrl(ADMIN_URL, process.env.BENCH_DATABASE || 'quire_bench');
const DOCS = 10_000;
const PAGES = 100;
const ROOM = 'searchroom00000000000000';
const ROOM_DOCS = 500;
const log = (s = '') => process.stdout.write(s + '\n');

// Deal-room words: common ones on every page, rarer ones on a few (what a buyer searches for).
const COMMON = 'the agreement party parties shall company purchase price closing date section schedule seller buyer shares business financial statements period material adverse effect obligations rights terms conditions provided pursuant including without limitation any all such other notice written consent liability damages claims losses third representations warranties covenants employees assets contracts intellectual property tax returns accounts records'.split(' ');
const RARE = 'escrow indemnity earnout arbitration severance goodwill covenant subordination novation rescission'.split(' ');

const WITH_WORDS = process.env.BENCH_SEARCH_WORDS !== '0';

/** 60 words' boxes as page-text.ts keeps them: offsets in the body, then x, y, w, h in points. */
function wordBoxes(): number[] {
  const out: number[] = [];
  let at = 0;
  for (let k = 0; k < 60; k++) {
    const len = 3 + ((k * 7) % 9);
    out.push(at, at + len, +(72 + ((k % 8) * 58.37)).toFixed(2), +(96 + Math.floor(k / 8) * 14.4).toFixed(2), +(len * 5.61).toFixed(2), 11.04);
    at += len + 1;
  }
  return out;
}

async function seedPages(c: pg.Client) {
  const have = await c.query(`SELECT count(*)::int AS n, count(words)::int AS w FROM page_texts WHERE team_id = $1 AND is_primary`, [TEAM_ID]);
  if (have.rows[0].n >= DOCS * PAGES && (have.rows[0].w > 0) === WITH_WORDS) return;
  log(`seeding ${(DOCS * PAGES).toLocaleString('en-US')} indexed pages (${DOCS.toLocaleString('en-US')} documents of ${PAGES} pages)...`);
  const t0 = Date.now();
  await c.query(`DELETE FROM page_texts WHERE team_id = $1`, [TEAM_ID]);
  await c.query(`DROP INDEX IF EXISTS qx_page_texts_primary_tsv`);
  const common = `ARRAY[${COMMON.map((w) => `'${w}'`).join(',')}]`;
  const rare = `ARRAY[${RARE.map((w) => `'${w}'`).join(',')}]`;
  const docs = (await c.query(`SELECT d.id, v.id AS version FROM documents d JOIN document_versions v ON v.document_id = d.id AND v.is_primary WHERE d.team_id = $1 ORDER BY d.id LIMIT ${DOCS}`, [TEAM_ID])).rows;
  for (let i = 0; i < docs.length; i += 500) {
    const batch = docs.slice(i, i + 500);
    // 60 words a page: common words, and one rare word on about one page in 25.
    await c.query(
      `INSERT INTO page_texts (version_id, page_number, team_id, document_id, config, body, words, ocr, is_primary, tsv)
       SELECT b.version, p, $1, b.id, 'quire_english', t.body, $4::jsonb, false, true, to_tsvector('quire_english'::regconfig, t.body)
       FROM unnest($2::text[], $3::text[]) AS b(id, version)
       CROSS JOIN generate_series(1, ${PAGES}) p
       CROSS JOIN LATERAL (
         SELECT string_agg(CASE WHEN k = 30 AND abs(hashtext(b.id || p)) % 25 = 0 THEN (${rare})[1 + abs(hashtext(b.id || p || 'r')) % ${RARE.length}]
                                ELSE (${common})[1 + abs(hashtext(b.id || p || k)) % ${COMMON.length}] END, ' ') AS body
         FROM generate_series(1, 60) k) t`,
      [TEAM_ID, batch.map((d) => d.id), batch.map((d) => d.version), WITH_WORDS ? JSON.stringify(wordBoxes()) : null],
    );
    if ((i / 500) % 4 === 3) log(`  ${((i + 500) * PAGES).toLocaleString('en-US')} pages (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  log('  building the GIN index...');
  await c.query(`SET maintenance_work_mem = '512MB'`);
  await c.query(`CREATE INDEX qx_page_texts_primary_tsv ON page_texts USING GIN (tsv) WITH (fastupdate = off) WHERE is_primary`);
  await c.query(`UPDATE documents SET text_status = 'ready' WHERE id = ANY($1::text[])`, [docs.map((d) => d.id)]);
  await c.query(`UPDATE document_versions SET text_status = 'ready' WHERE id = ANY($1::text[])`, [docs.map((d) => d.version)]);
  await c.query('VACUUM ANALYZE page_texts');
  const stored = (await c.query(`SELECT round(avg(pg_column_size(tsv))) AS tsv, round(avg(pg_column_size(words))) AS words, count(*) FILTER (WHERE pg_column_compression(tsv) IS NOT NULL)::int AS compressed
    FROM (SELECT tsv, words FROM page_texts WHERE team_id = $1 LIMIT 10000) s`, [TEAM_ID])).rows[0];
  log(`  a page's tsv ${stored.tsv} bytes as stored, words ${stored.words ?? 0}; tsv compressed on ${stored.compressed} of 10,000 pages`);
  log(`  seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

async function seedRoom(c: pg.Client) {
  if ((await c.query('SELECT 1 FROM datarooms WHERE id = $1', [ROOM])).rowCount) return;
  await c.query(`INSERT INTO datarooms (id, pid, team_id, name, created_at, updated_at) VALUES ($1, 'dr_' || $1, $2, 'Search room', now(), now())`, [ROOM, TEAM_ID]);
  await c.query(
    `INSERT INTO dataroom_documents (id, dataroom_id, document_id, order_index, created_at, updated_at)
     SELECT 'sr' || row_number() OVER (), $1, document_id, 0, now(), now()
     FROM (SELECT DISTINCT document_id FROM page_texts WHERE team_id = $2 ORDER BY document_id DESC LIMIT ${ROOM_DOCS}) d`,
    [ROOM, TEAM_ID],
  );
  await c.query('ANALYZE dataroom_documents');
}

/** The bare handler: the app's two statements (token lookup, then the search) on a pg pool, the app's JSON, nothing else. */
function startBaseline(port: number, token: string) {
  const publicId = token.slice('quire_live_'.length, 'quire_live_'.length + 12);
  const pool = new pg.Pool({ connectionString: DB_URL, max: 10 });
  pg.types.setTypeParser(1114, isoFromPg);
  const seen = new Map<string, QueryGroup[]>();
  const server = http.createServer(async (req, res) => {
    const u = new URL(req.url!, 'http://x');
    await pool.query({ text: TOKEN_LOOKUP_SQL, values: [publicId], name: preparedName(TOKEN_LOOKUP_SQL) });
    const room = u.searchParams.get('dataroom_id');
    const q = u.searchParams.get('q')!;
    // A query's language groups, asked once and remembered, as the app does.
    let groups = seen.get(q);
    if (!groups) seen.set(q, (groups = (await pool.query<QueryGroup>({ text: QUERY_GROUPS_SQL, values: [q, QUERY_GROUP_CONFIGS], name: preparedName(QUERY_GROUPS_SQL) })).rows));
    const s = searchStatement({ teamId: TEAM_ID, ...(room ? { dataroomId: room } : {}) }, q, groups, 25, 0);
    const { rows } = await pool.query<Row>(s.text, s.values);
    // The app adds each hit's index number in a room (its own reads, not sent here): null in a team-wide search.
    const page = searchPage(rows, 25, 0);
    const body = JSON.stringify({ ...page, data: page.data.map((h) => ({ ...h, index_number: null })) });
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) }).end(body);
  });
  return new Promise<{ close(): Promise<void> }>((resolve) => server.listen(port, '127.0.0.1', () => resolve({ close: async () => (server.close(), await pool.end()) })));
}

async function textPdf(pages: number): Promise<Buffer> {
  const d = await PDFDocument.create();
  const f = await d.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = d.addPage([612, 792]);
    for (let l = 0; l < 40; l++) page.drawText(`${COMMON[(p + l) % COMMON.length]} ${COMMON[(p * 7 + l) % COMMON.length]} line ${l} of page ${p + 1}, ${RARE[(p + l) % RARE.length]} clause`, { x: 50, y: 740 - l * 17, size: 10, font: f });
  }
  return Buffer.from(await d.save());
}

async function main() {
  await ensureSeeded(ADMIN_URL, process.env.BENCH_DATABASE || 'quire_bench', { documents: 100_000, folders: 2_000 }, { log });
  const c = new pg.Client({ connectionString: DB_URL });
  await c.connect();
  await seedPages(c);
  // An earlier run's extraction documents (their pages hold every rare word) leave the index as seeded.
  await c.query(`DELETE FROM page_texts pt USING documents d WHERE d.id = pt.document_id AND d.team_id = $1 AND d.name IN ('Extraction bench.pdf', 'Long extraction bench.pdf')`, [TEAM_ID]);
  await seedRoom(c);
  process.env.DATABASE_URL = DB_URL;
  const { token } = await adminCreateToken({ team: TEAM_SLUG, scopes: ['apis.all'], name: 'bench-search' });
  await closeDb();

  const [appPort, basePort] = [await freePort(), await freePort()];
  const app = await startApp(appPort, DB_URL);
  const base = await startBaseline(basePort, token);
  const api = async (p: string, init: RequestInit = {}) => {
    const r = await fetch(`http://127.0.0.1:${appPort}${p}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });
    if (!r.ok) throw new Error(`${p}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  try {
    const queries: [string, string][] = [
      ['team-wide, a rare word (1 page in 250)', 'q=indemnity'],
      ['team-wide, two words', 'q=escrow%20purchase'],
      ['team-wide, a phrase', 'q=%22purchase%20price%22%20escrow'],
      [`a room of ${ROOM_DOCS} documents`, `q=escrow&dataroom_id=${ROOM}`],
    ];
    for (const [, q] of queries) {
      const a = await api(`/v1/search?${q}`);
      const b = await (await fetch(`http://127.0.0.1:${basePort}/?${q}`)).json();
      const plain = (x: { data: { index_number: unknown }[] }) => JSON.stringify({ ...x, data: x.data.map((h) => ({ ...h, index_number: null })) });
      if (plain(a) !== plain(b)) throw new Error(`the app and the bare handler disagree on ${q}`);
      if (a.data.length !== 25) throw new Error(`${q}: ${a.data.length} hits, expected a full page of 25`);
    }
    await load(`http://127.0.0.1:${appPort}/v1/search?q=indemnity`, token, { warmupOnly: 5 });
    await load(`http://127.0.0.1:${basePort}/?q=indemnity`, null, { warmupOnly: 5 });
    log(`search over ${(DOCS * PAGES).toLocaleString('en-US')} indexed pages, 16 connections, 2 s warm-up + 8 s each (targets: team p99 < 50 ms, room p99 < 30 ms, ratio >= 0.6):`);
    for (const [label, q] of queries) {
      const a = await load(`http://127.0.0.1:${appPort}/v1/search?${q}`, token);
      const b = await load(`http://127.0.0.1:${basePort}/?${q}`, null);
      log(`  ${label.padEnd(40)} app ${a.rps.toFixed(0)} req/s p50 ${a.p50} ms p99 ${a.p99} ms | bare ${b.rps.toFixed(0)} req/s p99 ${b.p99} ms | ratio ${(a.rps / b.rps).toFixed(2)}`);
    }

    // Extraction: upload to text_status ready.
    const upload = async (pdf: Buffer, name: string) => {
      const u = await api('/v1/documents/upload-url', { method: 'POST', body: JSON.stringify({ content_type: 'application/pdf', file_name: name, size: pdf.length }) });
      const put = await fetch(u.upload_url, { method: 'PUT', headers: u.required_headers, body: new Uint8Array(pdf) });
      if (!put.ok) throw new Error(`upload ${put.status}`);
      return api('/v1/documents', { method: 'POST', body: JSON.stringify({ upload_id: u.upload_id, name }) });
    };
    const ready = async (id: string) => {
      for (;;) {
        const d = await api(`/v1/documents/${id}`);
        if (d.text_status !== 'processing') return d.text_status;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const small = await textPdf(300);
    const t0 = performance.now();
    const doc = await upload(small, 'Extraction bench.pdf');
    const status = await ready(doc.id);
    const secs = (performance.now() - t0) / 1000;
    log(`extraction: 300 text pages (40 lines each) from upload to ${status} in ${secs.toFixed(1)} s: ${(300 / secs).toFixed(0)} pages/s (target >= 50)`);

    // A cached page image while a long document is read.
    const link = await api('/v1/links', { method: 'POST', body: JSON.stringify({ document_id: doc.id, name: 'bench search' }) });
    const slug = link.url.split('/view/')[1];
    const enter = await fetch(`http://127.0.0.1:${appPort}/view/${slug}/enter`, { redirect: 'manual' });
    const cookie = enter.headers.get('set-cookie')!.split(';')[0]!;
    const img = `http://127.0.0.1:${appPort}/view/${slug}/pages/1?w=960`;
    if ((await fetch(img, { headers: { cookie } })).status !== 200) throw new Error('page image');
    const idle = await load(img, null, { headers: { cookie } });
    const long = await upload(await textPdf(1000), 'Long extraction bench.pdf');
    const during = await load(img, null, { headers: { cookie } });
    const still = (await api(`/v1/documents/${long.id}`)).text_status;
    log(`cached page image, 16 connections: idle p99 ${idle.p99} ms (${idle.rps.toFixed(0)} req/s); while a 1,000-page PDF is read p99 ${during.p99} ms (${during.rps.toFixed(0)} req/s; its text ${still} at the end of the run)`);
    await ready(long.id);
    for (const id of [doc.id, long.id]) await fetch(`http://127.0.0.1:${appPort}/v1/documents/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  } finally {
    await base.close();
    try {
      process.kill(-app.pid!, 'SIGTERM');
    } catch {}
    await c.end();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
