import { describe, expect, it } from 'vitest';
import { runInTurn } from './sweep';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('runInTurn (the sweep’s parts)', () => {
  it('starts each part once the one before has finished, and returns every outcome by name', async () => {
    const log: string[] = [];
    const part = (name: string, value: number) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      return value;
    };
    expect(await runInTurn({ a: part('a', 1), b: part('b', 2), c: part('c', 3) })).toEqual({ a: 1, b: 2, c: 3 });
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('runs the parts after a failure, then throws the first failure', async () => {
    const ran: string[] = [];
    const outcome = runInTurn({
      a: async () => void ran.push('a'),
      b: async () => {
        ran.push('b');
        throw new Error('b failed');
      },
      c: async () => {
        ran.push('c');
        throw new Error('c failed');
      },
      d: async () => void ran.push('d'),
    });
    await expect(outcome).rejects.toThrow('b failed');
    expect(ran).toEqual(['a', 'b', 'c', 'd']);
  });
});
