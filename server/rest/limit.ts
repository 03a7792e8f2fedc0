// The rate limit of /v1 and its X-RateLimit-* headers. Light on purpose (no database): the
// proxy uses it too.
import { getRateLimiter, rateLimitHeaders, retryAfterSeconds, type RateLimitBucket, type RateLimitResult } from '../ratelimit';
import { clientAddress } from '../http/client-address';
import { errorResponse } from '../http/envelope';

type Outcome = { headers: Record<string, string>; refused: Response | null };

/**
 * Counts one request against `key`; the X-RateLimit-* headers, and a 429 when over budget. In
 * process the outcome is there at once (no promise); against Upstash it is awaited.
 */
export function limit(key: string, bucket: RateLimitBucket = 'default'): Outcome | Promise<Outcome> {
  const limiter = getRateLimiter(bucket);
  return limiter.limitNow ? outcome(limiter.limitNow(key)) : limiter.limit(key).then(outcome);
}

function outcome(rl: RateLimitResult): Outcome {
  const headers = rateLimitHeaders(rl);
  if (rl.success) return { headers, refused: null };
  const retry = retryAfterSeconds(rl.reset);
  const refused = errorResponse(
    'rate_limit_exceeded',
    `Rate limit of ${rl.limit} requests a minute exceeded; retry in ${retry} s.`,
    { limit: rl.limit, retry_after_seconds: retry },
    { ...headers, 'Retry-After': String(retry) },
  );
  return { headers, refused };
}

/** Limits a request that no token is looked up for by its address; the headers, or a 429. */
export const limitByAddress = (req: Request) => limit(`ip:${clientAddress(req)}`);

