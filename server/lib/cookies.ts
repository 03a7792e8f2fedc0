// A Cookie header's cookies by name, read as Next's cookies() reads them (@edge-runtime/cookies:
// pairs split on ";", values percent-decoded, a later pair of a name wins, a bare name is "true"),
// for code that sees only the request's headers: route handlers and the node:http fast paths.
export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const pair of header.split(/; */)) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    if (eq === -1) {
      out[pair] = 'true';
      continue;
    }
    try {
      out[pair.slice(0, eq)] = decodeURIComponent(pair.slice(eq + 1));
    } catch {
      // A malformed escape: the pair is skipped, as Next skips it.
    }
  }
  return out;
}
