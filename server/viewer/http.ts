// The viewer's thin routes (DESIGN.md: page images, downloads, the event beacon, gate forms):
// each parses the request, builds the viewer context from the link and its cookie, and calls
// the viewer router or services. Every one checks again that the link is live and not expired,
// the session admitted, and the item visible; the document always comes from the link.
import { pageSource } from '../media/page-source';
import { TRPCError } from '@trpc/server';
import { viewerWords } from '../../lib/shared/viewer-words';
import { ApiError } from '../errors';
import { fromOwnOrigin } from '../lib/origin';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable } from '../db/unavailable';
import { mapError } from '../http/errors';
import { readBody } from '../http/body';
import { errorResponse } from '../http/envelope';
import { visitorBranding } from '../services/branding/effective';
import { linkDocument, roomDocument, roomTree, type ShownDocument } from '../services/visitor/content';
import { downloadDocument, downloadRoomZip, inlineImage, type Download } from '../services/visitor/files';
import type { ViewerLink } from '../services/visitor/links';
import { renderPage, THUMBNAIL_WIDTH } from '../media/render';
import { videoStream } from '../services/visitor/video';
import { bodyFor } from '../storage/ranges';
import { backfillFirstPageSize } from '../media/page-size';
import { afterResponse } from '../lib/after-response';
import { viewerAgreement } from '../services/visitor/agreement';
import { pendingGate } from '../services/visitor/gates';
import { createViewerContext, isSecure, linkIpRefusal, viewerRequest, type ViewerContext } from './context';
import { admitted, LinkExpiredError, viewerCaller } from './router';
import { COOKIE_SET_PARAM, linkPath, refusedEmailCookie, sessionCookie } from './session';
import { attachment as contentDisposition, INLINE } from '../lib/content-disposition';

type Params = { slug: string; item?: string; page?: string };

const NO_STORE = { 'Cache-Control': 'private, no-store' };

function text(status: number, body: string, headers: Record<string, string> = {}) {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE, ...headers } });
}

/** Domain and tRPC errors as plain HTTP answers (these routes are for browsers, not API clients). */
function refusal(e: unknown): Response {
  const cause = e instanceof TRPCError && e.cause ? e.cause : e;
  if (cause instanceof LinkExpiredError) return text(410, 'This link has expired.');
  if (cause instanceof ApiError) {
    const retry = cause.details?.retry_after_seconds;
    return text(cause.status, cause.message, typeof retry === 'number' ? { 'Retry-After': String(retry) } : {});
  }
  if (databaseUnavailable(cause)) return text(503, 'This page is briefly unavailable; try again in a few seconds.', { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) });
  if (e instanceof TRPCError && e.code === 'BAD_REQUEST') return text(400, 'Malformed request.');
  throw e;
}

async function context(req: Request, slug: string): Promise<ViewerContext> {
  return createViewerContext(viewerRequest(slug, req.headers, req.url, req));
}

/** The document the path names: the link's own, or a visible room item. */
async function documentOf(link: ViewerLink, item: string | undefined): Promise<ShownDocument> {
  const d = item ? (link.dataroomId ? await roomDocument(link, item) : null) : link.documentId ? await linkDocument(link) : null;
  if (!d) throw new ApiError('not_found', 'No such document here.');
  return d;
}


async function formOf(req: Request): Promise<Record<string, string>> {
  const raw = await readBody(req, 64 * 1024);
  const type = req.headers.get('content-type') ?? '';
  const out: Record<string, string> = {};
  if (type.startsWith('application/x-www-form-urlencoded')) {
    for (const [k, v] of new URLSearchParams(Buffer.from(raw).toString('utf8'))) if (!(k in out)) out[k.slice(0, 80)] = v.slice(0, 6000);
  } else if (type.startsWith('multipart/form-data')) {
    let fd: FormData;
    try {
      fd = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
    } catch {
      // A bad or missing boundary, a truncated body: the parser's TypeError is the sender's fault.
      throw new ApiError('bad_request', 'The form could not be read.');
    }
    for (const [k, v] of fd) if (typeof v === 'string' && !(k in out)) out[k.slice(0, 80)] = v.slice(0, 6000);
  }
  return out;
}

