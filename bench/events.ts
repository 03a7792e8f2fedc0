// `npm run bench -- --parts events` (issue 20): the audit log at 5,000,000 events and what
// emitting costs. Seeds its own database (BENCH_EVENTS_DATABASE, default quire_bench_events)
// once: 200 rooms, 5,000,000 events over the last 365 days (25,000 per room). Then, on the
// production server (npm start), 16 connections:
//   - GET /v1/events filtered by room, by type prefix, and unfiltered (target: by room p99 < 50 ms);
//   - /v1 writes (POST /v1/documents of a link, each emitting document.created) and visits (a fresh visitor
//     opening a document link: a session, a view, view.created) — beside the same on another
//     build when --base DIR names one. What emitting costs is read against the same commit with
//     emitting turned off in a worktree (its `emitMany` returns the ids before writing):
//       git worktree add /tmp/quire-noemit HEAD && cd /tmp/quire-noemit && npm ci
//       sed -i "s/  if (!events.length) return \[\];/&\n  return events.map(() => newEventId());/" server/services/events/emit.ts
//       QUIRE_SKIP_TYPECHECK=1 npx next build   (the early return leaves code tsc calls unreachable)
//     target: writes lose at most 15 % of their throughput.
//   - a room write (a folder made in a room, dataroom.folder.created) with no webhook endpoint,
//     then with 5 endpoints listening on loopback (their deliveries run on the same server while
//     it writes): target the second at >= 0.8 of the first.
// `--reads-only`: the audit-log reads alone (a minute, once seeded). `--fanout-only`: the webhook
// fan-out alone (no events seeded, a minute). `--room-writes-only`: the room write alone.
// `--writes-only`: the document writes alone, this build and the base (no visits).
// Timings are printed, never asserted.
import autocannon from 'autocannon';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { freePort, startApp, stopApp } from './http-app';
import { dbUrl, ensureSeeded, TEAM_ID, TEAM_SLUG } from './seed';

const ADMIN_URL = process.env.BENCH_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_EVENTS_DATABASE || 'quire_bench_events';
const ROOMS = 200;
/** BENCH_EVENTS=50000000 (with a BENCH_EVENTS_DATABASE of its own) for the scale plan's audit log at 50M (docs/scale.md). */
const EVENTS = Number(process.env.BENCH_EVENTS) || 5_000_000;
const ROOT = path.resolve(__dirname, '..');
const { values: opt } = parseArgs({ options: { base: { type: 'string' }, seconds: { type: 'string', default: '8' }, 'reads-only': { type: 'boolean', default: false }, 'fanout-only': { type: 'boolean', default: false }, 'room-writes-only': { type: 'boolean', default: false }, 'writes-only': { type: 'boolean', default: false } }, allowPositionals: true });
const SECONDS = Number(opt.seconds);
const log = (s: string) => console.log(s);

