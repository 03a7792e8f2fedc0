// The worker pool on real threads (server/lib/worker-host.mjs loading a TypeScript module):
// results and errors come back, the queue is bounded and ordered, a thread that dies fails only
// its own job and is replaced, a job over its time limit is abandoned, and a module that cannot
// load fails the waiting jobs instead of restarting threads forever.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { projectModule, WorkerFailedError, WorkerPool, WorkerPoolBusyError, type PoolOptions } from './worker-pool';

const FIXTURE = projectModule('server/lib/worker-pool.jobs-fixture.ts');
const pools: WorkerPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});
const pool = (o: Partial<PoolOptions> = {}) => {
  const p = new WorkerPool({ module: FIXTURE, size: 1, queueLimit: 4, ...o });
  pools.push(p);
  return p;
};

/** `hold` jobs park on their thread until released; `asked` resolves once the thread is running it. */
function holder() {
  const waiting = new Map<string, () => void>();
  const started = new Map<string, () => void>();
  const asked = (label: string) => new Promise<void>((r) => started.set(label, r));
  const onRequest = async (payload: unknown) => {
    const label = (payload as { waiting: string }).waiting;
    started.get(label)?.();
    await new Promise<void>((r) => waiting.set(label, r));
    return { value: null };
  };
  const release = (label: string) => waiting.get(label)!();
  return { onRequest, asked, release };
}

describe('WorkerPool', () => {
  it('runs jobs on a thread and brings back results, buffers and typed errors', async () => {
    const p = pool();
    expect(await p.run('echo', { a: [1, 2, 3], s: 'é' })).toEqual({ echoed: { a: [1, 2, 3], s: 'é' } });
    const sent = new Uint8Array([1, 2, 3, 250]);
    const r = await p.run<{ sum: number; back: Uint8Array }>('bytes', null, {
      onRequest: async () => ({ value: sent, transfer: [sent.buffer] }),
    });
    expect(r.sum).toBe(256);
    expect([...r.back]).toEqual([250, 3, 2, 1]);
    expect(sent.byteLength).toBe(0); // handed over, not copied

    const revived = await p
      .run('refuse', { message: 'no good' }, {})
      .catch((e) => e);
    expect(revived).toMatchObject({ name: 'FixtureRefusal', message: 'no good', code: 'unprocessable_entity', details: { field: 'x' } });
    const withRevive = pool({ revive: (e) => new ApiError(e.code as 'unprocessable_entity', e.message) });
    const typed = (await withRevive.run('refuse', { message: 'typed' }).catch((e: unknown) => e)) as ApiError;
    expect(typed).toBeInstanceOf(ApiError);
    expect(typed.status).toBe(422);
    await expect(p.run('nope', null)).rejects.toThrow(/no handler for jobs of kind "nope"/);
    // An error in the main thread's answer fails the job with that very error.
    const mine = new ApiError('not_found', 'no such file');
    await expect(p.run('bytes', null, { onRequest: () => Promise.reject(mine) })).rejects.toBe(mine);
    expect(await p.run('echo', 1)).toEqual({ echoed: 1 });
  });

  it('refuses at once when every thread is busy and the queue is full, and runs urgent jobs first', async () => {
    const p = pool({ size: 1, queueLimit: 2 });
    const h = holder();
    const order: string[] = [];
    const track = (label: string, priority: 0 | 1 | 2) =>
      p.run<string>('hold', { label }, { priority, onRequest: h.onRequest }).then((v) => (order.push(v), v));
    const first = track('first', 0);
    await h.asked('first'); // the thread is taken
    const later = track('background', 2);
    const urgent = track('urgent', 0);
    const refused = await p.run('echo', 'one too many').catch((e) => e);
    expect(refused).toBeInstanceOf(WorkerPoolBusyError);
    expect(refused).toMatchObject({ status: 503, code: 'service_unavailable', details: { retry_after_seconds: 1 } });
    expect(p.stats.refused).toBe(1);
    expect(p.waiting).toBe(2);

    h.release('first');
    await h.asked('urgent'); // queued after the background job, run before it
    h.release('urgent');
    await h.asked('background');
    h.release('background');
    expect(await Promise.all([first, urgent, later])).toEqual(['first', 'urgent', 'background']);
    expect(order).toEqual(['first', 'urgent', 'background']);
    expect(p.stats.peakRunning).toBe(1);
    expect(await p.run('echo', 'room again')).toEqual({ echoed: 'room again' });
  });

  it('fails the job of a thread that dies, replaces the thread, and runs the queue on', async () => {
    const p = pool({ size: 1, queueLimit: 4 });
    expect(await p.run('echo', 'warm')).toEqual({ echoed: 'warm' });
    const crashed = p.run('crash', null).catch((e: unknown) => e as WorkerFailedError);
    const queued = p.run('echo', 'after the crash');
    const err = (await crashed) as WorkerFailedError;
    expect(err).toBeInstanceOf(WorkerFailedError);
    expect(err).toMatchObject({ reason: 'crashed', status: 500 });
    expect(err.message).toMatch(/exit code 3/);
    expect(await queued).toEqual({ echoed: 'after the crash' });
    expect(p.stats).toMatchObject({ started: 2, replaced: 1, running: 0 });
  });

  it('abandons a job over its time limit and replaces its thread', async () => {
    const p = pool({ size: 1, timeoutMs: 300 });
    const never = p.run('hold', { label: 'forever' }, { onRequest: () => new Promise(() => {}) }).catch((e) => e);
    const next = p.run('echo', 'next');
    expect(await never).toMatchObject({ name: 'WorkerFailedError', reason: 'timeout' });
    expect(await next).toEqual({ echoed: 'next' });
    expect(p.stats.replaced).toBe(1);
  });

  it('a job may bring a shorter time limit of its own; the others keep the pool’s', async () => {
    const p = pool({ size: 1, timeoutMs: 60_000 });
    const short = p.run('hold', { label: 'short' }, { onRequest: () => new Promise(() => {}), timeoutMs: 300 }).catch((e) => e);
    expect(await short).toMatchObject({ name: 'WorkerFailedError', reason: 'timeout' });
    expect(await p.run('echo', 'after')).toEqual({ echoed: 'after' });
    expect(p.stats.replaced).toBe(1);
  });

  it('fails every waiting job when the module cannot load, without restarting threads in a loop', async () => {
    const p = pool({ size: 1, module: projectModule('server/lib/no-such-module.ts') });
    const jobs = [p.run('echo', 1), p.run('echo', 2)].map((j) => j.catch((e) => e));
    for (const e of await Promise.all(jobs)) expect(e).toMatchObject({ name: 'WorkerFailedError', reason: 'start' });
    expect(p.stats.started).toBe(1);
  });
});

