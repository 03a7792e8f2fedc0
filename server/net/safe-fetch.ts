import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch } from 'undici';
import { config } from '../config';

// Fetches a user-supplied URL (document `source_url`, brand images) without letting it reach
// the service's own network: https only, public unicast addresses only, every redirect hop
// re-checked, overall timeout, byte cap. Node's global fetch ignores agents, so this uses
// undici's own fetch with a dispatcher whose DNS lookup refuses non-public addresses (checking
// the address actually connected to, which defeats DNS rebinding).

export type SafeFetchErrorCode =
  | 'invalid_url'
  | 'forbidden_address'
  | 'too_large'
  | 'http_error'
  | 'timeout'
  | 'too_many_redirects'
  | 'network';

/** A refused or failed fetch; `message` is written for API clients. */
export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs?: number;
  maxRedirects?: number;
}

export interface SafeFetchResult {
  bytes: Buffer;
  finalUrl: string;
  contentTypeHeader: string | null;
}

const FORBIDDEN_MESSAGE = 'The URL points to a private, loopback or otherwise non-public address.';

class ForbiddenAddress extends Error {}

/**
 * The IPv4 address an IPv6 address carries, for every form that embeds one: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated but still routed by some stacks),
 * SIIT (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48), 6to4
 * (2002:AABB:CCDD::) and Teredo (2001:0::/32, client address inverted in the last 32 bits).
 */
export function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const w = ip.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const zeros = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && w[5] === 0xffff) return v4(w[6]!, w[7]!);
  if (zeros(0, 6) && (w[6] !== 0 || w[7]! > 1)) return v4(w[6]!, w[7]!);
  if (zeros(0, 4) && w[4] === 0xffff && w[5] === 0) return v4(w[6]!, w[7]!);
  if (w[0] === 0x64 && w[1] === 0xff9b && (zeros(2, 6) || w[2] === 1)) return v4(w[6]!, w[7]!);
  if (w[0] === 0x2002) return v4(w[1]!, w[2]!);
  if (w[0] === 0x2001 && w[1] === 0) return v4(~w[6]! & 0xffff, ~w[7]! & 0xffff);
  return null;
}

/** Public unicast, judging an IPv6 address that embeds an IPv4 address by that address. */
export function isPublicUnicast(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const inner = embeddedIPv4(ip as ipaddr.IPv6);
    if (inner) return inner.range() === 'unicast';
  }
  return ip.range() === 'unicast';
}

type LookupCallback = (err: Error | null, address?: string | dns.LookupAddress[], family?: number) => void;

