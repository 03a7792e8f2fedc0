// A webhook receiver on loopback for the tests: records every POST (path, headers, body) and
// answers per path, by the number of the request on that path: a status (possibly after a
// delay), or 'hang' (never answers until released). Every recorded signature can be checked with `standardwebhooks`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type Received = { path: string; headers: Record<string, string>; body: string; at: number };
type Answer = number | 'hang' | { status: number; delayMs: number };

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

export async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, (n: number) => Answer>();
  const hung = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const n = received.filter((r) => r.path === path).length;
      const answer = answers.get(path)?.(n) ?? 200;
      if (answer === 'hang') {
        hung.add(res);
        res.on('close', () => hung.delete(res));
        return;
      }
      const [status, delayMs] = typeof answer === 'number' ? [answer, 0] : [answer.status, answer.delayMs];
      setTimeout(() => res.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`), delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    received,
    url: (path: string) => origin + path,
    /** How `path` answers its n-th request (1-based); 200 by default. */
    answer(path: string, f: (n: number) => Answer) {
      answers.set(path, f);
    },
    at: (path: string) => received.filter((r) => r.path === path),
    /** Closes every request left hanging (the sender sees the connection end). */
    release() {
      for (const res of hung) res.destroy();
      hung.clear();
    },
    async close() {
      this.release();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** The parsed body when the request's signature verifies with `secret` (throws otherwise). */
export function verified(secret: string, r: Received): any {
  return new Webhook(secret).verify(r.body, {
    'webhook-id': r.headers['webhook-id']!,
    'webhook-timestamp': r.headers['webhook-timestamp']!,
    'webhook-signature': r.headers['webhook-signature']!,
  });
}

/** Polls `f` until it returns a truthy value (or throws after `ms`). */
export async function until<T>(f: () => T | Promise<T>, ms = 20_000, what = 'condition'): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
