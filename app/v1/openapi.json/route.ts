// GET /v1/openapi.json: the public OpenAPI document of /v1 (no authentication). Limited per
// client address like unauthenticated /v1 requests, so it carries the X-RateLimit-* headers too.
import { openApiJson } from '@/server/openapi/document';
import { getRateLimiter } from '@/server/ratelimit';
import { errorResponse } from '@/server/rest/envelope';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

function clientIp(req: Request): string {
  return req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || req.headers.get('x-real-ip') || 'local';
}

async function limit(req: Request): Promise<{ headers: Record<string, string>; refused: Response | null }> {
  const rl = await getRateLimiter('default').limit(`ip:${clientIp(req)}`);
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(rl.limit),
    'X-RateLimit-Remaining': String(Math.max(0, rl.remaining)),
    'X-RateLimit-Reset': String(Math.ceil(rl.reset / 1000)),
  };
  if (rl.success) return { headers, refused: null };
  const retry = Math.max(1, Math.ceil((rl.reset - Date.now()) / 1000));
  const refused = errorResponse(
    'rate_limit_exceeded',
    `Rate limit of ${rl.limit} requests a minute exceeded; retry in ${retry} s.`,
    { limit: rl.limit, retry_after_seconds: retry },
    { ...headers, 'Retry-After': String(retry) },
  );
  return { headers, refused };
}

export async function GET(req: Request) {
  const { headers, refused } = await limit(req);
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
  const { headers, refused } = await limit(req);
  if (refused) return refused;
  return errorResponse('not_found', `No such endpoint: ${req.method} /v1/openapi.json (use GET).`, null, headers);
}
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
