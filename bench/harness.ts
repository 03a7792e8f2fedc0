// The bench harness: servers started in their own process group and stopped with it, a load
// generator (autocannon) measuring latency and CPU per request of the server, PostgreSQL, the
// load generator and the rest of the machine, and a wait for a quiet machine before measuring.
// Used by bench/run.ts and its parts (bench/viewer.ts); configured once by the runner.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';

export const ROOT = path.resolve(__dirname, '..');
export const HOST = '127.0.0.1';

/** What the servers and the load generator are started with (bench/run.ts's options). */
export type HarnessSettings = { dbUrl: string; database: string; settleSeconds: number; connections: number };
let configured: HarnessSettings | null = null;
export const configureHarness = (s: HarnessSettings) => void (configured = s);
const settings = (): HarnessSettings => {
  if (!configured) throw new Error('bench harness used before configureHarness()');
  return configured;
};

/** The servers a scenario runs on: the app, its layers alone, and the bare baselines. */
export type ServerKind = 'app' | 'handler' | 'services' | 'baseline' | 'viewer-baseline';


export const log = (s = '') => process.stdout.write(s + '\n');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');
export const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
export const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, HOST, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** CPU seconds (user + system) used so far by a process, from /proc; 0 when unreadable. */
export function procCpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

/** Pids whose process group is `pgid` (the server and every process it started). */
export function groupPids(pgid: number): number[] {
  const out: number[] = [];
  let entries: string[] = [];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return out;
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(f[2]) === pgid) out.push(Number(e));
    } catch {}
  }
  return out;
}

/** Busy and total CPU seconds of the whole machine, from /proc/stat. */
export function machineCpu(): { busy: number; total: number } {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = v[3] + (v[4] || 0);
    const total = v.reduce((a, b) => a + b, 0);
    return { busy: (total - idle) / 100, total: total / 100 };
  } catch {
    return { busy: 0, total: 0 };
  }
}

// ---------------------------------------------------------------------------------------------
// Servers

export type Running = { kind: ServerKind; child: ChildProcess; port: number; output: string[]; exited: boolean };
let current: Running | null = null;

function tsxCli(): string {
  const cli = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  if (!fs.existsSync(cli)) throw new Error('tsx is not installed (npm install)');
  return cli;
}

/** What tells a started server is ready: a 200 for this request. */
export type Probe = { path: string; headers?: Record<string, string> };

export async function startServer(kind: ServerKind, probe: Probe, appDir: string, extraEnv: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: settings().dbUrl,
    PORT: String(port),
    RATE_LIMIT_PER_MINUTE: '100000000',
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    ...extraEnv,
  };
  // The in-process limiter, not a network one.
  delete env.UPSTASH_REDIS_REST_URL;
  delete env.UPSTASH_REDIS_REST_TOKEN;
  Object.assign(env, loopDelayEnv(env.NODE_OPTIONS));
  const args =
    kind === 'app'
      ? [tsxCli(), 'scripts/with-db.ts', 'serve', appDir, '-p', String(port), '-H', HOST]
      : kind === 'baseline'
        ? [tsxCli(), 'bench/baseline.ts']
        : kind === 'viewer-baseline'
          ? [tsxCli(), 'bench/viewer-baseline.ts']
          : [tsxCli(), 'bench/layers.ts'];
  if (kind === 'handler' || kind === 'services') env.LAYER = kind;
  // Own process group, so stopping it reaches tsx's child and next's workers too.
  const child = spawn(process.execPath, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const r: Running = { kind, child, port, output: [], exited: false };
  current = r;
  const keep = (b: Buffer) => {
    r.output.push(...b.toString().split('\n').filter(Boolean));
    if (r.output.length > 200) r.output.splice(0, r.output.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('exit', () => (r.exited = true));

  const t0 = Date.now();
  for (;;) {
    if (r.exited) throw new Error(`${kind} server exited during startup:\n${r.output.slice(-30).join('\n')}`);
    if (Date.now() - t0 > 120_000) {
      await stopServer(r);
      throw new Error(`${kind} server not ready after 120 s:\n${r.output.slice(-30).join('\n')}`);
    }
    try {
      const res = await fetch(`http://${HOST}:${port}${probe.path}`, {
        headers: probe.headers,
        signal: AbortSignal.timeout(5_000),
      });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {}
    await sleep(250);
  }
  return r;
}

export async function stopServer(r: Running) {
  const pgid = r.child.pid!;
  const kill = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pgid, sig);
    } catch {}
  };
  if (!r.exited) {
    kill('SIGTERM');
    const t0 = Date.now();
    while (!r.exited && Date.now() - t0 < 10_000) await sleep(100);
  }
  // Whatever is left of the group (next may leave workers behind).
  if (groupPids(pgid).length) {
    kill('SIGKILL');
    await sleep(200);
  }
  if (current === r) current = null;
}

