// Runs before Next's routing for everything but /v1 (excluded by the matcher, so API requests
// never pay for this):
// - a path that is /v1 in another case (/V1/documents) is no route: 404 in the envelope, with
//   the rate-limit headers every /v1 answer carries;
// - host rules (spec section 1): when API_BASE_URL and APP_URL name different hosts, the API
//   host serves only /v1 — its root redirects to the API reference and every other path is 404;
// - an expired share link's page (/view/<slug>) is answered 410 Gone (a page cannot set its own
//   status); the page itself shows the expired notice in the link's branding.
import { NextResponse, type NextRequest } from 'next/server';
import { config as settings } from './server/config';
import { errorResponse } from './server/rest/envelope';
import { limitByAddress } from './server/rest/limit';
import { slugExpired } from './server/services/viewer/links';

const hostOf = (u: string | null) => (u ? new URL(u).host.toLowerCase() : null);

export async function proxy(req: NextRequest) {
  if (/^\/v1(?:\/|$)/i.test(req.nextUrl.pathname)) {
    const { headers, refused } = await limitByAddress(req);
    return refused ?? errorResponse('not_found', `No such endpoint: ${req.method} ${req.nextUrl.pathname}`, null, headers);
  }
  const apiHost = hostOf(settings.apiBaseUrl);
  const appHost = hostOf(settings.appUrlSetting);
  if (!apiHost || !appHost || apiHost === appHost) return viewerPage(req) ?? NextResponse.next();
  const host = (req.headers.get('host') ?? '').toLowerCase();
  if (host !== apiHost) return viewerPage(req) ?? NextResponse.next();
  if (req.nextUrl.pathname === '/') return NextResponse.redirect(new URL('/docs/api', settings.appUrl), 302);
  const { headers, refused } = await limitByAddress(req);
  return refused ?? errorResponse('not_found', 'This host serves only the API under /v1.', null, headers);
}

const VIEW_PAGE = /^\/view\/([A-Za-z0-9_-]{8,64})\/?$/;

/** An expired link's page: rendered as usual, answered 410. */
function viewerPage(req: NextRequest): Promise<NextResponse> | null {
  const m = req.method === 'GET' || req.method === 'HEAD' ? VIEW_PAGE.exec(req.nextUrl.pathname) : null;
  if (!m) return null;
  return slugExpired(m[1]!).then((expired) => (expired ? NextResponse.next({ status: 410 }) : NextResponse.next()));
}

export const config = {
  matcher: ['/((?!v1/|v1$|_next/static|_next/image).*)'],
};
