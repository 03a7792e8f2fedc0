// Background work that can wait (the pre-render of a converted document's first pages) waits for
// a moment when the server's main thread is not busy answering requests: on two cores, drawing
// pages beside a steady load doubled the viewer's cached page p99 (docs/benchmarks.md, "Office
// files"). Render threads run at nice 19, but that only yields to this process's own main thread,
// not to the database or other processes the requests also need.
import { performance } from 'node:perf_hooks';

/** The share of a moment the main thread may spend on requests and still count as not busy: background work (the deferred pre-render, a local converter) goes ahead below it. */
export const MAIN_THREAD_BUSY = 0.3;

export type QuietOptions = {
  /** The share of the last window the main thread may have been busy. */
  busy?: number;
  windowMs?: number;
  /** Past this, the work goes ahead anyway: it is deferred, never starved. */
  maxWaitMs?: number;
};

/** Resolves once the main thread was busy less than `busy` of a window (or `maxWaitMs` passed); answers how long it waited. */
export async function whenQuiet({ busy = MAIN_THREAD_BUSY, windowMs = 500, maxWaitMs = 60_000 }: QuietOptions = {}): Promise<number> {
  const start = Date.now();
  for (;;) {
    const before = performance.eventLoopUtilization();
    await new Promise((r) => setTimeout(r, windowMs));
    const { utilization } = performance.eventLoopUtilization(before);
    if (utilization < busy || Date.now() - start >= maxWaitMs) return Date.now() - start;
  }
}
