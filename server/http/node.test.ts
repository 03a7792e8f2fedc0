import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';
import { toGetRequest, toRequest } from './node';

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
