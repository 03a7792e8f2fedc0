// `npm run bench -- --parts scale` (issue 40, item 4; docs/scale.md): where one instance of the
// production server (`npm start`) on one PostgreSQL stops keeping up. Each kind of request the
// load model counts is sent at a fixed pace that doubles every step (an open loop through 64
// connections), and the breakpoint is the last pace at which p99 stayed under 100 ms, the server
// answered at least 90 % of the pace and under 1 % failed:
// - a view: the document page of an open link, with an admitted visitor's cookie (records a view);
// - a cached page image through every check;
// - a batch of page events (5 events, a reader's heartbeat);
// - a search of the team's documents (`GET /v1/search`, the seeded 100,000 documents);
// - a folder created with 5 webhook endpoints listening: the write's p99, and whether the
//   deliveries kept up (all arrived, delivery p99 since the folder's creation).
// Printed with the CPU each request cost the server and PostgreSQL, from which docs/scale.md
// counts instances and database cores for 10 million views a day. Printed, never asserted.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { makeFixtures, pageEventsSpec } from './viewer';
import { fmt, lpad, pad, type LoadSpec, type Measured, type Probe, type Running } from './harness';

export type ScaleHarness = {
  host: string;
  dbUrl: string;
  appDir: string;
  /** A token of the seeded team (its documents are searched). */
  seededToken: string;
  /** A token of a team of the bench's own (fixtures, folders, webhooks). */
  token: string;
  log: (s?: string) => void;
  startServer: (kind: 'app', probe: Probe, appDir: string, env?: Record<string, string>) => Promise<Running>;
  stopServer: (r: Running) => Promise<void>;
  load: (server: Running, spec: LoadSpec, seconds: number, admin: pg.Client | null) => Promise<Measured>;
  settle: () => Promise<{ waited: number; busyCores: number }>;
};

const STEPS = [25, 50, 100, 200, 400, 800, 1600, 3200];
const STEP_SECONDS = Number(process.env.BENCH_SCALE_STEP_SECONDS) || 8;
const CONNECTIONS = 64;
const P99_LIMIT_MS = 100;
const ENDPOINTS = 5;
const BENCH_ORIGIN = 'http://quire-bench.localhost';

type Step = { rate: number; m: Measured; passed: boolean; why: string; deliveries?: { expected: number; arrived: number; p99: number } };
export type ScaleResult = { key: string; label: string; steps: Step[]; breakpoint: number | null; at: Step | null };