export function emergencyStop() {
  if (current?.child.pid) {
    try {
      process.kill(-current.child.pid, 'SIGKILL');
    } catch {}
  }
}

// ---------------------------------------------------------------------------------------------
// Load

/**
 * Other engineers' builds and tests share this machine. Before a measured scenario (our server
 * idle), waits up to SETTLE seconds for the machine to use under a third of a core; returns the
 * cores busy in the last sample.
 */
export async function settle(): Promise<{ waited: number; busyCores: number }> {
  const t0 = Date.now();
  for (;;) {
    const a = machineCpu();
    await sleep(500);
    const b = machineCpu();
    const busyCores = b.total > a.total ? ((b.busy - a.busy) / (b.total - a.total)) * os.cpus().length : 0;
    const waited = (Date.now() - t0) / 1000;
    if (busyCores < 0.33 || waited >= settings().settleSeconds) return { waited, busyCores };
  }
}

export type Measured = {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  ok: number;
  bad: number; // non-200 responses, errors and timeouts
  seconds: number;
  cpuMsPerReq: { server: number; postgres: number; loadgen: number; other: number };
  /** The event loop's delay in the server process that did the work (bench/loop-delay.mjs), ms. */
  loop: { p99: number; max: number } | null;
};

let loopDirPath: string | null = null;
/** Settings that preload bench/loop-delay.mjs into a server (read back with loopDelays). */
export function loopDelayEnv(nodeOptions = ''): Record<string, string> {
  return { QUIRE_BENCH_LOOP_DIR: loopDir(), NODE_OPTIONS: `${nodeOptions} --import ${path.join(ROOT, 'bench', 'loop-delay.mjs')}`.trim() };
}
function loopDir(): string {
  return (loopDirPath ??= fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-loop-')));
}

/** What bench/loop-delay.mjs saw in one process: its loop's delay, and its pools' queues at their longest. */
export type LoopReport = { p99: number; max: number; dbWaiting: number; dbWaitingMs: number; renderWaiting: number; renderRunning: number };

/** Asks the server's node processes for their loop delay since the last ask (and so starts a new count). */
export async function loopDelays(pids: number[]): Promise<Map<number, LoopReport>> {
  const nodes = pids.filter((p) => {
    try {
      return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('node');
    } catch {
      return false;
    }
  });
  for (const p of nodes) fs.rmSync(path.join(loopDir(), `${p}.json`), { force: true });
  for (const p of nodes) {
    try {
      process.kill(p, 'SIGUSR2');
    } catch {}
  }
  const out = new Map<number, LoopReport>();
  for (let waited = 0; waited < 2000 && out.size < nodes.length; waited += 50) {
    await sleep(50);
    for (const p of nodes) {
      if (out.has(p)) continue;
      try {
        out.set(p, JSON.parse(fs.readFileSync(path.join(loopDir(), `${p}.json`), 'utf8')));
      } catch {}
    }
  }
  return out;
}

async function pgBackendPids(admin: pg.Client): Promise<number[]> {
  const r = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [settings().database]);
  return r.rows.map((x) => x.pid);
}

