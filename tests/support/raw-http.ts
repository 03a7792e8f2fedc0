// HTTP/1.1 over a bare socket, for what fetch refuses to send (a Host that is no authority,
// TRACE, an asterisk target, a body that is never sent) and for keep-alive behaviour. Every
// exchange is bounded in time: an answer that does not come is a failure ("hang"), not a wait.
import net from 'node:net';
import { inject } from 'vitest';

export type RawResponse = { status: number; headers: Record<string, string>; body: string; json: any };

export type RawConnection = {
  /** Writes bytes as they are. */
  write(data: string | Buffer): void;
  /** The next complete response on this connection, or throws after `timeoutMs`. */
  response(o?: { timeoutMs?: number; head?: boolean }): Promise<RawResponse>;
  /** Resolves true when the server closes the connection within `timeoutMs`. */
  closed(timeoutMs?: number): Promise<boolean>;
  destroy(): void;
};

export async function rawConnect(base = inject('baseUrl')): Promise<RawConnection> {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => {});
  let buffer = Buffer.alloc(0);
  let ended = false;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  socket.on('data', (d) => {
    buffer = Buffer.concat([buffer, d]);
    wake();
  });
  socket.on('close', () => {
    ended = true;
    wake();
  });

  function tryParse(head: boolean): RawResponse | null {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const lines = buffer.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1]);
    const headers: Record<string, string> = {};
    for (const l of lines.slice(1)) {
      const i = l.indexOf(':');
      if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
    }
    let bodyEnd: number;
    if (head || status === 204 || status === 304) bodyEnd = end + 4;
    else if (headers['content-length'] !== undefined) {
      bodyEnd = end + 4 + Number(headers['content-length']);
      if (buffer.length < bodyEnd) return null;
    } else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const term = buffer.indexOf('\r\n0\r\n\r\n', end);
      if (term < 0) return null;
      bodyEnd = term + 7;
    } else {
      if (!ended) return null;
      bodyEnd = buffer.length;
    }
    let body = buffer.subarray(end + 4, bodyEnd).toString('utf8');
    if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
    buffer = buffer.subarray(bodyEnd);
    let json: any = null;
    try {
      json = JSON.parse(body);
    } catch {}
    return { status, headers, body, json };
  }

  return {
    write: (data) => socket.write(data),
    response: ({ timeoutMs = 5000, head = false } = {}) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const r = tryParse(head);
          if (r) return done(() => resolve(r));
          if (ended) return done(() => reject(new Error('the connection closed without a complete answer')));
        };
        const timer = setTimeout(() => done(() => reject(new Error(`no answer within ${timeoutMs} ms (hang)`))), timeoutMs);
        const done = (f: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          f();
        };
        waiters.add(check);
        check();
      }),
    closed: (timeoutMs = 3000) =>
      new Promise((resolve) => {
        if (ended) return resolve(true);
        const timer = setTimeout(() => {
          waiters.delete(check);
          resolve(false);
        }, timeoutMs);
        const check = () => {
          if (!ended) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(true);
        };
        waiters.add(check);
      }),
    destroy: () => socket.destroy(),
  };
}

function dechunk(s: string): string {
  let out = '';
  let rest = s;
  for (let i = 0; i < 10_000; i++) {
    const nl = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, nl), 16);
    if (!size) break;
    out += rest.slice(nl + 2, nl + 2 + size);
    rest = rest.slice(nl + 2 + size + 2);
  }
  return out;
}

/** One request on a fresh connection; the answer, bounded in time. */
export async function rawRequest(request: string | Buffer, o: { timeoutMs?: number; head?: boolean } = {}): Promise<RawResponse> {
  const c = await rawConnect();
  try {
    c.write(request);
    return await c.response(o);
  } finally {
    c.destroy();
  }
}

export const hostOf = (base = inject('baseUrl')) => new URL(base).host;
