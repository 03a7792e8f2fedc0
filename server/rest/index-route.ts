// GET /v1/datarooms/{id}/index?format=csv|xlsx|pdf[&group_id=…]: the room's index as a file. Same
// gate (token, rate limit) and envelope as every /v1 operation; the bytes come from the
// datarooms.indexFile procedure, so scope (datarooms.read), team and input rules are checked once.
import { appRouter } from '../routers';
import { errorResponse } from '../http/envelope';
import { mapError } from '../http/errors';
import { attachment } from '../lib/content-disposition';
import { gate, publicOrigin } from './gate';

export const INDEX_ROUTE = /^\/v1\/datarooms\/([^/]+)\/index\/?$/;

export async function getRoomIndex(req: Request, id: string | null): Promise<Response> {
  const g = await gate(req);
  if (g instanceof Response) return g;
  const url = new URL(req.url);
  if (id === null || !id.isWellFormed() || id.includes('\u0000')) return errorResponse('not_found', 'Data room not found.', null, g.headers);
  try {
    const caller = appRouter.createCaller({ face: 'rest', user: null, actor: g.actor, origin: publicOrigin(req) });
    const input: Record<string, string> = { id };
    for (const [k, v] of url.searchParams) input[k] = v;
    const file = await caller.datarooms.indexFile(input as never);
    return new Response(file.bytes, {
      headers: {
        ...g.headers,
        'Content-Type': file.contentType,
        'Content-Length': String(file.bytes.length),
        'Content-Disposition': attachment(file.fileName),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (e) {
    const m = mapError(e, 'GET', url.pathname.replace(/^\/v1/, ''));
    return errorResponse(m.code, m.message, m.details, g.headers, m.status);
  }
}