/** The requests of a scenario: paths in turn, each with these headers (and a body per request for POSTs). */
export type LoadSpec = {
  paths: string[];
  headers: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: (n: number) => string;
  /** Headers of the n-th request on top of `headers` (a visitor's session cookie per batch). */
  headersFor?: (n: number) => Record<string, string>;
  /** Requests a second (bench/scale.ts); unset, as fast as the connections go. */
  rate?: number;
  connections?: number;
  /** The statuses that count as answered (default: 200 only). */
  answered?: (status: number) => boolean;
};

export const bearer = (token: string, paths: string[]): LoadSpec => ({ paths, headers: { authorization: `Bearer ${token}` } });

export async function load(server: Running, spec: LoadSpec, seconds: number, admin: pg.Client | null): Promise<Measured> {
  const { paths } = spec;
  let i = 0;
  const latencies: number[] = [];
  let bad = 0;
  const serverPids = groupPids(server.child.pid!);
  await loopDelays(serverPids);
  const pidCpu0 = new Map(serverPids.map((p) => [p, procCpuSeconds(p)]));
  const cpu0 = {
    server: serverPids.reduce((a, p) => a + procCpuSeconds(p), 0),
    self: process.cpuUsage(),
    machine: machineCpu(),
  };
  // Backends connect lazily; sample them once the load is on (see below).
  let pgPids: number[] = [];
  let pg0 = 0;
  let pgFrom = 0; // responses before the backends were sampled
  const t0 = performance.now();
  const inst = autocannon({
    url: `http://${HOST}:${server.port}`,
    connections: spec.connections ?? settings().connections,
    overallRate: spec.rate,
    duration: seconds,
    timeout: 30,
    headers: spec.headers,
    requests: [
      {
        method: spec.method ?? 'GET',
        setupRequest: (req) => {
          const n = i++;
          req.path = paths[n % paths.length];
          if (spec.body) req.body = spec.body(n);
          if (spec.headersFor) req.headers = { ...req.headers, ...spec.headersFor(n) };
          return req;
        },
      },
    ],
  });
  const answered = spec.answered ?? ((status: number) => status === 200);
  inst.on('response', (_client, status, _bytes, ms) => {
    if (answered(status)) latencies.push(ms);
    else bad++;
  });
  if (admin) {
    await sleep(Math.min(300, seconds * 100));
    pgPids = await pgBackendPids(admin);
    pg0 = pgPids.reduce((a, p) => a + procCpuSeconds(p), 0);
    pgFrom = latencies.length + bad;
  }
  const res = await inst;
  const elapsed = (performance.now() - t0) / 1000;
  const self = process.cpuUsage(cpu0.self);
  const machine = machineCpu();
  const serverCpu = serverPids.reduce((a, p) => a + procCpuSeconds(p), 0) - cpu0.server;
  // The process that served is the one that worked: its loop is the one clients waited on.
  const busiest = serverPids.reduce((best, p) => (procCpuSeconds(p) - (pidCpu0.get(p) ?? 0) > procCpuSeconds(best) - (pidCpu0.get(best) ?? 0) ? p : best), serverPids[0]!);
  const loop = (await loopDelays(serverPids)).get(busiest) ?? null;
  const pgCpu = pgPids.reduce((a, p) => a + procCpuSeconds(p), 0) - pg0;
  const loadgenCpu = (self.user + self.system) / 1e6;
  const busy = machine.busy - cpu0.machine.busy;
  latencies.sort((a, b) => a - b);
  const n = latencies.length;
  const per = (s: number) => (n ? (s * 1000) / n : NaN);
  return {
    rps: n / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[n - 1] ?? NaN,
    ok: n,
    bad: bad + res.errors + res.timeouts,
    seconds: elapsed,
    cpuMsPerReq: {
      server: per(serverCpu),
      postgres: n + bad > pgFrom ? (pgCpu * 1000) / (n + bad - pgFrom) : NaN,
      loadgen: per(loadgenCpu),
      other: per(Math.max(0, busy - serverCpu - pgCpu - loadgenCpu)),
    },
    loop: loop && { p99: loop.p99, max: loop.max },
  };
}

