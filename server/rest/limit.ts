// The rate limit of /v1 and its X-RateLimit-* headers. Light on purpose (no database): the
// proxy uses it too.
import { getRateLimiter, rateLimitHeaders, retryAfterSeconds, type RateLimitBucket } from '../ratelimit';
import { clientAddress } from '../http/client-address';
import { errorResponse } from '../http/envelope';

/** Counts one request against `key`; the X-RateLimit-* headers, and a 429 when over budget. */
export async function limit(key: string, bucket: RateLimitBucket = 'default') {
  const rl = await getRateLimiter(bucket).limit(key);
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

