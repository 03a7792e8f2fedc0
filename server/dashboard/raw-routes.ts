// The dashboard's raw routes: what tRPC's JSON cannot carry (CSV exports, a version's file, image
// uploads). Each goes through dashboardRoute: the session and team decided exactly as for
// /api/trpc, every refusal and failure answered in the API's envelope.
import type { UserActor } from '../auth/actor';
import { readBody } from '../http/body';
import { errorResponse, jsonResponse } from '../http/envelope';
import { mapError } from '../http/errors';
import { appRouter } from '../routers';
import { API_BODY_MAX_BYTES } from '../services/limits';
import type { Context } from '../trpc';
import { dashboardContextFor } from './context';
import { openVersionFile } from '../services/versions';
import { openPendingFile } from '../services/visitor-uploads/team';
import { bodyFor, type RangedAnswer } from '../storage/ranges';
import { attachment } from '../lib/content-disposition';

export type SignedIn = Context & { user: NonNullable<Context['user']>; actor: UserActor };

export async function dashboardRoute(req: Request, handle: (ctx: SignedIn) => Promise<Response>): Promise<Response> {
  try {
    const ctx = await dashboardContextFor(req);
    if (!ctx.user) return errorResponse('unauthorized', 'Sign in to continue.');
    if (!ctx.actor) return errorResponse('forbidden', 'Create or join a team first.');
    return await handle(ctx as SignedIn);
  } catch (e) {
    const m = mapError(e, req.method, new URL(req.url).pathname);
    return errorResponse(m.code, m.message, m.details, {}, m.status);
  }
}

/**
 * GET a version's file for the signed-in team (PDF preview, video preview, download): an
 * attachment that cannot be sniffed or scripted, by HTTP range so the owner's player seeks.
 * `?as=preview`: an Office file's converted PDF. Next's route file and, under `npm start`,
 * node:http (server/dashboard/node.ts: a 206 keeps its Content-Length there) both answer with it.
 */
/** A team's file as an attachment that never renders in the app's origin and is never cached. */
function teamFileResponse(req: Request, file: RangedAnswer & { name: string }) {
  return new Response(bodyFor(req.method, file), {
    status: file.status,
    headers: {
      ...file.headers,
      'Content-Disposition': attachment(file.name),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'Cache-Control': 'private, no-store',
    },
  });
}

export const versionFileRoute = (req: Request, documentId: string, versionId: string) =>
  dashboardRoute(req, async (ctx) => {
    const q = new URL(req.url).searchParams;
    const file = await openVersionFile(ctx.actor, documentId, versionId, {
      preview: q.get('as') === 'preview',
      range: req.headers.get('range'),
      download: q.get('download') === '1' && req.method === 'GET',
    });
    return teamFileResponse(req, file);
  });

/** GET a pending visitor upload's file for the signed-in team, sent as versionFileRoute sends a version's. */
export const visitorUploadFileRoute = (req: Request, id: string) =>
  dashboardRoute(req, async (ctx) => {
    const file = await openPendingFile(ctx.actor, id, req.headers.get('range'));
    return teamFileResponse(req, file);
  });

export type DashboardImageTarget = 'brand' | 'dataroom';

/**
 * Raw image bytes from the brand editor or a room's custom branding, to the same procedures
 * /v1's PUT calls, so plan, mode and every image rule are checked in one place.
 */
export const putDashboardImage = (req: Request, target: DashboardImageTarget, id: string, slot: string) =>
  dashboardRoute(req, async (ctx) => {
    const bytes = await readBody(req, API_BODY_MAX_BYTES);
    const caller = appRouter.createCaller(ctx);
    const input = { id, slot, content_type: req.headers.get('content-type'), bytes };
    const out = target === 'brand' ? await caller.brands.putImage(input) : await caller.datarooms.branding.putImage(input);
    return jsonResponse(JSON.stringify(out), 200, {});
  });

/** GET a room's index file (?format=csv|xlsx|pdf, ?group_id=) for the signed-in team: the procedure /v1's index route calls. */
export const roomIndexRoute = (req: Request, id: string) =>
  dashboardRoute(req, async (ctx) => {
    const q = new URL(req.url).searchParams;
    const file = await appRouter.createCaller(ctx).datarooms.indexFile({
      id,
      format: (q.get('format') ?? undefined) as 'csv' | undefined,
      group_id: q.get('group_id') ?? undefined,
    });
    return new Response(file.bytes, {
      headers: {
        'Content-Type': file.contentType,
        'Content-Length': String(file.bytes.length),
        'Content-Disposition': attachment(file.fileName),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "sandbox; default-src 'none'",
        'Cache-Control': 'private, no-store',
      },
    });
  });
