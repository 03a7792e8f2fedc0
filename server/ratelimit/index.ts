import { Ratelimit } from '@upstash/ratelimit';
import { Redis } from '@upstash/redis';
import { config } from '../config';

export type RateLimitResult = {
  success: boolean;
  limit: number;
  remaining: number;
  reset: number /* unix ms when the window frees */;
};
export type RateLimiter = {
  limit(key: string): Promise<RateLimitResult>;
  /** The in-process limiter counts synchronously (the /v1 gate uses it without a promise). */
  limitNow?(key: string): RateLimitResult;
};
export type RateLimitBucket = 'default' | 'analytics';

const WINDOW_MS = 60_000;
/**
 * Upstash path only. If Upstash has not answered after this long, or answers with an error, the
 * request is ALLOWED (fail open) and the failure is logged at most once a minute per limiter.
 * Rationale: the limits protect against abuse and cost, not access control; an Upstash outage must
 * not take the whole service down with 429s, and 2 s caps the latency a hung backend adds.
 * Identifiers already refused in this process stay refused until their window ends (ephemeral
 * cache), so known abusers are still held back during an outage.
 */
export const RATE_LIMIT_TIMEOUT_MS = 2_000;
const MAX_KEYS = 100_000;

export type RateLimiterOptions = {
  /** Key prefix; different prefixes are different budgets. */
  prefix: string;
  /** Requests allowed per window. */
  limit: number;
  windowMs?: number;
  /** Upstash REST endpoint; without it the limiter is in-process. */
  upstash?: { url: string; token: string };
  timeoutMs?: number;
  /** Clock for the in-process limiter (tests). */
  now?: () => number;
  /** Bound on keys held in process memory (counters, or the Upstash block cache). */
  maxKeys?: number;
};

// Requests let through unchecked because the backend (Upstash) failed or did not answer in time, per process.
const failOpenCounter: { count: number } = ((globalThis as Record<symbol, unknown>)[Symbol.for('quire.ratelimit-fail-open')] ??= { count: 0 }) as { count: number };
/** How many requests this process let through unchecked since it started (the limiters fail open). */
export const failOpenCount = () => failOpenCounter.count;

export function createRateLimiter(opts: RateLimiterOptions): RateLimiter {
  const { prefix, limit, windowMs = WINDOW_MS, upstash, timeoutMs = RATE_LIMIT_TIMEOUT_MS } = opts;
  const now = opts.now ?? Date.now;
  const maxKeys = opts.maxKeys ?? MAX_KEYS;
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`rate limit must be a positive integer, got ${limit}`);

  if (!upstash) {
    // In process the algorithm is called directly: Ratelimit's wrapper (its timeout race, deny
    // lists, response shaping) cost a cheap /v1 read more than the counting itself. Each limiter
    // has its own counters, so keys need no prefix.
    const count = memorySlidingWindow(limit, windowMs, now, maxKeys);
    return { limit: async (key) => count(key), limitNow: count };
  }

  const ratelimit = new Ratelimit({
    redis: new Redis({
      url: upstash.url,
      token: upstash.token,
      retry: { retries: 1, backoff: () => 50 },
      // Abort the HTTP request too, so a hung backend does not pile up sockets.
      signal: () => AbortSignal.timeout(timeoutMs + 500),
      enableTelemetry: false,
    }),
    limiter: Ratelimit.slidingWindow(limit, `${windowMs} ms`),
    prefix,
    timeout: timeoutMs,
    ephemeralCache: new BoundedBlockCache(maxKeys),
    enableTelemetry: false,
  });

  let lastWarning = -Infinity;
  const failOpen = (reason: unknown): RateLimitResult => {
    failOpenCounter.count++;
    if (Date.now() - lastWarning > 60_000) {
      lastWarning = Date.now();
      const why = reason instanceof Error ? reason.message : String(reason);
      // One greppable line a minute per limiter, with the running count, for an operator to alert on.
      console.error(`[ratelimit] fail-open ${prefix}: backend unavailable, allowing requests unchecked (${failOpenCounter.count} since start): ${why}`);
    }
    return { success: true, limit, remaining: limit, reset: (Math.floor(now() / windowMs) + 1) * windowMs };
  };

  return {
    async limit(key) {
      try {
        const r = await ratelimit.limit(key);
        if (r.reason === 'timeout') return failOpen(`no answer within ${timeoutMs} ms`);
        return { success: r.success, limit: r.limit, remaining: r.remaining, reset: r.reset };
      } catch (err) {
        return failOpen(err);
      }
    },
  };
}