describe('compiled worker modules (scripts/build-workers.mjs)', () => {
  it('a production server takes the build’s compiled copy, which runs without tsx; otherwise the TypeScript', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const { buildWorkers } = await import('../../scripts/build-workers.mjs');
    const root = path.dirname(path.dirname(path.dirname(FIXTURE)));
    const dist = fs.mkdtempSync(path.join(root, '.next-test-'));
    const compiled = path.join(root, '.next', 'quire-workers', 'server/lib/worker-pool.jobs-fixture.mjs');
    const env = process.env as Record<string, string | undefined>;
    const node = env.NODE_ENV;
    try {
      expect(projectModule('server/lib/worker-pool.jobs-fixture.ts')).toBe(FIXTURE);
      // The build's copy of a module, made as the build makes it (here into a folder of the test's own).
      await buildWorkers(root, dist, ['server/lib/worker-pool.jobs-fixture.ts', 'server/media/render-jobs.ts']);
      const built = path.join(dist, 'quire-workers', 'server/lib/worker-pool.jobs-fixture.mjs');
      // The project's own modules are bundled in; packages stay imports, found from .next/.
      const renderer = fs.readFileSync(path.join(dist, 'quire-workers', 'server/media/render-jobs.mjs'), 'utf8');
      expect(renderer).not.toMatch(/from ['"]\.\.?\//);
      expect(renderer).toMatch(/from ['"]pdf-lib['"]/);
      const p = pool({ module: built });
      expect(await p.run('echo', { s: 'é' })).toEqual({ echoed: { s: 'é' } });
      env.NODE_ENV = 'production';
      expect(projectModule('server/lib/worker-pool.jobs-fixture.ts')).toBe(FIXTURE);
      fs.mkdirSync(path.dirname(compiled), { recursive: true });
      fs.copyFileSync(built, compiled);
      expect(projectModule('server/lib/worker-pool.jobs-fixture.ts')).toBe(compiled);
    } finally {
      env.NODE_ENV = node;
      fs.rmSync(compiled, { force: true });
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