/** POST /view/{slug}/gate: one gate form; answers 303 to the link (with ?e= when refused). */
export async function gateRoute(req: Request, { slug }: Params): Promise<Response> {
  const ctx = await context(req, slug);
  if (!fromOwnOrigin(req.headers, ctx.origin)) return text(403, 'Cross-site form posts are refused.');
  let form: Record<string, string>;
  try {
    form = await formOf(req);
  } catch (e) {
    return refusal(e);
  }
  return advance(ctx, form.step ?? '', form);
}

/** GET /view/{slug}/enter: a link with no gates (or none left) lets the browser in. */
export async function enterRoute(req: Request, { slug }: Params): Promise<Response> {
  return advance(await context(req, slug), '', {});
}

/** The one-time code mail in the language of the link's branding. */
async function codeMailFor(link: ViewerLink) {
  const branding = await visitorBranding({ teamId: link.teamId, dataroomId: link.dataroomId, linkBrandId: link.brandId });
  const { t } = viewerWords(branding.default_language);
  return { subject: t.codeMailSubject, body: t.codeMailBody };
}

async function advance(ctx: ViewerContext, step: string, form: Record<string, string>): Promise<Response> {
  const back = (query = '') => new Response(null, { status: 303, headers: { Location: `${ctx.origin}${linkPath(ctx.slug)}${query}`, ...NO_STORE } });
  if (ctx.state.state !== 'live' || ctx.ipRefused) return back();
  const link = ctx.state.link;
  const codeMail = await codeMailFor(link);
  if (step === 'request' || step === 'request_code') {
    // "Request access" (server/services/access-requests/visitor.ts): ?r= says which form comes next.
    let a;
    try {
      a = await viewerCaller(ctx).requestAccess({ step, form, codeMail });
    } catch (e) {
      return refusal(e);
    }
    const q = new URLSearchParams({ r: a.stage });
    if (a.error) q.set('e', a.error);
    const res = back(`?${q}`);
    if (a.newToken && a.sessionExpiresAt) res.headers.append('Set-Cookie', sessionCookie(ctx.slug, a.newToken, a.sessionExpiresAt, isSecure(ctx)));
    return res;
  }
  let r;
  try {
    r = await viewerCaller(ctx).gate({ step, form, codeMail });
  } catch (e) {
    return refusal(e);
  }
  const q = new URLSearchParams();
  if (r.error) q.set('e', r.error);
  if (r.field) q.set('f', r.field);
  const setCookie = r.newToken && r.sessionExpiresAt ? sessionCookie(ctx.slug, r.newToken, r.sessionExpiresAt, isSecure(ctx)) : null;
  // The page checks that the cookie came back (a browser that blocks cookies would loop here).
  if (setCookie) q.set(COOKIE_SET_PARAM, '1');
  const res = back(q.size ? `?${q}` : '');
  if (setCookie) res.headers.append('Set-Cookie', setCookie);
  // A refused address is offered again by "Request access" (kept in the browser, not on the server).
  if (r.refusedEmail && link.allowAccessRequests) res.headers.append('Set-Cookie', refusedEmailCookie(ctx.slug, r.refusedEmail, isSecure(ctx)));
  return res;
}

/** An answer's parts, for node:http to write without building a Response (the hot route). */
export type RawAnswer = { status: number; headers: Record<string, string>; body: Buffer };

