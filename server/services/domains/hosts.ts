// Which team a request's host belongs to, on the request path: one indexed read of the domains
// table (never DNS), kept in memory for 30 s per host name (both answers, so an unknown host
// flood costs one read per name and window) and dropped at once when this process changes the
// domain (other instances see a change within the 30 s).
import { config } from '../../config';
import { db } from '../../db/client';
import { hostName } from './names';
import net from 'node:net';

export type HostDomain = { id: string; teamId: string; name: string };

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;
const KEY = Symbol.for('quire.domains.hostCache');
const cache: Map<string, { at: number; domain: HostDomain | null }> =
  ((globalThis as Record<symbol, unknown>)[KEY] as Map<string, { at: number; domain: HostDomain | null }>) ?? new Map();
(globalThis as Record<symbol, unknown>)[KEY] = cache;

/** Forgets what this process knows of a host name (after a domain is verified, failed or removed). */
export function forgetHost(name: string): void {
  cache.delete(name);
}

/** The verified domain of this host name, or null. */
export async function verifiedDomainOf(name: string): Promise<HostDomain | null> {
  const hit = cache.get(name);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.domain;
  const row = await db.domain.findFirst({ where: { name, status: 'verified' }, select: { id: true, teamId: true, name: true } });
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(name, { at: Date.now(), domain: row });
  return row;
}

/**
 * The service's own hosts, known without a database read: APP_URL's, API_BASE_URL's,
 * CUSTOM_DOMAIN_TARGET, loopback names and IP literals, and on Vercel its deployment hosts.
 */
export function isOwnHost(name: string | null): boolean {
  if (!name) return true;
  if (name === 'localhost' || name.endsWith('.localhost') || net.isIP(name)) return true;
  if (name === config.customDomainTarget) return true;
  const app = config.appUrlSetting;
  if (app && new URL(app).hostname === name) return true;
  if (config.apiBaseUrl && new URL(config.apiBaseUrl).hostname === name) return true;
  if (config.onVercel && (name.endsWith('.vercel.app') || name === process.env.VERCEL_URL)) return true;
  return false;
}

export type HostKind = { kind: 'app' } | { kind: 'domain'; domain: HostDomain } | { kind: 'unknown' };

/** What a Host header names: the app, a team's verified domain, or nothing this service answers. */
export async function classifyHost(host: string | null | undefined): Promise<HostKind> {
  const name = hostName(host);
  if (!name || isOwnHost(name)) return { kind: 'app' };
  const domain = await verifiedDomainOf(name);
  if (domain) return { kind: 'domain', domain };
  // Without APP_URL the app answers on whatever host it is reached by.
  return config.appUrlSetting ? { kind: 'unknown' } : { kind: 'app' };
}

/** Whether `name` (Caddy's `ask` parameter) is a verified custom domain. */
export async function domainAllowed(name: string | null): Promise<boolean> {
  const n = hostName(name);
  return !!n && n.length <= 253 && !isOwnHost(n) && (await verifiedDomainOf(n)) !== null;
}
