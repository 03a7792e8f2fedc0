// GET /v1/documents/{id}/versions/{versionId}/download (DESIGN.md "Downloading a file through
// /v1"): a version's original bytes for its team, streamed with its type and a Content-Disposition
// naming it; scope documents.read; each download is an event (the audit log). The same service the
// dashboard's download calls, so an earlier version of a redacted document is reachable by the
// team this way and never through a link.
import { requireScope } from '../auth/require-scope';
import { errorResponse } from '../http/envelope';
import { mapError } from '../http/errors';
import { attachment } from '../lib/content-disposition';
import { openVersionFile } from '../services/versions';
import { bodyFor } from '../storage/ranges';
import { gate } from './gate';

export const VERSION_DOWNLOAD = /^\/v1\/documents\/([^/]+)\/versions\/([^/]+)\/download\/?$/;

export async function getVersionDownload(req: Request, documentId: string | null, versionId: string | null): Promise<Response> {
  const g = await gate(req);
  if (g instanceof Response) return g;
  if (req.method !== 'GET' || documentId === null || versionId === null || !documentId.isWellFormed() || !versionId.isWellFormed()) {
    return errorResponse('not_found', `No such endpoint: ${req.method} ${new URL(req.url).pathname}`, null, g.headers);
  }
  try {
    requireScope(g.actor, 'documents.read');
    const file = await openVersionFile(g.actor, documentId, versionId, { download: true });
    return new Response(bodyFor(req.method, file), {
      status: file.status,
      headers: {
        ...g.headers,
        ...file.headers,
        'Content-Disposition': attachment(file.name),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "sandbox; default-src 'none'",
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (e) {
    const m = mapError(e, req.method, new URL(req.url).pathname);
    return errorResponse(m.code, m.message, m.details, g.headers, m.status);
  }
}
