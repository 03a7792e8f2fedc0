// Host rules (spec section 1): when API_BASE_URL and APP_URL name different hosts, the API
// host serves only /v1 — its root redirects to the API reference and every other path is 404.
// /v1 itself is excluded by the matcher, so API requests never pay for this.
import { NextResponse, type NextRequest } from 'next/server';

const hostOf = (u: string | undefined) => {
  try {
    return u ? new URL(u).host.toLowerCase() : null;
  } catch {
    return null;
  }
};

export function proxy(req: NextRequest) {
  const apiHost = hostOf(process.env.API_BASE_URL);
  const appHost = hostOf(process.env.APP_URL);
  if (!apiHost || !appHost || apiHost === appHost) return NextResponse.next();
  const host = (req.headers.get('host') ?? '').toLowerCase();
  if (host !== apiHost) return NextResponse.next();
  if (req.nextUrl.pathname === '/') return NextResponse.redirect(new URL('/docs/api', process.env.APP_URL), 302);
  const body = {
    error: {
      code: 'not_found',
      message: 'This host serves only the API under /v1.',
      doc_url: `${(process.env.DOCS_URL || process.env.APP_URL || '').replace(/\/$/, '')}/docs/api/errors#not_found`,
      details: null,
    },
  };
  return NextResponse.json(body, { status: 404, headers: { 'Cache-Control': 'no-store' } });
}

export const config = {
  matcher: ['/((?!v1/|v1$|_next/static|_next/image).*)'],
};
