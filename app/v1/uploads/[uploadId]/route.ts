// The presigned PUT of the local blob store (step 2 of the upload flow). Authorised by the URL's
// signature, not a bearer token, like any presigned storage URL.
import { BASE_HEADERS, errorResponse } from '@/server/rest/envelope';
import { mapError } from '@/server/rest/errors';
import { receiveUpload } from '@/server/services/uploads';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function PUT(req: Request, { params }: { params: Promise<{ uploadId: string }> }) {
  const { uploadId } = await params;
  const url = new URL(req.url);
  try {
    const out = await receiveUpload(
      uploadId,
      { expires: url.searchParams.get('expires'), sig: url.searchParams.get('sig') },
      req.headers.get('content-type'),
      req.body,
    );
    return new Response(JSON.stringify(out), { status: 200, headers: BASE_HEADERS });
  } catch (e) {
    const m = mapError(e, 'PUT', `/uploads/${uploadId}`);
    return errorResponse(m.code, m.message, m.details, {}, m.status);
  }
}

const notAllowed = () =>
  errorResponse('not_found', 'Upload URLs accept only PUT.', null);
export { notAllowed as GET, notAllowed as POST, notAllowed as PATCH, notAllowed as DELETE };
