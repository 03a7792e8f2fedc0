// `npm run bench`: REST read latency and throughput against a seeded PostgreSQL, beside a
// no-framework baseline that sends the same SQL. See docs/benchmarks.md.
//
//   npm run bench                       # seed if needed; per endpoint, app then baseline, 10 s each
//   npm run bench -- --duration 5 --warmup 1 --connections 16
//   npm run bench -- --only app --endpoints list,get
//   npm run bench -- --layers           # also the app's handler without Next, and the services alone
//   npm run bench -- --parts viewer     # only the viewer's scenarios (bench/viewer.ts); default rest,viewer,datarooms,analytics
//   npm run bench -- --parts storm      # only /v1 during a storm of cold renders, three runs (bench/render-storm.ts)
//   npm run bench -- --parts datarooms  # only the data room figures (bench/datarooms.ts; also npm run bench:datarooms)
//   npm run bench -- --parts analytics  # only analytics at 10M page events (bench/analytics.ts; also npm run bench:analytics)
//   npm run bench -- --parts events     # the audit log at 5M events, writes and visits (bench/events.ts; npm run bench:events -- --base DIR)
//   npm run bench -- --parts browser    # the first page image in Chromium: navigation / password submit → load (bench/browser.ts; npx tsx bench/browser.ts --base DIR)
//   npm run bench -- --parts search     # search over 1,000,000 indexed pages, extraction speed (bench/search.ts; npm run bench:search)
//   npm run bench -- --parts conversion # a 20-page docx from upload to ready pages (bench/conversion.ts; npm run bench:conversion)
//   npm run bench -- --parts redaction  # 20 terms redacted across a 200-page PDF (bench/redaction.ts; npm run bench:redaction)
//   npm run bench -- --parts scale      # each request's breakpoint on one instance, for docs/scale.md (bench/scale.ts; not in the default parts)
//   npm run bench -- --reseed           # drop and reseed quire_bench
//   npm run bench -- --build            # npm run build first (otherwise only when .next is missing)
//   npm run bench -- --settle 60        # wait up to 60 s (default 15) for a quiet machine per scenario
//   npm run bench -- --json /tmp/bench.json   # figures as JSON (default bench/.results/latest.json)
//
// Environment: BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres: a database
// to connect to for CREATE DATABASE), BENCH_DATABASE (default quire_bench).
//
// One server runs at a time (the machine has 2 cores shared by the server, PostgreSQL and the
// load generator). Timings are printed, never asserted: the exit status is 0 whatever the
// figures, and non-zero only when the bench could not run, a server answered wrongly, or the
// baseline's SQL no longer matches the app's.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import pg from 'pg';
import { authenticateToken } from '../server/auth/tokens';
import { closeDb } from '../server/db/client';
import { pgTimestamp } from '../server/db/sql';
import { encodeCursor } from '../server/schemas/common';
import { getDocument, listDocuments, searchDocuments } from '../server/services/documents';
import { adminCreateToken } from '../server/services/teams-admin';
import { dbUrl, ensureSeeded, TEAM_ID, TEAM_SLUG } from './seed';
import { ALL_SQL, normalizeSql, searchParam } from './sql';
import {
  bearer,
  configureHarness,
  emergencyStop,
  fmt,
  HOST,
  load,
  log,
  lpad,
  pad,
  percentile,
  ROOT,
  settle,
  startServer,
  stopServer,
  type Measured,
} from './harness';
import { measureScale } from './scale';
import { measureViewer } from './viewer';
import { reportRest } from './rest-report';

const SEARCH_TERM = 'kestrel'; // one of the seed's code names: about 1 % of the names
/** Issue 24: every /v1 read at 0.6 of the bare handler or better, and no answer slower than 100 ms. */
const loopCell = (m: Measured) => (m.loop ? `   loop delay p99 ${fmt(m.loop.p99)} / max ${fmt(m.loop.max)} ms` : '');
const GET_IDS = 1000; // get-one rotates over this many documents spread over the table
// Per part (the setup with the build is one): a fresh machine seeds 10M page events, 1M search
// pages and 5M audit events, over 20 min together, so one limit for the whole run cut it short.
const WATCHDOG_MS = 20 * 60_000;

