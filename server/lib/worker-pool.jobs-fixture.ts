// Jobs for worker-pool.test.ts, run on the pool's threads like the renderer's (render-jobs.ts).
type Ask = (payload: unknown) => Promise<unknown>;

class FixtureRefusal extends Error {
  readonly code = 'unprocessable_entity';
  readonly details = { field: 'x' };
  constructor(message: string) {
    super(message);
    this.name = 'FixtureRefusal';
  }
}

export const handlers = {
  async echo(payload: unknown) {
    return { value: { echoed: payload } };
  },
  /** Holds its thread until the main thread answers (the test decides when). */
  async hold(payload: { label: string }, ask: Ask) {
    await ask({ waiting: payload.label });
    return { value: payload.label };
  },
  /** Sums bytes the main thread hands over, and hands back their reverse. */
  async bytes(_payload: unknown, ask: Ask) {
    const got = (await ask('bytes')) as Uint8Array;
    const back = new Uint8Array(got).reverse();
    return { value: { sum: got.reduce((a, b) => a + b, 0), back }, transfer: [back.buffer] };
  },
  async refuse(payload: { message: string }) {
    throw new FixtureRefusal(payload.message);
  },
  async crash() {
    process.exit(3);
  },
};
