// Every /v1 request, by path: the OpenAPI document, the local presigned upload PUT, and the
// procedures. The app's route files and the standalone server (scripts/serve.ts) both use it.
import { PLAIN_NOT_FOUND, servesApp } from '../services/domains/routing';
import { databaseUnavailable } from '../db/unavailable';
import { errorResponse, toResponse, type Answer } from '../http/envelope';
import { DATABASE_UNAVAILABLE } from '../http/errors';
import { gate } from './gate';
import { handleV1 } from './handler';
import { IMAGE_ROUTES, putImage } from './image-route';
import { getOpenApi, openApiMethodNotAllowed } from './openapi-route';
import { putUpload, uploadMethodNotAllowed } from './upload-route';
import { EXPORT_DOWNLOAD, getExportDownload } from './export-download';
import { getRoomIndex, INDEX_ROUTE } from './index-route';
import { getVersionDownload, VERSION_DOWNLOAD } from './version-download';

/** The methods of the API's operations; any other is no endpoint. */
export const V1_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** A path segment as text, or null when its percent-escapes are not valid UTF-8. */
function decodeSegment(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** Answered like any unknown route: authentication and rate limit first, then 404. */
export async function noSuchEndpoint(req: Request, method = req.method): Promise<Response> {
  const g = await gate(req);
  if (g instanceof Response) return g;
  return errorResponse('not_found', `No such endpoint: ${method} ${new URL(req.url).pathname}`, null, g.headers);
}

/** For Next's route file: every answer as a Response. */
export const routeV1 = async (req: Request): Promise<Response> =>
  // A custom domain (or a host the service does not know) serves no API (server/services/domains/routing.ts).
  (await servesApp(req.headers.get('host'))) ? toResponse(await routeV1Answer(req)) : new Response(PLAIN_NOT_FOUND.body, { status: 404, headers: PLAIN_NOT_FOUND.headers });

/** The answer to a /v1 request (npm start writes JSON answers without making them Responses). */
export async function routeV1Answer(req: Request): Promise<Answer> {
  try {
    return await route(req);
  } catch (e) {
    // The token lookup or the rate limit found the database unreachable (operations map their own errors).
    if (!databaseUnavailable(e)) throw e;
    const m = DATABASE_UNAVAILABLE;
    return errorResponse(m.code, m.message, m.details, {}, m.status);
  }
}

function route(req: Request): Promise<Answer> {
  const url = new URL(req.url);
  const { pathname } = url;
  // Paths are exact: /V1/... is no route, whichever server it reached.
  if (!(pathname === '/v1' || pathname.startsWith('/v1/')) || !V1_METHODS.has(req.method)) return noSuchEndpoint(req);
  if (pathname === '/v1/openapi.json') return req.method === 'GET' ? getOpenApi(req) : openApiMethodNotAllowed(req);
  const upload = /^\/v1\/uploads\/([^/]+)$/.exec(pathname);
  if (upload) {
    if (req.method !== 'PUT') return uploadMethodNotAllowed(req);
    return putUpload(req, decodeSegment(upload[1]!));
  }
  const download = EXPORT_DOWNLOAD.exec(pathname);
  if (download) return getExportDownload(req, decodeSegment(download[1]!), decodeSegment(download[2]!));
  const index = req.method === 'GET' ? INDEX_ROUTE.exec(pathname) : null;
  if (index) return getRoomIndex(req, decodeSegment(index[1]!));
  const versionFile = VERSION_DOWNLOAD.exec(pathname);
  if (versionFile) return getVersionDownload(req, decodeSegment(versionFile[1]!), decodeSegment(versionFile[2]!));
  if (req.method === 'PUT') {
    for (const r of IMAGE_ROUTES) {
      const m = r.pattern.exec(pathname);
      if (m) return putImage(req, r.target, decodeSegment(m[1]!), decodeSegment(m[2]!));
    }
  }
  return handleV1(req, url);
}
