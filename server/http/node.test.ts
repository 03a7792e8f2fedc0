import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';
import { finish, toGetRequest, toRequest } from './node';

const incoming = (headers: http.IncomingHttpHeaders) =>
  ({ url: '/v1/documents?limit=2', headers, socket: { remoteAddress: '198.51.100.7' } }) as unknown as http.IncomingMessage;

describe('toGetRequest', () => {
  const headers = { host: 'api.example:8443', authorization: 'Bearer quire_live_abc', 'set-cookie': ['a=1', 'b=2'], 'x-empty': '' };

  it('reads method, URL and headers as the fetch Request made by toRequest does', () => {
    const lite = toGetRequest(incoming(headers));
    const full = toRequest(incoming(headers), 'GET');
    expect(lite.method).toBe('GET');
    expect(lite.url).toBe(full.url);
    expect(lite.body).toBeNull();
    for (const name of ['Authorization', 'HOST', 'set-cookie', 'x-empty', 'x-missing']) {
      expect(lite.headers.get(name)).toBe(full.headers.get(name));
      expect(lite.headers.has(name)).toBe(full.headers.has(name));
    }
  });

  it('carries the socket address for the per-address rules, and a default host', () => {
    const lite = toGetRequest(incoming({}));
    expect(lite.url).toBe('http://localhost/v1/documents?limit=2');
    expect(clientAddress(lite)).toBe('198.51.100.7');
  });
});

/** One request to a server whose handler is `handle`; the raw answer as the socket carried it. */
async function rawExchange(handle: http.RequestListener, request: string): Promise<string> {
  const server = http.createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const { port } = server.address() as net.AddressInfo;
    return await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let got = '';
      socket.on('data', (b) => {
        got += b.toString('utf8');
        if (/\r\n\r\n/.test(got) && got.includes('héllo')) socket.destroy();
      });
      socket.on('close', () => resolve(got));
      socket.on('error', reject);
    });
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

const headerLines = (raw: string, name: string) => raw.split('\r\n\r\n')[0]!.split('\r\n').filter((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));

describe('finish', () => {
  it('writes the base headers, the answer’s own over them, headers set before, and the body’s own length once', async () => {
    const raw = await rawExchange(
      (req, res) => {
        res.setHeader('X-Frame-Options', 'DENY');
        finish(req, res, 206, { 'content-length': '999', 'Content-Type': 'text/plain', 'X-A': '1' }, 'héllo', { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      },
      'GET / HTTP/1.1\r\nHost: x\r\n\r\n',
    );
    expect(raw.startsWith('HTTP/1.1 206 ')).toBe(true);
    expect(headerLines(raw, 'content-length')).toEqual(['Content-Length: 6']);
    expect(headerLines(raw, 'content-type')).toEqual(['Content-Type: text/plain']);
    expect(headerLines(raw, 'cache-control')).toEqual(['Cache-Control: no-store']);
    expect(headerLines(raw, 'x-frame-options')).toEqual(['X-Frame-Options: DENY']);
    expect(headerLines(raw, 'x-a')).toEqual(['X-A: 1']);
    expect(raw.endsWith('\r\n\r\nhéllo')).toBe(true);
  });

  it('closes the connection when the unread body is larger than it would drain', async () => {
    const raw = await rawExchange(
      (req, res) => finish(req, res, 401, { 'Content-Type': 'text/plain' }, 'héllo'),
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 9000000\r\n\r\n',
    );
    expect(raw.startsWith('HTTP/1.1 401 ')).toBe(true);
    expect(headerLines(raw, 'connection')).toEqual(['Connection: close']);
  });
});
