// Preloaded into every server the bench starts (NODE_OPTIONS=--import): the event loop's delay
// as perf_hooks measures it, and every 10 ms the database pool's queue (requests waiting for a
// connection: server/db/client.ts keeps the pool on globalThis) and the render pool's
// (server/media/render-pool.ts). On SIGUSR2 the process writes what it saw since the last signal
// to $QUIRE_BENCH_LOOP_DIR/<pid>.json and starts again (bench/harness.ts reads it around each run).
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const dir = process.env.QUIRE_BENCH_LOOP_DIR;
if (dir) {
  const RESOLUTION_MS = 10;
  const h = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  h.enable();
  const queues = () => ({ dbWaiting: 0, dbWaitingMs: 0, renderWaiting: 0, renderRunning: 0 });
  let q = queues();
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const pool = globalThis.__quirePool;
    const render = globalThis[Symbol.for('quire.render-pool')]?.pool;
    const waiting = pool?.waitingCount ?? 0;
    q.dbWaiting = Math.max(q.dbWaiting, waiting);
    if (waiting > 0) q.dbWaitingMs += now - last;
    q.renderWaiting = Math.max(q.renderWaiting, render?.waiting ?? 0);
    q.renderRunning = Math.max(q.renderRunning, render?.stats?.running ?? 0);
    last = now;
  }, RESOLUTION_MS).unref();
  process.on('SIGUSR2', () => {
    // The histogram holds the time between the sampling timer's runs: the delay is what exceeds its interval.
    const ms = (ns) => Math.max(0, Math.round(ns / 1e4) / 100 - RESOLUTION_MS);
    const out = { pid: process.pid, p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), samples: h.count, ...q, dbWaitingMs: Math.round(q.dbWaitingMs) };
    h.reset();
    q = queues();
    fs.writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify(out));
  });
}
