// `npx tsx bench/profile.ts [--path /v1/...] [--seconds 10]` (issue 24): where the server's CPU
// goes under load. Starts the production server (npm start) with --cpu-prof on the bench
// database (1,000 documents, seeded once), puts 16 connections on one /v1 read (default: get
// one document) for 3 s of warm-up and `--seconds` counted, stops it, then reads the server's
// profile and prints the load's figures, the heaviest packages and functions by their own time,
// and the app's own functions by inclusive time. The .cpuprofile is kept: open it in Chrome's
// DevTools (Performance) or speedscope for the flame graph. `--gc`: the server also traces its
// garbage collections (--trace-gc), and the pauses during the load are summed up by kind, the
// longest named (the event loop's stalls). `--heap`: what the load allocates (V8's sampling heap
// profiler, freed objects included), bytes per request and the functions that allocate most.
// `--bare`: the same load on the bare pg handler (bench/baseline.ts), to compare profiles function
// by function. PROFILE_NODE_OPTIONS: more options for the server's
// node (e.g. --max-semi-space-size=64 to try a GC setting). Figures are printed, never asserted.
import autocannon from 'autocannon';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from './http-app';
import { groupPids } from './harness';
import { dbUrl, ensureSeeded, TEAM_SLUG } from './seed';

const ROOT = path.resolve(__dirname, '..');
const ADMIN_URL = process.env.BENCH_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_PROFILE_DATABASE || 'quire_bench_profile';
const { values: opt } = parseArgs({ options: { path: { type: 'string' }, seconds: { type: 'string', default: '10' }, top: { type: 'string', default: '25' }, gc: { type: 'boolean', default: false }, bare: { type: 'boolean', default: false }, heap: { type: 'boolean', default: false } } });
const SECONDS = Number(opt.seconds);
const TOP = Number(opt.top);
const log = (s = '') => console.log(s);

type Frame = { functionName: string; url: string; lineNumber: number };
type Profile = { nodes: { id: number; callFrame: Frame; children?: number[] }[]; startTime: number; samples: number[]; timeDeltas: number[] };