const { values: opt } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '16' },
    documents: { type: 'string', default: '100000' },
    folders: { type: 'string', default: '2000' },
    'deep-row': { type: 'string', default: '50000' },
    only: { type: 'string' },
    endpoints: { type: 'string' },
    reseed: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    json: { type: 'string' },
    settle: { type: 'string', default: '15' },
    layers: { type: 'boolean', default: false },
    parts: { type: 'string', default: 'rest,viewer,datarooms,analytics,search,events,browser,conversion' },
  },
});
const intOpt = (name: keyof typeof opt, min: number, max: number) => {
  const n = Number(opt[name]);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be an integer in ${min}..${max}`);
  return n;
};
const DURATION = intOpt('duration', 1, 120);
const WARMUP = intOpt('warmup', 0, 60);
const CONNECTIONS = intOpt('connections', 1, 256);
const DOCS = intOpt('documents', 100, 5_000_000);
const FOLDERS = intOpt('folders', 1, 100_000);
const SETTLE = intOpt('settle', 0, 600);
const DEEP_ROW = Math.min(intOpt('deep-row', 1, 5_000_000), DOCS - 26);
const ADMIN_URL = process.env.BENCH_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_DATABASE || 'quire_bench';
const DB_URL = dbUrl(ADMIN_URL, DATABASE);
const PARTS = new Set(opt.parts!.split(','));
configureHarness({ dbUrl: DB_URL, database: DATABASE, settleSeconds: SETTLE, connections: CONNECTIONS });
const KNOWN_PARTS = ['rest', 'viewer', 'storm', 'datarooms', 'analytics', 'events', 'browser', 'conversion', 'search', 'redaction', 'scale'];
if (![...PARTS].every((p) => KNOWN_PARTS.includes(p))) throw new Error(`--parts takes a comma list of ${KNOWN_PARTS.join(', ')}`);

/** app and baseline; with --layers, bench/layers.ts in between (the app minus Next, the services alone). */
type RestServerKind = 'app' | 'handler' | 'services' | 'baseline';
const KINDS: RestServerKind[] = ['app', 'handler', 'services', 'baseline'];
const SERVERS: RestServerKind[] = opt.only
  ? (opt.only.split(',') as RestServerKind[])
  : opt.layers
    ? ['app', 'handler', 'services', 'baseline']
    : ['app', 'baseline'];
if (SERVERS.some((s) => !KINDS.includes(s))) throw new Error(`--only takes a comma list of ${KINDS.join(', ')}`);

export type EndpointKey = 'list' | 'list_deep' | 'search' | 'get';
export type Endpoint = { key: EndpointKey; label: string; p99TargetMs: number; paths: string[]; sql: string };

process.on('SIGINT', () => {
  emergencyStop();
  process.exit(130);
});
process.on('SIGTERM', () => {
  emergencyStop();
  process.exit(143);
});
const watchdog = setTimeout(() => {
  log(`\nbench: watchdog: one part still running after ${WATCHDOG_MS / 60_000} min, giving up`);
  emergencyStop();
  process.exit(1);
}, WATCHDOG_MS);
watchdog.unref();
/** Runs one part of the bench with the whole watchdog period to itself. */
async function inTurn(part: () => Promise<unknown>) {
  watchdog.refresh();
  await part();
}

// ---------------------------------------------------------------------------------------------
// Setup: database, build, token, fixtures

async function checkPostgres(): Promise<string> {
  const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  try {
    await c.connect();
  } catch (e) {
    throw new Error(
      `cannot reach PostgreSQL at ${ADMIN_URL} (${(e as Error).message}).\n` +
        'Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
    );
  }
  try {
    return (await c.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version;
  } finally {
    await c.end();
  }
}

function newestSourceMtime(dirs: string[]): number {
  let newest = 0;
  const walk = (d: string) => {
    let entries: fs.Dirent[] = [];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|tsx|js|mjs|css|prisma)$/.test(e.name)) newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  for (const d of dirs) walk(path.join(ROOT, d));
  return newest;
}

async function ensureBuild() {
  const buildId = path.join(ROOT, '.next', 'BUILD_ID');
  if (opt.build || !fs.existsSync(buildId)) {
    log(opt.build ? 'building (--build)...' : 'no production build (.next/BUILD_ID): running npm run build...');
    const t0 = Date.now();
    await new Promise<void>((resolve, reject) => {
      const b = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
      const timer = setTimeout(() => b.kill('SIGTERM'), 10 * 60_000);
      b.on('exit', (code) => {
        clearTimeout(timer);
        code === 0 ? resolve() : reject(new Error(`npm run build failed (${code})`));
      });
    });
    log(`build done in ${fmt((Date.now() - t0) / 1000)} s`);
    return;
  }
  const built = fs.statSync(buildId).mtimeMs;
  const newest = newestSourceMtime(['app', 'server', 'lib', 'prisma']);
  const age = `${new Date(built).toISOString()}`;
  if (newest > built) {
    log(`warning: the production build (${age}) is older than some sources; run with --build to measure the current code`);
  } else {
    log(`using the production build of ${age}`);
  }
}

/**
 * A private copy of the production build, served by the app under test: `npm test` and other
 * engineers rebuild .next in place, which would swap files under a running `next start`.
 * Everything but .next is a symlink to the project.
 */
function snapshotBuild(): { dir: string; buildId: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-app-'));
  for (const f of ['node_modules', 'package.json', 'next.config.ts', 'tsconfig.json', 'public']) {
    if (fs.existsSync(path.join(ROOT, f))) fs.symlinkSync(path.join(ROOT, f), path.join(dir, f));
  }
  const src = path.join(ROOT, '.next');
  const buildId = () => {
    try {
      return fs.readFileSync(path.join(src, 'BUILD_ID'), 'utf8').trim();
    } catch {
      return '';
    }
  };
  for (let attempt = 1; ; attempt++) {
    const before = buildId();
    let copied = false;
    if (before) {
      try {
        fs.rmSync(path.join(dir, '.next'), { recursive: true, force: true });
        fs.cpSync(src, path.join(dir, '.next'), {
          recursive: true,
          verbatimSymlinks: true,
          filter: (p) => p !== path.join(src, 'cache'),
        });
        copied = true;
      } catch {} // files vanished under us: a build is running
    }
    if (copied && buildId() === before) return { dir, buildId: before };
    if (attempt >= 6) throw new Error('.next keeps changing (a build is running?); try again when it is done');
    log('  .next is being rebuilt (by someone else?); copying again in 10 s...');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000);
  }
}

type SqlCheck = { name: string; ok: boolean; detail?: string };

/**
 * Mints the bench token through the app's own code, and records the SQL the app's services send
 * for each benchmarked call (on a pool of its own, installed where server/db/client.ts keeps it),
 * to compare with the baseline's statements (bench/sql.ts).
 */
async function mintTokenAndCheckSql(f: Fixtures): Promise<{ token: string; checks: SqlCheck[] }> {
  const captured: { text: string; values: unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: DB_URL, max: 1 });
  const query = pool.query.bind(pool) as (...a: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: unknown }).query = (q: unknown, values?: unknown[]) => {
    if (q && typeof q === 'object' && 'text' in q) captured.push({ text: String(q.text), values: (q as { values?: unknown[] }).values ?? [] });
    else if (typeof q === 'string') captured.push({ text: q, values: values ?? [] });
    return query(q, values);
  };
  const g = globalThis as { __quirePool?: unknown };
  g.__quirePool = pool;
  process.env.DATABASE_URL = DB_URL;
  const checks: SqlCheck[] = [];
  const expect = async (names: (keyof typeof ALL_SQL)[], run: () => Promise<unknown>) => {
    captured.length = 0;
    await run();
    const got = captured.map((c) => normalizeSql(c.text));
    names.forEach((n, k) => {
      const ok = got[k] === normalizeSql(ALL_SQL[n]);
      const nothing = 'nothing captured (does server/db/client.ts still keep its pool on globalThis.__quirePool?)';
      checks.push({ name: n, ok, detail: ok ? undefined : got.length ? `app sent: ${got[k] ?? '(nothing)'}` : nothing });
    });
    if (got.length !== names.length) {
      checks.push({ name: names.join('+'), ok: false, detail: `app sent ${got.length} statements, baseline ${names.length}` });
    }
  };
  try {
    const { token } = await adminCreateToken({ team: TEAM_SLUG, plan: 'business', scopes: ['apis.all'], name: 'bench' });
    await expect(['TOKEN_LOOKUP', 'TOKEN_TOUCH'], () => authenticateToken(token));
    await expect(['TOKEN_LOOKUP'], () => authenticateToken(token));
    const actor = (await authenticateToken(token))!;
    await expect(['LIST_FIRST'], () => listDocuments(actor, { limit: 25 }));
    await expect(['LIST_AFTER'], () => listDocuments(actor, { limit: 25, cursor: f.deepCursor }));
    await expect(['SEARCH_FIRST'], () => searchDocuments(actor, { q: SEARCH_TERM, limit: 25 }));
    await expect(['GET_ONE'], () => getDocument(actor, f.getIds[0]));
    // How q is bound (LIKE characters escaped or not): the baseline must bind it the same way.
    captured.length = 0;
    const q = 'a%b_c\\d';
    await searchDocuments(actor, { q, limit: 25 });
    const sent = captured[0]?.values[1];
    checks.push({
      name: 'search parameter',
      ok: sent === searchParam(q),
      detail: `app bound ${JSON.stringify(sent)}, baseline ${JSON.stringify(searchParam(q))}`,
    });
    return { token, checks };
  } finally {
    await closeDb();
  }
}

type Fixtures = { deepCursor: string; getIds: string[]; searchMatches: number; deepAt: string };

async function fixtures(c: pg.Client): Promise<Fixtures> {
  const deep = await c.query<{ ms: string; id: string; at: Date }>(
    `SELECT (extract(epoch FROM created_at) * 1000)::bigint AS ms, id, created_at AS at FROM documents
     WHERE team_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [TEAM_ID, DEEP_ROW - 1],
  );
  const ids = await c.query<{ id: string }>(`SELECT id FROM documents WHERE team_id = $1 ORDER BY md5(id) LIMIT $2`, [TEAM_ID, GET_IDS]);
  const matches = await c.query<{ n: string }>(`SELECT count(*) AS n FROM documents WHERE team_id = $1 AND name ILIKE $2`, [
    TEAM_ID,
    `%${SEARCH_TERM}%`,
  ]);
  return {
    deepCursor: encodeCursor(Number(deep.rows[0].ms), deep.rows[0].id),
    deepAt: deep.rows[0].id,
    getIds: ids.rows.map((r) => r.id),
    searchMatches: Number(matches.rows[0].n),
  };
}

