// The presigned PUT of the local blob store (step 2 of the upload flow). Authorised by the URL's
// signature, not a bearer token, like any presigned storage URL.
import { BASE_HEADERS, errorResponse } from '@/server/rest/envelope';
import { mapError } from '@/server/rest/errors';
import { clientIp, limit } from '@/server/rest/gate';
import { receiveUpload } from '@/server/services/uploads';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function PUT(req: Request, { params }: { params: Promise<{ uploadId: string }> }) {
  const { uploadId } = await params;
  const url = new URL(req.url);
  const { headers, refused } = await limit(`ip:${clientIp(req)}`);
  if (refused) return refused;
  try {
    const out = await receiveUpload(
      uploadId,
      { expires: url.searchParams.get('expires'), sig: url.searchParams.get('sig') },
      req.headers.get('content-type'),
      req.body,
    );
    return new Response(JSON.stringify(out), { status: 200, headers: { ...BASE_HEADERS, ...headers } });
  } catch (e) {
    const m = mapError(e, 'PUT', `/uploads/${uploadId}`);
    return errorResponse(m.code, m.message, m.details, headers, m.status);
  }
}

const notAllowed = async (req: Request) => {
  const { headers, refused } = await limit(`ip:${clientIp(req)}`);
  return refused ?? errorResponse('not_found', 'Upload URLs accept only PUT.', null, headers);
};
export { notAllowed as GET, notAllowed as POST, notAllowed as PATCH, notAllowed as DELETE };