/** GET .../pages/{page}?w=: one page image, rendered on the server (never the PDF); a refusal as a Response. */
export async function pageImage(req: Request, p: Params): Promise<RawAnswer | Response> {
  try {
    const ctx = await context(req, p.slug);
    const { link, actor } = admitted(ctx);
    const d = await documentOf(link, p.item);
    const page = Number(p.page);
    if (!/^\d{1,6}$/.test(p.page ?? '') || page < 1 || page > d.numPages) throw new ApiError('not_found', 'No such page.');
    const source = pageSource(d);
    if (!source) throw new ApiError('not_found', 'This document has no pages to show.');
    const w = Number(new URL(req.url).searchParams.get('w') ?? 1440);
    const holder = { session: actor.sessionId, address: ctx.address };
    const img = await renderPage(source, page, Number.isFinite(w) && w > 0 ? w : 1440, { holder });
    if (page === 1 && d.pageWidth === null) afterResponse('page size backfill', () => backfillFirstPageSize(source.id, img));
    return {
      status: 200,
      headers: { 'Content-Type': img.contentType, 'Cache-Control': 'private, max-age=600', 'X-Content-Type-Options': 'nosniff' },
      body: img.bytes,
    };
  } catch (e) {
    return refusal(e);
  }
}

/**
 * GET /view/{slug}/agreement/pages/{page}?w=: a page of the link's agreement document, for a
 * visitor who has reached the agreement step (the email and fields before it are given); the
 * rest of the link stays behind admission.
 */
export async function agreementPageRoute(req: Request, p: Params): Promise<Response> {
  try {
    const ctx = await context(req, p.slug);
    if (ctx.state.state === 'not_found') throw new ApiError('not_found', 'This link does not exist.');
    if (ctx.ipRefused) throw linkIpRefusal();
    if (ctx.state.state === 'expired') throw new LinkExpiredError();
    const { link, session } = ctx.state;
    const gate = pendingGate(link, session);
    if (gate === 'email' || gate === 'fields') throw new ApiError('forbidden', 'Open the link first.');
    const a = await viewerAgreement(link);
    const d = a?.contentType === 'document' ? a.document : null;
    const page = Number(p.page);
    if (!d || !/^\d{1,6}$/.test(p.page ?? '') || page < 1 || page > d.numPages) throw new ApiError('not_found', 'No such page.');
    const w = Number(new URL(req.url).searchParams.get('w') ?? 1024);
    const img = await renderPage({ id: d.versionId, storageKey: d.storageKey, contentType: d.contentType, numPages: d.numPages }, page, Number.isFinite(w) && w > 0 ? w : 1024, {
      holder: { session: session?.id ?? `address:${ctx.address}`, address: ctx.address },
    });
    return new Response(new Uint8Array(img.bytes), {
      headers: { 'Content-Type': img.contentType, 'Content-Length': String(img.bytes.length), 'Cache-Control': 'private, max-age=600', 'X-Content-Type-Options': 'nosniff' },
    });
  } catch (e) {
    return refusal(e);
  }
}

export async function pageImageRoute(req: Request, p: Params): Promise<Response> {
  const a = await pageImage(req, p);
  if (a instanceof Response) return a;
  return new Response(new Uint8Array(a.body), { status: a.status, headers: { ...a.headers, 'Content-Length': String(a.body.length) } });
}

