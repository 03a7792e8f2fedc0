// The /v1 face on node:http (scripts/serve.ts): each request to the shared routing table, through
// the generic adapter (server/http/node.ts).
import type http from 'node:http';
import type { Answer } from '../http/envelope';
import { internalError, send, toGetRequest, toRequest } from '../http/node';
import { noSuchEndpoint, routeV1Answer } from './routes';

/** fetch's Request refuses these methods outright. */
const UNCONSTRUCTIBLE = new Set(['CONNECT', 'TRACE', 'TRACK']);

export const isV1Target = (url: string) => /^\/v1(?:[/?]|$)/i.test(url);

export function serveV1(req: http.IncomingMessage, res: http.ServerResponse) {
  const method = req.method ?? 'GET';
  let answer: Promise<Answer>;
  try {
    if (UNCONSTRUCTIBLE.has(method)) answer = noSuchEndpoint(toGetRequest(req), method);
    else answer = routeV1Answer(method === 'GET' ? toGetRequest(req) : toRequest(req, method));
  } catch (e) {
    return internalError(req, res, e);
  }
  answer.then((r) => send(req, res, r)).catch((e) => internalError(req, res, e));
}
