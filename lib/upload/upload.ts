// The presigned three-step flow, the same as the API's: 1) ask for an upload URL, 2) PUT the
// bytes to it, 3) `finish` turns the upload into a document or a version.
import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@/server/routers';
import { errorMessage } from '@/lib/trpc/errors';
import { checkFile } from './file-check';
import { putFile, UploadAbortedError } from './put';

export type UploadPhase = 'uploading' | 'processing';

export class UploadRefusedError extends Error {}

export async function uploadFile<T>(
  client: TRPCClient<AppRouter>,
  file: File,
  finish: (uploadId: string) => Promise<T>,
  on: { progress: (fraction: number) => void; phase: (p: UploadPhase) => void; signal?: AbortSignal; maxBytes: number },
): Promise<T> {
  const check = checkFile(file, on.maxBytes);
  if (!check.ok) throw new UploadRefusedError(check.reason);
  let target;
  try {
    target = await client.documents.uploadUrl.mutate({ content_type: check.contentType, file_name: file.name, size: file.size });
  } catch (e) {
    throw new UploadRefusedError(errorMessage(e, 'Quire could not accept this file.'));
  }
  on.phase('uploading');
  await putFile(target.upload_url, target.required_headers, file, on.progress, on.signal);
  if (on.signal?.aborted) throw new UploadAbortedError();
  on.phase('processing');
  try {
    return await finish(target.upload_id);
  } catch (e) {
    throw new UploadRefusedError(errorMessage(e, 'The file was uploaded but could not be processed.'));
  }
}

export { UploadAbortedError };
