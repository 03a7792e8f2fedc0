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