/** GET .../file: an image document's bytes, shown inline. */
export async function inlineRoute(req: Request, p: Params): Promise<Response> {
  try {
    const { link } = admitted(await context(req, p.slug));
    // ?w=<the thumbnail width>: the room tile's picture (any other width is the image itself).
    const img = await inlineImage(await documentOf(link, p.item), new URL(req.url).searchParams.get('w') === String(THUMBNAIL_WIDTH));
    return new Response(new Uint8Array(img.bytes), {
      headers: {
        'Content-Type': img.contentType,
        'Content-Length': String(img.bytes.length),
        'Content-Disposition': INLINE,
        'Content-Security-Policy': "sandbox; default-src 'none'",
        'Cache-Control': 'private, max-age=600',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (e) {
    return refusal(e);
  }
}

/**
 * GET .../video: a video document's bytes for the player, by HTTP range (206, 416, Accept-Ranges).
 * Each range request is a new admission: link live and not expired, session admitted under the
 * link's current settings and agreement, the item still visible to the group.
 */
export async function videoRoute(req: Request, p: Params): Promise<Response> {
  try {
    const { link } = admitted(await context(req, p.slug));
    const v = await videoStream(await documentOf(link, p.item), req.headers.get('range'), req.headers.get('sec-fetch-dest'));
    return new Response(bodyFor(req.method, v), {
      status: v.status,
      headers: { ...v.headers, 'Content-Security-Policy': "sandbox; default-src 'none'", 'X-Content-Type-Options': 'nosniff', ...NO_STORE },
    });
  } catch (e) {
    return refusal(e);
  }
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'application/zip': '.zip',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'text/plain': '.txt',
};

function attachment(f: Download): Response {
  const ext = EXTENSIONS[f.contentType];
  const name = ext && !f.fileName.toLowerCase().endsWith(ext) ? f.fileName + ext : f.fileName;
  return new Response(new Uint8Array(f.bytes.buffer as ArrayBuffer, f.bytes.byteOffset, f.bytes.byteLength), {
    headers: {
      'Content-Type': f.contentType,
      'Content-Length': String(f.bytes.byteLength),
      'Content-Disposition': contentDisposition(name),
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
      ...NO_STORE,
    },
  });
}

/** GET .../download: the file, when downloads are allowed (watermarked PDFs); recorded on the view. */
export async function downloadRoute(req: Request, p: Params): Promise<Response> {
  try {
    const ctx = await context(req, p.slug);
    const { link, actor } = admitted(ctx);
    return attachment(await downloadDocument(link, actor, await documentOf(link, p.item), ctx));
  } catch (e) {
    return refusal(e);
  }
}

/** GET /view/{slug}/zip: a room's downloadable documents in one zip, when the room allows it. */
export async function zipRoute(req: Request, p: Params): Promise<Response> {
  try {
    const ctx = await context(req, p.slug);
    const { link, actor } = admitted(ctx);
    const tree = await roomTree(link);
    if (!tree) throw new ApiError('not_found', 'This link shares no room.');
    return attachment(await downloadRoomZip(link, actor, tree, ctx));
  } catch (e) {
    return refusal(e);
  }
}

/** POST /view/{slug}/events: page-time events (heartbeats and the beacon); 204 when taken. */
export async function eventsRoute(req: Request, p: Params): Promise<Response> {
  try {
    const ctx = await context(req, p.slug);
    if (!fromOwnOrigin(req.headers, ctx.origin)) return text(403, 'Cross-site reports are refused.');
    admitted(ctx);
    const raw = Buffer.from(await readBody(req, 64 * 1024)).toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return text(400, 'The body must be JSON.');
    }
    const r = await viewerCaller(ctx).events(body as never);
    return new Response(JSON.stringify(r), { status: 200, headers: { 'Content-Type': 'application/json', ...NO_STORE } });
  } catch (e) {
    return refusal(e);
  }
}

/** Refusals of the JSON viewer routes, in the API's error envelope (the viewer's scripts read `message`). */
/** A viewer JSON route's failure in the spec's envelope, mapped as /v1 maps its own (server/http/errors.ts). */
function jsonRefusal(e: unknown, req: Request): Response {
  const cause = e instanceof TRPCError && e.cause ? e.cause : e;
  if (cause instanceof LinkExpiredError) return errorResponse('not_found', 'This link has expired.', null, NO_STORE, 410);
  const m = mapError(e, req.method, new URL(req.url).pathname);
  return errorResponse(m.code, m.message, m.details, NO_STORE, m.status);
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...NO_STORE } });

/** GET /view/{slug}/questions: my questions and the FAQ; POST: ask one (JSON `{ text, item_id?, page_number? }`). */
export async function questionsRoute(req: Request, p: Params): Promise<Response> {
  try {
    const ctx = await context(req, p.slug);
    if (req.method === 'GET') return json(200, await viewerCaller(ctx).questions());
    if (!fromOwnOrigin(req.headers, ctx.origin)) return errorResponse('forbidden', 'Cross-site posts are refused.', null, NO_STORE);
    // Read outside the parse: an oversized body is 413 (jsonRefusal), not "must be JSON".
    const raw = Buffer.from(await readBody(req, 64 * 1024)).toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return errorResponse('bad_request', 'The body must be JSON.', null, NO_STORE);
    }
    return json(201, await viewerCaller(ctx).ask(body as never));
  } catch (e) {
    return jsonRefusal(e, req);
  }
}

