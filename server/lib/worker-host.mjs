// The entry of every thread of a WorkerPool (worker-pool.ts). Plain JavaScript loaded by its path
// on disk, never through the bundler, so it is the same file under `npm start` (tsx) and under
// `next start` (Next's bundle): it loads the module named in workerData (its exported `handlers`)
// and runs jobs one at a time. A compiled module (.mjs, the build's) is imported as it is; a
// TypeScript one through tsx, registered for this thread only. See docs/decisions.md "Rendering in
// a worker pool" and "Worker modules compiled at build".
import fs from 'node:fs';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const { module: modulePath, nice } = workerData;

// Linux: this thread (not the process) yields the CPU to the request thread when both want it.
if (nice) {
  try {
    os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), nice);
  } catch {
    // not Linux, or not allowed: the thread keeps the process's priority
  }
}

/** Replies the main thread owes to this thread's requests (`ask`), by job id. */
const asked = new Map();

/** Plain data describing an error, for the main thread to rebuild (structured clone drops classes). */
function describe(e) {
  const out = { name: e?.name ?? 'Error', message: e?.message ?? String(e) };
  if (e && typeof e === 'object') for (const [k, v] of Object.entries(e)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v) || k === 'details') out[k] = v;
  return out;
}

/**
 * Posts with the buffers handed over; buffers that cannot be (external memory, such as sharp's
 * output, or Node's pooled buffers) are copied instead.
 */
function post(message, transfer = []) {
  try {
    parentPort.postMessage(message, transfer);
  } catch (e) {
    if (e?.name !== 'DataCloneError' || !transfer.length) throw e;
    parentPort.postMessage(message);
  }
}

const ready = modulePath.endsWith('.mjs')
  ? import(pathToFileURL(modulePath).href)
  : import('tsx/esm/api').then(({ tsImport }) => tsImport(modulePath, import.meta.url));

parentPort.on('message', async (m) => {
  if (m.type === 'reply') {
    const r = asked.get(m.id);
    asked.delete(m.id);
    if (r) m.error ? r.reject(Object.assign(new Error(m.error.message), m.error)) : r.resolve(m.value);
    return;
  }
  const { handlers } = await ready;
  if (m.type === 'broadcast') {
    await handlers[m.kind]?.(m.payload);
    return;
  }
  const ask = (payload) =>
    new Promise((resolve, reject) => {
      asked.set(m.id, { resolve, reject });
      post({ type: 'request', id: m.id, payload });
    });
  try {
    const handler = handlers[m.kind];
    if (!handler) throw new Error(`no handler for jobs of kind "${m.kind}"`);
    const { value, transfer } = (await handler(m.payload, ask)) ?? {};
    post({ type: 'done', id: m.id, value }, transfer);
  } catch (e) {
    post({ type: 'failed', id: m.id, error: describe(e) });
  }
});

await ready;
post({ type: 'ready' });
