import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appSecret, dataDir } from './config';
import {
  BlobNotFoundError,
  BlobTooLargeError,
  getBlobStore,
  InvalidBlobKeyError,
  LocalBlobStore,
  verifyUploadSignature,
} from './index';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-storage-'));
const ENV_KEYS = ['QUIRE_DATA_DIR', 'QUIRE_SECRET', 'NEXTAUTH_SECRET', 'BLOB_READ_WRITE_TOKEN'] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

beforeAll(() => {
  for (const k of ENV_KEYS) delete process.env[k];
  process.env.QUIRE_DATA_DIR = path.join(tmp, 'data');
});

afterAll(() => {
  for (const k of ENV_KEYS) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

const blobsDir = () => path.join(dataDir(), 'blobs');

/** Every file under dir, relative, so tests can assert nothing stray (temp files) was left. */
function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((rel) => fs.statSync(path.join(dir, rel)).isFile())
    .sort();
}

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]);
      else controller.close();
    },
  });
}

describe('local blob store', () => {
  const store = new LocalBlobStore();

  it('is the default store', () => {
    expect(getBlobStore().kind).toBe('local');
    expect(getBlobStore()).toBe(getBlobStore());
  });

  it('puts, reads, stats and deletes', async () => {
    await store.put('docs/a/file.pdf', Buffer.from('hello'), 'application/pdf');
    expect((await store.read('docs/a/file.pdf')).toString()).toBe('hello');
    expect(await store.stat('docs/a/file.pdf')).toEqual({ size: 5 });
    expect(fs.readFileSync(path.join(blobsDir(), 'docs/a/file.pdf'), 'utf8')).toBe('hello');

    await store.put('docs/a/file.pdf', new Uint8Array([1, 2, 3]), 'application/pdf');
    expect([...(await store.read('docs/a/file.pdf'))]).toEqual([1, 2, 3]);

    await store.put('docs/b.txt', Buffer.from('b'), 'text/plain');
    await store.delete(['docs/a/file.pdf', 'docs/never-existed', 'nope/at/all']);
    await store.delete('docs/b.txt');
    expect(await store.stat('docs/a/file.pdf')).toBeNull();
    expect(await store.stat('docs/b.txt')).toBeNull();
    expect(listFiles(blobsDir())).toEqual([]);
  });

  it('reports missing blobs and enforces read caps', async () => {
    await expect(store.read('missing/key')).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.stat('missing/key')).toBeNull();

    await store.put('cap/ten', Buffer.alloc(10), 'application/octet-stream');
    expect((await store.read('cap/ten', 10)).length).toBe(10);
    await expect(store.read('cap/ten', 9)).rejects.toBeInstanceOf(BlobTooLargeError);
    // A "directory" key is not a blob.
    await expect(store.read('cap')).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.stat('cap')).toBeNull();
    await store.delete('cap/ten');
  });

  it('streams a byte range (both ends included), as the video route asks', async () => {
    const bytes = Buffer.from(Array.from({ length: 300 }, (_, i) => i % 256));
    await store.put('range/video', bytes, 'video/webm');
    const read = async (range?: { start: number; end: number }) => Buffer.from(await new Response(await store.readStream('range/video', range)).arrayBuffer());
    expect((await read({ start: 10, end: 19 })).equals(bytes.subarray(10, 20))).toBe(true);
    expect((await read({ start: 299, end: 299 })).equals(bytes.subarray(299))).toBe(true);
    expect((await read()).equals(bytes)).toBe(true);
    await store.delete('range/video');
  });

  it('refuses keys that could escape the blob root', async () => {
    const outside = path.join(dataDir(), 'escaped');
    const bad = [
      '', '.', '..', '../escaped', 'a/../../escaped', '/etc/passwd', 'a//b', 'a/./b', './a', 'a/',
      'a\\..\\b', 'a b', '%2e%2e/escaped', 'a/..', '..a', 'ok/\u0000', 'ü', 'x'.repeat(513),
    ];
    for (const key of bad) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.read(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.stat(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.delete(['fine', key]), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.writeStream(key, streamOf([Buffer.from('x')]), 10), key).rejects.toBeInstanceOf(
        InvalidBlobKeyError,
      );
    }
    expect(fs.existsSync(outside)).toBe(false);
  });

  it('streams to disk and aborts past the cap, leaving no file', async () => {
    const ok = await store.writeStream('up/ok', streamOf([Buffer.from('abc'), Buffer.from('de')]), 5);
    expect(ok).toEqual({ size: 5 });
    expect((await store.read('up/ok')).toString()).toBe('abcde');

    // An endless source: the write must stop reading and cancel it.
    let cancelled = false;
    const big = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(Buffer.alloc(4)),
      cancel: () => {
        cancelled = true;
      },
    });
    await expect(store.writeStream('up/big', big, 10)).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(cancelled).toBe(true);
    expect(await store.stat('up/big')).toBeNull();

    // An over-cap overwrite leaves the previous bytes in place.
    await expect(store.writeStream('up/ok', streamOf([Buffer.alloc(6)]), 5)).rejects.toBeInstanceOf(BlobTooLargeError);
    expect((await store.read('up/ok')).toString()).toBe('abcde');
    expect(listFiles(blobsDir())).toEqual(['up/ok']);

    // A failing source stream also leaves nothing behind.
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(Buffer.from('partial'));
        controller.error(new Error('client went away'));
      },
    });
    await expect(store.writeStream('up/failed', failing, 100)).rejects.toThrow('client went away');
    expect(listFiles(blobsDir())).toEqual(['up/ok']);
    await store.delete('up/ok');
  });
});

