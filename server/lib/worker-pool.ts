// A bounded pool of worker threads for CPU-heavy work (page images, watermarked PDFs): a fixed
// number of threads, each running one job at a time, and a bounded queue ordered by priority.
// When every thread is busy and the queue is full, run() refuses at once (WorkerPoolBusyError)
// instead of letting waits grow: the caller answers "retry in a second". A thread that dies
// (a crash, its memory limit, a job over its time limit) fails its job and is replaced.
//
// Each thread runs server/lib/worker-host.mjs, which loads a TypeScript module (`module`)
// exporting `handlers: Record<kind, (payload, ask) => Promise<{ value, transfer? }>>`. A handler
// may `ask(payload)` the main thread for something (the run's `onRequest` answers): the page
// renderer asks for a PDF's bytes only when its thread has not parsed that PDF yet.
import fs from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { ApiError } from '../errors';

/**
 * The Worker class, fetched at run time: a bundler that sees `new Worker(path)` treats the path
 * as a module to bundle (Turbopack globbed the whole project for a computed one). The thread's
 * entry is a file on disk (workerHostPath), never part of the bundle.
 */
const threads = () => process.getBuiltinModule('node:worker_threads') as typeof import('node:worker_threads');

/** Lower runs first: 0 a page a visitor waits for, 1 thumbnails, 2 background work. */
export type Priority = 0 | 1 | 2;

/** The error of a thread, as plain data (see worker-host.mjs); `revive` turns it back into a class. */
export type WorkerErrorData = { name: string; message: string; [k: string]: unknown };

export type RunOptions = {
  priority?: Priority;
  /** Buffers handed to the thread without a copy (the caller must not use them afterwards). */
  transfer?: ArrayBuffer[];
  /** Jobs with the same affinity go to the thread that ran the last one when it is free (its caches). */
  affinity?: string;
  /** Answers the handler's `ask()`: a value, and buffers to hand over without a copy. */
  onRequest?: (payload: unknown) => Promise<{ value: unknown; transfer?: ArrayBuffer[] }>;
  /** This job's time limit instead of the pool's. */
  timeoutMs?: number;
};

export type PoolOptions = {
  /** Absolute path of the TypeScript (or JavaScript) module with the handlers. */
  module: string;
  size: number;
  /** Jobs that may wait for a thread; beyond, run() throws WorkerPoolBusyError. */
  queueLimit: number;
  /** A job running longer is abandoned: its thread is stopped and replaced. */
  timeoutMs?: number;
  /** Linux nice value of the threads (0-19): the request thread wins the CPU. */
  nice?: number;
  /** Heap limit of each thread: a hostile file takes down one thread, not the process. */
  maxHeapMb?: number;
  /** Rebuilds a thread's error (its class is lost crossing the thread boundary). */
  revive?: (e: WorkerErrorData) => Error;
};

/** Every thread is busy and the queue is full: try again in a moment (503 with Retry-After). */
export class WorkerPoolBusyError extends ApiError {
  constructor(readonly retryAfterSeconds = 1) {
    super('service_unavailable', `The server is busy drawing pages for other visitors; retry in ${retryAfterSeconds} s.`, {
      retry_after_seconds: retryAfterSeconds,
    });
    this.name = 'WorkerPoolBusyError';
  }
}

/** The thread running the job died (crash, memory limit) or the job ran over its time limit. */
export class WorkerFailedError extends ApiError {
  constructor(readonly reason: 'crashed' | 'timeout' | 'start', detail: string) {
    const why = { crashed: 'the worker running it stopped', timeout: 'it took too long', start: 'the worker could not start' }[reason];
    super('internal_server_error', `This could not be drawn: ${why} (${detail}).`);
    this.name = 'WorkerFailedError';
  }
}

type Task = RunOptions & {
  id: number;
  kind: string;
  payload: unknown;
  priority: Priority;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  /** An error raised on this side (onRequest), reported instead of the thread's. */
  failure?: unknown;
};

type Slot = { worker: Worker; task: Task | null; ready: boolean; recent: string[]; timer: NodeJS.Timeout | null; gone: boolean };

const HOST = 'server/lib/worker-host.mjs';

