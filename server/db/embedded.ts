// The embedded database: PGlite under the data dir, served on loopback through the Postgres wire
// protocol so the app, the admin command and migrations share one database through the same
// driver adapter. The first process to need it starts it; later ones find it via pglite.json.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { config, EMBEDDED_APP_NAME } from '../config';

export type EmbeddedDb = { url: string; owned: boolean; stop(): Promise<void> };

export function dataDir(): string {
  return config.dataDir;
}

const urlFor = (port: number) => `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable&application_name=${EMBEDDED_APP_NAME}`;

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.setTimeout(1000, () => {
      s.destroy();
      resolve(false);
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e: any) {
    return e?.code === 'EPERM';
  }
}

async function findRunning(stateFile: string): Promise<number | null> {
  try {
    const { port, pid } = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
    if (alive(pid) && (await canConnect(port))) return port;
  } catch {}
  return null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function ensureEmbeddedDatabase(): Promise<EmbeddedDb> {
  const dir = dataDir();
  fs.mkdirSync(dir, { recursive: true });
  const stateFile = path.join(dir, 'pglite.json');
  const lockFile = path.join(dir, 'pglite.lock');

  for (let attempt = 0; attempt < 100; attempt++) {
    const port = await findRunning(stateFile);
    if (port) return { url: urlFor(port), owned: false, stop: async () => {} };
    let fd: number;
    try {
      fd = fs.openSync(lockFile, 'wx');
    } catch {
      // Another process is starting it, or died while starting (stale lock after 30 s).
      try {
        if (Date.now() - fs.statSync(lockFile).mtimeMs > 30_000) fs.rmSync(lockFile, { force: true });
      } catch {}
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    try {
      return await startServer(dir, stateFile);
    } finally {
      fs.closeSync(fd);
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not start or reach the embedded database in ${dir}`);
}

async function startServer(dir: string, stateFile: string): Promise<EmbeddedDb> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // Search inside documents folds accents with unaccent (the migration makes its configurations).
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create({ dataDir: path.join(dir, 'pg'), extensions: { pg_trgm, unaccent } });
  const port = config.embeddedDbPort ?? (await freePort());
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 64 });
  keepProtocolBatchesTogether(server, db);
  await server.start();
  fs.writeFileSync(stateFile, JSON.stringify({ port, pid: process.pid }));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      const cur = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
      if (cur.pid === process.pid) fs.rmSync(stateFile, { force: true });
    } catch {}
    await server.stop().catch(() => {});
    await db.close().catch(() => {});
  };
  return { url: urlFor(port), owned: true, stop };
}

type QueueItem = {
  handlerId: number;
  message: Uint8Array;
  onData: (d: Uint8Array) => void;
  resolve: (n: number) => void;
  reject: (e: unknown) => void;
  timestamp: number;
};
type QueryQueue = {
  queue: QueueItem[];
  processing: boolean;
  lastHandlerId: number | null;
  processQueue(): Promise<void>;
  clearQueueForHandler(id: number): void;
};
type ProtocolDb = {
  isInTransaction(): boolean;
  runExclusive<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolRawStream(m: Uint8Array, o: { onRawData: (d: Uint8Array) => void }): Promise<void>;
};

// Frontend messages that open or continue an extended-protocol batch, which Sync (or a simple
// Query) ends: Parse, Bind, Describe, Execute, Close, Flush.
const EXTENDED = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48].map(Number));
const SYNC = 0x53;
const QUERY = 0x51;

/**
 * pglite-socket 0.2 runs each protocol message of each connection in turn on PGlite's single
 * session, keeping a connection's turn only inside a transaction. Two connections' extended
 * batches (Parse, Bind, Execute, Sync) therefore interleave and clobber each other's unnamed
 * statement ("unnamed prepared statement does not exist", "bind message supplies 4 parameters,
 * but prepared statement requires 3"), which made concurrent requests fail with 500. This keeps
 * the turn with a connection from the first message of a batch to its Sync, as well as inside a
 * transaction; and unlike the original it keeps serving the queue after a failed message.
 */
function keepProtocolBatchesTogether(server: unknown, pglite: unknown) {
  const q = (server as { queryQueue?: QueryQueue }).queryQueue;
  const db = pglite as ProtocolDb;
  if (!q || typeof q.processQueue !== 'function' || !Array.isArray(q.queue) || typeof q.clearQueueForHandler !== 'function') {
    console.warn('[quire] pglite-socket internals changed: concurrent queries on the embedded database may interleave');
    return;
  }
  let batchOwner: number | null = null;

  q.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const turn = batchOwner ?? (db.isInTransaction() ? this.lastHandlerId : null);
        let item: QueueItem | undefined;
        if (turn !== null) {
          const i = this.queue.findIndex((x) => x.handlerId === turn);
          if (i === -1) break; // the connection holding the turn has not sent its next message yet
          item = this.queue.splice(i, 1)[0];
        } else {
          item = this.queue.shift();
        }
        if (!item) break;
        const type = item.message[0]!;
        if (EXTENDED.has(type)) batchOwner = item.handlerId;
        else if (type === SYNC || type === QUERY) batchOwner = null;
        let bytes = 0;
        try {
          await db.runExclusive(() =>
            db.execProtocolRawStream(item.message, {
              onRawData: (d) => {
                bytes += d.length;
                item.onData(d);
              },
            }),
          );
        } catch (e) {
          this.lastHandlerId = item.handlerId;
          item.reject(e);
          continue;
        }
        this.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };

  // A connection that goes away in the middle of a batch: end the batch with a Sync on its
  // behalf, so the session is ready for the next connection, and give the turn back.
  const clear = q.clearQueueForHandler.bind(q);
  q.clearQueueForHandler = (id: number) => {
    clear(id);
    if (batchOwner !== id) return;
    q.queue.unshift({
      handlerId: id,
      message: new Uint8Array([SYNC, 0, 0, 0, 4]),
      onData: () => {},
      resolve: () => {},
      reject: () => {},
      timestamp: Date.now(),
    });
    void q.processQueue();
  };
}
