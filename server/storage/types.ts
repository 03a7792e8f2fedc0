export interface PresignPutOptions {
  contentType: string;
  expiresAt: Date;
  maxBytes: number;
  uploadId: string;
  /** Origin of this app, e.g. `http://localhost:3000`; used by the local store only. */
  baseUrl: string;
}

/** Bytes `start` to `end`, both included (as in an HTTP Range). */
export type ByteRange = { start: number; end: number };

export interface BlobStore {
  kind: 'local' | 'vercel';
  /** A URL the client PUTs bytes to directly, plus headers it must send. */
  presignPut(key: string, o: PresignPutOptions): Promise<{ url: string; headers: Record<string, string> }>;
  put(key: string, bytes: Buffer | Uint8Array, contentType: string): Promise<void>;
  /** Throws BlobNotFoundError when missing, BlobTooLargeError when larger than maxBytes. */
  read(key: string, maxBytes?: number): Promise<Buffer>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Missing keys are fine. */
  delete(keys: string | string[]): Promise<void>;
  /** Local only: stream to disk; past maxBytes the write is aborted, nothing is left behind, BlobTooLargeError. */
  writeStream?(key: string, body: ReadableStream<Uint8Array>, maxBytes: number): Promise<{ size: number }>;
  /** The bytes as a stream, for files too large to hold (BlobNotFoundError when missing); `range`: only bytes start..end (inclusive). */
  readStream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>>;
  /** Writes a stream of unknown length without holding it (the room archive). */
  putStream(key: string, body: ReadableStream<Uint8Array>, contentType: string): Promise<void>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`blob not found: ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`blob exceeds ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

export class InvalidBlobKeyError extends Error {
  constructor(key: string) {
    super(`invalid blob key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidBlobKeyError';
  }
}

const KEY_RE = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;

/** Keys are ours, but are still checked so that no key can escape the blob root. */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length > 512 || !KEY_RE.test(key) || key.includes('..')) {
    throw new InvalidBlobKeyError(String(key));
  }
  if (key.split('/').some((segment) => segment === '.')) throw new InvalidBlobKeyError(key);
}
