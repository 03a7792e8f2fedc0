// IP allow lists (a team's, a link's, a room's): IPv4 and IPv6 CIDRs, or single addresses, read by
// ipaddr.js. One reader for the API's validation, the dashboard's form and every check, so a list
// that was accepted is matched the way it was read.
import ipaddr from 'ipaddr.js';

export const MAX_IP_RULES = 100;

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4) is its IPv4 address. */
function plain(ip: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}

/** A rule as written ("10.0.0.0/8", "2001:db8::/32", "203.0.113.7") read as a range, or null. */
export function parseRule(rule: string): Range | null {
  const r = rule.trim();
  try {
    if (r.includes('/')) {
      const [ip, bits] = ipaddr.parseCIDR(r);
      const mapped = ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96;
      return mapped ? [plain(ip), bits - 96] : [ip, bits];
    }
    if (!ipaddr.isValid(r)) return null;
    const ip = plain(ipaddr.parse(r));
    return [ip, ip.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

/** The canonical text of a rule: the network address and its prefix ("10.1.2.3/8" reads "10.0.0.0/8"). */
export function normalizeRule(rule: string): string | null {
  const range = parseRule(rule);
  if (!range) return null;
  const [ip, bits] = range;
  const network = ip.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(`${ip}/${bits}`) : ipaddr.IPv6.networkAddressFromCIDR(`${ip}/${bits}`);
  return `${network.toString()}/${bits}`;
}

/** Whether `address` falls in any rule; an empty list allows everyone, an unreadable address no one. */
export function addressAllowed(address: string | null | undefined, rules: readonly string[]): boolean {
  if (!rules.length) return true;
  if (!address || !ipaddr.isValid(address)) return false;
  const ip = plain(ipaddr.parse(address));
  for (const rule of rules) {
    const range = parseRule(rule);
    if (range && range[0].kind() === ip.kind() && ip.match(range as never)) return true;
  }
  return false;
}

/** A list as stored: each rule in its canonical text, duplicates dropped (rules already validated). */
export const normalizeIpRules = (rules: readonly string[]): string[] => [...new Set(rules.map((r) => normalizeRule(r) ?? r.trim()))];