type QueryCost = { ms: number; plan: string };

/** The main statement alone, on one connection: median of a few runs, and the plan's shape. */
async function queryCost(c: pg.Client, sql: string, params: unknown[]): Promise<QueryCost> {
  const times: number[] = [];
  for (let k = 0; k < 15; k++) {
    const t0 = performance.now();
    await c.query(sql, params);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const ex = await c.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
  type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] };
  const root = (ex.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan;
  const parts: string[] = [];
  const walk = (n: PlanNode) => {
    let s = n['Node Type'];
    if (n['Index Name']) s += ` ${n['Index Name']}`;
    if (n['Rows Removed by Filter']) s += ` (${n['Rows Removed by Filter']} rows filtered out)`;
    parts.push(s);
    for (const ch of n.Plans ?? []) walk(ch);
  };
  walk(root);
  return { ms: percentile(times, 50), plan: parts.join(' > ') };
}

// ---------------------------------------------------------------------------------------------
// Main

async function main() {
  const started = Date.now();
  const cpus = os.cpus();
  log('Quire REST benchmark');
  const pgVersion = await checkPostgres();
  const machine = `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${fmt(os.totalmem() / 2 ** 30)} GiB`;
  log(`machine: ${machine}; Node ${process.version}; PostgreSQL ${pgVersion}`);
  log(
    `config: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per scenario, ` +
      `${DOCS} documents / ${FOLDERS} folders in ${DATABASE}`,
  );

  const seeded = await ensureSeeded(ADMIN_URL, DATABASE, { documents: DOCS, folders: FOLDERS }, { force: opt.reseed, log });
  log(seeded.reseeded ? `seeded in ${fmt(seeded.seconds)} s` : `reusing the seeded database ${DATABASE}`);
  let snapshot: { dir: string; buildId: string } | null = null;
  if (SERVERS.includes('app')) {
    await ensureBuild();
    snapshot = snapshotBuild();
    log(`serving a copy of build ${snapshot.buildId} from ${snapshot.dir}`);
  }
  try {
    if (PARTS.has('rest')) await inTurn(() => measure(started, pgVersion, machine, snapshot?.dir ?? ROOT));
    if (PARTS.has('viewer') || PARTS.has('storm')) await inTurn(() => viewerPart(snapshot?.dir ?? ROOT));
    if (PARTS.has('scale')) await inTurn(() => scalePart(snapshot?.dir ?? ROOT));
    if (PARTS.has('datarooms')) await inTurn(() => scriptPart('datarooms: the room documents list and room writes (bench/datarooms.ts)...', 'bench/datarooms.ts'));
    if (PARTS.has('analytics')) await inTurn(() => scriptPart('analytics: 10,000,000 page events (bench/analytics.ts)...', 'bench/analytics.ts'));
    if (PARTS.has('search')) await inTurn(() => scriptPart('search: 1,000,000 indexed pages, extraction (bench/search.ts)...', 'bench/search.ts'));
    if (PARTS.has('events')) await inTurn(() => scriptPart('events: the audit log at 5,000,000 events, writes and visits (bench/events.ts)...', 'bench/events.ts'));
    if (PARTS.has('conversion')) await inTurn(() => scriptPart('conversion: a 20-page docx to pages ready to view (bench/conversion.ts)...', 'bench/conversion.ts'));
    if (PARTS.has('redaction')) await inTurn(() => scriptPart('redaction: 20 terms across a 200-page PDF (bench/redaction.ts)...', 'bench/redaction.ts'));
    if (PARTS.has('browser')) await inTurn(() => scriptPart('browser: time to the first page image in Chromium (bench/browser.ts)...', 'bench/browser.ts'));
  } finally {
    if (snapshot) fs.rmSync(snapshot.dir, { recursive: true, force: true });
  }
}

