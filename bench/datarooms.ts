// `npm run bench:datarooms`: the data room figures of issue 9 on PostgreSQL, over real HTTP
// against the production server (npm start), printed, never asserted:
// - the room documents list (10,000 documents in a room): first page and a deep page, 16
//   connections, beside a bare node:http + pg handler sending the app's own statements;
// - adding 500 members to a group, setting 1,000 permissions in one call, moving a room folder
//   with 2,000 descendant folders and 10,000 documents (median of 5 each).
// Uses the `npm run bench` database (seeded with its 100,000 documents when missing).
import http from 'node:http';
import pg from 'pg';
import { TOKEN_LOOKUP_SQL } from '../server/auth/token-sql';
import { closeDb } from '../server/db/client';
import { isoFromPg, preparedName } from '../server/db/sql';
import { encodeCursor } from '../server/schemas/common';
import { roomDocumentsSql, toRoomDocument } from '../server/services/datarooms/documents';
import { numbersFromPlaces, ITEM_NUMBERS_SQL } from '../server/services/index-numbers';
import { adminCreateToken } from '../server/services/teams-admin';
import { freePort, load, startApp } from './http-app';
import { dbUrl, ensureSeeded, TEAM_ID, TEAM_SLUG } from './seed';

const ADMIN_URL = process.env.BENCH_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_URL = dbUrl(ADMIN_URL, process.env.BENCH_DATABASE || 'quire_bench');
const ROOM = 'benchroom000000000000000';
const ROOM_DOCS = 10_000;
const FOLDERS = 2_000;
const log = (s = '') => process.stdout.write(s + '\n');

/** A room of 10,000 placements: 10 top folders, each with 199 subfolders (2,000 folders), documents spread over them. */
async function seedRoom(c: pg.Client) {
  const exists = await c.query('SELECT 1 FROM datarooms WHERE id = $1', [ROOM]);
  if (exists.rowCount) return;
  log('seeding a room of 10,000 documents in 2,000 folders...');
  await c.query('BEGIN');
  await c.query(`INSERT INTO datarooms (id, pid, team_id, name, created_at, updated_at) VALUES ($1, 'dr_' || $1, $2, 'Bench room', now(), now())`, [ROOM, TEAM_ID]);
  await c.query(`
    INSERT INTO dataroom_folders (id, dataroom_id, parent_id, name, path, created_at, updated_at)
    SELECT 'bf' || lpad(t::text, 4, '0'), $1, NULL, 'Top ' || t, '/top-' || t, now(), now() FROM generate_series(0, 9) t`, [ROOM]);
  await c.query(`
    INSERT INTO dataroom_folders (id, dataroom_id, parent_id, name, path, created_at, updated_at)
    SELECT 'bs' || lpad(t::text, 2, '0') || lpad(s::text, 4, '0'), $1, 'bf' || lpad(t::text, 4, '0'), 'Sub ' || s, '/top-' || t || '/sub-' || s, now(), now()
    FROM generate_series(0, 9) t, generate_series(0, ${FOLDERS / 10 - 2}) s`, [ROOM]);
  await c.query(`
    INSERT INTO dataroom_documents (id, dataroom_id, document_id, folder_id, order_index, created_at, updated_at)
    SELECT 'bd' || n, $1, d.id, f.id, (n / 2000), now(), now()
    FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM documents WHERE team_id = $2 LIMIT ${ROOM_DOCS}) d
    JOIN LATERAL (SELECT id FROM dataroom_folders WHERE dataroom_id = $1 ORDER BY id OFFSET (d.n % ${FOLDERS}) LIMIT 1) f ON true`, [ROOM, TEAM_ID]);
  await c.query(`INSERT INTO viewer_groups (id, dataroom_id, name, domains, created_at, updated_at) VALUES ('benchgroup', $1, 'Bench', '{}', now(), now())`, [ROOM]);
  await c.query('COMMIT');
  await c.query('ANALYZE');
}

/** The bare handler: the app's two statements (token lookup, then the page) on a pg pool, the app's JSON, nothing else. */
function startBaseline(port: number, token: string) {
  const publicId = token.slice('quire_live_'.length, 'quire_live_'.length + 12);
  const pool = new pg.Pool({ connectionString: DB_URL, max: 10 });
  pg.types.setTypeParser(1114, isoFromPg);
  const server = http.createServer(async (req, res) => {
    const u = new URL(req.url!, 'http://x');
    const cursor = u.searchParams.get('cursor');
    const after = cursor ? (JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string, number, string]) : null;
    await pool.query({ text: TOKEN_LOOKUP_SQL, values: [publicId], name: preparedName(TOKEN_LOOKUP_SQL) });
    const text = roomDocumentsSql({ folder: 'any', after: !!after });
    const { rows } = await pool.query({ text, values: [ROOM, TEAM_ID, 26, ...(after ?? [])], name: preparedName(text) });
    const found = rows.filter((r) => r.id !== null);
    const items = found.slice(0, 25);
    const last = items[items.length - 1];
    const places = await pool.query({ text: ITEM_NUMBERS_SQL, values: [found[0]?.dataroomId ?? '', [], items.map((r) => r.id)], name: preparedName(ITEM_NUMBERS_SQL) });
    const numbers = numbersFromPlaces(places.rows);
    const data = items.map((r) => toRoomDocument(r, numbers));
    const body = JSON.stringify({ data, next_cursor: found.length > 25 && last ? encodeCursor(last.folderPath ?? '', last.orderIndex, last.id) : null });
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) }).end(body);
  });
  return new Promise<{ close(): Promise<void> }>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve({ close: async () => (server.close(), await pool.end()) })),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(n: number, f: (i: number) => Promise<Response>): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const r = await f(i);
    if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
    ms.push(performance.now() - t);
  }
  return median(ms);
}

