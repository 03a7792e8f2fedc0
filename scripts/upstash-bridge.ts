/**
 * A local stand-in for Upstash's REST API, forwarding to a real Redis, for tests and development.
 *
 *   npx tsx scripts/upstash-bridge.ts --port 8079 [--redis redis://127.0.0.1:6379] [--token T]
 *
 * Speaks what @upstash/redis sends: POST / with one command as a JSON array, POST /pipeline and
 * /multi-exec with an array of commands, `Authorization: Bearer <token>`, and base64-encoded
 * string results when the client sends `Upstash-Encoding: base64` (its default).
 */
import http from 'node:http';
import { createHash, timingSafeEqual } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { Redis as IORedis, type ChainableCommander } from 'ioredis';

export type UpstashBridge = { url: string; close(): Promise<void> };
export type UpstashBridgeOptions = { port?: number; host?: string; redisUrl?: string; token: string };

type Arg = string | number | boolean | null;
type Prepared = { name: string; args: string[]; post?: (result: unknown) => unknown };

const MAX_BODY = 10 * 1024 * 1024;
// Shebang flags newer than stock Redis 7.0 (@upstash/ratelimit >= 2.1 uses allow-key-locking).
const UNSUPPORTED_FLAGS = new Set(['allow-key-locking']);

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

function stripUnsupportedFlags(script: string): string {
  const m = /^#!lua[ \t]+flags=([^\s]*)[^\n]*/.exec(script);
  if (!m) return script;
  const kept = m[1].split(',').filter((f) => f && !UNSUPPORTED_FLAGS.has(f));
  if (kept.length === m[1].split(',').filter(Boolean).length) return script;
  return (kept.length ? `#!lua flags=${kept.join(',')}` : '') + script.slice(m[0].length);
}

export async function startUpstashBridge(opts: UpstashBridgeOptions): Promise<UpstashBridge> {
  const { port = 0, host = '127.0.0.1', redisUrl = 'redis://127.0.0.1:6379', token } = opts;
  if (!token) throw new Error('upstash bridge: a token is required');

  let connected = false;
  const redis = new IORedis(redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false, // while Redis is away, answer with errors at once instead of queueing
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => (connected ? Math.min(attempt * 200, 2_000) : null),
  });
  let lastError = '';
  redis.on('error', (err: Error) => {
    if (connected && err.message !== lastError) console.error(`[upstash-bridge] redis: ${err.message}`);
    lastError = err.message;
  });
  try {
    await redis.connect();
    connected = true;
  } catch (err) {
    redis.disconnect();
    throw new Error(`upstash bridge: cannot reach Redis at ${redisUrl}: ${lastError || (err as Error).message}`);
  }

  // SHA the client computed (of the script as it sent it) -> SHA Redis knows (of the stripped one).
  const shas = new Map<string, string>();
  const loadScript = (script: string) => {
    const stripped = stripUnsupportedFlags(script);
    if (stripped !== script) shas.set(sha1(script), sha1(stripped));
    return stripped;
  };

  function prepare(cmd: unknown): Prepared {
    if (!Array.isArray(cmd) || cmd.length === 0 || !cmd.every(isArg)) {
      throw new Error('ERR command must be a non-empty JSON array of strings and numbers');
    }
    const [name, ...args] = cmd.map((a: Arg) => (a === null ? '' : String(a)));
    const lower = name.toLowerCase();
    const sub = args[0]?.toLowerCase();
    if ((lower === 'eval' || lower === 'eval_ro') && args.length > 0) {
      args[0] = loadScript(args[0]);
    } else if ((lower === 'evalsha' || lower === 'evalsha_ro') && args.length > 0) {
      args[0] = shas.get(args[0].toLowerCase()) ?? args[0];
    } else if (lower === 'script' && sub === 'load' && args.length === 2) {
      const original = args[1];
      args[1] = loadScript(original);
      return { name, args, post: () => sha1(original) };
    } else if (lower === 'script' && sub === 'exists') {
      for (let i = 1; i < args.length; i++) args[i] = shas.get(args[i].toLowerCase()) ?? args[i];
    }
    return { name, args };
  }

  const send = (target: IORedis | ChainableCommander, p: Prepared, b64: boolean) =>
    b64 ? target.callBuffer(p.name, p.args) : target.call(p.name, p.args);

  async function handle(path: string, body: unknown, b64: boolean): Promise<[number, unknown]> {
    const enc = (r: unknown, p: Prepared) => ({ result: encode(p.post ? p.post(r) : r, b64) });
    if (path === '/') {
      const p = prepare(body);
      return [200, enc(await send(redis, p, b64), p)];
    }
    if (!Array.isArray(body) || body.length === 0) throw new Error('ERR expected a non-empty array of commands');
    const cmds = body.map(prepare);
    if (path === '/pipeline') {
      // Issued synchronously, so they reach Redis in order on the one connection.
      const settled = await Promise.allSettled(cmds.map((p) => send(redis, p, b64)));
      return [200, settled.map((s, i) => (s.status === 'fulfilled' ? enc(s.value, cmds[i]) : { error: message(s.reason) }))];
    }
    const multi = redis.multi();
    for (const p of cmds) send(multi, p, b64);
    const results = await multi.exec();
    if (!results) throw new Error('EXECABORT transaction aborted');
    return [200, results.map(([err, r], i) => (err ? { error: message(err) } : enc(r, cmds[i])))];
  }

  const expected = createHash('sha256').update(`Bearer ${token}`).digest();
  const server = http.createServer((req, res) => {
    const reply = (status: number, payload: unknown) => {
      if (res.headersSent) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const path = (req.url ?? '/').split('?')[0].replace(/\/+$/, '') || '/';
    if (req.method !== 'POST' || !['/', '/pipeline', '/multi-exec'].includes(path)) {
      return reply(404, { error: 'not found' });
    }
    const given = createHash('sha256').update(req.headers.authorization ?? '').digest();
    if (!timingSafeEqual(given, expected)) return reply(401, { error: 'Unauthorized' });

    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reply(413, { error: 'ERR request body too large' });
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return reply(400, { error: 'ERR body is not valid JSON' });
      }
      const b64 = String(req.headers['upstash-encoding'] ?? '').toLowerCase() === 'base64';
      handle(path, body, b64).then(
        ([status, payload]) => reply(status, payload),
        (err) => reply(400, { error: message(err) }),
      );
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;

  return {
    url: `http://${host}:${actualPort}`,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

function isArg(a: unknown): a is Arg {
  return a === null || ['string', 'number', 'boolean'].includes(typeof a);
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Upstash's base64 mode encodes every string in the result except a plain "OK". */
function encode(v: unknown, b64: boolean): unknown {
  if (Buffer.isBuffer(v)) return b64 ? v.toString('base64') : v.toString('utf8');
  if (typeof v === 'string') return b64 && v !== 'OK' ? Buffer.from(v).toString('base64') : v;
  if (Array.isArray(v)) return v.map((x) => encode(x, b64));
  if (v instanceof Error) return v.message;
  return v ?? null;
}

function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`unexpected argument: ${argv[i]}`);
    out[m[1]] = m[2] ?? argv[++i] ?? '';
  }
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const port = Number(args.port ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad --port: ${args.port}`);
  const token = args.token || process.env.UPSTASH_REDIS_REST_TOKEN || 'quire-local-bridge';
  const bridge = await startUpstashBridge({ port, host: args.host, redisUrl: args.redis, token });
  console.log(`UPSTASH_BRIDGE_URL=${bridge.url}`);
  console.log(`UPSTASH_BRIDGE_TOKEN=${token}`);
  const stop = () => void bridge.close().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
