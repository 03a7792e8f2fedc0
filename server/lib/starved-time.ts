// How long a process group was starved: ready to run, but waiting for a core. A local converter
// runs at the lowest priority (SCHED_IDLE, nice 19), so on a machine whose cores are full it may
// wait minutes for one without doing anything wrong; a deadline that counted that wait failed
// good files under load ("took longer than 120 seconds" for a 3-slide deck). The deadline counts
// the time it could run instead: wall time less this (and less the time it was held stopped).
//
// Read from Linux's schedstat (/proc/<pid>/task/<tid>/schedstat: time on a core, time waiting on
// a run queue): per sample, the longest wait of any one thread of the group, at most the sample's
// length. A converter that hangs asleep waits for nothing, so its deadline still runs out.
// Elsewhere (no /proc, no schedstat) nothing is counted: the deadline is wall time.
import { readdirSync, readFileSync } from 'node:fs';

export type StarvedClock = {
  /** Time the group spent waiting for a core so far. */
  starvedMs(): number;
  stop(): void;
};

const NONE: StarvedClock = { starvedMs: () => 0, stop: () => {} };

const read = (file: string): string | null => {
  try {
    return readFileSync(/*turbopackIgnore: true*/ file, 'utf8');
  } catch {
    return null; // gone meanwhile
  }
};

/** The group's process ids: the field after the command name in /proc/<pid>/stat is state, ppid, pgrp. */
export function processesOfGroup(pgid: number): number[] {
  const pids: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return pids;
  }
  for (const e of entries) {
    if (e.charCodeAt(0) < 48 || e.charCodeAt(0) > 57) continue;
    const stat = read(`/proc/${e}/stat`);
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid) pids.push(Number(e));
  }
  return pids;
}

/** Nanoseconds each thread of the group has waited on a run queue, by "pid/tid". */
function waits(pgid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of processesOfGroup(pgid)) {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const s = read(`/proc/${pid}/task/${tid}/schedstat`);
      const wait = s ? Number(s.split(' ')[1]) : NaN;
      if (Number.isFinite(wait)) out.set(`${pid}/${tid}`, wait);
    }
  }
  return out;
}

export const schedstatAvailable = (() => {
  let known: boolean | undefined;
  return () => (known ??= read('/proc/self/schedstat') !== null);
})();

/** Samples the group every `sampleMs` until stopped; `onStarved` runs once, when the group has waited `budgetMs` in all. */
export function watchStarvation(pgid: number | undefined, { sampleMs = 1000, budgetMs = Infinity, onStarved }: { sampleMs?: number; budgetMs?: number; onStarved?: () => void } = {}): StarvedClock {
  if (!pgid || !schedstatAvailable()) return NONE;
  let last = new Map<string, number>();
  let lastAt = Date.now();
  let total = 0;
  const sample = () => {
    const now = waits(pgid);
    const at = Date.now();
    let longest = 0;
    for (const [thread, ns] of now) longest = Math.max(longest, (ns - (last.get(thread) ?? 0)) / 1e6);
    total += Math.min(longest, at - lastAt);
    last = now;
    lastAt = at;
  };
  sample();
  total = 0; // what the group waited before it was watched is not this conversion's
  const timer = setInterval(() => {
    sample();
    if (total >= budgetMs && onStarved) {
      const f = onStarved;
      onStarved = undefined;
      f();
    }
  }, sampleMs);
  timer.unref();
  return {
    starvedMs: () => total,
    stop: () => clearInterval(timer),
  };
}
