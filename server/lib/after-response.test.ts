import { describe, expect, it, vi } from 'vitest';
import { afterResponse } from './after-response';

describe('afterResponse outside a request Next handles', () => {
  it('runs the task after the caller has finished, and logs a failure instead of throwing it', async () => {
    const order: string[] = [];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    afterResponse('the test task', async () => void order.push('task'));
    afterResponse('a failing task', async () => {
      throw new Error('boom');
    });
    order.push('answer');
    await Promise.resolve();
    expect(order).toEqual(['answer']);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['answer', 'task']);
    expect(errors).toHaveBeenCalledWith('[quire] a failing task failed:', expect.any(Error));
    errors.mockRestore();
  });
});
