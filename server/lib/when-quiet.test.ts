import { describe, expect, it } from 'vitest';
import { whenQuiet } from './when-quiet';

/** Keeps the main thread busy in slices until `until`, leaving it to timers in between. */
async function busyUntil(until: number) {
  while (Date.now() < until) {
    const t = Date.now();
    while (Date.now() - t < 40);
    await new Promise((r) => setImmediate(r));
  }
}

describe('whenQuiet', () => {
  it('goes ahead at once on an idle thread', async () => {
    expect(await whenQuiet({ windowMs: 100 })).toBeLessThan(400);
  });

  it('waits while the main thread is busy, and goes ahead once it is not', async () => {
    const busyFor = 800;
    const load = busyUntil(Date.now() + busyFor);
    const waited = await whenQuiet({ windowMs: 100, maxWaitMs: 10_000 });
    await load;
    expect(waited).toBeGreaterThanOrEqual(busyFor - 150);
    expect(waited).toBeLessThan(busyFor + 1_000);
  });

  it('never waits past maxWaitMs', async () => {
    const load = busyUntil(Date.now() + 3_000);
    const waited = await whenQuiet({ windowMs: 100, maxWaitMs: 500 });
    await load;
    expect(waited).toBeGreaterThanOrEqual(500);
    expect(waited).toBeLessThan(1_500);
  });
});