/** A part that is a script of its own (data rooms; analytics on a database of its own). */
function scriptPart(title: string, script: string) {
  log(title);
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, path.join(ROOT, script)], { stdio: 'inherit', env: process.env });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

/** Each request's breakpoint on one instance (bench/scale.ts): the seeded team searched, a team of its own for the rest. */
async function scalePart(appDir: string) {
  process.env.DATABASE_URL = DB_URL;
  let seededToken: string;
  let token: string;
  try {
    ({ token: seededToken } = await adminCreateToken({ team: TEAM_SLUG, plan: 'business', scopes: ['apis.all'], name: 'bench scale' }));
    ({ token } = await adminCreateToken({ team: 'bench-scale', plan: 'business', scopes: ['apis.all'], name: 'bench scale' }));
  } finally {
    await closeDb();
  }
  const { failures } = await measureScale({ host: HOST, dbUrl: DB_URL, appDir, seededToken, token, log, startServer, stopServer, load, settle });
  if (failures) {
    log('\nbench: most requests of a scale step failed (see above)');
    process.exitCode = 1;
  }
}

/** The viewer's scenarios (bench/viewer.ts) on the same database, with a token of their own. */
async function viewerPart(appDir: string) {
  let token: string;
  process.env.DATABASE_URL = DB_URL;
  try {
    ({ token } = await adminCreateToken({ team: TEAM_SLUG, plan: 'business', scopes: ['apis.all'], name: 'bench viewer' }));
  } finally {
    await closeDb();
  }
  // `--parts storm` alone: the render storm three times in a row, nothing else of the viewer.
  const stormOnly = !PARTS.has('viewer');
  const { failures } = await measureViewer({
    host: HOST,
    dbUrl: DB_URL,
    appDir,
    token,
    duration: DURATION,
    warmup: WARMUP,
    connections: CONNECTIONS,
    log,
    startServer,
    stopServer,
    load,
    settle,
  }, stormOnly ? { stormOnly, stormRuns: 3 } : {});
  if (failures) {
    log('\nbench: some viewer requests failed (see above)');
    process.exitCode = 1;
  }
}


