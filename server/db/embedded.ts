// The embedded database: PGlite under the data dir, served on loopback through the Postgres wire
// protocol so the app, the admin command and migrations share one database through the same
// driver adapter. The first process to need it starts it; later ones find it via pglite.json.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export type EmbeddedDb = { url: string; owned: boolean; stop(): Promise<void> };

export function dataDir(): string {
  return path.resolve(process.env.QUIRE_DATA_DIR || path.join(process.cwd(), '.data'));
}

const urlFor = (port: number) => `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;

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

function freePort(): Promise<number> {
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
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create({ dataDir: path.join(dir, 'pg'), extensions: { pg_trgm } });
  const port = Number(process.env.QUIRE_EMBEDDED_DB_PORT) || (await freePort());
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 64 });
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
