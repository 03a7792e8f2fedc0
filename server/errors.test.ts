import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';

describe('ApiError', () => {
  it('is recognised across copies of its module (another bundle of the same process), subclasses as usual', async () => {
    class Busy extends ApiError {}
    // A second copy of the module, as another bundle of the same process holds.
    vi.resetModules();
    const other = await import('./errors');
    expect(other.ApiError).not.toBe(ApiError);
    const foreign = new other.ApiError('service_unavailable', 'busy');
    expect(foreign instanceof ApiError).toBe(true);
    expect(new Error('x') instanceof ApiError).toBe(false);
    expect((null as unknown as object) instanceof ApiError).toBe(false);
    expect(new Busy('service_unavailable', 'busy') instanceof Busy).toBe(true);
    expect(new ApiError('service_unavailable', 'busy') instanceof Busy).toBe(false);
  });
});
