// The CLI's version and how it names itself to the server (the approval page shows it).
import os from 'node:os';

export const VERSION = '0.1.0';
export const USER_AGENT = `quire-cli/${VERSION} (${os.platform()}; node ${process.versions.node})`;

/** Headers with the CLI's User-Agent added. */
export function withUserAgent(headers?: HeadersInit): Headers {
  const h = new Headers(headers);
  h.set('user-agent', USER_AGENT);
  return h;
}
