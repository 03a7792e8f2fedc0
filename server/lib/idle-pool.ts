// A worker pool for background work that exists only while it has work: started on first use,
// closed IDLE_MS after its last job ends, so the memory a large file took goes back to the system
// (starting threads costs about half a second, which a run of jobs pays once). One per process and
// name, on globalThis: under `npm start` the same modules are loaded twice (by tsx for the
// node:http routes, and inside Next's bundle), and both must share the threads.
import type { WorkerPool } from './worker-pool';

type State = { pool: WorkerPool | null; running: number; idle: NodeJS.Timeout | null };

export class IdlePool {
  private readonly state: State;

  constructor(
    name: string,
    private readonly make: () => WorkerPool,
    private readonly idleMs = 30_000,
  ) {
    this.state = ((globalThis as Record<symbol, unknown>)[Symbol.for(`quire.idle-pool.${name}`)] ??= { pool: null, running: 0, idle: null }) as State;
  }

  /** Runs `work` with the pool (started if it is not); the idle clock starts when no work is left. */
  async use<T>(work: (pool: WorkerPool) => Promise<T>): Promise<T> {
    const s = this.state;
    s.running++;
    if (s.idle) clearTimeout(s.idle);
    s.idle = null;
    try {
      return await work((s.pool ??= this.make()));
    } finally {
      if (--s.running === 0) {
        s.idle = setTimeout(() => {
          const p = s.pool;
          s.pool = null;
          s.idle = null;
          void p?.close();
        }, this.idleMs);
        s.idle.unref();
      }
    }
  }

}
