// `/view/{slug}` for a browser without the link's session cookie, on `npm start`: the visitor
// cannot be admitted, so the page is a gate form, a notice, or a redirect: plain server
// components (server/viewer/page-view.tsx, the same ones Next renders) without client script.
// Rendering them with react-dom/server here costs a fraction of Next's page pipeline, which on
// its own kept a gated link's p99 above 100 ms at 16 connections (docs/benchmarks.md). Anything
// else (a cookie, an unknown slug) goes to Next. Bare `next start` (Vercel) always uses Next.
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { toRequest } from '../http/node';
import { contentSecurityPolicy, newNonce } from '../http/csp';
import { SECURITY_HEADERS } from '../http/security-headers';
import { createViewerContext, viewerRequest } from './context';
import { linkCard, targetName, viewerPageOf, type ViewerPage } from './page-data';
import { pageOutcome, UnadmittedPage, type PageOutcome, type SearchParams } from './page-view';
import { sessionTokens } from './session';
import { domainLocation, onOwnHost } from '../services/domains/routing';

const PAGE = /^\/view\/([A-Za-z0-9_-]{8,64})(?:\?|$)/;

/** The root layout's stylesheets, from the build's manifest of the viewer page; null when unreadable. */
export function viewerStylesheets(buildDir: string): string[] | null {
  try {
    const file = path.join(buildDir, '.next', 'server', 'app', '(viewer)', 'view', '[slug]', 'page_client-reference-manifest.js');
    const text = fs.readFileSync(file, 'utf8');
    const entry = /"entryCSSFiles":(\{.*?\]\})/.exec(text)?.[1];
    const css = entry ? [...entry.matchAll(/"path":"(static\/[^"]+\.css)"/g)].map((m) => `/_next/${m[1]}`) : [];
    return css.length ? [...new Set(css)] : null;
  } catch {
    return null;
  }
}

function Document({ page, outcome, slug, name, sp, card, css }: { page: ViewerPage; outcome: PageOutcome; slug: string; name: string | null; sp: SearchParams; card: Awaited<ReturnType<typeof linkCard>>; css: string[] }) {
  const images = card.image ? [card.image] : [];
  return (
    <html lang={page.words.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fafafa" />
        {css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <title>{card.title}</title>
        {card.description ? <meta name="description" content={card.description} /> : null}
        <meta name="robots" content="noindex, nofollow" />
        <meta property="og:title" content={card.title} />
        {card.description ? <meta property="og:description" content={card.description} /> : null}
        {card.siteName ? <meta property="og:site_name" content={card.siteName} /> : null}
        {images.map((i) => (
          <meta key={i} property="og:image" content={i} />
        ))}
        <meta property="og:type" content="website" />
        <meta name="twitter:card" content={images.length ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={card.title} />
        {card.description ? <meta name="twitter:description" content={card.description} /> : null}
        {images.map((i) => (
          <meta key={i} name="twitter:image" content={i} />
        ))}
        {card.favicon ? <link rel="icon" href={card.favicon} /> : null}
      </head>
      <body className="min-h-dvh font-sans">{outcome.kind === 'redirect' ? null : <UnadmittedPage page={page} outcome={outcome} slug={slug} name={name} sp={sp} />}</body>
    </html>
  );
}

/** next.config.ts's headers for every path, and a page's caching. */
const HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'private, no-cache, no-store, max-age=0, must-revalidate',
  ...SECURITY_HEADERS,
};

/**
 * Answers a cookie-less GET or HEAD of `/view/{slug}` and returns true, or returns false (before
 * answering anything) when Next should: a session cookie, an unknown slug, another path.
 */
export async function serveViewerPage(req: http.IncomingMessage, res: http.ServerResponse, css: string[]): Promise<boolean> {
  const m = PAGE.exec(req.url ?? '');
  if (!m || (req.method !== 'GET' && req.method !== 'HEAD') || sessionTokens(req.headers.cookie).length) return false;
  const request = toRequest(req, 'GET');
  const slug = m[1]!;
  const page = await viewerPageOf(await createViewerContext(viewerRequest(slug, request.headers, request.url)));
  const sp: SearchParams = {};
  for (const [k, v] of new URL(request.url).searchParams) sp[k] ??= v;
  // A link shared on a custom domain: the app host sends its page there (routing.ts decides the
  // same for the pages Next renders; this page is served before that decision is asked).
  const state = page.ctx.state;
  const moved = state.state !== 'not_found' && onOwnHost(req.headers.host) ? domainLocation(state.link.domain, `/view/${slug}`, new URL(request.url).search) : null;
  if (moved) {
    res.writeHead(308, { ...SECURITY_HEADERS, Location: moved, Vary: 'Host', 'Cache-Control': 'no-store' }).end();
    return true;
  }
  const outcome = pageOutcome(page, slug, sp);
  if (outcome.kind === 'not_found' || outcome.kind === 'admitted' || page.ctx.state.state === 'not_found') return false;
  const [card, name] = await Promise.all([linkCard(page), targetName(page.ctx.state.link)]);
  const html = Buffer.from(`<!DOCTYPE html>${renderToString(<Document page={page} outcome={outcome} slug={slug} name={name} sp={sp} card={card} css={css} />)}`);
  const status = outcome.kind === 'redirect' ? 307 : outcome.kind === 'expired' ? 410 : outcome.kind === 'ip_refused' ? 403 : outcome.kind === 'busy' ? 429 : 200;
  // The page has no script; its policy is every page's, with a nonce of its own (proxy.ts).
  const primary = page.ctx.state.link.primary;
  const policy = contentSecurityPolicy(newNonce(), { formLeadsTo: primary && !primary.storageKey ? primary.externalUrl : null });
  res.writeHead(status, { ...HEADERS, 'Content-Security-Policy': policy, ...(outcome.kind === 'redirect' ? { Location: outcome.to } : {}), 'Content-Length': String(html.length) });
  res.end(req.method === 'HEAD' ? undefined : html);
  return true;
}
