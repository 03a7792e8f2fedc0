// The conversion's worker thread (issue 43): a file is prepared for the converter
// (prepare-jobs.ts) off the thread that answers requests, so an 18 MB xlsx holding 224 MB of
// sheet XML no longer stalls the API for seconds. One thread below the requests (nice 10, as the
// render pool: at 19 a loaded machine starved it past its deadline) with a heap
// limit (a file that needs more fails as out of memory, the server stays up); it is stopped after
// IDLE_MS without work, so the memory a large file took goes back to the system (starting one
// costs about half a second, which a queue of conversions pays once).
import { IdlePool } from '../../lib/idle-pool';
import { projectModule, WorkerFailedError, WorkerPool, type WorkerErrorData } from '../../lib/worker-pool';
import { ConversionError, REASONS } from './errors';
import type { PrepareJob, Prepared } from './prepare-jobs';

const HEAP_MB = 1024;
const TIMEOUT_MS = 120_000;
const IDLE_MS = 30_000;

function revive(e: WorkerErrorData): Error {
  if (e.name === 'ConversionError') return new ConversionError(e.message, e.status === 'unavailable' ? 'unavailable' : 'failed');
  return Object.assign(new Error(e.message), e);
}

const pool = new IdlePool(
  'prepare',
  () =>
    new WorkerPool({
      module: projectModule('server/services/conversion/prepare-jobs.ts'),
      size: 1,
      queueLimit: 16,
      timeoutMs: TIMEOUT_MS,
      nice: 10,
      maxHeapMb: HEAP_MB,
      revive,
    }),
  IDLE_MS,
);

/** A file prepared for the converter on the worker thread; ConversionError when it cannot be. */
export async function prepareOffThread(bytes: Buffer, ext: string, name: string | null): Promise<Prepared> {
  // A copy the thread may own (the caller keeps its own bytes).
  const copy = new Uint8Array(bytes);
  const job: PrepareJob = { bytes: copy, ext, name };
  try {
    return await pool.use((p) => p.run<Prepared>('prepare', job, { priority: 2, transfer: [copy.buffer] }));
  } catch (e) {
    if (e instanceof WorkerFailedError && e.reason === 'crashed') throw new ConversionError(REASONS.memory);
    if (e instanceof WorkerFailedError && e.reason === 'timeout') throw new ConversionError(REASONS.timeout(TIMEOUT_MS / 1000));
    throw e;
  }
}
