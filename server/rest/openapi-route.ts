// GET /v1/openapi.json: the public OpenAPI document of /v1 (no authentication). Limited per
// client address like unauthenticated /v1 requests, so it carries the X-RateLimit-* headers too.
import { config } from '../config';
import { servedOpenApiJson } from '../openapi/document';
import { errorResponse } from '../http/envelope';
import { limitByAddress } from './gate';

export async function getOpenApi(req: Request): Promise<Response> {
  const { headers, refused } = await limitByAddress(req);
  if (refused) return refused;
  return new Response(servedOpenApiJson(config.appUrl), {
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

export async function openApiMethodNotAllowed(req: Request): Promise<Response> {
  const { headers, refused } = await limitByAddress(req);
  if (refused) return refused;
  return errorResponse('not_found', `No such endpoint: ${req.method} /v1/openapi.json (use GET).`, null, headers);
}
