// Runs the `quire` CLI as a child process (as users run it) and a small HTTP proxy that can
// answer the first requests itself (429s) before forwarding to the real server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './server';

export const CLI = path.join(ROOT, 'cli', 'bin', 'quire.mjs');

export type CliResult = { code: number | null; stdout: string; stderr: string; ms: number };

/** A fresh QUIRE_CONFIG_DIR. */
export const configDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'quire-cli-'));

/** Environment of a CLI run: only what the test gives (no QUIRE_* from the outer shell). */
export function cliEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const k of Object.keys(out)) if (k.startsWith('QUIRE_')) delete out[k];
  return Object.assign(out, env);
}

export function quire(args: string[], env: Record<string, string | undefined>, opts: { onStderr?: (chunk: string) => void } = {}): Promise<CliResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => {
      stderr += d;
      opts.onStderr?.(String(d));
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

/** The JSON a `--json` run printed (stdout must be JSON and nothing else). */
export function json<T = any>(r: CliResult): T {
  if (r.code !== 0) throw new Error(`quire exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

export type Proxy = { url: string; requests: { method: string; url: string; idempotencyKey?: string }[]; close(): Promise<void> };

type Fake = { status: number; headers?: Record<string, string>; body: unknown };

/**
 * Forwards to `target`; `intercept(n)` (n = 0 for the first request) may answer instead, e.g. a
 * 429 in the spec's error envelope; `lose(n)` may replace the server's answer after it was
 * forwarded (an answer lost on the way back).
 */
export async function proxy(target: string, intercept: (n: number, req: http.IncomingMessage) => Fake | null, lose?: (n: number) => Fake | null) {
  const requests: Proxy['requests'] = [];
  const server = http.createServer((req, res) => {
    const key = req.headers['idempotency-key'];
    const n = requests.push({ method: req.method ?? '', url: req.url ?? '', idempotencyKey: typeof key === 'string' ? key : undefined }) - 1;
    const answer = (fake: Fake) => {
      res.writeHead(fake.status, { 'Content-Type': 'application/json', ...fake.headers });
      res.end(JSON.stringify(fake.body));
    };
    const fake = intercept(n, req);
    if (fake) {
      req.resume();
      return answer(fake);
    }
    const up = http.request(new URL(req.url ?? '/', target), { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (upRes) => {
      const lost = lose?.(n);
      if (lost) {
        upRes.resume();
        return void upRes.on('end', () => answer(lost));
      }
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      upRes.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  } satisfies Proxy;
}

export const unavailable = (retryAfter: string) => ({
  status: 503,
  headers: { 'Retry-After': retryAfter },
  body: { error: { code: 'service_unavailable', message: 'Try again.', doc_url: 'http://x/docs/api/errors#service_unavailable', details: null } },
});

export const rateLimited = (retryAfter: string) => ({
  status: 429,
  headers: { 'Retry-After': retryAfter },
  body: { error: { code: 'rate_limit_exceeded', message: 'Too many requests.', doc_url: 'http://x/docs/api/errors#rate_limit_exceeded', details: null } },
});
