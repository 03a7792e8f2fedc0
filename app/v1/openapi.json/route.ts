// GET /v1/openapi.json: the public OpenAPI document of /v1 (no authentication). Limited per
// client address like unauthenticated /v1 requests, so it carries the X-RateLimit-* headers too.
import { openApiJson } from '@/server/openapi/document';
import { errorResponse } from '@/server/rest/envelope';
import { clientIp, limit } from '@/server/rest/gate';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const limitByAddress = (req: Request) => limit(`ip:${clientIp(req)}`);

export async function GET(req: Request) {
  const { headers, refused } = await limitByAddress(req);
  if (refused) return refused;
  return new Response(openApiJson(), {
    status: 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=60',
      'X-Content-Type-Options': 'nosniff',
      'Access-Control-Allow-Origin': '*',
      ...headers,
    },
  });
}

async function notAllowed(req: Request) {
  const { headers, refused } = await limitByAddress(req);
  if (refused) return refused;
  return errorResponse('not_found', `No such endpoint: ${req.method} /v1/openapi.json (use GET).`, null, headers);
}
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
