import {
  BlobNotFoundError as VercelBlobNotFoundError,
  del,
  get,
  head,
  issueSignedToken,
  parseStoreIdFromDelegationToken,
  presignUrl,
  put,
} from '@vercel/blob';
import { assertValidKey, BlobNotFoundError, BlobTooLargeError, type BlobStore, type ByteRange, type PresignPutOptions } from './types';

// The Blob API version @vercel/blob 2.8 sends on every request (not exported by the SDK).
const BLOB_API_VERSION = '12';

/** Vercel Blob (`BLOB_READ_WRITE_TOKEN`); every blob is private and stored under its key as is. */
export class VercelBlobStore implements BlobStore {
  readonly kind = 'vercel' as const;

  async presignPut(key: string, o: PresignPutOptions) {
    assertValidKey(key);
    const validUntil = o.expiresAt.getTime();
    const limits = { allowedContentTypes: [o.contentType], maximumSizeInBytes: o.maxBytes };
    const token = await issueSignedToken({ pathname: key, operations: ['put'], validUntil, ...limits });
    const { presignedUrl } = await presignUrl(token, {
      operation: 'put',
      pathname: key,
      access: 'private',
      validUntil,
      ...limits,
      addRandomSuffix: false,
      allowOverwrite: false,
    });
    // The same headers the SDK's own presigned upload sends.
    return {
      url: presignedUrl,
      headers: {
        'Content-Type': o.contentType,
        'x-content-type': o.contentType,
        'x-vercel-blob-access': 'private',
        'x-vercel-blob-store-id': parseStoreIdFromDelegationToken(token.delegationToken),
        'x-api-version': BLOB_API_VERSION,
      },
    };
  }

  async put(key: string, bytes: Buffer | Uint8Array, contentType: string) {
    assertValidKey(key);
    const body = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    await put(key, body, { access: 'private', addRandomSuffix: false, allowOverwrite: true, contentType });
  }

  async read(key: string, maxBytes?: number) {
    assertValidKey(key);
    // useCache: false reads from origin, so an overwritten key never serves stale bytes.
    const res = await get(key, { access: 'private', useCache: false });
    if (!res || res.statusCode !== 200) throw new BlobNotFoundError(key);
    if (maxBytes !== undefined && res.blob.size > maxBytes) {
      await res.stream.cancel().catch(() => {});
      throw new BlobTooLargeError(maxBytes);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = res.stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (maxBytes !== undefined && size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new BlobTooLargeError(maxBytes);
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks);
  }

  async readStream(key: string, range?: ByteRange) {
    assertValidKey(key);
    const res = await get(key, { access: 'private', useCache: false, ...(range ? { headers: { Range: `bytes=${range.start}-${range.end}` } } : {}) });
    if (!res || !res.stream) throw new BlobNotFoundError(key);
    // A store that answered the whole blob instead of the range: cut it here.
    return range && !res.headers.get('content-range') ? sliceStream(res.stream, range) : res.stream;
  }

  async putStream(key: string, body: ReadableStream<Uint8Array>, contentType: string) {
    assertValidKey(key);
    // Multipart: the SDK uploads the stream in parts, so its length need not be known or held.
    await put(key, body, { access: 'private', addRandomSuffix: false, allowOverwrite: true, contentType, multipart: true });
  }

  async stat(key: string) {
    assertValidKey(key);
    try {
      const { size } = await head(key);
      return { size };
    } catch (err) {
      if (err instanceof VercelBlobNotFoundError) return null;
      throw err;
    }
  }

  async delete(keys: string | string[]) {
    const list = Array.isArray(keys) ? keys : [keys];
    list.forEach(assertValidKey);
    if (list.length === 0) return;
    try {
      await del(list);
    } catch (err) {
      if (!(err instanceof VercelBlobNotFoundError)) throw err;
      // Should one missing pathname fail the batch, delete one by one and skip the missing.
      for (const key of list) await del(key).catch(ignoreNotFound);
    }
  }
}

function ignoreNotFound(err: unknown) {
  if (!(err instanceof VercelBlobNotFoundError)) throw err;
}

/** Bytes start..end (inclusive) of a stream of the whole blob. */
function sliceStream(body: ReadableStream<Uint8Array>, { start, end }: ByteRange): ReadableStream<Uint8Array> {
  let at = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        const from = Math.max(0, start - at);
        const to = Math.min(chunk.byteLength, end + 1 - at);
        at += chunk.byteLength;
        if (to > from) out.enqueue(chunk.subarray(from, to));
        if (at > end) out.terminate();
      },
    }),
  );
}