describe('upload URL signatures', () => {
  const store = new LocalBlobStore();
  const inMinutes = (m: number) => new Date(Date.now() + m * 60_000);

  async function presign(contentType = 'application/pdf', expiresAt = inMinutes(15)) {
    const { url, headers } = await store.presignPut('docs/x', {
      contentType,
      expiresAt,
      maxBytes: 1000,
      uploadId: 'upl_123',
      baseUrl: 'http://localhost:3000/',
    });
    const u = new URL(url);
    return { u, headers, expires: u.searchParams.get('expires')!, sig: u.searchParams.get('sig')! };
  }

  it('builds a signed app URL that verifies', async () => {
    const expiresAt = inMinutes(15);
    const { u, headers, expires, sig } = await presign('application/pdf', expiresAt);
    expect(`${u.origin}${u.pathname}`).toBe('http://localhost:3000/v1/uploads/upl_123');
    expect(headers).toEqual({ 'Content-Type': 'application/pdf' });
    expect(Number(expires)).toBe(Math.floor(expiresAt.getTime() / 1000));
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyUploadSignature('upl_123', expires, 'application/pdf', sig)).toBe(true);
    expect(verifyUploadSignature('upl_123', Number(expires), 'application/pdf', sig)).toBe(true);
  });

  it('rejects tampered, malformed and expired signatures', async () => {
    const { expires, sig } = await presign();
    const flipped = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
    expect(verifyUploadSignature('upl_123', expires, 'application/pdf', flipped)).toBe(false);
    expect(verifyUploadSignature('upl_123', expires, 'text/html', sig)).toBe(false);
    expect(verifyUploadSignature('upl_124', expires, 'application/pdf', sig)).toBe(false);
    expect(verifyUploadSignature('upl_123', String(Number(expires) + 60), 'application/pdf', sig)).toBe(false);
    expect(verifyUploadSignature('upl_123', expires, 'application/pdf', sig.slice(0, 40))).toBe(false);
    expect(verifyUploadSignature('upl_123', expires, 'application/pdf', '')).toBe(false);
    expect(verifyUploadSignature('upl_123', `${expires}x`, 'application/pdf', sig)).toBe(false);
    expect(verifyUploadSignature('upl_123', '', 'application/pdf', sig)).toBe(false);

    const old = await presign('application/pdf', new Date(Date.now() - 1000));
    expect(verifyUploadSignature('upl_123', old.expires, 'application/pdf', old.sig)).toBe(false);

    const soon = await presign('application/pdf', new Date(Date.now() + 60_000));
    expect(verifyUploadSignature('upl_123', soon.expires, 'application/pdf', soon.sig)).toBe(true);
    vi.useFakeTimers({ now: Date.now() + 2 * 60_000, toFake: ['Date'] });
    try {
      expect(verifyUploadSignature('upl_123', soon.expires, 'application/pdf', soon.sig)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not verify under a different secret', async () => {
    const { expires, sig } = await presign();
    process.env.QUIRE_SECRET = 'another-secret';
    try {
      expect(verifyUploadSignature('upl_123', expires, 'application/pdf', sig)).toBe(false);
    } finally {
      delete process.env.QUIRE_SECRET;
    }
    expect(verifyUploadSignature('upl_123', expires, 'application/pdf', sig)).toBe(true);
  });
});

describe('app secret', () => {
  it('prefers QUIRE_SECRET, then NEXTAUTH_SECRET', () => {
    process.env.NEXTAUTH_SECRET = 'nextauth';
    expect(appSecret()).toBe('nextauth');
    process.env.QUIRE_SECRET = 'quire';
    expect(appSecret()).toBe('quire');
    delete process.env.QUIRE_SECRET;
    delete process.env.NEXTAUTH_SECRET;
  });

  it('generates a secret once, persisted with mode 0600, and reuses it', async () => {
    const file = path.join(dataDir(), 'secret');
    const first = appSecret();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync(file, 'utf8')).toBe(first);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(appSecret()).toBe(first);

    // A fresh module instance (as in another process) reads the same file.
    vi.resetModules();
    const fresh = await import('./config');
    expect(fresh.appSecret()).toBe(first);
  });

  it('uses an existing secret file as is', () => {
    const dir = path.join(tmp, 'preset');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'secret'), 'preset-secret\n', { mode: 0o600 });
    const prev = process.env.QUIRE_DATA_DIR;
    process.env.QUIRE_DATA_DIR = dir;
    try {
      expect(appSecret()).toBe('preset-secret');
    } finally {
      process.env.QUIRE_DATA_DIR = prev;
    }
  });

  it('agrees across processes racing on a fresh data dir', async () => {
    const dir = path.join(tmp, 'race');
    const script = path.join(tmp, 'print-secret-hash.ts');
    fs.writeFileSync(
      script,
      `import { createHash } from 'node:crypto';\n` +
        `import { appSecret } from ${JSON.stringify(path.join(projectRoot, 'server/storage/config.ts'))};\n` +
        `process.stdout.write(createHash('sha256').update(appSecret()).digest('hex'));\n`,
    );
    const env: NodeJS.ProcessEnv = { ...process.env, QUIRE_DATA_DIR: dir };
    delete env.QUIRE_SECRET;
    delete env.NEXTAUTH_SECRET;
    const run = promisify(execFile);
    const tsx = path.join(projectRoot, 'node_modules/.bin/tsx');
    const outputs = await Promise.all(Array.from({ length: 4 }, () => run(tsx, [script], { env })));
    const hashes = new Set(outputs.map((o) => o.stdout.trim()));
    expect(hashes.size).toBe(1);
    const onDisk = createHash('sha256').update(fs.readFileSync(path.join(dir, 'secret'), 'utf8')).digest('hex');
    expect([...hashes][0]).toBe(onDisk);
    expect(fs.readdirSync(dir)).toEqual(['secret']);
  }, 60_000);
});
