// Diagnostic servers for `npm run bench -- --layers`: the app's own code with layers peeled off,
// to see where its time goes between the baseline (node:http + pg) and the app (Next.js).
//
//   LAYER=handler  node:http -> the app's /v1 handler (server/rest/handler.ts: web Request and
//                  Response, bearer gate, rate limiter, trpc-to-openapi, tRPC, zod, the services).
//                  The app minus Next.js.
//   LAYER=services node:http -> authenticateToken + the document services, JSON out.
//                  The baseline plus the app's own services: no tRPC, no zod, no web
//                  Request/Response.
//
//   DATABASE_URL=postgres://... PORT=4101 LAYER=handler tsx bench/layers.ts
import { toResponse } from '../server/http/envelope';
import http from 'node:http';
import { authenticateToken, bearerFrom } from '../server/auth/tokens';
import { db } from '../server/db/client';
import { getDocument, listDocuments, searchDocuments } from '../server/services/documents';
import { handleV1 } from '../server/rest/handler';

const layer = process.env.LAYER;
if (layer !== 'handler' && layer !== 'services') throw new Error('LAYER must be handler or services');

const HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

async function viaHandler(req: http.IncomingMessage, res: http.ServerResponse) {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const r = toResponse(await handleV1(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers })));
  const out: Record<string, string> = {};
  r.headers.forEach((v, k) => (out[k] = v));
  res.writeHead(r.status, out);
  res.end(Buffer.from(await r.arrayBuffer()));
}

async function viaServices(req: http.IncomingMessage, res: http.ServerResponse) {
  const token = bearerFrom(req.headers.authorization ?? null);
  const actor = token ? await authenticateToken(token) : null;
  if (!actor) {
    res.writeHead(401, HEADERS).end('{"error":{"code":"unauthorized"}}');
    return;
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  const p = url.searchParams;
  const limit = Number(p.get('limit') ?? 25);
  const parts = url.pathname.split('/').filter(Boolean);
  let body: unknown;
  if (parts.length === 2) body = await listDocuments(actor, { limit, cursor: p.get('cursor') ?? undefined });
  else if (parts[2] === 'search') body = await searchDocuments(actor, { q: p.get('q') ?? '', limit });
  else body = await getDocument(actor, parts[2]);
  res.writeHead(200, HEADERS).end(JSON.stringify(body));
}

const server = http.createServer((req, res) => {
  (layer === 'handler' ? viaHandler : viaServices)(req, res).catch((e: unknown) => {
    const status = (e as { status?: number }).status ?? 500;
    if (status === 500) console.error(e);
    if (!res.headersSent) res.writeHead(status, HEADERS);
    res.end('{"error":{"code":"error"}}');
  });
});
server.keepAliveTimeout = 65_000;
const port = Number(process.env.PORT) || 4101;
server.listen(port, '127.0.0.1', () => console.log(`${layer} layer listening on http://127.0.0.1:${port}`));

const stop = () => {
  server.close();
  server.closeAllConnections();
  db.$disconnect().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
