// node:http for the faces that answer on it (scripts/serve.ts: /v1, the viewer's hot routes):
// adapts IncomingMessage to a fetch Request, refuses what cannot become one (an asterisk target,
// a Host that is no authority, a request Node could not parse), writes answers with a length and
// settles unread bodies, and never lets anything a client sends throw out of the request handler.
import type http from 'node:http';
import { type Duplex, Readable } from 'node:stream';
import { BASE_HEADERS, errorBody, JsonAnswer, plainAnswer, type Answer } from './envelope';
import { setSocketAddress } from './client-address';
import { isValidHost } from './host';
import { SECURITY_HEADERS } from './security-headers';
import type { ErrorCode } from '../errors';

/** A refusal for requests no route should see, or null. */
export function malformed(req: http.IncomingMessage): { status: number; message: string } | null {
  if (!req.url?.startsWith('/')) return { status: 400, message: 'The request target must be a path starting with "/".' };
  if (req.headers.host !== undefined && !isValidHost(req.headers.host)) {
    return { status: 400, message: 'The Host header is not a valid host name and port.' };
  }
  return null;
}

export function toRequest(req: http.IncomingMessage, method: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else if (v !== undefined) headers.set(k, v);
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const request = new Request(`http://${req.headers.host || 'localhost'}${req.url}`, {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: 'half',
  } as RequestInit);
  setSocketAddress(request, req.socket.remoteAddress);
  return request;
}

/**
 * A request's headers as fetch's `Headers` reads them (names case-insensitive, a repeated header
 * as Node joined it), straight from Node's parsed object: what `toRequest` copies, without the copy.
 */
class IncomingHeaders {
  constructor(private readonly raw: http.IncomingHttpHeaders) {}
  get(name: string): string | null {
    const v = this.raw[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
  }
  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }
}

/**
 * A GET for /v1, whose routes read only its method, URL and headers (`get`, `has`): a fetch
 * `Request` costs an AbortSignal, a copy of the headers and its own URL parse on every call (a
 * twentieth of a cheap read's CPU). Anything with a body goes through `toRequest`.
 */
export function toGetRequest(req: http.IncomingMessage): Request {
  const request = { method: 'GET', url: `http://${req.headers.host || 'localhost'}${req.url}`, headers: new IncomingHeaders(req.headers), body: null, bodyUsed: false } as unknown as Request;
  setSocketAddress(request, req.socket.remoteAddress);
  return request;
}

/** Unread request bodies up to this size are read and dropped; larger ones close the connection. */
const DRAIN_MAX_BYTES = 8 * 1024 * 1024;

/**
 * A response answered before the request body was read (a 401, a 413 from Content-Length) must
 * not leave the body in the socket: on a keep-alive connection it would be taken for the next
 * request, which then never gets an answer. Up to DRAIN_MAX_BYTES are read and dropped (the
 * client can finish sending, read the answer and reuse the connection); a larger declared body
 * closes the connection at once, a chunked one once it passes the limit.
 */
function settleUnreadBody(req: http.IncomingMessage, res: http.ServerResponse) {
  if (closeForUnreadBody(req)) res.setHeader('Connection', 'close');
}

/** settleUnreadBody before the head is written: true when the connection must close. */
function closeForUnreadBody(req: http.IncomingMessage): boolean {
  if (req.complete) return false;
  const declared = Number(req.headers['content-length']);
  if (declared > DRAIN_MAX_BYTES) return true;
  let seen = 0;
  req.removeAllListeners('data'); // the fetch adapter's reader, which will never read again
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_MAX_BYTES) req.socket.destroy();
  });
  req.resume();
  return false;
}

/** The headers Next adds to everything it serves (next.config.ts), on an answer node:http writes in its place. */
export function setSecurityHeaders(res: http.ServerResponse) {
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
}

/**
 * Writes a whole answer: its head in one writeHead with a flat list of headers (what a bare
 * node:http server does; a setHeader per header cost a /v1 read more), then the body.
 * `base`: headers written before `headers` (the JSON answers' common three), skipped when
 * `headers` names the same one.
 */
