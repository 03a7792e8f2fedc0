// The owner's file route on `npm start` (scripts/serve.ts): a version's file answered from node:http
// through the same function Next's route file calls (raw-routes.ts versionFileRoute), so that a
// ranged answer (206) keeps its Content-Length, which Next drops from a route handler's streamed
// answer (docs/decisions.md). On bare `next start` (Vercel) Next serves it, chunked.
import type http from 'node:http';
import { isApiOnlyHost } from '../http/api-host';
import { internalError, send, setSecurityHeaders, toRequest } from '../http/node';
import { versionFileRoute } from './raw-routes';

const FILE = /^\/api\/documents\/([^/?#]{1,128})\/versions\/([^/?#]{1,128})\/file(?:[?#]|$)/;

const decoded = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/** Answers the request and returns true when it is the owner's file route; anything else is left to Next. */
export function serveDashboardFast(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const method = req.method ?? 'GET';
  const url = req.url ?? '';
  if ((method !== 'GET' && method !== 'HEAD') || !url.startsWith('/api/documents/') || isApiOnlyHost(req.headers.host)) return false;
  const m = FILE.exec(url);
  const id = m && decoded(m[1]!);
  const versionId = m && decoded(m[2]!);
  if (!id || !versionId) return false;
  setSecurityHeaders(res);
  versionFileRoute(toRequest(req, method), id, versionId)
    .then((r) => send(req, res, r))
    .catch((e) => internalError(req, res, e));
  return true;
}
