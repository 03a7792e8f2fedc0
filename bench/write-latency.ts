// A write's latency when PostgreSQL is a network hop away (as a Vercel function reaches a pooled
// database): a TCP proxy holds every chunk DELAY_MS (default 1) each way, and one writer makes
// `POST /v1/documents` (a link: the document, its version and document.created) one at a time.
// Each round trip a write's transaction makes shows as 2 × DELAY_MS. Builds are named by their
// checkout directories (default: this one), each served in turn (npm start's server) on the
// events bench's database (BENCH_EVENTS_DATABASE, seeded small when missing):
//   npx tsx bench/write-latency.ts . /tmp/quire-before /tmp/quire-noemit
// Timings are printed, never asserted.
import net from 'node:net';
import path from 'node:path';
import { freePort, startApp, stopApp } from './http-app';
import { dbUrl, ensureSeeded, TEAM_SLUG } from './seed';

const ADMIN_URL = process.env.BENCH_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_EVENTS_DATABASE || 'quire_bench_events';
const DELAY_MS = Number(process.env.DELAY_MS ?? 1);
const WRITES = 300;
const WARMUP = 30;
const log = (s = '') => process.stdout.write(s + '\n');

/** A proxy to `target` that holds each chunk DELAY_MS before passing it on, both ways. */
async function slowProxy(target: URL): Promise<{ port: number; close: () => void }> {
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    const relay = (from: net.Socket, to: net.Socket) => from.on('data', (d) => setTimeout(() => to.write(d), DELAY_MS));
    relay(inbound, outbound);
    relay(outbound, inbound);
    for (const s of [inbound, outbound]) s.setNoDelay(true).on('error', () => {}).on('close', () => (inbound.destroy(), outbound.destroy()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
}

async function main() {
  await ensureSeeded(ADMIN_URL, DATABASE, { documents: 1000, folders: 20 }, { log });
  const direct = new URL(dbUrl(ADMIN_URL, DATABASE));
  process.env.DATABASE_URL = direct.toString();
  const { adminCreateToken } = await import('../server/services/teams-admin');
  const { token } = await adminCreateToken({ team: TEAM_SLUG, plan: 'datarooms-plus', scopes: ['apis.all'], name: 'bench write latency' });
  const proxy = await slowProxy(direct);
  const slow = new URL(direct);
  slow.hostname = '127.0.0.1';
  slow.port = String(proxy.port);
  const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ['.'];
  log(`a write, one at a time, PostgreSQL ${DELAY_MS * 2} ms round trip away (${WRITES} writes after ${WARMUP}):`);
  for (const dir of dirs) {
    const port = await freePort();
    const app = await startApp(port, slow.toString(), '/v1/documents', { dir: path.resolve(dir) });
    try {
      const times: number[] = [];
      for (let i = 0; i < WARMUP + WRITES; i++) {
        const t0 = performance.now();
        const r = await fetch(`http://127.0.0.1:${port}/v1/documents`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'link', external_url: 'https://example.com/deck', name: `latency ${i}` }),
        });
        await r.arrayBuffer();
        if (r.status !== 201) throw new Error(`write: ${r.status}`);
        if (i >= WARMUP) times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(1);
      log(`  ${dir.padEnd(30)} p50 ${at(0.5)} ms   p90 ${at(0.9)} ms   p99 ${at(0.99)} ms`);
    } finally {
      stopApp(app);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  proxy.close();
  process.exit(0);
}

void main();