/** A webhook receiver: every delivery's arrival, with the folder's creation time it carries. */
async function receiver() {
  const lags: number[] = [];
  let arrived = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      arrived++;
      try {
        const { object } = JSON.parse(body).data;
        const created = Date.parse(object.created ?? object.created_at);
        if (Number.isFinite(created)) lags.push(Date.now() - created);
      } catch {}
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    take: () => {
      const out = { arrived, lags: lags.splice(0).sort((a, b) => a - b) };
      arrived = 0;
      return out;
    },
    count: () => arrived,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function call(base: string, token: string, method: string, p: string, body?: unknown) {
  const r = await fetch(base + p, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await r.json();
  if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function measureScale(h: ScaleHarness): Promise<{ failures: number; results: ScaleResult[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-scale-'));
  // One load generator is every visitor: the per-session and per-address budgets are lifted, as
  // the viewer bench does; deliveries go to a loopback receiver.
  const appEnv = {
    QUIRE_DATA_DIR: dataDir,
    APP_URL: BENCH_ORIGIN,
    VIEWER_EVENT_BATCHES_PER_SESSION: '100000000',
    VIEWER_EVENT_BATCHES_PER_ADDRESS: '100000000',
    VIEWER_SESSIONS_PER_ADDRESS: '100000000',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  };
  const probe: Probe = { path: '/v1/documents?limit=1', headers: { authorization: `Bearer ${h.token}` } };
  const hooks = await receiver();
  const admin = new pg.Client({ connectionString: h.dbUrl });
  await admin.connect();
  const results: ScaleResult[] = [];
  let failures = 0;
  const server = await h.startServer('app', probe, h.appDir, appEnv);
  try {
    const base = `http://${h.host}:${server.port}`;
    h.log('\nscale: making fixtures through the app (a 200-page PDF, an open link, a visitor, 5 webhook endpoints)...');
    const f = await makeFixtures(base, h.token);
    // Earlier runs' endpoints of the bench's team are removed; then five that take folder.created.
    for (const e of (await call(base, h.token, 'GET', '/v1/webhooks')).data) await call(base, h.token, 'DELETE', `/v1/webhooks/${e.id}`);
    for (let i = 0; i < ENDPOINTS; i++) await call(base, h.token, 'POST', '/v1/webhooks', { url: `${hooks.url}?n=${i}`, events: ['folder.created'] });
    await admin.query(`UPDATE views SET viewed_at = viewed_at - interval '50 years' WHERE id = ANY($1::text[])`, [f.viewIds]);
    // The fixture PDF's pages are rendered and its text read in the background after upload: the
    // first scenario waits for that to end (up to 3 minutes) rather than measure beside it.
    for (let t0 = Date.now(); Date.now() - t0 < 180_000; ) if ((await h.settle()).busyCores < 0.33) break;
    let folder = 0;
    const run = Date.now().toString(36);
    const codenames = ['Aurora', 'Falcon', 'Harbor', 'Nebula', 'Quartz', 'Willow', 'Zephyr', 'Cedar'];
    const scenarios: { key: string; label: string; spec: LoadSpec; hooks?: boolean }[] = [
      { key: 'view', label: 'a view (the document page, admitted)', spec: { paths: [`/view/${f.open}`], headers: { cookie: f.cookie } } },
      { key: 'image', label: 'a cached page image', spec: { paths: [`/view/${f.open}/pages/1?w=960`], headers: { cookie: f.cookie } } },
      {
        key: 'events',
        label: 'a batch of 5 page events',
        spec: pageEventsSpec(f, 5, BENCH_ORIGIN),
      },
      {
        key: 'search',
        label: 'a search of 100,000 documents',
        spec: { paths: codenames.map((c) => `/v1/search?q=${c}&limit=20`), headers: { authorization: `Bearer ${h.seededToken}` } },
      },
      {
        key: 'webhook',
        label: `a folder created, ${ENDPOINTS} webhook deliveries`,
        hooks: true,
        spec: {
          method: 'POST',
          paths: ['/v1/folders'],
          headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' },
          body: () => JSON.stringify({ name: `Scale ${run} ${folder++}` }),
          answered: (s) => s === 201,
        },
      },
    ];
    // BENCH_SCALE_ONLY=view,image: only those scenarios.
    const only = process.env.BENCH_SCALE_ONLY?.split(',').filter(Boolean);
    for (const sc of scenarios.filter((x) => !only?.length || only.includes(x.key))) {
      h.log(`\nscale: ${sc.label}`);
      const steps: Step[] = [];
      for (const rate of STEPS) {
        await h.settle();
        hooks.take();
        const created0 = folder;
        // autocannon paces each connection on its own, all starting together: 64 connections at
        // 25 a second came as bursts of 64 every 2.5 s. About 10 a second per connection keeps
        // the bursts small and leaves room for slow answers.
        const connections = Math.min(CONNECTIONS, Math.max(2, Math.ceil(rate / 10)));
        const m = await h.load(server, { ...sc.spec, rate, connections }, STEP_SECONDS, admin);
        let why = '';
        if (m.p99 > P99_LIMIT_MS) why = `p99 ${fmt(m.p99)} ms > ${P99_LIMIT_MS}`;
        else if (m.rps < 0.9 * rate) why = `answered ${fmt(m.rps, 0)}/s of ${rate}/s`;
        else if (m.bad > 0.01 * (m.ok + m.bad)) why = `${m.bad} failed`;
        const step: Step = { rate, m, passed: !why, why };
        if (sc.hooks) {
          // Deliveries still arriving after the step are waited for (up to 30 s past it).
          const expected = (folder - created0) * ENDPOINTS;
          for (let t0 = Date.now(); hooks.count() < expected && Date.now() - t0 < 30_000; ) await sleep(200);
          const got = hooks.take();
          const p99 = got.lags[Math.max(0, Math.ceil(got.lags.length * 0.99) - 1)] ?? NaN;
          step.deliveries = { expected, arrived: got.arrived, p99 };
          if (!why && got.arrived < expected) step.why = why = `${expected - got.arrived} of ${expected} deliveries not in 30 s`;
          step.passed = !why;
        }
        steps.push(step);
        h.log(
          `    ${lpad(String(rate), 5)}/s  answered ${lpad(fmt(m.rps, 0), 5)}/s  p50 ${lpad(fmt(m.p50), 6)} ms  p99 ${lpad(fmt(m.p99), 7)} ms  CPU ms/req server ${fmt(m.cpuMsPerReq.server, 2)} postgres ${fmt(m.cpuMsPerReq.postgres, 2)} load ${fmt(m.cpuMsPerReq.loadgen, 2)} other ${fmt(m.cpuMsPerReq.other, 2)}` +
            (step.deliveries ? `  deliveries ${step.deliveries.arrived}/${step.deliveries.expected}, p99 ${fmt(step.deliveries.p99, 0)} ms after the write` : '') +
            (why ? `  <- ${why}` : ''),
        );
        if (!step.passed) break;
      }
      const passed = steps.filter((s) => s.passed);
      const at = passed[passed.length - 1] ?? null;
      results.push({ key: sc.key, label: sc.label, steps, breakpoint: at?.rate ?? null, at });
      if (steps.some((s) => s.m.bad > 0.5 * (s.m.ok + s.m.bad))) failures++;
    }
  } finally {
    await h.stopServer(server);
    await admin.end();
    await hooks.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  h.log(`\nscale results: one instance (npm start) and one PostgreSQL on ${os.cpus().length} cores shared with the load generator; ${STEP_SECONDS} s a step; load average ${os.loadavg().map((x) => fmt(x, 2)).join(' ')}`);
  h.log('| Request | Breakpoint (req/s, p99 < 100 ms) | p99 there | Server CPU ms/req | PostgreSQL CPU ms/req | Next step |');
  h.log('|---|--:|--:|--:|--:|---|');
  for (const r of results) {
    const next = r.steps.find((s) => !s.passed);
    h.log(
      `| ${pad(r.label, 10)} | ${r.breakpoint ?? 'under ' + STEPS[0]} | ${r.at ? fmt(r.at.m.p99) + ' ms' : '-'} | ${r.at ? fmt(r.at.m.cpuMsPerReq.server, 2) : '-'} | ${r.at ? fmt(r.at.m.cpuMsPerReq.postgres, 2) : '-'} | ${next ? `${next.rate}/s: ${next.why}` : 'all passed'} |`,
    );
  }
  return { failures, results };
}
