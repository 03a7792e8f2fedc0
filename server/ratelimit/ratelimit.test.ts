import http from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Redis as UpstashRedis } from '@upstash/redis';
import { Redis as IORedis } from 'ioredis';
import { createRateLimiter, failOpenCount, type RateLimiter } from './index';
import { startUpstashBridge, type UpstashBridge } from '@/scripts/upstash-bridge';

const MIN = 60_000;
const RUN = `quire-test:${randomUUID()}`;
const REDIS_URL = process.env.QUIRE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ENV_KEYS = [
  'UPSTASH_REDIS_REST_URL',
  'UPSTASH_REDIS_REST_TOKEN',
  'RATE_LIMIT_PER_MINUTE',
  'RATE_LIMIT_ANALYTICS_PER_MINUTE',
];

async function drain(limiter: RateLimiter, key: string, n: number) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await limiter.limit(key));
  return out;
}

/** Real-clock tests: keep a burst from straddling a minute boundary, where the budget legitimately grows. */
async function awayFromWindowEdge() {
  const left = MIN - (Date.now() % MIN);
  if (left < 2_000) await new Promise((r) => setTimeout(r, left + 50));
}

/** Loads ./index afresh with the given env, so getRateLimiter's memo starts empty. */
async function freshModule(env: Record<string, string | undefined>) {
  for (const k of ENV_KEYS) delete process.env[k];
  Object.assign(process.env, env);
  vi.resetModules();
  // The memo lives on globalThis (shared by the proxy's bundle and the app's); start it empty.
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('quire.ratelimiters')];
  return import('./index');
}

const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
afterEach(() => {
  for (const k of ENV_KEYS) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
  vi.restoreAllMocks();
});

describe('in-process limiter', () => {
  it('allows the budget, counts down, then refuses until a reset in the future', async () => {
    const t = 1_000 * MIN + 10_000;
    const limiter = createRateLimiter({ prefix: 'p', limit: 3, now: () => t });
    const results = await drain(limiter, 'ip:1', 5);
    expect(results.map((r) => r.success)).toEqual([true, true, true, false, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0, 0]);
    for (const r of results) {
      expect(r.limit).toBe(3);
      expect(r.reset).toBe(1_001 * MIN);
      expect(r.reset).toBeGreaterThan(t);
    }
    expect((await limiter.limit('ip:2')).success).toBe(true); // other keys are unaffected
  });

  it('counts synchronously with limitNow, against the same budget as limit', async () => {
    const t = 1_000 * MIN + 10_000;
    const limiter = createRateLimiter({ prefix: 'p', limit: 3, now: () => t });
    const first = limiter.limitNow!('k');
    expect(first).not.toBeInstanceOf(Promise);
    expect(first).toMatchObject({ success: true, remaining: 2 });
    expect((await limiter.limit('k')).remaining).toBe(1);
    expect(limiter.limitNow!('k')).toMatchObject({ success: true, remaining: 0 });
    expect(limiter.limitNow!('k').success).toBe(false);
  });

  it('slides: the previous window counts with a weight that decays', async () => {
    const start = 2_000 * MIN;
    let t = start;
    const limiter = createRateLimiter({ prefix: 'p', limit: 4, now: () => t });
    expect((await drain(limiter, 'k', 5)).map((r) => r.success)).toEqual([true, true, true, true, false]);

    t = start + MIN + MIN / 4; // 3/4 of the previous 4 still count: floor(3) -> 1 left
    const quarter = await drain(limiter, 'k', 2);
    expect(quarter.map((r) => [r.success, r.remaining])).toEqual([[true, 0], [false, 0]]);
    expect(quarter[1].reset).toBe(start + 2 * MIN);

    t = start + 3 * MIN + 1; // previous window was empty: the whole budget again
    expect((await drain(limiter, 'k', 5)).map((r) => r.success)).toEqual([true, true, true, true, false]);
  });

  it('keeps a refused key refused until the window ends, like the Upstash ephemeral cache', async () => {
    const start = 3_000 * MIN;
    let t = start;
    const limiter = createRateLimiter({ prefix: 'p', limit: 4, now: () => t });
    await drain(limiter, 'k', 4);
    t = start + MIN + MIN / 4; // one token left (see above); take it, then get refused
    expect((await drain(limiter, 'k', 2)).map((r) => r.success)).toEqual([true, false]);
    t = start + MIN + 0.9 * MIN; // by the arithmetic alone 4 * 0.1 -> 0 carried, 1 used: 3 left
    expect((await limiter.limit('k')).success).toBe(false);
    t = start + 2 * MIN + 1; // next window: the block is over; floor(0.99998 * 1) = 0 carried over
    expect((await drain(limiter, 'k', 5)).map((r) => r.success)).toEqual([true, true, true, true, false]);
  });

  it('bounds memory by forgetting the least recently used keys', async () => {
    const t = 4_000 * MIN;
    const limiter = createRateLimiter({ prefix: 'p', limit: 1, now: () => t, maxKeys: 10 });
    expect((await drain(limiter, 'first', 2)).map((r) => r.success)).toEqual([true, false]);
    for (let i = 0; i < 10; i++) await limiter.limit(`other:${i}`);
    expect((await limiter.limit('first')).success).toBe(true);
  });

  it('getRateLimiter: budgets from env, separate per bucket, memoised', async () => {
    await awayFromWindowEdge();
    const { getRateLimiter } = await freshModule({ RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_ANALYTICS_PER_MINUTE: '2' });
    expect(getRateLimiter('default')).toBe(getRateLimiter('default'));
    const key = `${RUN}:mem`;
    expect((await drain(getRateLimiter('analytics'), key, 3)).map((r) => [r.success, r.limit])).toEqual([
      [true, 2],
      [true, 2],
      [false, 2],
    ]);
    expect((await drain(getRateLimiter('default'), key, 4)).map((r) => r.success)).toEqual([true, true, true, false]);
  });

  it('getRateLimiter: defaults are 60 and 20 a minute; bad values are rejected', async () => {
    const mod = await freshModule({});
    expect((await mod.getRateLimiter('default').limit(`${RUN}:d`)).limit).toBe(60);
    expect((await mod.getRateLimiter('analytics').limit(`${RUN}:d`)).limit).toBe(20);
    const bad = await freshModule({ RATE_LIMIT_PER_MINUTE: 'ten' });
    expect(() => bad.getRateLimiter('default')).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });
});

