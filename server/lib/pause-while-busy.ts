// A local converter shares the machine's cores with the server's requests. Scheduling priority
// (nice 19, SCHED_IDLE, the session's autogroup at 19) decides who gets a core, but not what a
// running converter does to the caches and the memory bus the requests need too: on two cores the
// viewer's cached page p99 still rose by 70 % while LibreOffice ran at the lowest priority
// (docs/benchmarks.md, "Office files"). So the converter's process group is stopped (SIGSTOP)
// while the main thread is busy answering requests, and continued once it is not. A conversion is
// deferred, never starved: past `maxPauseMs` of pauses in all, it runs to the end regardless.
import { performance } from 'node:perf_hooks';
import { MAIN_THREAD_BUSY } from './when-quiet';

export type PauseOptions = {
  /** The share of the last sample the main thread may have been busy before the group is stopped. */
  busy?: number;
  sampleMs?: number;
  /** Pauses in all beyond which the group is no longer stopped. */
  maxPauseMs: number;
};

export type Pausing = {
  /** How long the group has been stopped so far. */
  pausedMs(): number;
  /** Ends the watch; a stopped group is continued. Answers the time it spent stopped. */
  stop(): number;
};

const NONE: Pausing = { pausedMs: () => 0, stop: () => 0 };

/** Stops the process group `pgid` while this process's main thread is busy, for at most `maxPauseMs` in all. */
export function pauseWhileBusy(pgid: number | undefined, { busy = MAIN_THREAD_BUSY, sampleMs = 100, maxPauseMs }: PauseOptions): Pausing {
  // Job-control signals are POSIX: elsewhere the converter just runs at its low priority.
  if (!pgid || maxPauseMs <= 0 || process.platform === 'win32') return NONE;
  let last = performance.eventLoopUtilization();
  let stoppedAt: number | null = null;
  let total = 0;
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-pgid, s);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  const pausedMs = () => total + (stoppedAt === null ? 0 : Date.now() - stoppedAt);
  const resume = () => {
    if (stoppedAt === null) return;
    signal('SIGCONT');
    total += Date.now() - stoppedAt;
    stoppedAt = null;
  };
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    const spent = pausedMs() >= maxPauseMs;
    if (stoppedAt === null && utilization >= busy && !spent) {
      if (signal('SIGSTOP')) stoppedAt = Date.now();
    } else if (stoppedAt !== null && (utilization < busy || spent)) {
      resume();
    }
  }, sampleMs);
  timer.unref();
  return {
    pausedMs,
    stop() {
      clearInterval(timer);
      resume();
      return total;
    },
  };
}