type Prepared = { endpoints: Endpoint[]; f: Fixtures; token: string; sqlChecks: SqlCheck[]; costs: Map<EndpointKey, QueryCost> };

/** The fixtures, a token, the baseline's SQL checked against the app's, each statement's cost alone. */
async function prepare(): Promise<Prepared> {
  const c = new pg.Client({ connectionString: DB_URL });
  await c.connect();
  let endpoints: Endpoint[];
  let f: Fixtures;
  let token: string;
  let sqlChecks: SqlCheck[];
  const costs = new Map<EndpointKey, QueryCost>();
  try {
    // Earlier runs' tokens go; every run mints its own.
    await c.query('DELETE FROM api_tokens WHERE team_id = $1', [TEAM_ID]);
    f = await fixtures(c);
    ({ token, checks: sqlChecks } = await mintTokenAndCheckSql(f));
    const deep = JSON.parse(Buffer.from(f.deepCursor, 'base64url').toString()) as [number, string];
    endpoints = [
      { key: 'list', label: 'list, first page', p99TargetMs: 25, paths: ['/v1/documents?limit=25'], sql: ALL_SQL.LIST_FIRST },
      {
        key: 'list_deep',
        label: `list, cursor at row ${DEEP_ROW}`,
        p99TargetMs: 25,
        paths: [`/v1/documents?limit=25&cursor=${f.deepCursor}`],
        sql: ALL_SQL.LIST_AFTER,
      },
      {
        key: 'search',
        label: `search "${SEARCH_TERM}"`,
        p99TargetMs: 50,
        paths: [`/v1/documents/search?q=${SEARCH_TERM}&limit=25`],
        sql: ALL_SQL.SEARCH_FIRST,
      },
      { key: 'get', label: 'get one document', p99TargetMs: 25, paths: f.getIds.map((id) => `/v1/documents/${id}`), sql: ALL_SQL.GET_ONE },
    ];
    if (opt.endpoints) {
      const want = new Set(opt.endpoints.split(','));
      endpoints = endpoints.filter((e) => want.has(e.key));
      if (!endpoints.length) throw new Error('--endpoints takes a comma list of list, list_deep, search, get');
    }
    log(`search "${SEARCH_TERM}" matches ${f.searchMatches} documents (${fmt((100 * f.searchMatches) / DOCS, 2)} %)`);
    const bad = sqlChecks.filter((x) => !x.ok);
    log(
      bad.length
        ? `WARNING: the baseline's SQL differs from the app's:\n${bad.map((x) => `  ${x.name}: ${x.detail}`).join('\n')}`
        : `baseline SQL = app SQL: verified for ${sqlChecks.length} statements (captured from the app's services)`,
    );

    log('\nthe main statement alone (1 connection, median of 15, no load):');
    const params: Record<EndpointKey, unknown[]> = {
      list: [TEAM_ID, 26],
      list_deep: [TEAM_ID, pgTimestamp(deep[0]), deep[1], 26],
      search: [TEAM_ID, searchParam(SEARCH_TERM), 26],
      get: [TEAM_ID, f.getIds[0]],
    };
    for (const e of endpoints) {
      const cost = await queryCost(c, e.sql, params[e.key]);
      costs.set(e.key, cost);
      log(`  ${pad(e.label, 28)} ${lpad(fmt(cost.ms, 2), 7)} ms   ${cost.plan}`);
    }
    const tok = await queryCost(c, ALL_SQL.TOKEN_LOOKUP, [token.slice('quire_live_'.length, 'quire_live_'.length + 12)]);
    log(`  ${pad('token lookup (every request)', 28)} ${lpad(fmt(tok.ms, 2), 7)} ms   ${tok.plan}`);
  } finally {
    await c.end();
  }

  return { endpoints, f, token, sqlChecks, costs };
}