async function main() {
  await ensureSeeded(ADMIN_URL, process.env.BENCH_DATABASE || 'quire_bench', { documents: 100_000, folders: 2_000 }, { log });
  const c = new pg.Client({ connectionString: DB_URL });
  await c.connect();
  await seedRoom(c);
  // The writes below move 2,000 folders 25 times a run; this machine's PostgreSQL runs without
  // autovacuum, so each run would read the last one's dead rows (and plan with its stale counts).
  await c.query('VACUUM ANALYZE dataroom_folders, dataroom_documents');
  process.env.DATABASE_URL = DB_URL;
  const { token } = await adminCreateToken({ team: TEAM_SLUG, scopes: ['apis.all'], name: 'bench-rooms' });
  await closeDb();

  const [appPort, basePort] = [await freePort(), await freePort()];
  const app = await startApp(appPort, DB_URL);
  const base = await startBaseline(basePort, token);
  const api = (p: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${appPort}/v1${p}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });
  try {
    // The same JSON from both.
    const first = await (await api(`/datarooms/${ROOM}/documents?limit=25`)).json();
    const bare = await (await fetch(`http://127.0.0.1:${basePort}/`)).json();
    if (JSON.stringify(first) !== JSON.stringify(bare)) throw new Error('the app and the bare handler disagree');
    let cursor = first.next_cursor as string;
    for (let i = 0; i < 200; i++) cursor = (await (await api(`/datarooms/${ROOM}/documents?limit=25&cursor=${cursor}`)).json()).next_cursor;
    // The app just started: its first seconds under load are JIT compilation and lazy start-up
    // (p99 50+ ms), not the steady state a server lives in. Both servers get 5 s of load first.
    await load(`http://127.0.0.1:${appPort}/v1/datarooms/${ROOM}/documents?limit=25`, token, { warmupOnly: 5 });
    await load(`http://127.0.0.1:${basePort}/?x=1`, null, { warmupOnly: 5 });
    log(`room documents list, 16 connections, 5 s start-up load, then 2 s warm-up + 8 s each (deep page: row ${200 * 25 + 25} of ${ROOM_DOCS}):`);
    for (const [label, q] of [['first page', ''], ['deep page', `&cursor=${cursor}`]] as const) {
      const a = await load(`http://127.0.0.1:${appPort}/v1/datarooms/${ROOM}/documents?limit=25${q}`, token);
      const b = await load(`http://127.0.0.1:${basePort}/?x=1${q}`, null);
      log(`  ${label.padEnd(11)} app ${a.rps.toFixed(0)} req/s p50 ${a.p50} ms p99 ${a.p99} ms | bare ${b.rps.toFixed(0)} req/s p99 ${b.p99} ms | ratio ${(a.rps / b.rps).toFixed(2)}`);
    }

    const members = await timed(5, (i) =>
      api(`/datarooms/${ROOM}/groups/benchgroup/members`, { method: 'POST', body: JSON.stringify({ emails: Array.from({ length: 500 }, (_, k) => `m${i}x${k}@bench.example`) }) }),
    );
    const ids = (await c.query(`SELECT id FROM dataroom_folders WHERE dataroom_id = $1 ORDER BY id LIMIT 1000`, [ROOM])).rows.map((r) => r.id);
    const perms = await timed(5, (i) =>
      api(`/datarooms/${ROOM}/groups/benchgroup/permissions`, { method: 'PUT', body: JSON.stringify({ permissions: ids.map((item_id) => ({ item_id, can_view: i % 2 === 0 })) }) }),
    );
    // A top folder with its 2,000 descendants... the seed's tree has 10 top folders of 200; the
    // moved one is a new wrapper holding all ten (2,000 descendants, every document under it).
    const wrap = await (await api(`/datarooms/${ROOM}/folders`, { method: 'POST', body: JSON.stringify({ name: `Wrapper ${Date.now()}` }) })).json();
    for (let t = 0; t < 10; t++) {
      const r = await api(`/datarooms/${ROOM}/folders/bf${String(t).padStart(4, '0')}/move`, { method: 'POST', body: JSON.stringify({ parent_id: wrap.id }) });
      if (!r.ok) throw new Error(await r.text());
    }
    const holder = await (await api(`/datarooms/${ROOM}/folders`, { method: 'POST', body: JSON.stringify({ name: `Holder ${Date.now()}` }) })).json();
    const move = await timed(5, (i) => api(`/datarooms/${ROOM}/folders/${wrap.id}/move`, { method: 'POST', body: JSON.stringify({ parent_id: i % 2 === 0 ? holder.id : null }) }));
    // Put the tree back for the next run.
    for (let t = 0; t < 10; t++) await api(`/datarooms/${ROOM}/folders/bf${String(t).padStart(4, '0')}/move`, { method: 'POST', body: JSON.stringify({ parent_id: null }) });
    await api(`/datarooms/${ROOM}/folders/${wrap.id}`, { method: 'DELETE' });
    await api(`/datarooms/${ROOM}/folders/${holder.id}`, { method: 'DELETE' });

    log('writes (median of 5, one connection, over HTTP):');
    log(`  add 500 members to a group           ${members.toFixed(1)} ms   (target < 300 ms)`);
    log(`  set 1,000 permissions in one call    ${perms.toFixed(1)} ms   (target < 300 ms)`);
    log(`  move a folder: 2,000 descendants,    ${move.toFixed(1)} ms   (target < 200 ms)`);
    log(`    10,000 documents below it`);
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