async function seed(c: pg.Client) {
  const have = (await c.query(`SELECT count(*)::int AS n FROM events`)).rows[0].n as number;
  if (have >= EVENTS) return log(`reusing ${have.toLocaleString('en')} seeded events`);
  const t0 = performance.now();
  await c.query(`DELETE FROM events`);
  await c.query(`
    INSERT INTO datarooms (id, pid, team_id, name, updated_at)
    SELECT 'benchroom' || lpad(r::text, 4, '0'), 'dr_benchroom' || lpad(r::text, 4, '0'), $1, 'Bench room ' || r, now()
    FROM generate_series(1, ${ROOMS}) r ON CONFLICT DO NOTHING`, [TEAM_ID]);
  log(`events: ${EVENTS.toLocaleString('en')} over 365 days in ${ROOMS} rooms...`);
  // The secondary indexes are built once after the rows (a bulk load into them row by row took
  // several times longer at 50M).
  const indexes = (await c.query(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'events' AND indexname <> 'events_pkey'`)).rows as { indexname: string; indexdef: string }[];
  for (const i of indexes) await c.query(`DROP INDEX "${i.indexname}"`);
  const types = ['dataroom.document.attached', 'view.created', 'dataroom.member.added', 'link.updated', 'view.downloaded', 'visitor.verified', 'dataroom.folder.created', 'document.updated'];
  for (let from = 1; from <= EVENTS; from += 500_000) {
    await c.query(
      `INSERT INTO events (id, team_id, type, created_at, actor_type, actor_id, actor_name, actor_email, dataroom_id, resource_id, data, ip_address, user_agent)
       SELECT 'evt_bench' || lpad(i::text, 9, '0'), $1, ($2::text[])[1 + i % ${types.length}],
              now() - ((i::bigint * 7919) % (365 * 86400)) * interval '1 second', 'visitor', 'vis' || (i % 5000), NULL, 'v' || (i % 5000) || '@example.com',
              'benchroom' || lpad((1 + i % ${ROOMS})::text, 4, '0'), 'res' || (i % 100000),
              jsonb_build_object('object', jsonb_build_object('id', 'res' || (i % 100000), 'object', 'view', 'viewer_email', 'v' || (i % 5000) || '@example.com')),
              '203.0.113.' || (i % 250), 'Mozilla/5.0 (bench)'
       FROM generate_series($3::int, $4::int) i`,
      [TEAM_ID, types, from, Math.min(EVENTS, from + 499_999)],
    );
    log(`  ${Math.min(EVENTS, from + 499_999).toLocaleString('en')}`);
  }
  await c.query(`SET maintenance_work_mem = '1GB'`);
  for (const i of indexes) await c.query(i.indexdef);
  await c.query('VACUUM ANALYZE events');
  log(`seeded the events in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

/** The production server of the checkout in `dir` on the bench database (webhooks to loopback allowed). */
const startAt = (dir: string, port: number, url: string) =>
  startApp(port, url, '/v1/documents', {
    dir,
    env: { VIEWER_SESSIONS_PER_ADDRESS: '100000000', WEBHOOK_ALLOW_PRIVATE_URLS: 'true', APP_URL: `http://127.0.0.1:${port}` },
  });

type Figures = { rps: number; p50: number; p99: number; max: number };

async function hit(o: autocannon.Options): Promise<Figures> {
  await autocannon({ ...o, connections: 16, duration: 2 });
  const r = await autocannon({ ...o, connections: 16, duration: SECONDS });
  if (r.non2xx || r.errors || r.timeouts || !r['2xx']) throw new Error(`${o.url}: ${r['2xx']} 2xx, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max };
}

/**
 * A fresh visitor each time, as a browser arrives: the link's entry (a session, its cookie), then
 * the document page with it (the view, view.created). One visit = both requests.
 */
function visitLoad(base: string, slug: string): Promise<Figures> {
  return loopLoad(async () => {
    const enter = await fetch(`${base}/view/${slug}/enter`, { redirect: 'manual' });
    await enter.arrayBuffer();
    const cookie = enter.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const page = await fetch(`${base}/view/${slug}`, { headers: { cookie }, redirect: 'manual' });
    await page.arrayBuffer();
    if (page.status !== 200) throw new Error(`visit: ${enter.status} then ${page.status} to ${page.headers.get('location')}`);
  });
}

/** `task` 16 at a time: 2 s of warm-up, then SECONDS counted; one task = one request counted. */
async function loopLoad(task: () => Promise<void>): Promise<Figures> {
  const run = async (ms: number, lat: number[]) => {
    const end = performance.now() + ms;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (performance.now() < end) {
          const t = performance.now();
          await task();
          lat.push(performance.now() - t);
        }
      }),
    );
  };
  await run(2000, []);
  const lat: number[] = [];
  await run(SECONDS * 1000, lat);
  lat.sort((a, b) => a - b);
  const q = (p: number) => Math.round(lat[Math.min(lat.length - 1, Math.floor(lat.length * p))]!);
  return { rps: lat.length / SECONDS, p50: q(0.5), p99: q(0.99), max: Math.round(lat[lat.length - 1]!) };
}

const FANOUT_EVENTS = 1000;
const FANOUT_ENDPOINTS = 5;

/** 1,000 events (documents made 16 at a time) fanned out to 5 endpoints: the time until all 5,000 arrived. */
async function fanOut(base: string, auth: Record<string, string>) {
  const rx = await receiver();
  const port = rx.port;
  const json = { ...auth, 'content-type': 'application/json' };
  const endpoints: string[] = [];
  for (let i = 0; i < FANOUT_ENDPOINTS; i++) {
    const r = await fetch(`${base}/v1/webhooks`, { method: 'POST', headers: json, body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook/${i}`, events: ['document.created'] }) });
    if (r.status !== 201) throw new Error(`webhook endpoint: ${r.status} ${await r.text()}`);
    endpoints.push((await r.json()).id);
  }
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < FANOUT_EVENTS) {
        const i = next++;
        const r = await fetch(`${base}/v1/documents`, { method: 'POST', headers: json, body: JSON.stringify({ type: 'link', external_url: 'https://example.com/', name: `fan-out ${i}` }) });
        await r.arrayBuffer();
        if (r.status !== 201) throw new Error(`document: ${r.status}`);
      }
    }),
  );
  const written = performance.now() - t0;
  const want = FANOUT_EVENTS * FANOUT_ENDPOINTS;
  const deadline = performance.now() + 120_000;
  while (rx.got.count < want && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const all = (rx.got.lastAt - t0) / 1000;
  log(`  events written in ${(written / 1000).toFixed(1)} s; ${rx.got.count.toLocaleString('en')} of ${want.toLocaleString('en')} deliveries arrived, the last ${all.toFixed(1)} s after the first write (target: all within 60 s)`);
  for (const id of endpoints) await fetch(`${base}/v1/webhooks/${id}`, { method: 'DELETE', headers: auth });
  rx.close();
}

