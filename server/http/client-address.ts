// The address a request comes from, for per-address rate limits and IP allow lists. Forwarded
// headers are trusted only from whoever is known to set them: Vercel's edge (which overwrites any
// X-Forwarded-For / X-Real-IP a client sends), the proxies named in TRUSTED_PROXIES, or
// TRUST_PROXY_HOPS proxies in front of `npm start`. Otherwise it is the socket's address, which
// no client can choose.
import net from 'node:net';
import { config } from '../config';
import { addressAllowed } from '../../lib/shared/ip-rules';

// A property under a symbol only this module holds (a WeakMap entry per request cost more).
const SOCKET_ADDRESS = Symbol('quire.socketAddress');
type WithSocket = Request & { [SOCKET_ADDRESS]?: string };

/** Set by the Node server (scripts/serve.ts) for each request it adapts. */
export function setSocketAddress(req: Request, address: string | undefined) {
  if (address) (req as WithSocket)[SOCKET_ADDRESS] = address;
}


const clean = (a: string | undefined | null) => {
  const v = (a ?? '').trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return net.isIP(v) ? v : null;
};

export function clientAddress(req: Request): string {
  if (config.onVercel) {
    const platform = clean(req.headers.get('x-vercel-forwarded-for')?.split(',')[0]) ?? clean(req.headers.get('x-real-ip')) ?? clean(req.headers.get('x-forwarded-for')?.split(',')[0]);
    if (platform) return platform;
  }
  const socket = clean((req as WithSocket)[SOCKET_ADDRESS]);
  const trusted = config.trustedProxies;
  if (socket && trusted.length && addressAllowed(socket, trusted)) {
    // Walk X-Forwarded-For from the right while the hop that wrote it is a trusted proxy: the
    // first address a trusted proxy saw from someone untrusted is the client. Entries left of it
    // were written by the client and prove nothing.
    const chain = (req.headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    let client = socket;
    for (let i = chain.length - 1; i >= 0 && addressAllowed(client, trusted); i--) {
      const hop = clean(chain[i]);
      if (!hop) break;
      client = hop;
    }
    return client;
  }
  const hops = config.trustProxyHops;
  if (hops > 0) {
    // Each trusted proxy appends the address it received the request from; the client is the
    // first address written by a proxy we trust.
    const chain = (req.headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (socket) chain.push(socket);
    const pick = clean(chain[Math.max(0, chain.length - 1 - hops)]);
    if (pick) return pick;
  }
  // Without a socket (a bare `next start`), every unauthenticated client shares one bucket.
  return socket ?? 'unknown';
}
