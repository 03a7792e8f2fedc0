// The signed download URL of a finished room archive. Authorised by its signature (an hour), not
// a bearer token, so a browser can follow it; limited per address like the upload URL. The zip
// is streamed from blob storage, never held.
import { exportFile, verifyExportSignature } from '../services/datarooms/exports';
import { errorResponse } from '../http/envelope';
import { getBlobStore } from '../storage';
import { limitByAddress } from './gate';
import { attachment } from '../lib/content-disposition';

export const EXPORT_DOWNLOAD = /^\/v1\/datarooms\/([^/]+)\/exports\/([^/]+)\/download$/;

const asciiName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'room';

export async function getExportDownload(req: Request, roomId: string | null, exportId: string | null): Promise<Response> {
  const { headers, refused } = await limitByAddress(req);
  if (refused) return refused;
  if (req.method !== 'GET') return errorResponse('not_found', 'Archive download URLs accept only GET.', null, headers);
  const url = new URL(req.url);
  const gone = () => errorResponse('not_found', 'No such archive, or its download URL has expired: ask for the export again to get a fresh URL.', null, headers);
  if (!roomId || !exportId || !verifyExportSignature(exportId, url.searchParams.get('expires'), url.searchParams.get('sig'))) return gone();
  const file = await exportFile(roomId, exportId);
  if (!file) return gone();
  const body = await getBlobStore().readStream(file.key);
  const name = `${asciiName(file.roomName)}-${file.createdAt.toISOString().slice(0, 10)}.zip`;
  return new Response(body, {
    headers: {
      ...headers,
      'Content-Type': 'application/zip',
      'Content-Disposition': attachment(name),
      ...(file.size !== null ? { 'Content-Length': String(file.size) } : {}),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
