// Runs before Next's routing for everything but /v1 (excluded by the matcher, so API requests
// never pay for this):
// - a path that is /v1 in another case (/V1/documents) is no route: 404 in the envelope, with
//   the rate-limit headers every /v1 answer carries;
// - custom domains (server/services/domains/routing.ts): a team's verified domain serves only that
//   team's viewer, any other unknown host a plain 404, and a link shared on a domain answers 308
//   on the app host;
// - host rules (spec section 1): when API_BASE_URL and APP_URL name different hosts, the API
//   host serves only /v1 — its root redirects to the API reference and every other path is 404;
// - an expired share link's page (/view/<slug>) is answered 410 Gone (a page cannot set its own
//   status); the page itself shows the expired notice in the link's branding;
// - a viewer path's slug is handed to the root layout in a request header (its `<html lang>`
//   follows the link's language); a client's own value of that header never gets through;
// - every page gets its Content-Security-Policy with a fresh nonce, in the request (Next reads the
//   nonce from it for its own scripts) and in the response (server/http/csp.ts).
import { NextResponse, type NextRequest } from 'next/server';
import { config as settings } from './server/config';
import { isApiOnlyHost } from './server/http/api-host';
import { decideByHost, needsHostDecision, onOwnHost, pageLinkOf, PLAIN_NOT_FOUND, type PageLink } from './server/services/domains/routing';
import { errorResponse } from './server/http/envelope';
import { limitByAddress } from './server/rest/limit';
import { contentSecurityPolicy, isPagePath, newNonce } from './server/http/csp';
import { VIEW_SLUG_HEADER, viewSlugOf } from './server/viewer/slug-header';

export async function proxy(req: NextRequest) {
  const host = req.headers.get('host');
  const custom = !onOwnHost(host);
  let link: PageLink | null | undefined;
  if (custom || needsHostDecision(req.method, req.nextUrl.pathname)) {
    const d = await decideByHost(host, req.method, req.nextUrl.pathname, req.nextUrl.search);
    if (d.kind === 'not_found') return new NextResponse(PLAIN_NOT_FOUND.body, { status: 404, headers: PLAIN_NOT_FOUND.headers });
    if (d.kind === 'redirect') {
      // Next refuses a relative Location from the proxy: the short form's is made absolute on the request's own host.
      const location = d.location.startsWith('/') ? `${req.nextUrl.protocol}//${host}${d.location}` : d.location;
      return new NextResponse(null, { status: 308, headers: { Location: location, Vary: 'Host', 'Cache-Control': 'no-store' } });
    }
    if (d.custom) return onward(req, d.link);
    link = d.link;
  }
  if (/^\/v1(?:\/|$)/i.test(req.nextUrl.pathname)) {
    const { headers, refused } = await limitByAddress(req);
    return refused ?? errorResponse('not_found', `No such endpoint: ${req.method} ${req.nextUrl.pathname}`, null, headers);
  }
  if (!isApiOnlyHost(req.headers.get('host'))) return onward(req, link);
  if (req.nextUrl.pathname === '/') return NextResponse.redirect(new URL('/docs/api', settings.appUrl), 302);
  const { headers, refused } = await limitByAddress(req);
  return refused ?? errorResponse('not_found', 'This host serves only the API under /v1.', null, headers);
}

const VIEW_PAGE = /^\/view\/([A-Za-z0-9_-]{8,64})\/?$/;
const CSP = 'content-security-policy';

/**
 * Every other path goes on with the viewer's slug header set or removed, and a page with its
 * policy; an expired link's page is answered 410 (`link`: the page's link when the host decision
 * already read it).
 */
async function onward(req: NextRequest, link?: PageLink | null): Promise<NextResponse> {
  const { pathname } = req.nextUrl;
  const slug = viewSlugOf(pathname);
  const isPage = isPagePath(pathname);
  if (!slug && !isPage && !req.headers.has(VIEW_SLUG_HEADER) && !req.headers.has(CSP)) return NextResponse.next();
  const page = req.method === 'GET' || req.method === 'HEAD' ? VIEW_PAGE.exec(pathname) : null;
  const facts = page ? (link === undefined ? await pageLinkOf(page[1]!) : link) : null;
  const policy = isPage ? contentSecurityPolicy(newNonce(), { formLeadsTo: facts?.opensAt }) : null;
  const headers = new Headers(req.headers);
  if (slug) headers.set(VIEW_SLUG_HEADER, slug);
  else headers.delete(VIEW_SLUG_HEADER);
  if (policy) headers.set(CSP, policy);
  else headers.delete(CSP);
  const res = NextResponse.next({ request: { headers }, ...(facts?.expired ? { status: 410 } : {}) });
  if (policy) res.headers.set(CSP, policy);
  return res;
}

export const config = {
  matcher: ['/((?!v1/|v1$|_next/static|_next/image).*)'],
};
