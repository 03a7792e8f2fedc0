// The DNS read of a custom domain's check: the TXT record at _quire-challenge.<name> (ownership). Resolvers from DNS_SERVERS (host:port, so a test server on
// loopback works), else the system's; every query bounded (2 s, two tries). Only the domains
// service calls this, from the verify request and the daily job: never on a visitor's request.
import { Resolver } from 'node:dns/promises';
import { config } from '../../config';

export const CHALLENGE_PREFIX = '_quire-challenge';

function resolver(): Resolver {
  const r = new Resolver({ timeout: 2_000, tries: 2 });
  const servers = config.dnsServers;
  if (servers) r.setServers(servers);
  return r;
}

export type DnsAnswer = { records: string[] } | { error: string };

const CODES: Record<string, string> = {
  ENOTFOUND: 'no such name (NXDOMAIN)',
  ENODATA: 'the name exists but has no record of this type',
  ETIMEOUT: 'the DNS server did not answer in time',
  ECONNREFUSED: 'the DNS server refused the connection',
  ESERVFAIL: 'the DNS server failed (SERVFAIL)',
  EREFUSED: 'the DNS server refused the query',
};

function failure(e: unknown): { error: string } {
  const code = (e as { code?: string }).code ?? 'ERROR';
  return { error: CODES[code] ?? `lookup failed (${code})` };
}

export async function lookupTxt(name: string): Promise<DnsAnswer> {
  try {
    return { records: (await resolver().resolveTxt(name)).map((chunks) => chunks.join('')) };
  } catch (e) {
    return failure(e);
  }
}

/** Whether the TXT answer holds the domain's value; else the reason, with what DNS answered. */
export async function checkChallenge(name: string, value: string): Promise<{ ok: true } | { ok: false; error: string }> {
  const at = `${CHALLENGE_PREFIX}.${name}`;
  const txt = await lookupTxt(at);
  if ('records' in txt && txt.records.includes(value)) return { ok: true };
  const answered =
    'error' in txt
      ? txt.error
      : txt.records.length
        ? `found ${txt.records.slice(0, 5).map((r) => JSON.stringify(r.length > 100 ? `${r.slice(0, 100)}…` : r)).join(', ')}`
        : 'no TXT records';
  return { ok: false, error: `The TXT record at ${at} does not hold ${JSON.stringify(value)}: DNS answered ${answered}.` };
}
