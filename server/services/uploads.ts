// Step 1 of the upload flow: a one-time, 15-minute presigned PUT target for one file.
import { db, type Tx } from '../db/client';
import { ApiError, conflict, invalid } from '../errors';
import { ACCEPTED_CONTENT_TYPES, normalizeContentType, resolveDeclaredContentType } from '../../lib/shared/content-types';
import { newId } from '../ids';
import { BlobTooLargeError, getBlobStore, verifyUploadSignature } from '../storage';
import { lockKey } from './locks';
import { maxPendingUploadBytes, maxUploadBytes, UPLOAD_ID_GRACE_MS, UPLOAD_URL_TTL_MS } from './limits';
import type { Actor } from '../auth/actor';

/**
 * Bytes a team may hold in uploads not yet turned into documents (each counts its received
 * size, else its declared size, else the largest allowed): checked under a per-team lock.
 */
async function reserve(tx: Tx, teamId: string, bytes: number) {
  await lockKey(tx, 'uploads', teamId);
  const usable = new Date(Date.now() - UPLOAD_ID_GRACE_MS);
  const [row] = await tx.$queryRaw<{ pending: bigint | null }[]>`
    SELECT sum(COALESCE(size, declared_size, ${BigInt(maxUploadBytes())})) AS pending
    FROM uploads WHERE team_id = ${teamId} AND consumed_at IS NULL AND expires_at > ${usable}`;
  const pending = Number(row?.pending ?? 0);
  if (pending + bytes > maxPendingUploadBytes()) {
    throw conflict(
      `The team has ${pending} bytes in uploads not yet used (limit ${maxPendingUploadBytes()}); create documents from them, or wait for unused upload URLs to expire (an hour).`,
      { pending_bytes: pending, requested_bytes: bytes, limit_bytes: maxPendingUploadBytes() },
    );
  }
}

/** Who may turn the upload into something: a team actor, or one room visitor (a visitor upload). */
export type UploadOwner = Pick<Actor, 'teamId'> & { visitorId?: string | null };

export async function createUploadUrl(
  actor: UploadOwner,
  input: { content_type: string; file_name?: string; size?: number },
  baseUrl: string,
) {
  const contentType = resolveDeclaredContentType(input.content_type, input.file_name);
  if (!contentType) {
    throw invalid('content_type', `"${input.content_type}" is not an accepted type. Accepted: ${ACCEPTED_CONTENT_TYPES.join(', ')}`);
  }
  if (input.size !== undefined && input.size > maxUploadBytes()) {
    throw invalid('size', `files may be at most ${maxUploadBytes()} bytes`);
  }
  const id = newId();
  const storageKey = `files/${actor.teamId}/${id}`;
  const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_MS);
  await db.$transaction(async (tx) => {
    await reserve(tx, actor.teamId, input.size ?? maxUploadBytes());
    await tx.upload.create({
      data: {
        id,
        teamId: actor.teamId,
        storageKey,
        contentType,
        fileName: input.file_name ?? null,
        declaredSize: input.size === undefined ? null : BigInt(input.size),
        visitorId: actor.visitorId ?? null,
        expiresAt,
      },
    });
  });
  const target = await getBlobStore().presignPut(storageKey, {
    contentType,
    expiresAt,
    maxBytes: input.size ?? maxUploadBytes(),
    uploadId: id,
    baseUrl,
  });
  return { upload_id: id, upload_url: target.url, expires_at: expiresAt.toISOString(), required_headers: target.headers };
}

/**
 * Step 2 in local mode: the presigned PUT. The signature and expiry authorise it; the row is
 * claimed before the bytes are written, so a URL accepts its bytes exactly once.
 */
export async function receiveUpload(
  uploadId: string,
  q: { expires: string | null; sig: string | null },
  contentType: string | null,
  body: ReadableStream<Uint8Array> | null,
) {
  const store = getBlobStore();
  if (!store.writeStream) throw new ApiError('not_found', 'Uploads go straight to blob storage in this deployment.');
  const up = await db.upload.findUnique({ where: { id: uploadId } });
  if (!up || !q.expires || !q.sig || !verifyUploadSignature(uploadId, q.expires, up.contentType, q.sig)) {
    throw new ApiError('forbidden', 'This upload URL is invalid or has expired; request a new one.');
  }
  if (normalizeContentType(contentType) !== up.contentType) {
    throw invalid(null, `Content-Type must be ${up.contentType}, as declared when the upload URL was created.`);
  }
  const claimed = await db.upload.updateMany({
    where: { id: uploadId, uploadedAt: null, expiresAt: { gt: new Date() } },
    data: { uploadedAt: new Date() },
  });
  if (claimed.count !== 1) throw conflict('This upload URL has already received its file; request a new one.');
  if (!body) {
    await db.upload.update({ where: { id: uploadId }, data: { uploadedAt: null } });
    throw invalid(null, 'The request has no body: PUT the file bytes.');
  }
  const max = up.declaredSize !== null ? Number(up.declaredSize) : maxUploadBytes();
  try {
    const { size } = await store.writeStream(up.storageKey, body, max);
    // Next.js hands a PUT without a body to the route as an empty stream, not null.
    if (size === 0) {
      await store.delete(up.storageKey).catch(() => {});
      throw invalid(null, 'The request has no body: PUT the file bytes.');
    }
    await db.upload.update({ where: { id: uploadId }, data: { size: BigInt(size) } });
    return { upload_id: uploadId, size };
  } catch (e) {
    await db.upload.update({ where: { id: uploadId }, data: { uploadedAt: null } });
    if (e instanceof BlobTooLargeError) {
      throw new ApiError('payload_too_large', `The file is larger than the ${max} bytes allowed for this upload.`);
    }
    throw e;
  }
}
