// Caddy's on-demand TLS `ask` (README, "Custom domains"): 200 for a verified custom domain, 404
// for any other name, so the proxy obtains certificates only for the teams' verified domains.
import { domainAllowed } from '@/server/services/domains/hosts';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(req: Request) {
  const ok = await domainAllowed(new URL(req.url).searchParams.get('domain'));
  return new Response(ok ? 'ok\n' : 'not found\n', { status: ok ? 200 : 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}