export function finish(req: http.IncomingMessage, res: http.ServerResponse, status: number, headers: Record<string, string>, body: Buffer | string, base?: Record<string, string>) {
  if (res.headersSent) return void res.destroy();
  const raw: (string | number)[] = [];
  if (base) for (const k in base) if (!(k in headers)) raw.push(k, base[k]!);
  // The length is the body's own (a route's ranged answer names it too, in lower case).
  for (const k in headers) if (!(k.length === 14 && k.toLowerCase() === 'content-length')) raw.push(k, headers[k]!);
  raw.push('Content-Length', typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  if (closeForUnreadBody(req)) raw.push('Connection', 'close');
  res.writeHead(status, raw as string[]);
  res.end(body);
}

/** Bodies past this size (a room archive) are streamed, never held. */
const STREAM_OVER_BYTES = 1024 * 1024;

// /v1 answers are small JSON documents: one write with a length beats a chunked stream. A larger
// body is streamed with the length its route gave (a ranged file's: server/storage/ranges.ts).
export async function send(req: http.IncomingMessage, res: http.ServerResponse, r: Answer) {
  if (r instanceof JsonAnswer) return finish(req, res, r.status, r.headers, r.body, BASE_HEADERS);
  const plain = plainAnswer(r);
  if (plain) return finish(req, res, plain.status, plain.headers, plain.body);
  const headers: Record<string, string> = {};
  r.headers.forEach((v, k) => (headers[k] = v));
  if (req.method === 'HEAD') {
    void r.body?.cancel().catch(() => {});
    return headOnly(req, res, r.status, headers);
  }
  const length = Number(r.headers.get('content-length') ?? NaN);
  if (r.body && !(length <= STREAM_OVER_BYTES)) return stream(req, res, r.status, headers, r.body);
  finish(req, res, r.status, headers, Buffer.from(await r.arrayBuffer()));
}

/** A HEAD answer: GET's status and headers as the route gave them (its Content-Length too), no body. */
function headOnly(req: http.IncomingMessage, res: http.ServerResponse, status: number, headers: Record<string, string>) {
  if (res.headersSent) return void res.destroy();
  res.statusCode = status;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  settleUnreadBody(req, res);
  res.end();
}

function stream(req: http.IncomingMessage, res: http.ServerResponse, status: number, headers: Record<string, string>, body: ReadableStream<Uint8Array>) {
  if (res.headersSent) return void res.destroy();
  res.statusCode = status;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  settleUnreadBody(req, res);
  const source = Readable.fromWeb(body as never);
  // A client that goes away stops the read; a read that fails cuts the answer short.
  source.on('error', () => res.destroy());
  res.on('close', () => source.destroy());
  source.pipe(res);
}

export function sendError(req: http.IncomingMessage, res: http.ServerResponse, status: number, code: ErrorCode, message: string) {
  const body = Buffer.from(JSON.stringify(errorBody(code, message)));
  finish(req, res, status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }, body);
}

export function internalError(req: http.IncomingMessage, res: http.ServerResponse, e: unknown) {
  console.error('[serve] unhandled', req.method, req.url?.slice(0, 200), e);
  try {
    sendError(req, res, 500, 'internal_server_error', 'Something went wrong on our side. Please try again.');
  } catch {
    res.destroy();
  }
}

/** An answer written straight to the socket (no ServerResponse exists), then close. */
function writeAndClose(socket: Duplex, status: string, code: ErrorCode, message: string) {
  const body = JSON.stringify(errorBody(code, message));
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n` +
      `X-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Node's parser could not read the request: a 400 (431 for an oversized head), then close. */
export function refuseUnparsable(err: NodeJS.ErrnoException, socket: Duplex) {
  if (!socket.writable || err.code === 'ECONNRESET') return void socket.destroy();
  if (err.code === 'HPE_HEADER_OVERFLOW') return writeAndClose(socket, '431 Request Header Fields Too Large', 'bad_request', 'The request headers are too large.');
  writeAndClose(socket, '400 Bad Request', 'bad_request', 'The request is not valid HTTP/1.1 (method, target or a header could not be read).');
}

/** CONNECT and protocol upgrades (which Node hands over as raw sockets) are no endpoint here. */
export function refuseTunnel(req: http.IncomingMessage, socket: Duplex) {
  socket.on('error', () => {});
  writeAndClose(socket, '404 Not Found', 'not_found', `No such endpoint: ${req.method} ${String(req.url).slice(0, 200)}`);
}
