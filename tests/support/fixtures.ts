// A loopback file server standing in for "a public https URL" in source_url tests. The app
// reaches it only through QUIRE_UNSAFE_FETCH_ALLOW, a seam production never sets.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FixtureServer = { origin: string; close(): Promise<void> };

export function startFixtureServer(files: Record<string, { body: Buffer | string; type: string }>): Promise<FixtureServer> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/redirect-to/')) {
      res.writeHead(302, { Location: decodeURIComponent(url.pathname.slice('/redirect-to/'.length)) }).end();
      return;
    }
    const f = files[url.pathname];
    if (!f) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'Content-Type': f.type }).end(f.body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
