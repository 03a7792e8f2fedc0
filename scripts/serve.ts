// `npm start`: the production server. /v1 is served straight from node:http through the same
// facade the app's route files use (server/rest/routes.ts), without Next's request pipeline,
// which costs more than the API work itself (docs/benchmarks.md); everything else goes to Next.
// On Vercel there is no custom server: /v1 runs through app/v1/* and the same facade.
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import next from 'next';
import { routeV1 } from '../server/rest/routes';

const { values, positionals } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
  allowPositionals: true,
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? process.env.HOSTNAME;

const isV1 = (url: string) => url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');

function toRequest(req: http.IncomingMessage): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else if (v !== undefined) headers.set(k, v);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: 'half',
  } as RequestInit);
}

// /v1 answers are small JSON documents: one write with a length beats a chunked stream.
async function send(res: http.ServerResponse, r: Response) {
  const body = Buffer.from(await r.arrayBuffer());
  res.statusCode = r.status;
  r.headers.forEach((v, k) => res.setHeader(k, v));
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

async function main() {
  // Like `next start [dir]`: the project folder holding the build.
  const dir = path.resolve(positionals[0] ?? path.join(__dirname, '..'));
  const app = next({ dev: false, dir, hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer((req, res) => {
    if (!isV1(req.url ?? '')) return void handle(req, res);
    routeV1(toRequest(req))
      .then((r) => send(res, r))
      .catch((e) => {
        console.error('[v1] unhandled', e);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'internal_server_error', message: 'Something went wrong on our side.', doc_url: '', details: null } }));
      });
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, hostname, () => console.log(`[quire] ready on http://${hostname ?? 'localhost'}:${port}`));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