describe('Upstash path fails open', () => {
  it('allows the request when the backend does not answer within the timeout', async () => {
    const hung = http.createServer(() => {}); // never responds
    await new Promise<void>((r) => hung.listen(0, '127.0.0.1', r));
    const { port } = hung.address() as { port: number };
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const limiter = createRateLimiter({
        prefix: `${RUN}:hung`,
        limit: 5,
        upstash: { url: `http://127.0.0.1:${port}`, token: 't' },
        timeoutMs: 200,
      });
      const before = failOpenCount();
      const r = await limiter.limit('k');
      expect(r).toMatchObject({ success: true, limit: 5, remaining: 5 });
      expect(r.reset).toBeGreaterThan(Date.now());
      expect(log).toHaveBeenCalledOnce();
      // The line an operator alerts on: greppable, with the running count.
      expect(String(log.mock.calls[0]![0])).toMatch(new RegExp(`^\\[ratelimit\\] fail-open ${RUN}:hung: .*\\(${before + 1} since start\\)`));
      await limiter.limit('k');
      expect(failOpenCount()).toBe(before + 2);
      expect(log).toHaveBeenCalledOnce(); // at most one line a minute per limiter
    } finally {
      hung.closeAllConnections();
      await new Promise((r) => hung.close(r));
    }
  });
});

