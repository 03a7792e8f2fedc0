// The Content-Security-Policy of every HTML page (docs/decisions.md, "Content-Security-Policy").
// proxy.ts gives each page request a fresh nonce: Next reads it from the policy in the request
// headers and puts it on its own scripts; the same policy is the response's header. The link
// pages scripts/serve.ts answers from node:http (fast-page.tsx) send it with a nonce of their own.
import { randomBytes } from 'node:crypto';
import { config } from '../config';

export const newNonce = (): string => randomBytes(16).toString('base64');

/** The http(s) origin of `url`, or null. */
function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * Scripts only with the page's nonce (and what they load: 'strict-dynamic'); 'unsafe-eval' only
 * under `next dev` (React's debugging). Stylesheets from the app, `<style>` elements only with
 * the nonce; style attributes are allowed (React renders them on the server). Images from the
 * app, data: and blob: (previews of a picked file). Uploads may go straight to Vercel Blob.
 * Forms post to the app; `formLeadsTo`: the other site a link page's gate form ends on (the
 * browser checks the redirects after a form against form-action too).
 */
export function contentSecurityPolicy(nonce: string, o: { formLeadsTo?: string | null } = {}): string {
  const dev = config.development;
  const upload = config.blobUploadOrigin;
  const formTarget = originOf(o.formLeadsTo);
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    // Next's development overlay injects styles without a nonce.
    dev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${upload ? ` ${upload}` : ''}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${formTarget ? ` ${formTarget}` : ''}`,
    "frame-ancestors 'self'",
  ].join('; ');
}

// Paths answered by route handlers (app/**/route.ts): JSON, files, images, redirects. They keep
// their own headers (Next lets the proxy's response headers win over a route's, so a policy set
// here would replace a file route's `sandbox`); every other path is a page, or Next's 404 page.
const ROUTE_HANDLERS = [
  /^\/v1(?:\/|$)/i,
  /^\/api\/(?:trpc|auth)\//,
  /^\/api\/analytics\/export\/?$/,
  /^\/api\/events\/export\/?$/,
  /^\/api\/cron\/sweep-uploads\/?$/,
  /^\/api\/cron\/jobs\/?$/,
  /^\/api\/domains\/allowed\/?$/,
  /^\/api\/brands\/[^/]+\/images\/[^/]+\/?$/,
  /^\/api\/datarooms\/[^/]+\/branding\/images\/[^/]+\/?$/,
  /^\/api\/datarooms\/[^/]+\/index\/?$/,
  /^\/api\/visitor-uploads\/[^/]+\/file\/?$/,
  /^\/api\/documents\/[^/]+\/versions\/[^/]+\/(?:file|pages\/[^/]+)\/?$/,
  /^\/api\/agreements\/[^/]+\/acceptances\/(?:export|[^/]+\/receipt)\/?$/,
  /^\/oauth\//,
  /^\/scim\//,
  /^\/sso\/saml\/(?:find|[^/]+\/(?:metadata|acs|login))\/?$/,
  /^\/mcp\/?$/,
  /^\/\.well-known\//,
  /^\/images\/[^/]+\/[^/]+\/?$/,
  /^\/brand\/banner\/[^/]+\/?$/,
  /^\/view\/[^/]+\/(?:d\/[^/]+\/)?(?:file|download|video|pages\/[^/]+)\/?$/,
  /^\/view\/[^/]+\/(?:gate|enter|events|zip|questions|questions\/code|search|uploads|uploads\/url)\/?$/,
  /^\/view\/[^/]+\/agreement\/pages\/[^/]+\/?$/,
];

/** Whether Next answers the path with an HTML page (not a route handler). */
export const isPagePath = (pathname: string): boolean => !ROUTE_HANDLERS.some((r) => r.test(pathname));