// net.connect calls this with `all: true` (happy eyeballs) or without; answer in the same shape.
function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err);
    // One bad address refuses the name: a mixed answer is a rebinding attempt or a misconfiguration.
    if (addresses.length === 0 || !addresses.every((a) => isPublicUnicast(a.address))) {
      return callback(new ForbiddenAddress(FORBIDDEN_MESSAGE));
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

let guardedAgent: Agent | undefined;
let seamAgent: Agent | undefined;

function agentFor(seam: boolean): Agent {
  if (seam) return (seamAgent ??= new Agent());
  return (guardedAgent ??= new Agent({ connect: { lookup: guardedLookup as never, timeout: 10_000 } }));
}

// Test seam: QUIRE_UNSAFE_FETCH_ALLOW is a comma list of exact origins (e.g.
// http://127.0.0.1:45678) exempt from the https and address rules, so the test-suite can serve
// files from a loopback server. Production never sets it.
function seamOrigins(): Set<string> {
  const origins = new Set<string>();
  for (const entry of config.unsafeFetchAllow) {
    try {
      origins.add(new URL(entry.trim()).origin);
    } catch {
      // ignore malformed entries
    }
  }
  return origins;
}

/** Checks one hop; returns true when the hop is allowed only through the test seam. */
function checkUrl(url: URL): boolean {
  if (seamOrigins().has(url.origin)) return true;
  if (url.protocol !== 'https:') throw new SafeFetchError('invalid_url', 'Only https URLs are accepted.');
  if (url.username || url.password) {
    throw new SafeFetchError('invalid_url', 'URLs with a user name or password are not accepted.');
  }
  // An IP literal never goes through the lookup, so check it here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !isPublicUnicast(host)) throw new SafeFetchError('forbidden_address', FORBIDDEN_MESSAGE);
  return false;
}

function parseUrl(raw: string, base?: URL): URL {
  if (raw.length > 4096) throw new SafeFetchError('invalid_url', 'The URL is too long.');
  try {
    return new URL(raw, base);
  } catch {
    throw new SafeFetchError('invalid_url', 'The URL is not valid.');
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function safeFetch(url: string, opts: SafeFetchOptions): Promise<SafeFetchResult> {
  const { maxBytes, timeoutMs = 15_000, maxRedirects = 3 } = opts;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const tooLarge = () => new SafeFetchError('too_large', `The file is larger than the limit of ${maxBytes} bytes.`);

  try {
    let current = parseUrl(url);
    for (let hop = 0; ; hop++) {
      const seam = checkUrl(current);
      const res = await fetch(current, {
        redirect: 'manual',
        signal: controller.signal,
        dispatcher: agentFor(seam),
        headers: { accept: '*/*', 'accept-encoding': 'identity', 'user-agent': 'Quire/1.0 (source_url fetch)' },
      });

      if (REDIRECTS.has(res.status)) {
        await res.body?.cancel().catch(() => {});
        const location = res.headers.get('location');
        if (!location) throw new SafeFetchError('http_error', `The URL answered HTTP ${res.status} without a location.`, res.status);
        if (hop >= maxRedirects) {
          throw new SafeFetchError('too_many_redirects', `The URL redirected more than ${maxRedirects} times.`);
        }
        current = parseUrl(location, current);
        continue;
      }
      if (res.status < 200 || res.status > 299) {
        await res.body?.cancel().catch(() => {});
        throw new SafeFetchError('http_error', `The URL answered HTTP ${res.status}.`, res.status);
      }

      const declared = Number(res.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > maxBytes) {
        await res.body?.cancel().catch(() => {});
        throw tooLarge();
      }

      const chunks: Uint8Array[] = [];
      let total = 0;
      if (res.body) {
        const reader = res.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          total += value.byteLength;
          if (total > maxBytes) {
            controller.abort();
            throw tooLarge();
          }
          chunks.push(value);
        }
      }
      return {
        bytes: Buffer.concat(chunks, total),
        finalUrl: current.href,
        contentTypeHeader: res.headers.get('content-type'),
      };
    }
  } catch (err) {
    if (err instanceof SafeFetchError) throw err;
    if (controller.signal.aborted) {
      throw new SafeFetchError('timeout', `The URL did not answer within ${timeoutMs / 1000} seconds.`);
    }
    throw toNetworkError(err);
  } finally {
    clearTimeout(timer);
  }
}

function toNetworkError(err: unknown): SafeFetchError {
  let cause: unknown = err;
  for (let depth = 0; cause instanceof Error && depth < 10; depth++) {
    if (cause instanceof ForbiddenAddress) return new SafeFetchError('forbidden_address', FORBIDDEN_MESSAGE);
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      return new SafeFetchError('network', 'The URL host name could not be resolved.');
    }
    if (code === 'ECONNREFUSED') return new SafeFetchError('network', 'The URL host refused the connection.');
    if (code && /CERT|SSL|TLS/i.test(code)) {
      return new SafeFetchError('network', 'The URL host did not present a valid TLS certificate.');
    }
    if (code === 'UND_ERR_CONNECT_TIMEOUT') return new SafeFetchError('timeout', 'The URL host did not accept a connection in time.');
    cause = cause.cause;
  }
  return new SafeFetchError('network', 'The URL could not be fetched.');
}

export interface SafePostOptions {
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Bytes of the answer's body kept; the rest is not read. */
  keepBytes: number;
  /** http and loopback/private addresses allowed (WEBHOOK_ALLOW_PRIVATE_URLS). */
  allowPrivate?: boolean;
}

export interface SafePostResult {
  status: number;
  /** At most `keepBytes` of the answer, as text. */
  body: string;
  ms: number;
}

/**
 * One POST to a user-supplied URL (webhook deliveries): the same address rules as safeFetch,
 * resolved again now (a name that moved to a private address is refused at connect time), no
 * redirect followed (a 3xx is the answer), one deadline for connecting and answering, and only
 * the first `keepBytes` of the answer read. Any status is returned; refusals, network failures
 * and the deadline throw a SafeFetchError.
 */
export async function safePost(url: string, opts: SafePostOptions): Promise<SafePostResult> {
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  try {
    const target = parseUrl(url);
    let loose = false;
    if (opts.allowPrivate) {
      if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new SafeFetchError('invalid_url', 'Only http and https URLs are accepted.');
      if (target.username || target.password) throw new SafeFetchError('invalid_url', 'URLs with a user name or password are not accepted.');
      loose = true;
    } else {
      loose = checkUrl(target);
    }
    const res = await fetch(target, {
      method: 'POST',
      redirect: 'manual',
      signal: controller.signal,
      dispatcher: agentFor(loose),
      headers: { 'accept-encoding': 'identity', ...opts.headers },
      body: opts.body,
    });
    const status = res.status;
    const chunks: Uint8Array[] = [];
    let kept = 0;
    if (res.body) {
      const reader = res.body.getReader();
      try {
        while (kept < opts.keepBytes) {
          const { done, value } = await reader.read();
          if (done) break;
          const part = value.subarray(0, opts.keepBytes - kept);
          chunks.push(part);
          kept += part.byteLength;
        }
      } catch {
        // The answer's status is in; a body cut short (deadline, reset) keeps what arrived.
      } finally {
        await reader.cancel().catch(() => {});
      }
    }
    const body = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks, kept));
    return { status, body, ms: Math.round(performance.now() - started) };
  } catch (err) {
    if (err instanceof SafeFetchError) throw err;
    if (controller.signal.aborted) throw new SafeFetchError('timeout', `The URL did not answer within ${opts.timeoutMs / 1000} seconds.`);
    throw toNetworkError(err);
  } finally {
    clearTimeout(timer);
  }
}
