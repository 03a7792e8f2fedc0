// The origin a face hands out in URLs (upload URLs, links in mail): the configured one when
// there is one, else the one the request came to. Forwarded host and protocol headers count
// only where a proxy we trust sets them (Vercel, or TRUST_PROXY_HOPS).
import { config } from '../config';

export function requestOrigin(req: { url: string; headers: Headers }, configured: string | null): string {
  if (configured) return configured;
  const trusted = config.onVercel || config.trustProxyHops > 0;
  const host = (trusted && req.headers.get('x-forwarded-host')) || req.headers.get('host') || new URL(req.url).host;
  const proto = (trusted && req.headers.get('x-forwarded-proto')) || (req.url.startsWith('https:') ? 'https' : 'http');
  return `${proto}://${host}`;
}

/**
 * A state-changing request from one of our own pages: browsers send Origin on every POST, so it
 * must name our origin. A missing Origin, "null" (a sandboxed frame, a data: or file: page) or
 * another site's is refused alike; SameSite cookies alone are not relied on.
 */
export const fromOwnOrigin = (headers: Headers, origin: string): boolean => headers.get('origin') === origin;
