// The viewer's hot routes on `npm start` (scripts/serve.ts): page images, the event beacon and the
// video stream are answered from node:http through the same handlers the Next route files call
// (the stream here so that a 206 keeps its Content-Length, which Next drops from a route
// handler's streamed answer: docs/decisions.md), and a link's
// page for a browser without its session cookie (a gate, a notice) from the same components
// (fast-page.tsx), without Next's request pipeline (which costs more than the checks and the
// cached image themselves; docs/benchmarks.md). Everything else of the viewer, and these routes
// on bare `next start` (Vercel), go through Next.
import type http from 'node:http';
import { isApiOnlyHost } from '../http/api-host';
import { finish, internalError, send, setSecurityHeaders, toRequest } from '../http/node';
import { serveViewerPage } from './fast-page';
import { eventsRoute, pageImage, videoRoute, type RawAnswer } from './http';

const SLUG = '([A-Za-z0-9_-]{8,64})';
const PAGE = new RegExp(`^/view/${SLUG}/(?:d/([A-Za-z0-9_-]{1,64})/)?pages/([^/?#]{1,16})(?:[?#]|$)`);
const EVENTS = new RegExp(`^/view/${SLUG}/events(?:[?#]|$)`);
const VIDEO = new RegExp(`^/view/${SLUG}/(?:d/([A-Za-z0-9_-]{1,64})/)?video(?:[?#]|$)`);
const LINK_PAGE = new RegExp(`^/view/${SLUG}(?:\\?|$)`);


/**
 * Answers the request and returns true when it is one of the viewer's hot routes; a cookie-less
 * link page that turns out to need Next (an unknown slug) is handed to `next`. `css`: the
 * stylesheets of the build (null: link pages always go to Next).
 */
export function serveViewerFast(req: http.IncomingMessage, res: http.ServerResponse, next: () => void, css: string[] | null): boolean {
  const url = req.url ?? '';
  // A separate API host serves only /v1: its viewer paths are left to Next (which answers 404).
  if (!url.startsWith('/view/') || isApiOnlyHost(req.headers.host)) return false;
  let answer: (() => Promise<Response | RawAnswer>) | null = null;
  const page = req.method === 'GET' ? PAGE.exec(url) : null;
  if (page) answer = () => pageImage(toRequest(req, 'GET'), { slug: page[1]!, item: page[2], page: decodeURIComponent(page[3]!) });
  const events = !page && req.method === 'POST' ? EVENTS.exec(url) : null;
  if (events) answer = () => eventsRoute(toRequest(req, 'POST'), { slug: events[1]! });
  const method = req.method ?? 'GET';
  const video = !answer && (method === 'GET' || method === 'HEAD') ? VIDEO.exec(url) : null;
  if (video) answer = () => videoRoute(toRequest(req, method), { slug: video[1]!, item: video[2] });
  if (answer) {
    setSecurityHeaders(res);
    answer()
      .then((r) => (r instanceof Response ? send(req, res, r) : finish(req, res, r.status, r.headers, r.body)))
      .catch((e) => internalError(req, res, e));
    return true;
  }
  if (!css || (req.method !== 'GET' && req.method !== 'HEAD') || !LINK_PAGE.test(url)) return false;
  serveViewerPage(req, res, css)
    .then((done) => done || next())
    .catch((e) => internalError(req, res, e));
  return true;
}
