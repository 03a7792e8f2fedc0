// Starts the real app on a free port, as users run it: `npm start` (scripts/serve.ts: /v1 on
// node:http, the rest through Next), or with QUIRE_TEST_SERVER=next, Next's own server alone
// (`next start`), which is how /v1 runs on Vercel.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../server/db/embedded';
import { spawnEnv } from './spawn-env';

export const ROOT = path.resolve(__dirname, '..', '..');
export const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

/** The suite runs against bare `next start`: checks of scripts/serve.ts's own socket handling skip. */
export const onNextStart = process.env.QUIRE_TEST_SERVER === 'next';

/** `pid`: the server's process group (its database runs in it when embedded). */
export type RunningServer = { url: string; port: number; pid: number; logFile: string; stop(): Promise<void> };

/**
 * Starts the built app on a free port of 127.0.0.1. `face`: `next` runs bare `next start` whatever
 * QUIRE_TEST_SERVER says (with VERCEL set: no timers, as on Vercel). `host` names the server in
 * APP_URL (`localhost`, for what refuses an IP address, such as WebAuthn's relying party).
 */
export async function startServer(
  env: Record<string, string | undefined>,
  opts: { logFile: string; face?: 'serve' | 'next'; host?: string; entry?: string },
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
    throw new Error('No production build found: run `npm run build` first (`npm test` does it for you).');
  }
  const port = await freePort();
  const url = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  const log = fs.openSync(opts.logFile, 'a');
  // Bare `next start` keeps idle connections 5 s (Node's default), scripts/serve.ts 65 s. A test
  // that holds its event loop for seconds (building a 300 MB zip bomb) then sends on a connection
  // the server has closed meanwhile ("other side closed", CI's PostgreSQL pass): the suite's
  // `next start` keeps them as long as serve.ts does, as one behind a load balancer is configured.
  // `entry`: a compiled server script run by plain Node (tests/compiled-server.test.ts), serving this checkout's build.
  const face = opts.entry ? [opts.entry, ROOT] : (opts.face ?? (onNextStart ? 'next' : 'serve')) === 'next' ? ['next', 'start', '--keepAliveTimeout', '65000'] : ['serve'];
  const child: ChildProcess = spawn(TSX, ['scripts/with-db.ts', ...face, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    // QUIRE_VERIFY_OUTPUT: every /v1 answer is checked against its output schema (server/rest/run-procedure.ts).
    // CONVERSION_YIELD_SECONDS: the suite keeps its servers busy, and a converter held stopped
    // while they are (server/lib/pause-while-busy.ts, tested in soffice.test.ts) would wait out the
    // production minute in every conversion test.
    env: spawnEnv(
      { APP_URL: url, NEXTAUTH_URL: url, NEXTAUTH_SECRET: 'test-secret-not-for-production', QUIRE_VERIFY_OUTPUT: '1', CONVERSION_YIELD_SECONDS: '2' },
      env,
      { PORT: String(port), ...(opts.entry ? { NODE_ENV: 'production' } : {}) },
    ),
    stdio: ['ignore', log, log],
    detached: true,
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  // Generous: with the suite's files in parallel, a start competes with three test files for two cores.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (exited) throw new Error(`the server exited during start; see ${opts.logFile}:\n${fs.readFileSync(opts.logFile, 'utf8').slice(-3000)}`);
    try {
      const r = await fetch(`${url}/v1/documents`);
      if (r.status === 401) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`the server did not answer within 150 s; see ${opts.logFile}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    pid: child.pid!,
    logFile: opts.logFile,
    stop: async () => {
      if (exited) return;
      const done = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {}
      await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
      if (!exited) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {}
      }
      fs.closeSync(log);
    },
  };
}