/** `node_modules/<package>`, a `node:` module, the project's file, or the VM's own work. */
function owner(url: string): string {
  if (!url) return '(VM: native, GC, idle)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const [a, b] = url.slice(nm + 'node_modules/'.length).split('/');
    return a!.startsWith('@') ? `${a}/${b}` : a!;
  }
  return url.startsWith('node:') ? url : url.replace(`file://${ROOT}/`, '');
}
const frameName = (f: Frame) => `${f.functionName || '(anonymous)'} ${owner(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;

/** Self and inclusive time per frame over the profile's last `seconds` (the load), skipping the shutdown. */
function analyse(p: Profile, seconds: number) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const at: number[] = [];
  let t = p.startTime;
  for (const d of p.timeDeltas) at.push((t += d));
  const end = at[at.length - 1]! - 500_000;
  const start = end - seconds * 1e6;
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => {
    if (at[i]! >= start && at[i]! <= end) self.set(id, (self.get(id) ?? 0) + p.timeDeltas[i]!);
  });
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  const byOwner = new Map<string, number>();
  const bySelf = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    total += us;
    const f = byId.get(id)!.callFrame;
    add(byOwner, owner(f.url), us);
    add(bySelf, frameName(f), us);
    const seen = new Set<string>();
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
      const name = frameName(byId.get(x)!.callFrame);
      if (!seen.has(name)) (seen.add(name), add(inclusive, name, us));
    }
  }
  const top = (m: Map<string, number>, keep: (k: string) => boolean = () => true) =>
    [...m].filter(([k]) => keep(k)).sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([k, v]) => `  ${((v / total) * 100).toFixed(1).padStart(5)} %  ${k}`);
  // The compiled server bundles only the project's code (packages stay external).
  const ours = (k: string) => / (server|scripts|lib|bench)\//.test(k) || k.includes('@trpc/') || k.includes('quire-server/serve.cjs');
  return { total, owners: top(byOwner), self: top(bySelf), ours: top(inclusive, ours) };
}

async function main() {
  await ensureSeeded(ADMIN_URL, DATABASE, { documents: 1000, folders: 20 }, { log });
  const url = dbUrl(ADMIN_URL, DATABASE);
  process.env.DATABASE_URL = url;
  const { adminCreateToken } = await import('../server/services/teams-admin');
  const { token } = await adminCreateToken({ team: TEAM_SLUG, plan: 'datarooms-plus', scopes: ['apis.all'], name: 'bench profile' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-profile-'));
  const port = await freePort();
  const command = opt.bare ? ['bench/baseline.ts'] : ['scripts/with-db.ts', 'serve', '-p', String(port), '-H', '127.0.0.1'];
  const app: ChildProcess = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), command, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), NODE_OPTIONS: `${process.env.PROFILE_NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${dir}${opt.gc ? ` --import ${path.join(ROOT, 'bench', 'trace-gc.mjs')}` : ''}${opt.heap ? ` --import ${path.join(ROOT, 'bench', 'heap-sample.mjs')}` : ''}`, QUIRE_BENCH_HEAP_DIR: dir, RATE_LIMIT_PER_MINUTE: '100000000', UPSTASH_REDIS_REST_URL: '', NEXTAUTH_SECRET: 'bench' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const gcLines: { at: number; line: string }[] = [];
  app.stdout!.on('data', (b: Buffer) => {
    for (const line of b.toString().split('\n')) if (/ms: (Scavenge|Mark-Compact|Minor|Mark-sweep)/i.test(line)) gcLines.push({ at: Date.now(), line });
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (i > 400) throw new Error('the server did not start');
    try {
      if ((await fetch(`${base}/v1/documents`)).status === 401) break; // the bare handler answers 401 too
    } catch {}
    await new Promise((r) => setTimeout(r, 150));
  }
  const headers = { authorization: `Bearer ${token}` };
  const first = (await (await fetch(`${base}/v1/documents?limit=1`, { headers })).json()) as { data: { id: string }[] };
  const target = opt.path ?? `/v1/documents/${first.data[0]!.id}`;
  await autocannon({ url: base + target, connections: 16, duration: 3, headers });
  const nodes = groupPids(app.pid!).filter((p) => fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('node'));
  const signal = (sig: NodeJS.Signals) => nodes.forEach((p) => process.kill(p, sig));
  if (opt.heap) signal('SIGUSR2');
  const loadFrom = Date.now();
  const r = await autocannon({ url: base + target, connections: 16, duration: SECONDS, headers });
  const loadTo = Date.now();
  if (opt.heap) {
    signal('SIGPWR');
    await new Promise((res) => setTimeout(res, 3000));
  }
  app.kill('SIGINT');
  await new Promise((res) => app.on('exit', res));
  log(`GET ${target}, 16 connections, ${SECONDS} s: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms, ${r.non2xx} non-2xx`);
  // The server is the process that sampled the most (tsx and the launcher sampled little).
  const file = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  if (!file) throw new Error(`no profile was written to ${dir}`);
  const a = analyse(JSON.parse(fs.readFileSync(file, 'utf8')) as Profile, SECONDS);
  log(`profile: ${file} (${(a.total / 1000).toFixed(0)} ms sampled over the load; ${(a.total / 1000 / (r.requests.total || 1)).toFixed(3)} ms a request)`);
  if (opt.heap) reportHeap(dir, r.requests.total);
  if (opt.gc) reportGc(gcLines.filter((g) => g.at >= loadFrom && g.at <= loadTo).map((g) => g.line), SECONDS);
  log('\nown time by package or file:');
  a.owners.forEach((l) => log(l));
  log('\nown time by function:');
  a.self.forEach((l) => log(l));
  log('\ninclusive time, the app and tRPC:');
  a.ours.forEach((l) => log(l));
  process.exit(0);
}

type HeapNode = { callFrame: Frame; selfSize: number; children: HeapNode[] };

/** The sampling heap profile of the process that allocated most: bytes per request, top allocating functions. */
function reportHeap(dir: string, requests: number) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.heapprofile'));
  const totals = files.map((f) => {
    const bySite = new Map<string, number>();
    let total = 0;
    const walk = (n: HeapNode) => {
      total += n.selfSize;
      if (n.selfSize) bySite.set(frameName(n.callFrame), (bySite.get(frameName(n.callFrame)) ?? 0) + n.selfSize);
      n.children.forEach(walk);
    };
    walk((JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { head: HeapNode }).head);
    return { f, total, bySite };
  });
  const top = totals.sort((a, b) => b.total - a.total)[0];
  if (!top) return log('\nno heap profile was written');
  log(`\nallocated during the load (sampled, freed objects included): ${(top.total / 1e6).toFixed(0)} MB, ${(top.total / 1024 / (requests || 1)).toFixed(1)} KB a request (${path.join(dir, top.f)})`);
  for (const [site, bytes] of [...top.bySite].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    log(`  ${((100 * bytes) / top.total).toFixed(1).padStart(5)} %  ${(bytes / 1024 / (requests || 1)).toFixed(2).padStart(6)} KB/req  ${site}`);
  }
}

/** `--trace-gc` lines: `[pid:0x…] 1234 ms: Scavenge 50.1 (60.2) -> 45.3 (61.2) MB, pooled: 0 MB, 1.23 / 0.00 ms  (…`. */
function reportGc(lines: string[], seconds: number) {
  const kinds = new Map<string, { n: number; ms: number; max: number; worst: string }>();
  for (const line of lines) {
    const m = /ms: ([A-Za-z-]+(?: \(reduce\))?).*?MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ ([\d.]+) ms/.exec(line);
    if (!m) continue;
    const ms = Number(m[2]);
    const k = kinds.get(m[1]!) ?? { n: 0, ms: 0, max: 0, worst: '' };
    k.n++;
    k.ms += ms;
    if (ms > k.max) Object.assign(k, { max: ms, worst: line.trim() });
    kinds.set(m[1]!, k);
  }
  log(`\ngarbage collection during the load (${lines.length} collections in ${seconds} s):`);
  for (const [kind, k] of kinds) log(`  ${kind}: ${k.n}, ${k.ms.toFixed(0)} ms in all (${((k.ms / (seconds * 1000)) * 100).toFixed(1)} % of the time), longest ${k.max.toFixed(1)} ms`);
  const worst = [...kinds.values()].sort((a, b) => b.max - a.max)[0];
  if (worst) log(`  longest: ${worst.worst}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