describe.skipIf(process.env.QUIRE_TEST_REDIS === '0')('Upstash path through the bridge to real Redis', () => {
  const token = randomUUID();
  let bridge: UpstashBridge;
  const upstash = () => ({ url: bridge.url, token });

  beforeAll(async () => {
    try {
      bridge = await startUpstashBridge({ port: 0, redisUrl: REDIS_URL, token });
    } catch (err) {
      throw new Error(
        `These tests need Redis at ${REDIS_URL} (set QUIRE_TEST_REDIS_URL to point elsewhere, ` +
          `or QUIRE_TEST_REDIS=0 to skip them): ${(err as Error).message}`,
      );
    }
  });

  afterAll(async () => {
    if (!bridge) return;
    await bridge.close();
    const redis = new IORedis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      for (const match of [`${RUN}*`, `quire:ratelimit:*:${RUN}*`]) {
        for await (const keys of redis.scanStream({ match, count: 500 })) if (keys.length) await redis.del(...keys);
      }
    } finally {
      redis.disconnect();
    }
  });

  beforeEach(awayFromWindowEdge);

  it('speaks the Upstash REST protocol (base64 results, pipelines, transactions)', async () => {
    const redis = new UpstashRedis({ ...upstash(), enableTelemetry: false });
    const key = `${RUN}:proto`;
    expect(await redis.set(key, 'héllo ✓')).toBe('OK');
    expect(await redis.get(key)).toBe('héllo ✓');
    expect(await redis.pipeline().incr(`${key}:n`).incr(`${key}:n`).get(key).exec()).toEqual([1, 2, 'héllo ✓']);
    expect(await redis.multi().incr(`${key}:n`).del(`${key}:n`).exec()).toEqual([3, 1]);
    await expect(new UpstashRedis({ url: bridge.url, token: 'wrong', retry: false }).get(key)).rejects.toThrow(
      /Unauthorized/,
    );
  });

  it('strips the allow-key-locking flag and maps script SHAs so EVALSHA works', async () => {
    const redis = new UpstashRedis({ ...upstash(), enableTelemetry: false });
    const script = `#!lua flags=allow-key-locking\nreturn {1, ARGV[1], '${RUN}'}`;
    const sha = createHash('sha1').update(script).digest('hex');
    await expect(redis.evalsha(sha, [], ['x'])).rejects.toThrow(/NOSCRIPT/);
    expect(await redis.eval(script, [], ['a'])).toEqual([1, 'a', RUN]);
    expect(await redis.evalsha(sha, [], ['b'])).toEqual([1, 'b', RUN]);
    expect(await redis.scriptLoad(script)).toBe(sha);
    expect(await redis.scriptExists(sha)).toEqual([1]);
  });

  it('enforces the budget', async () => {
    const limiter = createRateLimiter({ prefix: `${RUN}:budget`, limit: 3, upstash: upstash() });
    const before = Date.now();
    const results = await drain(limiter, 'ip:1', 5);
    expect(results.map((r) => [r.success, r.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
      [false, 0],
    ]);
    for (const r of results) {
      expect(r.limit).toBe(3);
      expect(r.reset).toBeGreaterThan(before);
      expect(r.reset).toBeLessThanOrEqual(before + MIN + 1_000);
    }
    expect((await limiter.limit('ip:2')).success).toBe(true);
  });

  it('two limiter instances (two app processes) share one budget', async () => {
    const a = createRateLimiter({ prefix: `${RUN}:shared`, limit: 4, upstash: upstash() });
    const b = createRateLimiter({ prefix: `${RUN}:shared`, limit: 4, upstash: upstash() });
    const results = [];
    for (const l of [a, b, a, b, a, b]) results.push(await l.limit('user:1'));
    expect(results.map((r) => [r.success, r.remaining])).toEqual([
      [true, 3],
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
      [false, 0],
    ]);
  });

  it('getRateLimiter uses Upstash from env, with separate budgets per bucket', async () => {
    const { getRateLimiter } = await freshModule({
      UPSTASH_REDIS_REST_URL: bridge.url,
      UPSTASH_REDIS_REST_TOKEN: token,
      RATE_LIMIT_PER_MINUTE: '3',
      RATE_LIMIT_ANALYTICS_PER_MINUTE: '2',
    });
    const key = `${RUN}:ip`;
    expect((await drain(getRateLimiter('analytics'), key, 3)).map((r) => r.success)).toEqual([true, true, false]);
    expect((await drain(getRateLimiter('default'), key, 4)).map((r) => r.success)).toEqual([true, true, true, false]);
    // Another instance reading the same env shares the same Redis state.
    const other = await freshModule({
      UPSTASH_REDIS_REST_URL: bridge.url,
      UPSTASH_REDIS_REST_TOKEN: token,
      RATE_LIMIT_PER_MINUTE: '3',
    });
    expect((await other.getRateLimiter('default').limit(key)).success).toBe(false);
  });

  it('fails open when the backend rejects the request', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const limiter = createRateLimiter({ prefix: `${RUN}:badtoken`, limit: 2, upstash: { url: bridge.url, token: 'wrong' } });
    expect(await limiter.limit('k')).toMatchObject({ success: true, limit: 2 });
    expect(log).toHaveBeenCalledOnce();
  });
});