type Runs = { results: Map<string, Measured>; bodies: Map<string, unknown>; failures: number };

/**
 * One server at a time. Endpoint by endpoint, each server in turn (order alternating), so each
 * ratio compares runs minutes apart at most, on a machine others may be loading.
 */
async function runScenarios(endpoints: Endpoint[], token: string, appDir: string): Promise<Runs> {
  const admin = new pg.Client({ connectionString: DB_URL });
  await admin.connect();
  const results = new Map<string, Measured>();
  const bodies = new Map<string, unknown>();
  let failures = 0;
  try {
    for (const [n, e] of endpoints.entries()) {
      log(`\n${e.label}:`);
      for (const kind of n % 2 ? [...SERVERS].reverse() : SERVERS) {
        const server = await startServer(kind, { path: e.paths[0], headers: { authorization: `Bearer ${token}` } }, appDir);
        try {
          const res = await fetch(`http://${HOST}:${server.port}${e.paths[0]}`, { headers: { authorization: `Bearer ${token}` } });
          const text = await res.text();
          const body = res.status === 200 ? (JSON.parse(text) as { data?: unknown[]; next_cursor?: string | null }) : null;
          if (!body) {
            failures++;
            log(`    HTTP ${res.status} ${text.slice(0, 300)}`);
          } else {
            bodies.set(`${kind}:${e.key}`, body);
            if (e.key !== 'get' && (body.data?.length !== 25 || !body.next_cursor)) {
              failures++;
              log(`    expected a full page of 25 with a next cursor, got ${body.data?.length} rows`);
            }
          }
          if (WARMUP > 0) await load(server, bearer(token, e.paths), WARMUP, null);
          const quiet = await settle();
          if (quiet.busyCores >= 0.33) {
            log(`    (others keep ${fmt(quiet.busyCores, 2)} cores busy after ${fmt(quiet.waited, 0)} s of waiting; measuring anyway)`);
          } else if (quiet.waited >= 1) log(`    (waited ${fmt(quiet.waited, 0)} s for other processes to quiet down)`);
          const m = await load(server, bearer(token, e.paths), DURATION, admin);
          results.set(`${kind}:${e.key}`, m);
          if (m.bad) failures++;
          log(
            `    ${pad(kind, 10)} ${lpad(fmt(m.rps, 0), 6)} req/s   p50 ${lpad(fmt(m.p50), 6)} ms   p99 ${lpad(fmt(m.p99), 6)} ms` +
              `   server CPU ${fmt(m.cpuMsPerReq.server, 2)} ms/req` +
              loopCell(m) +
              (m.bad ? `   ${m.bad} FAILED requests` : ''),
          );
        } finally {
          await stopServer(server);
        }
      }
    }
  } finally {
    await admin.end();
  }

  return { results, bodies, failures };
}

