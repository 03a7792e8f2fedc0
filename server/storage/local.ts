import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fsp, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { appSecret, dataDir } from './config';
import {
  assertValidKey,
  BlobNotFoundError,
  BlobTooLargeError,
  InvalidBlobKeyError,
  type BlobStore,
  type ByteRange,
  type PresignPutOptions,
} from './types';

const MISSING = new Set(['ENOENT', 'ENOTDIR']);
const isMissing = (err: unknown) => MISSING.has((err as NodeJS.ErrnoException).code ?? '');

/** Files under `<dataDir>/blobs/<key>`; every write goes to a temp file and is renamed into place. */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;

  constructor(private readonly root: () => string = () => path.join(dataDir(), 'blobs')) {}

  async presignPut(_key: string, o: PresignPutOptions) {
    const expires = Math.floor(o.expiresAt.getTime() / 1000);
    const sig = signUpload(o.uploadId, expires, o.contentType);
    const base = o.baseUrl.replace(/\/+$/, '');
    return {
      url: `${base}/v1/uploads/${encodeURIComponent(o.uploadId)}?expires=${expires}&sig=${sig}`,
      headers: { 'Content-Type': o.contentType },
    };
  }

  async put(key: string, bytes: Buffer | Uint8Array, _contentType: string) {
    await this.writeAtomic(key, (h) => h.writeFile(bytes));
  }

  async read(key: string, maxBytes?: number) {
    const file = this.pathFor(key);
    let handle: FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
    try {
      const st = await handle.stat();
      if (!st.isFile()) throw new BlobNotFoundError(key);
      if (maxBytes !== undefined && st.size > maxBytes) throw new BlobTooLargeError(maxBytes);
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  async stat(key: string) {
    try {
      const st = await fsp.stat(this.pathFor(key));
      return st.isFile() ? { size: st.size } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(keys: string | string[]) {
    const files = (Array.isArray(keys) ? keys : [keys]).map((k) => this.pathFor(k));
    for (const file of files) {
      try {
        await fsp.unlink(file);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
  }

  async writeStream(key: string, body: ReadableStream<Uint8Array>, maxBytes: number) {
    let size = 0;
    const reader = body.getReader();
    try {
      await this.writeAtomic(key, async (h) => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          size += value.byteLength;
          if (size > maxBytes) throw new BlobTooLargeError(maxBytes);
          await h.writeFile(value);
        }
      });
    } catch (err) {
      await reader.cancel().catch(() => {});
      throw err;
    } finally {
      reader.releaseLock();
    }
    return { size };
  }

  async readStream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>> {
    let handle: FileHandle;
    try {
      handle = await fsp.open(this.pathFor(key), 'r');
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new BlobNotFoundError(key);
    }
    return Readable.toWeb(handle.createReadStream(range ? { start: range.start, end: range.end } : {})) as ReadableStream<Uint8Array>;
  }

  async putStream(key: string, body: ReadableStream<Uint8Array>, _contentType: string) {
    await this.writeStream(key, body, Number.MAX_SAFE_INTEGER);
  }

  private pathFor(key: string): string {
    assertValidKey(key);
    const root = path.resolve(this.root());
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new InvalidBlobKeyError(key);
    return file;
  }

  private async writeAtomic(key: string, write: (h: FileHandle) => Promise<void>) {
    const file = this.pathFor(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
    const handle = await fsp.open(tmp, 'wx', 0o600);
    try {
      await write(handle);
      await handle.sync();
      await handle.close();
      await fsp.rename(tmp, file);
    } catch (err) {
      await handle.close().catch(() => {});
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }
}

function signUpload(uploadId: string, expires: number, contentType: string): string {
  return createHmac('sha256', appSecret())
    .update(`${uploadId}.${expires}.${contentType}`)
    .digest('hex');
}

/** Checks the `expires` and `sig` query parameters of a local upload URL. */
export function verifyUploadSignature(
  uploadId: string,
  expires: string | number,
  contentType: string,
  sig: string,
): boolean {
  const exp = typeof expires === 'number' ? expires : /^\d{1,12}$/.test(expires) ? Number(expires) : NaN;
  if (!Number.isSafeInteger(exp) || exp * 1000 <= Date.now()) return false;
  if (typeof sig !== 'string' || !/^[0-9a-f]{64}$/i.test(sig)) return false;
  const expected = Buffer.from(signUpload(uploadId, exp, contentType), 'hex');
  return timingSafeEqual(expected, Buffer.from(sig, 'hex'));
}
