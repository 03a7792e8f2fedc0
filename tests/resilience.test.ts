// A database that is briefly unreachable (a restart, a failover): the app, on the machine's
// PostgreSQL through a TCP proxy the test cuts and restores, answers 503 service_unavailable with
// Retry-After in the envelope (the CLI retries those), the viewer a plain 503, and recovers by
// itself once the database is back. Needs PostgreSQL (DATABASE_URL, or 127.0.0.1:5432 as on the
// machines here and in CI; QUIRE_TEST_PG=0 skips).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { client, createToken, envelope, uniqueTeam } from './support/api';
import { ok } from './support/docs';
import { createScratchDatabase } from './support/database';
import { startServer, type RunningServer } from './support/server';
import { enter, makeLink, pdfDocument, slugOf, Visitor } from './support/viewer';

const PG_URL = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';

/** A TCP proxy to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
async function pgProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  const listen = (port = 0) => new Promise<number>((r) => server.listen(port, '127.0.0.1', () => r((server.address() as net.AddressInfo).port)));
  const port = await listen();
  return {
    port,
    cut: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        for (const s of sockets) s.destroy();
      }),
    restore: () => listen(port),
    close: () => new Promise<void>((r) => (server.listening ? server.close(() => r()) : r())).then(() => sockets.forEach((s) => s.destroy())),
  };
}

describe.skipIf(process.env.QUIRE_TEST_PG === '0')('the database briefly unreachable', () => {
  let server: RunningServer;
  let proxy: Awaited<ReturnType<typeof pgProxy>>;
  let drop: () => Promise<void>;
  let api: ReturnType<typeof client>;
  let slug: string;
  const visitor = () => new Visitor(server.url);
  let admitted: Visitor;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(PG_URL, `quire_test_unreachable_${process.pid}`);
    drop = scratch.drop;
    proxy = await pgProxy(new URL(PG_URL));
    const url = new URL(scratch.url);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const dir = fs.mkdtempSync(path.join(inject('tmpDir'), 'unreachable-'));
    const env = { ...inject('serverEnv'), QUIRE_DATA_DIR: path.join(dir, 'data'), DATABASE_URL: url.toString() };
    server = await startServer(env, { logFile: path.join(dir, 'server.log') });
    api = client((await createToken({ team: uniqueTeam('unreachable'), scopes: 'apis.all', env })).token, server.url);
    const doc = await pdfDocument(api, 1);
    slug = slugOf(await makeLink(api, { document_id: doc.id }));
    admitted = visitor();
    await enter(admitted, slug);
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await drop?.();
  });

  it('answers 503 service_unavailable with Retry-After while it is down, and recovers by itself', async () => {
    ok(await api.get('/v1/documents'));
    await proxy.cut();
    for (const r of [await api.get('/v1/documents'), await api.get('/v1/me'), await api.post('/v1/folders', { name: 'During the outage' })]) {
      const e = envelope(r, 503, 'service_unavailable');
      expect(e.details).toEqual({ retry_after_seconds: 2 });
      expect(r.headers.get('retry-after')).toBe('2');
      expect(JSON.stringify(e)).not.toMatch(/ECONNREFUSED|postgres|terminated|stack/i);
    }
    // The viewer's routes say the same in their own terms.
    const page = await admitted.get(`/view/${slug}/pages/1`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('2');
    await proxy.restore();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await api.get('/v1/documents')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    // Nothing of the refused write was kept.
    expect(ok(await api.get('/v1/folders')).data.map((f: { name: string }) => f.name)).not.toContain('During the outage');
  });
});
