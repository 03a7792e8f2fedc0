// A custom domain's name, as a team types it and as it is stored: the ASCII (IDNA) form, lower
// case, without a trailing dot. Refused (422 on `name`): a scheme, a path, a port, a wildcard, an
// IP address, a single label, and the service's own hosts.
import net from 'node:net';
import { domainToASCII } from 'node:url';
import { config } from '../../config';
import { invalid } from '../../errors';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The service's own host names: never a team's domain. */
function ownHosts(): Set<string> {
  const hosts = new Set<string>([new URL(config.appUrl).hostname, config.customDomainTarget]);
  if (config.apiBaseUrl) hosts.add(new URL(config.apiBaseUrl).hostname);
  return hosts;
}

export function normalizeDomainName(raw: string): string {
  const typed = raw.trim();
  const refuse = (why: string) => invalid('name', why);
  if (!typed) throw refuse('is required');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(typed)) throw refuse('give the host name alone, without a scheme (docs.example.com, not https://docs.example.com)');
  if (/[/?#@\s]/.test(typed)) throw refuse('give the host name alone, without a path, query or user');
  if (typed.includes('*')) throw refuse('wildcard domains are not supported: add each host name');
  const bare = typed.replace(/\.$/, '');
  if (net.isIP(bare) || net.isIP(bare.replace(/^\[|\]$/g, ''))) throw refuse('must be a host name, not an IP address');
  if (bare.includes(':')) throw refuse('must not carry a port');
  const ascii = domainToASCII(bare);
  if (!ascii) throw refuse('is not a valid host name');
  const name = ascii.toLowerCase();
  if (name.length > 253) throw refuse('is longer than 253 characters');
  const labels = name.split('.');
  if (labels.length < 2) throw refuse('must be a full host name such as docs.example.com');
  if (!labels.every((l) => LABEL.test(l))) throw refuse('is not a valid host name (letters, digits and hyphens, labels of 1 to 63)');
  if (/^[0-9]+$/.test(labels[labels.length - 1]!)) throw refuse('must be a host name, not an IP address');
  if (ownHosts().has(name)) throw refuse("is this service's own host");
  return name;
}

/** A Host header's name: lower case, without port or trailing dot; null when it is no name. */
export function hostName(host: string | null | undefined): string | null {
  if (!host) return null;
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return null;
  const name = h.replace(/:\d+$/, '').replace(/\.$/, '');
  return name || null;
}