/** Same answers from every server (the app's JSON, field for field): the scenarios that differ. */
function differingAnswers(endpoints: Endpoint[], bodies: Map<string, unknown>): string[] {
  const mismatched: string[] = [];
  for (const e of endpoints) {
    const answers = SERVERS.map((k) => [k, bodies.get(`${k}:${e.key}`)] as const).filter(([, b]) => b !== undefined);
    for (const [k, b] of answers.slice(1)) {
      if (!isDeepStrictEqual(answers[0][1], b)) mismatched.push(`${e.label} (${answers[0][0]} vs ${k})`);
    }
  }

  return mismatched;
}

async function measure(started: number, pgVersion: string, machine: string, appDir: string) {
  const { endpoints, f, token, sqlChecks, costs } = await prepare();
  const { results, bodies, failures } = await runScenarios(endpoints, token, appDir);
  const mismatched = differingAnswers(endpoints, bodies);
  const { ratios, targets } = reportRest({ endpoints, results, mismatched, started, servers: SERVERS, settings: { connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, documents: DOCS } });
  {
    const out = {
      date: new Date().toISOString(),
      machine,
      node: process.version,
      postgres: pgVersion,
      config: { connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, settle: SETTLE, documents: DOCS, folders: FOLDERS, deepRow: DEEP_ROW },
      searchTerm: SEARCH_TERM,
      searchMatches: f.searchMatches,
      sqlChecks,
      queryCost: Object.fromEntries(costs),
      results: Object.fromEntries(results),
      ratios: Object.fromEntries(ratios),
      targets,
      mismatched,
    };
    const file = opt.json ?? path.join(ROOT, 'bench', '.results', 'latest.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(out, null, 2));
    log(`wrote ${path.relative(process.cwd(), file) || file}`);
  }
  if (failures || mismatched.length || sqlChecks.some((x) => !x.ok)) {
    log('\nbench: some requests failed or the servers disagree (see above)');
    process.exitCode = 1;
  }
}

main().catch((e) => {
  emergencyStop();
  console.error(`bench: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
