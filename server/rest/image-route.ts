// Raw image bytes on /v1: PUT /v1/brands/{id}/images/{slot} and
// PUT /v1/datarooms/{id}/branding/images/{slot}. Same gate (token, rate limit), body cap and
// envelope as every /v1 operation; the bytes go to the same procedures the dashboard's upload
// route calls, so scope, plan and every image rule are checked in one place.
import { appRouter } from '../routers';
import { API_BODY_MAX_BYTES } from '../services/limits';
import { readBody } from '../http/body';
import { errorResponse, jsonResponse } from '../http/envelope';
import { mapError } from '../http/errors';
import { gate, publicOrigin } from './gate';

export type ImageTarget = 'brand' | 'dataroom';

export const IMAGE_ROUTES: { target: ImageTarget; pattern: RegExp }[] = [
  { target: 'brand', pattern: /^\/v1\/brands\/([^/]+)\/images\/([^/]+)\/?$/ },
  { target: 'dataroom', pattern: /^\/v1\/datarooms\/([^/]+)\/branding\/images\/([^/]+)\/?$/ },
];

export async function putImage(req: Request, target: ImageTarget, id: string | null, slot: string | null): Promise<Response> {
  const g = await gate(req);
  if (g instanceof Response) return g;
  const path = new URL(req.url).pathname.replace(/^\/v1/, '');
  if (id === null || slot === null || !id.isWellFormed() || !slot.isWellFormed() || id.includes('\u0000') || slot.includes('\u0000')) {
    return errorResponse('not_found', 'Not found.', null, g.headers);
  }
  try {
    const bytes = await readBody(req, API_BODY_MAX_BYTES);
    const caller = appRouter.createCaller({ face: 'rest', user: null, actor: g.actor, origin: publicOrigin(req) });
    const input = { id, slot, content_type: req.headers.get('content-type'), bytes };
    const out = target === 'brand' ? await caller.brands.putImage(input) : await caller.datarooms.branding.putImage(input);
    return jsonResponse(JSON.stringify(out), 200, g.headers);
  } catch (e) {
    const m = mapError(e, 'PUT', path);
    return errorResponse(m.code, m.message, m.details, g.headers, m.status);
  }
}
