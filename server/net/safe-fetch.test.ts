import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isPublicUnicast, safeFetch, SafeFetchError, safePost } from './safe-fetch';

// The same builtin objects undici uses to open sockets.
const require = createRequire(import.meta.url);
const netCjs = require('node:net') as typeof import('node:net');
const tlsCjs = require('node:tls') as typeof import('node:tls');
const dnsCjs = require('node:dns') as typeof import('node:dns');

async function failure(p: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(SafeFetchError);
    return err as SafeFetchError;
  }
  throw new Error('expected safeFetch to fail');
}

describe('isPublicUnicast', () => {
  it.each([
    ['8.8.8.8', true],
    ['2001:4860:4860::8888', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['100.64.0.1', false],
    ['169.254.169.254', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    // every IPv6 form that embeds an IPv4 address is judged by that address
    ['::127.0.0.1', false],
    ['::7f00:1', false],
    ['::10.0.0.1', false],
    ['::169.254.169.254', false],
    ['::8.8.8.8', true],
    ['::ffff:0:127.0.0.1', false],
    ['64:ff9b::127.0.0.1', false],
    ['64:ff9b::8.8.8.8', true],
    ['64:ff9b:1::a00:1', false],
    ['2002:7f00:1::', false],
    ['2002:c0a8:101::1', false],
    ['2002:808:808::1', true],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', false],
    ['not-an-ip', false],
  ])('%s → %s', (ip, expected) => {
    expect(isPublicUnicast(ip)).toBe(expected);
  });
});

describe('safeFetch against a loopback server allowed through the test seam', () => {
  let server: http.Server;
  let origin: string;
  let chainHits = 0;
  const savedSeam = process.env.QUIRE_UNSAFE_FETCH_ALLOW;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      switch (url.pathname) {
        case '/ok':
          res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
          return res.end('hello quire');
        case '/big': // chunked, no content-length: the cap must hit while streaming
          res.writeHead(200, { 'content-type': 'application/octet-stream' });
          for (let i = 0; i < 64; i++) res.write(Buffer.alloc(16 * 1024, 1));
          return res.end();
        case '/big-length':
          res.writeHead(200, { 'content-length': String(50_000_000) });
          return res.write(Buffer.alloc(1024)); // never finishes: the early refusal must not wait
        case '/hang':
          return; // never answers
        case '/slow-body':
          res.writeHead(200);
          res.write('a');
          return; // body never ends
        case '/redirect-ok':
          res.writeHead(302, { location: '/ok' });
          return res.end();
        case '/redirect-loopback-https':
          res.writeHead(302, { location: `https://127.0.0.1:${(server.address() as AddressInfo).port}/ok` });
          return res.end();
        case '/redirect-metadata':
          res.writeHead(301, { location: 'https://169.254.169.254/latest/meta-data/' });
          return res.end();
        case '/redirect-http':
          res.writeHead(307, { location: 'http://10.0.0.1/' });
          return res.end();
        case '/redirect-userinfo':
          res.writeHead(308, { location: 'https://user:pw@example.com/' });
          return res.end();
        case '/missing':
          res.writeHead(404);
          return res.end('nope');
        default:
          if (url.pathname.startsWith('/chain/')) {
            chainHits++;
            const n = Number(url.pathname.slice('/chain/'.length));
            res.writeHead(302, { location: n >= 3 ? '/ok' : `/chain/${n + 1}` });
            return res.end();
          }
          res.writeHead(500);
          res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.QUIRE_UNSAFE_FETCH_ALLOW = `https://unrelated.example, ${origin}`;
  });

  afterAll(async () => {
    if (savedSeam === undefined) delete process.env.QUIRE_UNSAFE_FETCH_ALLOW;
    else process.env.QUIRE_UNSAFE_FETCH_ALLOW = savedSeam;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('fetches the bytes and the content type', async () => {
    const res = await safeFetch(`${origin}/ok`, { maxBytes: 1000 });
    expect(res.bytes.toString()).toBe('hello quire');
    expect(res.contentTypeHeader).toBe('text/plain; charset=utf-8');
    expect(res.finalUrl).toBe(`${origin}/ok`);
  });

  it('follows an allowed redirect and reports the final URL', async () => {
    const res = await safeFetch(`${origin}/redirect-ok`, { maxBytes: 1000 });
    expect(res.bytes.toString()).toBe('hello quire');
    expect(res.finalUrl).toBe(`${origin}/ok`);
  });

  it('allows exactly maxRedirects hops', async () => {
    chainHits = 0;
    const res = await safeFetch(`${origin}/chain/1`, { maxBytes: 1000, maxRedirects: 3 });
    expect(res.finalUrl).toBe(`${origin}/ok`);
    expect(chainHits).toBe(3);
  });

  it('refuses a redirect chain over the limit without following it further', async () => {
    chainHits = 0;
    const err = await failure(safeFetch(`${origin}/chain/0`, { maxBytes: 1000 }));
    expect(err.code).toBe('too_many_redirects');
    expect(chainHits).toBe(4);
    chainHits = 0;
    expect((await failure(safeFetch(`${origin}/chain/2`, { maxBytes: 1000, maxRedirects: 1 }))).code).toBe(
      'too_many_redirects',
    );
    expect(chainHits).toBe(2);
  });

  it('caps the bytes while streaming', async () => {
    const err = await failure(safeFetch(`${origin}/big`, { maxBytes: 100_000 }));
    expect(err.code).toBe('too_large');
    expect(err.message).toContain('100000');
    const ok = await safeFetch(`${origin}/big`, { maxBytes: 64 * 16 * 1024 });
    expect(ok.bytes.length).toBe(64 * 16 * 1024);
  });

  it('refuses early on a Content-Length over the cap', async () => {
    const started = Date.now();
    const err = await failure(safeFetch(`${origin}/big-length`, { maxBytes: 1_000_000, timeoutMs: 5_000 }));
    expect(err.code).toBe('too_large');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('times out when the server does not answer, or stops sending', async () => {
    expect((await failure(safeFetch(`${origin}/hang`, { maxBytes: 1000, timeoutMs: 300 }))).code).toBe('timeout');
    expect((await failure(safeFetch(`${origin}/slow-body`, { maxBytes: 1000, timeoutMs: 300 }))).code).toBe(
      'timeout',
    );
  });

  it('reports HTTP errors', async () => {
    const err = await failure(safeFetch(`${origin}/missing`, { maxBytes: 1000 }));
    expect(err.code).toBe('http_error');
    expect(err.status).toBe(404);
  });

  it('re-checks every redirect hop', async () => {
    expect((await failure(safeFetch(`${origin}/redirect-loopback-https`, { maxBytes: 1000 }))).code).toBe(
      'forbidden_address',
    );
    expect((await failure(safeFetch(`${origin}/redirect-metadata`, { maxBytes: 1000 }))).code).toBe(
      'forbidden_address',
    );
    expect((await failure(safeFetch(`${origin}/redirect-http`, { maxBytes: 1000 }))).code).toBe('invalid_url');
    expect((await failure(safeFetch(`${origin}/redirect-userinfo`, { maxBytes: 1000 }))).code).toBe('invalid_url');
  });

  it('allows only the exact origins listed', async () => {
    const otherPort = `http://127.0.0.1:${(server.address() as AddressInfo).port + 1}/ok`;
    expect((await failure(safeFetch(otherPort, { maxBytes: 1000 }))).code).toBe('invalid_url');
    expect((await failure(safeFetch(`${origin.replace('127.0.0.1', 'localhost')}/ok`, { maxBytes: 1000 }))).code).toBe(
      'invalid_url',
    );
  });
});

describe('safeFetch refusals without the seam (before any connection)', () => {
  const savedSeam = process.env.QUIRE_UNSAFE_FETCH_ALLOW;
  beforeAll(() => {
    delete process.env.QUIRE_UNSAFE_FETCH_ALLOW;
  });
  afterAll(() => {
    if (savedSeam !== undefined) process.env.QUIRE_UNSAFE_FETCH_ALLOW = savedSeam;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    ['http://example.com/file.pdf', 'invalid_url'],
    ['ftp://example.com/file.pdf', 'invalid_url'],
    ['file:///etc/passwd', 'invalid_url'],
    ['not a url', 'invalid_url'],
    ['https://user:pw@example.com/', 'invalid_url'],
    ['https://127.0.0.1/', 'forbidden_address'],
    ['https://127.1/', 'forbidden_address'],
    ['https://0x7f000001/', 'forbidden_address'],
    ['https://[::1]/', 'forbidden_address'],
    ['https://[::ffff:127.0.0.1]/', 'forbidden_address'],
    ['https://[::ffff:a00:1]/', 'forbidden_address'],
    ['https://[::127.0.0.1]/', 'forbidden_address'],
    ['https://[64:ff9b::7f00:1]/', 'forbidden_address'],
    ['https://10.0.0.1/', 'forbidden_address'],
    ['https://192.168.0.1:8443/', 'forbidden_address'],
    ['https://169.254.169.254/latest/meta-data/', 'forbidden_address'],
    ['https://[fd00:ec2::254]/', 'forbidden_address'],
    ['https://0.0.0.0/', 'forbidden_address'],
  ])('%s → %s, with no socket opened', async (url, code) => {
    const netConnect = vi.spyOn(netCjs, 'connect');
    const tlsConnect = vi.spyOn(tlsCjs, 'connect');
    const err = await failure(safeFetch(url, { maxBytes: 1000 }));
    expect(err.code).toBe(code);
    expect(err.message).not.toMatch(/\n\s+at /); // no stack in the client message
    expect(netConnect).not.toHaveBeenCalled();
    expect(tlsConnect).not.toHaveBeenCalled();
  });

  it('refuses a name that resolves to loopback at the lookup, before connecting', async () => {
    const err = await failure(safeFetch('https://localhost/', { maxBytes: 1000, timeoutMs: 5_000 }));
    expect(err.code).toBe('forbidden_address');
  });

  it.each([
    [['10.0.0.5']],
    [['169.254.169.254']],
    [['fd00::1']],
    [['::ffff:192.168.1.1']],
    [['93.184.216.34', '127.0.0.1']], // one bad address refuses the name (rebinding)
  ])('refuses a public-looking name that resolves to %j', async (addresses) => {
    const lookup = vi.spyOn(dnsCjs, 'lookup').mockImplementation(((
      _host: string,
      _opts: unknown,
      cb: (err: null, a: { address: string; family: number }[]) => void,
    ) => {
      cb(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    }) as never);
    const err = await failure(safeFetch('https://files.quire-test.example/doc.pdf', { maxBytes: 1000, timeoutMs: 5_000 }));
    expect(err.code).toBe('forbidden_address');
    expect(lookup).toHaveBeenCalled();
  });
});

// safePost: the webhook attempt's POST (server/jobs/webhooks.ts) under the same address rules,
// with no redirect followed, one deadline and only the first bytes of the answer kept.
describe('safePost (webhook attempts)', () => {
  let postServer: http.Server;
  let postOrigin = '';
  const seen: { method: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    postServer = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method!, headers: req.headers, body });
        if (req.url === '/ok') return res.writeHead(204).end();
        if (req.url === '/redirect') return res.writeHead(302, { location: `${postOrigin}/ok` }).end();
        if (req.url === '/big') return res.writeHead(500, { 'content-type': 'text/plain' }).end('x'.repeat(100_000));
        if (req.url === '/hang') return; // never answers
        res.writeHead(404).end('nope');
      });
    });
    await new Promise<void>((r) => postServer.listen(0, '127.0.0.1', r));
    postOrigin = `http://127.0.0.1:${(postServer.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    postServer.closeAllConnections();
    postServer.close();
  });

  const post = (path: string, o: { allowPrivate?: boolean; timeoutMs?: number } = {}) =>
    safePost(`${postOrigin}${path}`, { body: '{"a":1}', headers: { 'content-type': 'application/json', 'x-test': 'yes' }, timeoutMs: o.timeoutMs ?? 5_000, keepBytes: 1024, allowPrivate: o.allowPrivate ?? true });

  describe('safePost', () => {
    afterEach(() => vi.restoreAllMocks());

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
});
