// The production server (npm start) on a bench database, and a 16-connection load against it:
// shared by the data room and analytics benches.
import autocannon from 'autocannon';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import pg from 'pg';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

/**
 * `npm start` on `dbUrl`, rate limits out of the way; ready when `probe` answers 401. `o.dir`: a
 * built checkout other than this one (bench/events.ts's --base), `o.env`: more settings.
 */
export async function startApp(port: number, dbUrl: string, probe = '/v1/datarooms', o: { dir?: string; env?: Record<string, string> } = {}): Promise<ChildProcess> {
  const dir = o.dir ?? ROOT;
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/with-db.ts', 'serve', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: dir,
    env: { ...process.env, DATABASE_URL: dbUrl, RATE_LIMIT_PER_MINUTE: '100000000', RATE_LIMIT_ANALYTICS_PER_MINUTE: '100000000', UPSTASH_REDIS_REST_URL: '', NEXTAUTH_SECRET: 'bench', ...o.env },
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}${probe}`)).status === 401) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`the app in ${dir} did not start`);
}

export const stopApp = (app: ChildProcess) => {
  try {
    process.kill(-app.pid!, 'SIGTERM');
  } catch {}
};

/**
 * 16 connections: 2 s of warm-up, then 8 s counted (`warmupOnly`: that many seconds of load,
 * nothing counted; `headers`: sent with every request, e.g. a visitor's cookie).
 */
export async function load(url: string, token: string | null, o: { warmupOnly?: number; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...o.headers };
  if (o.warmupOnly) {
    await autocannon({ url, connections: 16, duration: o.warmupOnly, headers });
    return { rps: 0, p50: 0, p99: 0 };
  }
  await autocannon({ url, connections: 16, duration: 2, headers });
  const r = await autocannon({ url, connections: 16, duration: 8, headers });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/** Drops and recreates a bench database (a part that owns its database starts from nothing). */
export async function freshDatabase(adminUrl: string, database: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${database}`);
  } finally {
    await c.end();
  }
}

/**
 * A business-plan team's `apis.all` token from the admin command (run in `dir`, on `dbUrl`), and
 * a caller of the server's /v1 at `origin` with it: the JSON answer, or an error naming the status.
 */
export function benchApi(o: { dir: string; env: Record<string, string>; dbUrl: string; team: string; origin: string }) {
  const token = execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/admin.ts', 'token', 'create', '--team', o.team, '--plan', 'business', '--scopes', 'apis.all'], {
    cwd: o.dir,
    env: { ...process.env, ...o.env, DATABASE_URL: o.dbUrl },
  })
    .toString()
    .trim()
    .split('\n')
    .pop()!;
  const call = async (method: string, p: string, body?: unknown) => {
    const r = await fetch(o.origin + p, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  return { token, call };
}