/** The JSON body of a viewer POST from the page's own origin; a Response when it is refused. */
async function ownOriginJson(req: Request, ctx: ViewerContext): Promise<{ body: unknown } | Response> {
  if (!fromOwnOrigin(req.headers, ctx.origin)) return errorResponse('forbidden', 'Cross-site posts are refused.', null, NO_STORE);
  const raw = Buffer.from(await readBody(req, 16 * 1024)).toString('utf8');
  try {
    return { body: JSON.parse(raw) };
  } catch {
    return errorResponse('bad_request', 'The body must be JSON.', null, NO_STORE);
  }
}

/**
 * GET /view/{slug}/uploads: the folders that take the visitor's uploads, their allowance and their
 * own uploads; POST `{ upload_id, folder_id, name? }`: the uploaded file becomes a pending upload.
 * POST /view/{slug}/uploads/url `{ folder_id, file_name, content_type, size }` (`step: 'url'`): the
 * presigned PUT for it, as /v1's upload URL.
 */
export async function uploadsRoute(req: Request, p: Params, step: 'submit' | 'url' = 'submit'): Promise<Response> {
  try {
    const ctx = await context(req, p.slug);
    if (req.method === 'GET') return json(200, await viewerCaller(ctx).uploads());
    const parsed = await ownOriginJson(req, ctx);
    if (parsed instanceof Response) return parsed;
    if (step === 'url') return json(200, await viewerCaller(ctx).uploadUrl(parsed.body as never));
    return json(201, await viewerCaller(ctx).submitUpload(parsed.body as never));
  } catch (e) {
    return jsonRefusal(e, req);
  }
}

/**
 * GET /view/{slug}/search?q=…[&cursor=…]: the visitor's hits (what their link shows, and no
 * more); with `&item=…&page=N` (no item: the link's own document) the boxes of the words on that
 * page instead, and with `&page=all` every page of that document the words are on, with their
 * boxes (`{ pages: [{ page_number, boxes }] }`, the document's find; `&record=0` for the words a
 * hit opened it with, already counted). JSON either way; a link with search turned off answers 403.
 */
export async function searchRoute(req: Request, p: Params): Promise<Response> {
  try {
    const ctx = await context(req, p.slug);
    const u = new URL(req.url);
    const q = u.searchParams.get('q') ?? '';
    const page = u.searchParams.get('page');
    const item = u.searchParams.get('item');
    if (page === 'all') return json(200, { pages: await viewerCaller(ctx).find({ q, item_id: item, record: u.searchParams.get('record') !== '0' }) });
    if (page !== null) {
      const n = /^[0-9]{1,6}$/.test(page) ? Number(page) : NaN;
      return json(200, { boxes: await viewerCaller(ctx).highlights({ q, item_id: item, page: n }) });
    }
    return json(200, await viewerCaller(ctx).search({ q, cursor: u.searchParams.get('cursor') ?? undefined }));
  } catch (e) {
    return jsonRefusal(e, req);
  }
}

/** POST /view/{slug}/questions/code: `{}` mails a one-time code to the visitor's email, `{ code }` checks it. */
export async function questionCodeRoute(req: Request, p: Params): Promise<Response> {
  try {
    const ctx = await context(req, p.slug);
    if (!fromOwnOrigin(req.headers, ctx.origin)) return errorResponse('forbidden', 'Cross-site posts are refused.', null, NO_STORE);
    const { link } = admitted(ctx);
    const raw = Buffer.from(await readBody(req, 4 * 1024)).toString('utf8');
    let body: { code?: unknown };
    try {
      body = JSON.parse(raw || '{}');
    } catch {
      return errorResponse('bad_request', 'The body must be JSON.', null, NO_STORE);
    }
    if (typeof body?.code === 'string') return json(200, await viewerCaller(ctx).askVerify({ code: body.code }));
    return json(200, await viewerCaller(ctx).askCode({ codeMail: await codeMailFor(link) }));
  } catch (e) {
    return jsonRefusal(e, req);
  }
}
