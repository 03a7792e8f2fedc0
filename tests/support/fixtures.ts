// A loopback file server standing in for "a public https URL" in source_url tests. The app
// reaches it only through QUIRE_UNSAFE_FETCH_ALLOW, a seam production never sets. Under
// /mutable/ a test PUTs a file and DELETEs it (an identity provider's metadata that changes).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FixtureServer = { origin: string; close(): Promise<void> };

export function startFixtureServer(files: Record<string, { body: Buffer | string; type: string }>): Promise<FixtureServer> {
  const mutable = new Map<string, { body: Buffer; type: string }>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/mutable/') && req.method !== 'GET') {
      if (req.method === 'DELETE') return void res.writeHead(mutable.delete(url.pathname) ? 204 : 404).end();
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        mutable.set(url.pathname, { body: Buffer.concat(chunks), type: req.headers['content-type'] ?? 'application/octet-stream' });
        res.writeHead(204).end();
      });
      return;
    }
    const changing = mutable.get(url.pathname);
    if (changing) return void res.writeHead(200, { 'Content-Type': changing.type }).end(changing.body);
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