/** A loopback receiver counting what arrives (200 to each). */
async function receiver() {
  const http = await import('node:http');
  const got = { count: 0, lastAt: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      got.count++;
      got.lastAt = performance.now();
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { got, port: (server.address() as { port: number }).port, close: () => server.close() };
}

/**
 * Folders made in one room 16 at a time, first with no webhook endpoint, then with 5 subscribed
 * to dataroom.folder.created (each write then queues 5 deliveries, sent by the same server while
 * it goes on writing). The ratio is what the fan-out costs the writes.
 */
async function roomWrites(base: string, auth: Record<string, string>) {
  const json = { ...auth, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${base}/v1${path}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
    if (r.status !== 201) throw new Error(`POST ${path}: ${r.status} ${await r.text()}`);
    return (await r.json()) as { id: string };
  };
  // Each phase writes into a room of its own, spread over 20 folders (a write reads its siblings'
  // names), so both phases write at the same sizes.
  const writer = async () => {
    const room = (await post('/datarooms', { name: `bench room writes ${Date.now()}` })).id;
    const parents: string[] = [];
    for (let i = 0; i < 20; i++) parents.push((await post(`/datarooms/${room}/folders`, { name: `section ${i}` })).id);
    let n = 0;
    return async () => {
      const i = n++;
      await post(`/datarooms/${room}/folders`, { name: `folder ${i}`, parent_id: parents[i % parents.length] });
    };
  };
  let written = 0;
  const quiet = await loopLoad(await writer());
  const write = await writer(); // its sections made before any endpoint listens
  const rx = await receiver();
  const endpoints: string[] = [];
  for (let i = 0; i < FANOUT_ENDPOINTS; i++) {
    endpoints.push((await post('/webhooks', { url: `http://127.0.0.1:${rx.port}/room/${i}`, events: ['dataroom.folder.created'] })).id);
  }
  const counted = async () => {
    await write();
    written++;
  };
  const fanned = await loopLoad(counted);
  const lastWrite = performance.now();
  const want = written * FANOUT_ENDPOINTS;
  const deadline = performance.now() + 120_000;
  while (rx.got.count < want && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  show('room folder, no webhook endpoint', quiet);
  show(`room folder, ${FANOUT_ENDPOINTS} endpoints (dataroom.folder.created)`, fanned, `   ratio ${(fanned.rps / quiet.rps).toFixed(2)} (target >= 0.8)`);
  log(`  ${rx.got.count.toLocaleString('en')} of ${want.toLocaleString('en')} deliveries arrived (the warm-up's writes included), the last ${((rx.got.lastAt - lastWrite) / 1000).toFixed(1)} s after the last write`);
  for (const id of endpoints) await fetch(`${base}/v1/webhooks/${id}`, { method: 'DELETE', headers: auth });
  rx.close();
}

const show = (label: string, f: Figures, note = '') =>
  log(`  ${label.padEnd(46)} ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   max ${String(f.max).padStart(5)} ms ${note}`);

/** Writes and visits on the server in `dir`. */
async function writesAndVisits(dir: string, url: string, token: string, slug: string) {
  const port = await freePort();
  const app = await startAt(dir, port, url);
  try {
    const base = `http://127.0.0.1:${port}`;
    let n = 0;
    const writes = await loopLoad(async () => {
      const r = await fetch(`${base}/v1/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'link', external_url: 'https://example.com/deck', name: `bench ${n++}` }),
      });
      await r.arrayBuffer();
      if (r.status !== 201) throw new Error(`write: ${r.status}`);
    });
    const visits = opt['writes-only'] ? null : await visitLoad(base, slug).catch((e: Error) => (log(`  visits could not be measured: ${e.message}`), null));
    return { writes, visits };
  } finally {
    stopApp(app);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function main() {
  await ensureSeeded(ADMIN_URL, DATABASE, { documents: 1000, folders: 20 }, { log });
  const url = dbUrl(ADMIN_URL, DATABASE);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  if (!opt['fanout-only'] && !opt['room-writes-only'] && !opt['writes-only']) await seed(c);
  process.env.DATABASE_URL = url;
  const { adminCreateToken } = await import('../server/services/teams-admin');
  const { token } = await adminCreateToken({ team: TEAM_SLUG, plan: 'datarooms-plus', scopes: ['apis.all'], name: 'bench events' });
  const port = await freePort();
  const app = await startAt(ROOT, port, url);
  const auth = { authorization: `Bearer ${token}` };
  let slug = '';
  try {
    const base = `http://127.0.0.1:${port}`;
    if (opt['writes-only']) {
      // Straight to the writes below.
    } else if (opt['room-writes-only']) {
      log('a room write, 16 connections:');
      await roomWrites(base, auth);
    } else if (opt['fanout-only']) {
      log(`webhooks: ${FANOUT_EVENTS.toLocaleString('en')} events to ${FANOUT_ENDPOINTS} endpoints on a receiver on loopback:`);
      await fanOut(base, auth);
    } else {
      log(`the audit log at ${EVENTS.toLocaleString('en')} events, 16 connections:`);
      show('GET /v1/events?dataroom_id=… (target p99 < 50)', await hit({ url: `${base}/v1/events?dataroom_id=dr_benchroom0042&limit=25`, headers: auth }));
      show('GET /v1/events?dataroom_id=…&type=view.*', await hit({ url: `${base}/v1/events?dataroom_id=dr_benchroom0042&type=view.*&limit=25`, headers: auth }));
      show('GET /v1/events (newest 25)', await hit({ url: `${base}/v1/events?limit=25`, headers: auth }));
      // (A return here would skip the exit below and leave the process waiting on its clients.)
      if (!opt['reads-only']) {
        log(`webhooks: ${FANOUT_EVENTS.toLocaleString('en')} events to ${FANOUT_ENDPOINTS} endpoints on a receiver on loopback:`);
        await fanOut(base, auth);
        log('a room write, 16 connections:');
        await roomWrites(base, auth);
        // An open document link for the visits.
        const doc = (await c.query(`SELECT id FROM documents WHERE team_id = $1 AND type = 'pdf' ORDER BY id LIMIT 1`, [TEAM_ID])).rows[0].id;
        const link = await (await fetch(`${base}/v1/links`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ document_id: doc }) })).json();
        slug = String(link.url).split('/view/')[1]!;
      }
    }
  } finally {
    stopApp(app);
    await new Promise((r) => setTimeout(r, 1000));
  }
  if (opt['reads-only'] || opt['fanout-only'] || opt['room-writes-only']) return void (await c.end(), process.exit(0));
  log(`writes and visits, 16 connections${opt.base ? `, this build and the base at ${opt.base}` : ''}:`);
  const now = await writesAndVisits(ROOT, url, token, slug);
  const before = opt.base ? await writesAndVisits(path.resolve(opt.base), url, token, slug) : null;
  show('POST /v1/documents, a link (document.created)', now.writes, before ? `   base ${before.writes.rps.toFixed(0)} req/s: ratio ${(now.writes.rps / before.writes.rps).toFixed(2)} (target >= 0.85)` : '');
  if (now.visits) show('a new visit: enter + page (view.created)', now.visits, before?.visits ? `   base ${before.visits.rps.toFixed(0)} req/s: ratio ${(now.visits.rps / before.visits.rps).toFixed(2)}` : '');
  const made = (await c.query(`SELECT count(*)::int AS n FROM events WHERE type IN ('document.created', 'view.created') AND created_at > now() - interval '10 minutes'`)).rows[0].n;
  log(`  (${made.toLocaleString('en')} events written by these runs)`);
  await c.end();
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
