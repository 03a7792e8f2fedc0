// Raw image bytes from the dashboard (the brand editor, a room's custom branding): tRPC's JSON
// cannot carry them, so two thin PUT routes bring them here. The session and team are decided
// exactly as for /api/trpc and the bytes go to the same procedures /v1's PUT calls, so plan,
// mode and every image rule are checked in one place. Errors answer the API's envelope shape.
import { appRouter } from '../routers';
import { readBody } from '../rest/body';
import { BASE_HEADERS } from '../rest/envelope';
import { mapError } from '../rest/errors';
import { createDashboardContext, dashboardOrigin, TEAM_HEADER } from './context';

export type DashboardImageTarget = 'brand' | 'dataroom';

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: BASE_HEADERS });

export async function putDashboardImage(req: Request, target: DashboardImageTarget, id: string, slot: string): Promise<Response> {
  const path = target === 'brand' ? `/brands/${id}/images/${slot}` : `/datarooms/${id}/branding/images/${slot}`;
  try {
    const ctx = await createDashboardContext({ origin: dashboardOrigin(req), teamHint: req.headers.get(TEAM_HEADER) });
    if (!ctx.user) return json({ error: { code: 'unauthorized', message: 'Sign in to continue.', details: null } }, 401);
    if (!ctx.actor) return json({ error: { code: 'forbidden', message: 'Create or join a team first.', details: null } }, 403);
    const bytes = await readBody(req);
    const caller = appRouter.createCaller(ctx);
    const input = { id, slot, content_type: req.headers.get('content-type'), bytes };
    const out = target === 'brand' ? await caller.brands.putImage(input) : await caller.datarooms.branding.putImage(input);
    return json(out, 200);
  } catch (e) {
    const m = mapError(e, 'PUT', path);
    return json({ error: { code: m.code, message: m.message, details: m.details } }, m.status);
  }
}
