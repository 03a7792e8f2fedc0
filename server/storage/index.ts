import { LocalBlobStore } from './local';
import type { BlobStore } from './types';
import { VercelBlobStore } from './vercel';
import { config } from '../config';

export { LocalBlobStore, verifyUploadSignature } from './local';
export { VercelBlobStore } from './vercel';
export {
  assertValidKey,
  BlobNotFoundError,
  BlobTooLargeError,
  InvalidBlobKeyError,
  type BlobStore,
  type PresignPutOptions,
} from './types';

let store: BlobStore | undefined;

/** Vercel Blob when `BLOB_READ_WRITE_TOKEN` is set, otherwise files under the data dir. */
export function getBlobStore(): BlobStore {
  store ??= config.blobToken ? new VercelBlobStore() : new LocalBlobStore();
  return store;
}
