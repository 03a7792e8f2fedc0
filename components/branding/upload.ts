// Raw image bytes to the dashboard's upload routes (tRPC's JSON cannot carry them). The answer
// is the brand or the room branding as the procedure returns it; a refusal carries the server's
// message (422 for a file it will not take, 403 for the plan, 409 for a room not in custom mode).
import type { Brand, ImageSlot, RoomBranding } from './model';

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
  }
}

async function put<T>(path: string, file: File, contentType: string, teamId: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { method: 'PUT', body: file, headers: { 'Content-Type': contentType, 'x-quire-team': teamId } });
  } catch {
    throw new UploadError('The upload was interrupted. Check your connection and try again.', 0, null);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {}
  if (res.ok) return body as T;
  const err = (body as { error?: { code?: string; message?: string } } | null)?.error;
  if (err?.message) throw new UploadError(err.message, res.status, err.code ?? null);
  if (res.status === 413) throw new UploadError('The file is larger than this upload allows.', 413, 'payload_too_large');
  throw new UploadError(`The upload failed (HTTP ${res.status}). Try again.`, res.status, null);
}

export const putBrandImage = (brandId: string, slot: ImageSlot, file: File, contentType: string, teamId: string) =>
  put<Brand>(`/api/brands/${encodeURIComponent(brandId)}/images/${slot}`, file, contentType, teamId);

export const putRoomImage = (roomId: string, slot: ImageSlot, file: File, contentType: string, teamId: string) =>
  put<RoomBranding>(`/api/datarooms/${encodeURIComponent(roomId)}/branding/images/${slot}`, file, contentType, teamId);
