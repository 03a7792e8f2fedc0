// oidc-provider (on Koa) wants node's request and response; App Router route handlers have Web
// ones. This hands a Web Request to a node-style handler and collects what it writes into a Web
// Response. Koa (with oidc-provider's bodies, which are JSON or text) uses only the members below.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** The largest body handed on (the library itself stops at 56 KB). */
const MAX_BODY = 64 * 1024;

class CollectingResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  writableEnded = false;
  finished = false;
  socket = null;
  private readonly headers = new Map<string, string | string[]>();
  private readonly chunks: Buffer[] = [];
  constructor(private readonly done: (r: Response) => void) {
    super();
  }
  setHeader(name: string, value: string | number | string[]) {
    this.headers.set(name.toLowerCase(), Array.isArray(value) ? value : String(value));
    return this;
  }
  getHeader(name: string) {
    return this.headers.get(name.toLowerCase());
  }
  getHeaders() {
    return Object.fromEntries(this.headers);
  }
  getHeaderNames() {
    return [...this.headers.keys()];
  }
  hasHeader(name: string) {
    return this.headers.has(name.toLowerCase());
  }
  removeHeader(name: string) {
    this.headers.delete(name.toLowerCase());
  }
  flushHeaders() {
    this.headersSent = true;
  }
  write(chunk: string | Buffer) {
    this.headersSent = true;
    this.chunks.push(Buffer.from(chunk));
    return true;
  }
  end(chunk?: string | Buffer) {
    if (this.writableEnded) return this;
    if (chunk !== undefined && chunk !== null) this.write(chunk);
    this.headersSent = this.writableEnded = this.finished = true;
    const headers = new Headers();
    for (const [k, v] of this.headers) for (const x of Array.isArray(v) ? v : [v]) headers.append(k, x);
    const status = this.statusCode;
    const body = status === 204 || status === 304 ? null : Buffer.concat(this.chunks);
    this.done(new Response(body, { status, headers }));
    this.emit('finish');
    return this;
  }
}

/** Runs `handler` on the request as node would; `remoteAddress` is the client's (for the library's own use). */
export async function bridge(req: Request, pathWithQuery: string, handler: NodeHandler, remoteAddress: string): Promise<Response> {
  const body = req.method === 'GET' || req.method === 'HEAD' ? Buffer.alloc(0) : Buffer.from(await req.arrayBuffer());
  if (body.length > MAX_BODY) {
    return Response.json({ error: 'invalid_request', error_description: 'request body too large' }, { status: 413 });
  }
  const headers: Record<string, string> = {};
  req.headers.forEach((v, k) => (headers[k] = v));
  if (body.length) headers['content-length'] = String(body.length);
  else delete headers['content-length'];
  const nodeReq = Object.assign(Readable.from(body.length ? [body] : []), {
    method: req.method,
    url: pathWithQuery,
    originalUrl: pathWithQuery,
    headers,
    httpVersion: '1.1',
    httpVersionMajor: 1,
    httpVersionMinor: 1,
    socket: { remoteAddress, encrypted: new URL(req.url).protocol === 'https:' },
  });
  return new Promise<Response>((resolve, reject) => {
    const res = new CollectingResponse(resolve);
    Promise.resolve(handler(nodeReq as unknown as IncomingMessage, res as unknown as ServerResponse)).catch(reject);
  });
}
