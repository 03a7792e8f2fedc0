// safePost: the webhook attempt's POST (server/jobs/webhooks.ts) under the same address rules as
// safeFetch, with no redirect followed, one deadline and only the first bytes of the answer kept.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { safePost, SafeFetchError } from './safe-fetch';

const require = createRequire(import.meta.url);
const dnsCjs = require('node:dns') as typeof import('node:dns');

let server: http.Server;
let origin = '';
const seen: { method: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, headers: req.headers, body });
      if (req.url === '/ok') return res.writeHead(204).end();
      if (req.url === '/redirect') return res.writeHead(302, { location: `${origin}/ok` }).end();
      if (req.url === '/big') return res.writeHead(500, { 'content-type': 'text/plain' }).end('x'.repeat(100_000));
      if (req.url === '/hang') return; // never answers
      res.writeHead(404).end('nope');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
afterEach(() => vi.restoreAllMocks());

const post = (path: string, o: { allowPrivate?: boolean; timeoutMs?: number } = {}) =>
  safePost(`${origin}${path}`, { body: '{"a":1}', headers: { 'content-type': 'application/json', 'x-test': 'yes' }, timeoutMs: o.timeoutMs ?? 5_000, keepBytes: 1024, allowPrivate: o.allowPrivate ?? true });

async function failure(p: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(SafeFetchError);
    return err as SafeFetchError;
  }
  throw new Error('expected safePost to fail');
}

describe('safePost', () => {
  it('POSTs the body with the given headers and answers the status and time', async () => {
    const r = await post('/ok');
    expect(r.status).toBe(204);
    expect(r.ms).toBeGreaterThanOrEqual(0);
    const got = seen.at(-1)!;
    expect(got).toMatchObject({ method: 'POST', body: '{"a":1}' });
    expect(got.headers['x-test']).toBe('yes');
    expect(got.headers['content-type']).toBe('application/json');
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    const before = seen.length;
    const r = await post('/redirect');
    expect(r.status).toBe(302);
    expect(seen.length).toBe(before + 1);
  });

  it('keeps only the first kilobyte of the answer', async () => {
    const r = await post('/big');
    expect(r.status).toBe(500);
    expect(r.body).toBe('x'.repeat(1024));
  });

  it('gives up at the deadline', async () => {
    const started = Date.now();
    const err = await failure(post('/hang', { timeoutMs: 300 }));
    expect(err.code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reports a refused connection', async () => {
    const err = await failure(safePost('http://127.0.0.1:1/x', { body: '', headers: {}, timeoutMs: 5_000, keepBytes: 10, allowPrivate: true }));
    expect(err.code).toBe('network');
  });

  it('without allowPrivate: http and private addresses are refused before connecting', async () => {
    expect((await failure(post('/ok', { allowPrivate: false }))).code).toBe('invalid_url');
    const err = await failure(safePost('https://127.0.0.1:9/ok', { body: '', headers: {}, timeoutMs: 5_000, keepBytes: 10 }));
    expect(err.code).toBe('forbidden_address');
  });

  it('without allowPrivate: a name resolving to a private address is refused at connect time', async () => {
    const lookup = vi.spyOn(dnsCjs, 'lookup').mockImplementation(((_h: string, _o: unknown, cb: (e: null, a: { address: string; family: number }[]) => void) =>
      cb(null, [{ address: '10.0.0.7', family: 4 }])) as never);
    const err = await failure(safePost('https://hooks.quire-test.example/in', { body: '', headers: {}, timeoutMs: 5_000, keepBytes: 10 }));
    expect(err.code).toBe('forbidden_address');
    expect(lookup).toHaveBeenCalled();
  });

  it('refuses user names in URLs', async () => {
    const err = await failure(safePost(`http://u:p@127.0.0.1:1/x`, { body: '', headers: {}, timeoutMs: 5_000, keepBytes: 10, allowPrivate: true }));
    expect(err.code).toBe('invalid_url');
  });
});
