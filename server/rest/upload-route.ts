// The presigned PUT of the local blob store (step 2 of the upload flow). Authorised by the URL's
// signature, not a bearer token, like any presigned storage URL.
import { receiveUpload } from '../services/uploads';
import { errorResponse, jsonResponse } from '../http/envelope';
import { mapError } from '../http/errors';
import { limitByAddress } from './gate';

/** Upload ids are ours (lower-case letters and digits); anything else names no upload. */
const UPLOAD_ID = /^[a-z0-9]{1,64}$/;

export async function putUpload(req: Request, uploadId: string | null): Promise<Response> {
  const url = new URL(req.url);
  const { headers, refused } = await limitByAddress(req);
  if (refused) return refused;
  if (uploadId === null || !UPLOAD_ID.test(uploadId)) return errorResponse('not_found', 'No such upload URL.', null, headers);
  try {
    const out = await receiveUpload(
      uploadId,
      { expires: url.searchParams.get('expires'), sig: url.searchParams.get('sig') },
      req.headers.get('content-type'),
      req.body,
    );
    return jsonResponse(JSON.stringify(out), 200, headers);
  } catch (e) {
    const m = mapError(e, 'PUT', `/uploads/${uploadId}`);
    return errorResponse(m.code, m.message, m.details, headers, m.status);
  }
}

export const uploadMethodNotAllowed = async (req: Request): Promise<Response> => {
  const { headers, refused } = await limitByAddress(req);
  return refused ?? errorResponse('not_found', 'Upload URLs accept only PUT.', null, headers);
};
