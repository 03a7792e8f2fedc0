// What every /v1 request passes through, JSON or raw bytes: bearer authentication, the
// per-token rate limit and its headers. Cookies and query parameters never authenticate.
import { authenticateBearer, bearerFrom, type TokenActor } from '../auth/tokens';
import { db } from '../db/client';
import { clientAddress } from '../http/client-address';
import { teamIpRefusal } from '../auth/team-guards';
import { errorResponse } from '../http/envelope';
import { limit } from './limit';
import type { RateLimitBucket } from '../ratelimit';
import { config } from '../config';
import { requestOrigin } from '../lib/origin';

export { limit, limitByAddress } from './limit';

export type Gate = { actor: TokenActor; headers: Record<string, string> };

/** Authenticates the bearer token and counts the request in `bucket` (the operation's, from its meta). */
export async function gate(req: Request, bucket: RateLimitBucket = 'default'): Promise<Gate | Response> {
  const token = bearerFrom(req.headers.get('authorization'));
  const actor = token ? await authenticateBearer(token) : null;
  // Unauthenticated requests are limited per address, so they carry the headers too.
  const counted = limit(actor ? `token:${actor.tokenId}` : `ip:${clientAddress(req)}`, bucket);
  const { headers, refused } = counted instanceof Promise ? await counted : counted;
  if (refused) return refused;
  if (!actor) {
    const message = req.headers.get('authorization')
      ? 'The Authorization header is malformed, or the token is unknown or revoked.'
      : 'Missing Authorization header: send "Authorization: Bearer <token>".';
    return errorResponse('unauthorized', message, null, { ...headers, 'WWW-Authenticate': 'Bearer' });
  }
  const address = clientAddress(req);
  // The team's IP allow list holds for its tokens too: 403 naming the rule, never the list.
  const refusal = teamIpRefusal(address, actor.ipAllowList ?? []);
  if (refusal) return errorResponse('forbidden', refusal.message, refusal.details, headers);
  return { actor: { ...actor, request: { ipAddress: address, userAgent: req.headers.get('user-agent') } }, headers };
}

/** The origin /v1 hands out in URLs: API_BASE_URL, else the request's. */
export const publicOrigin = (req: Request): string => requestOrigin(req, config.apiBaseUrl);
