// Every /v1 request, by path: the OpenAPI document, the local presigned upload PUT, and the
// procedures. The app's route files and the standalone server (scripts/serve.ts) both use it.
import { handleV1 } from './handler';
import { getOpenApi, openApiMethodNotAllowed } from './openapi-route';
import { putUpload, uploadMethodNotAllowed } from './upload-route';

export function routeV1(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url);
  if (pathname === '/v1/openapi.json') return req.method === 'GET' ? getOpenApi(req) : openApiMethodNotAllowed(req);
  const upload = /^\/v1\/uploads\/([^/]+)$/.exec(pathname);
  if (upload) return req.method === 'PUT' ? putUpload(req, decodeURIComponent(upload[1])) : uploadMethodNotAllowed(req);
  return handleV1(req);
}