const BUDGETS: Record<RateLimitBucket, () => number> = {
  default: () => config.rateLimitPerMinute,
  analytics: () => config.analyticsRateLimitPerMinute,
};
// One set per process, shared by every bundle that imports this module (the proxy and the
// route handlers are bundled apart), so they count against the same in-process budgets.
const limiters: Map<RateLimitBucket, RateLimiter> = ((globalThis as Record<symbol, unknown>)[Symbol.for('quire.ratelimiters')] ??=
  new Map()) as Map<RateLimitBucket, RateLimiter>;

export function getRateLimiter(bucket: RateLimitBucket): RateLimiter {
  let limiter = limiters.get(bucket);
  if (!limiter) {
    limiter = createRateLimiter({ prefix: `quire:ratelimit:${bucket}`, limit: BUDGETS[bucket](), upstash: config.upstash });
    limiters.set(bucket, limiter);
  }
  return limiter;
}

/** The X-RateLimit-* headers of an answer counted against `rl` (spec 8). */
export const rateLimitHeaders = (rl: RateLimitResult): Record<string, string> => ({
  'X-RateLimit-Limit': String(rl.limit),
  'X-RateLimit-Remaining': String(Math.max(0, rl.remaining)),
  'X-RateLimit-Reset': String(Math.ceil(rl.reset / 1000)),
});

/** Seconds until a refused caller may try again (Retry-After), at least 1. */
export const retryAfterSeconds = (reset: number): number => Math.max(1, Math.ceil((reset - Date.now()) / 1000));

const named: Map<string, RateLimiter> = ((globalThis as Record<symbol, unknown>)[Symbol.for('quire.namedRatelimiters')] ??= new Map()) as Map<
  string,
  RateLimiter
>;

/** A limiter of its own budget (`prefix`), made once per process, in-process or on Upstash like the others. */
export function namedLimiter(prefix: string, limit: number, windowMs: number): RateLimiter {
  let l = named.get(prefix);
  if (!l) named.set(prefix, (l = createRateLimiter({ prefix, limit, windowMs, upstash: config.upstash })));
  return l;
}

/**
 * Ratelimit's ephemeral cache (identifier -> blocked-until) only forgets an identifier when that
 * identifier asks again, so one entry per refused key would pile up forever. This bounds it.
 */
class BoundedBlockCache extends Map<string, number> {
  constructor(private readonly maxKeys: number) {
    super();
  }
  override set(key: string, reset: number): this {
    if (this.size >= this.maxKeys) {
      const t = Date.now();
      for (const [k, r] of this) if (r < t) this.delete(k);
      for (const k of this.keys()) {
        if (this.size < this.maxKeys * 0.9) break;
        this.delete(k);
      }
    }
    return super.set(key, reset);
  }
}

type Entry = { window: number; current: number; previous: number; blockedUntil: number };

/**
 * The arithmetic of Ratelimit.slidingWindow's Lua script, in process memory: the previous fixed
 * window counts with weight (1 - elapsed fraction of the current one), refused requests are not
 * counted, and `reset` is the end of the current fixed window. A refused key is then refused
 * until that reset, as Ratelimit's ephemeral cache does on the Upstash path.
 */
function memorySlidingWindow(tokens: number, windowMs: number, now: () => number, maxKeys: number): (id: string) => RateLimitResult {
  const entries = new Map<string, Entry>(); // in least-recently-used order
  let sweptWindow = -1;

  const load = (id: string, t: number) => {
    const w = Math.floor(t / windowMs);
    if (w !== sweptWindow) {
      sweptWindow = w;
      for (const [k, e] of entries) if (e.window < w - 1) entries.delete(k);
    }
    let e = entries.get(id);
    if (e) {
      entries.delete(id);
      if (e.window !== w) Object.assign(e, { previous: e.window === w - 1 ? e.current : 0, current: 0, window: w });
    } else {
      // Over the bound, forget the least recently used keys (their budgets restart).
      for (const k of entries.keys()) {
        if (entries.size < maxKeys) break;
        entries.delete(k);
      }
      e = { window: w, current: 0, previous: 0, blockedUntil: -1 };
    }
    entries.set(id, e);
    const previous = Math.floor((1 - (t % windowMs) / windowMs) * e.previous);
    return { e, previous, reset: (w + 1) * windowMs };
  };

  return (id) => {
    const t = now();
    const { e, previous, reset } = load(id, t);
    if (e.blockedUntil >= t) return { success: false, limit: tokens, remaining: 0, reset };
    if (previous + e.current >= tokens) {
      e.blockedUntil = reset;
      return { success: false, limit: tokens, remaining: 0, reset };
    }
    e.current += 1;
    return { success: true, limit: tokens, remaining: Math.max(0, tokens - (e.current + previous)), reset };
  };
}