/** Posts with the buffers handed over, or copied when they cannot be (external or pooled memory). */
function post(worker: Worker, message: unknown, transfer: ArrayBuffer[] = []) {
  try {
    worker.postMessage(message, transfer);
  } catch (e) {
    if ((e as Error)?.name !== 'DataCloneError' || !transfer.length) throw e;
    worker.postMessage(message);
  }
}

/**
 * The host script on disk, from the project root (not through the bundler, which rewrites
 * import.meta.url and __dirname): `npm start` and `next start` both run there.
 */
export function workerHostPath(): string {
  const tried: string[] = [];
  for (const root of [process.cwd(), path.resolve(/*turbopackIgnore: true*/ process.cwd(), '..')]) {
    const p = path.join(/*turbopackIgnore: true*/ root, HOST);
    tried.push(p);
    if (fs.existsSync(/*turbopackIgnore: true*/ p)) return p;
  }
  throw new Error(`the worker host script is missing (tried ${tried.join(', ')})`);
}

/**
 * A module of the project for PoolOptions.module, by its path from the project root. A production
 * server takes the build's compiled copy (.next/quire-workers/, scripts/build-workers.mjs), which
 * its threads import without tsx; development, tests and a build without it take the TypeScript.
 */
export function projectModule(relative: string): string {
  const root = path.dirname(path.dirname(path.dirname(workerHostPath())));
  if (process.env.NODE_ENV === 'production') {
    const compiled = path.join(/*turbopackIgnore: true*/ root, '.next', 'quire-workers', relative.replace(/\.ts$/, '.mjs'));
    if (fs.existsSync(/*turbopackIgnore: true*/ compiled)) return compiled;
  }
  return path.join(/*turbopackIgnore: true*/ root, relative);
}

export class WorkerPool {
  private slots: Slot[] = [];
  private queue: Task[] = [];
  private seq = 0;
  private closed = false;
  /** Counters for tests and the bench. */
  readonly stats = { started: 0, replaced: 0, running: 0, peakRunning: 0, refused: 0 };

  constructor(readonly opts: PoolOptions) {
    if (!(opts.size >= 1) || !(opts.queueLimit >= 0)) throw new Error('a worker pool needs at least one thread and a queue limit of 0 or more');
  }

  get size() {
    return this.opts.size;
  }

  /** Jobs waiting for a thread. */
  get waiting() {
    return this.queue.length;
  }

