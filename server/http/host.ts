// Whether a Host header is a valid authority (RFC 9110 7.2): a host name or IP literal and an
// optional port, nothing else (no user info, spaces, brackets out of place or ports > 65535).
import net from 'node:net';

const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';
const NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*\\.?$`);

export function isValidHost(host: string | undefined): boolean {
  if (!host || host.length > 300) return false;
  const m = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/.exec(host);
  if (!m) return false;
  if (m[2] !== undefined && Number(m[2]) > 65535) return false;
  const name = m[1]!;
  if (name.startsWith('[')) return net.isIPv6(name.slice(1, -1));
  return NAME.test(name) || net.isIPv4(name);
}
