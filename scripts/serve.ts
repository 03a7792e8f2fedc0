// `npm start`: the production server. /v1 is served straight from node:http through the same
// routing table the app's route file uses (server/rest/routes.ts), without Next's request
// pipeline, which costs more than the API work itself (docs/benchmarks.md); so are the viewer's
// hot routes and the ranged file routes (a video stream, the owner's file: Next would drop a
// 206's Content-Length). Everything else goes to Next. On Vercel there is no custom server: /v1
// runs through app/v1/[[...path]].
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import next from 'next';
import { freezeEnvironment } from '../server/config';
import { warmDatabaseClient } from '../server/db/client';
import { startBackgroundWork } from '../server/jobs/background';
import { markServedByOwnServer, SOCKET_ADDRESS_HEADER } from '../server/http/app-address';
import { viewerStylesheets } from '../server/viewer/fast-page';
import { serveViewerFast } from '../server/viewer/node';
import { serveDashboardFast } from '../server/dashboard/node';
import { finish, internalError, malformed, refuseTunnel, refuseUnparsable, sendError, setSecurityHeaders } from '../server/http/node';
import { decideByHost, onOwnHost, PLAIN_NOT_FOUND } from '../server/services/domains/routing';
import { isV1Target, serveV1 } from '../server/rest/node';

const { values, positionals } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
  allowPositionals: true,
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
// Configuration (server/config.ts) defaults APP_URL to this port.
process.env.PORT = String(port);
const hostname = values.hostname ?? process.env.HOSTNAME;

/** This file's project: scripts/ under tsx, .next/quire-server/ when compiled (scripts/build-server.mjs). */
function projectDir(): string {
  for (let d = __dirname; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, 'next.config.ts'))) return d;
    if (path.dirname(d) === d) return process.cwd();
  }
}

async function main() {
  // Tells the app's modules (same process) that SOCKET_ADDRESS_HEADER comes from this server.
  markServedByOwnServer();
  // Background work runs from this process's own modules (instrumentation.ts stands down).
  process.env.QUIRE_OWN_SWEEPER = '1';
  freezeEnvironment();
  // Before the sweep's first run, which would otherwise load the query compiler itself.
  const warm = warmDatabaseClient();
  startBackgroundWork({ timers: true });
  // Like `next start [dir]`: the project folder holding the build.
  const dir = path.resolve(positionals[0] ?? projectDir());
  const app = next({ dev: false, dir, hostname, port });
  await Promise.all([app.prepare(), warm]);
  const handle = app.getRequestHandler();
  // The viewer's cookie-less link pages are rendered here with the build's stylesheets.
  const viewerCss = viewerStylesheets(dir);
  if (!viewerCss) console.warn('[quire] the viewer page manifest has no stylesheet: link pages go through Next');
  const server = http.createServer((req, res) => {
    try {
      const bad = malformed(req);
      if (bad) return sendError(req, res, bad.status, 'bad_request', bad.message);
      // The viewer's per-address limits read the socket's address from here (never from the client).
      req.headers[SOCKET_ADDRESS_HEADER] = req.socket.remoteAddress ?? '';
      const toNext = () => void handle(req, res).catch((e) => internalError(req, res, e));
      const onward = (custom: boolean) => {
        if (!custom && isV1Target(req.url!)) return serveV1(req, res);
        if (serveViewerFast(req, res, toNext, viewerCss)) return;
        if (!custom && serveDashboardFast(req, res)) return;
        toNext();
      };
      // Custom domains: the host decides first (server/services/domains/routing.ts). On the app's
      // own hosts only a link's page needs a decision (a link shared on a domain answers 308): the
      // fast page answers it from the link it reads anyway, and Next's proxy for the pages it renders.
      const custom = !onOwnHost(req.headers.host);
      if (!custom) return onward(false);
      const { pathname, search } = new URL(req.url!, 'http://x');
      decideByHost(req.headers.host, req.method ?? 'GET', pathname, search)
        .then((d) => {
          setSecurityHeaders(res);
          if (d.kind === 'not_found') return finish(req, res, PLAIN_NOT_FOUND.status, PLAIN_NOT_FOUND.headers, Buffer.from(PLAIN_NOT_FOUND.body));
          if (d.kind === 'redirect') return finish(req, res, 308, { Location: d.location, Vary: 'Host', 'Cache-Control': 'no-store' }, Buffer.alloc(0));
          onward(d.custom);
        })
        .catch((e) => internalError(req, res, e));
    } catch (e) {
      internalError(req, res, e);
    }
  });
  // Requests Node's parser refuses (unknown method, malformed header, oversized head) are
  // answered in the envelope too, then the connection is closed.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => refuseUnparsable(err, socket));
  server.on('connect', refuseTunnel);
  server.on('upgrade', refuseTunnel);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 30_000;
  server.listen(port, hostname, () => console.log(`[quire] ready on http://${hostname ?? 'localhost'}:${port}`));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