  /** Runs one job on a thread; rejects with WorkerPoolBusyError at once when the queue is full. */
  run<T>(kind: string, payload: unknown, o: RunOptions = {}): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    this.fill();
    const idle = this.slots.some((s) => !s.task && !s.gone);
    if (!idle && this.queue.length >= this.opts.queueLimit) {
      this.stats.refused++;
      return Promise.reject(new WorkerPoolBusyError());
    }
    return new Promise<T>((resolve, reject) => {
      const task: Task = { ...o, id: ++this.seq, kind, payload, priority: o.priority ?? 0, resolve: resolve as (v: unknown) => void, reject };
      // After every task of the same or a more urgent priority.
      const at = this.queue.findIndex((t) => t.priority > task.priority);
      if (at === -1) this.queue.push(task);
      else this.queue.splice(at, 0, task);
      this.pump();
    });
  }

  /** Sends a message to every running thread (e.g. "forget this document"); nothing is awaited. */
  broadcast(kind: string, payload: unknown) {
    for (const s of this.slots) if (!s.gone) s.worker.postMessage({ type: 'broadcast', kind, payload });
  }

  /** Stops every thread; queued and running jobs fail. */
  async close() {
    this.closed = true;
    const err = new Error('the worker pool is closed');
    for (const t of this.queue.splice(0)) t.reject(err);
    await Promise.all(
      this.slots.map(async (s) => {
        s.gone = true;
        if (s.timer) clearTimeout(s.timer);
        s.task?.reject(err);
        s.task = null;
        await s.worker.terminate();
      }),
    );
    this.slots = [];
  }

  private fill() {
    this.slots = this.slots.filter((s) => !s.gone);
    while (!this.closed && this.slots.length < this.opts.size) this.slots.push(this.start());
  }

  private start(): Slot {
    const WorkerThread = threads().Worker;
    const worker = new WorkerThread(workerHostPath(), {
      workerData: { module: this.opts.module, nice: this.opts.nice ?? 0 },
      // Not the parent's flags (tsx's loader under `npm start`): the host registers tsx itself.
      execArgv: [],
      resourceLimits: this.opts.maxHeapMb ? { maxOldGenerationSizeMb: this.opts.maxHeapMb } : undefined,
      stdout: false,
      stderr: false,
    });
    // The pool never keeps a process alive on its own (scripts, tests).
    worker.unref();
    this.stats.started++;
    const slot: Slot = { worker, task: null, ready: false, recent: [], timer: null, gone: false };
    worker.on('message', (m) => this.onMessage(slot, m));
    worker.on('error', (e) => this.onExit(slot, e instanceof Error ? e.message : String(e)));
    worker.on('exit', (code) => this.onExit(slot, `exit code ${code}`));
    return slot;
  }

  private onMessage(slot: Slot, m: { type: string; id?: number; value?: unknown; payload?: unknown; error?: WorkerErrorData }) {
    // Any message says the thread is up ('ready' may come after a job's first message).
    if (!slot.ready) {
      slot.ready = true;
      this.startTimer(slot);
    }
    if (m.type === 'ready') return;
    const task = slot.task;
    if (!task || m.id !== task.id) return;
    if (m.type === 'request') {
      const answer = task.onRequest ? task.onRequest(m.payload) : Promise.reject(new Error('this job cannot ask for anything'));
      answer.then(
        (a) => !slot.gone && slot.task === task && post(slot.worker, { type: 'reply', id: task.id, value: a.value }, a.transfer),
        (e) => {
          task.failure = e;
          if (!slot.gone && slot.task === task) slot.worker.postMessage({ type: 'reply', id: task.id, error: { name: 'AskFailed', message: String((e as Error)?.message ?? e) } });
        },
      );
      return;
    }
    this.finish(slot);
    if (m.type === 'done') task.resolve(m.value);
    else task.reject(task.failure ?? (this.opts.revive ? this.opts.revive(m.error!) : Object.assign(new Error(m.error!.message), m.error)));
    this.pump();
  }

  private finish(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    this.stats.running--;
  }

  private onExit(slot: Slot, detail: string) {
    if (slot.gone) return;
    slot.gone = true;
    const task = slot.task;
    const timedOut = detail === 'timeout';
    const neverStarted = !slot.ready && !timedOut;
    if (task) {
      this.finish(slot);
      task.reject(new WorkerFailedError(timedOut ? 'timeout' : neverStarted ? 'start' : 'crashed', detail));
    }
    void slot.worker.terminate();
    if (neverStarted && !this.closed) {
      // The thread never came up (the host or the module failed to load): every waiting job
      // would meet the same fate, so they fail now instead of restarting threads in a loop.
      const err = new WorkerFailedError('start', detail);
      for (const t of this.queue.splice(0)) t.reject(err);
      return;
    }
    this.stats.replaced++;
    this.fill();
    this.pump();
  }

  /** The job's time limit counts from when its thread is up (loading the module is not the job's time). */
  private startTimer(slot: Slot) {
    const limit = slot.task?.timeoutMs ?? this.opts.timeoutMs;
    if (!limit || slot.timer || !slot.task) return;
    slot.timer = setTimeout(() => {
      slot.timer = null;
      this.onExit(slot, 'timeout');
    }, limit);
    slot.timer.unref();
  }

  private pump() {
    while (this.queue.length) {
      const free = this.slots.filter((s) => !s.task && !s.gone);
      if (!free.length) return;
      const task = this.queue.shift()!;
      const slot = (task.affinity && free.find((s) => s.recent.includes(task.affinity!))) || free[0]!;
      if (task.affinity) slot.recent = [task.affinity, ...slot.recent.filter((a) => a !== task.affinity)].slice(0, 8);
      slot.task = task;
      this.stats.running++;
      this.stats.peakRunning = Math.max(this.stats.peakRunning, this.stats.running);
      if (slot.ready) this.startTimer(slot);
      post(slot.worker, { type: 'job', id: task.id, kind: task.kind, payload: task.payload }, task.transfer);
    }
  }
}
