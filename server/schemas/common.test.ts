import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listOf, syncParsed } from './common';

describe('syncParsed', () => {
  const Item = z.object({ id: z.string(), n: z.int() });
  const List = listOf(Item);

  it('answers parseAsync with the same value as parse, extra keys stripped', async () => {
    const page = { data: [{ id: 'a', n: 1, extra: true }], next_cursor: null };
    expect(await List.parseAsync(page)).toEqual({ data: [{ id: 'a', n: 1 }], next_cursor: null });
    expect(await List.parseAsync(page)).toEqual(List.parse(page));
  });

  it('rejects what the schema rejects, with a ZodError', async () => {
    await expect(List.parseAsync({ data: [{ id: 'a', n: 1.5 }], next_cursor: null })).rejects.toBeInstanceOf(z.ZodError);
    await expect(List.parseAsync({ data: [] })).rejects.toBeInstanceOf(z.ZodError);
  });

  it('falls back to the asynchronous parse when a part is asynchronous', async () => {
    const slow = syncParsed(z.object({ v: z.string().refine(async (s) => s.length > 1, 'too short') }));
    expect(await slow.parseAsync({ v: 'ok' })).toEqual({ v: 'ok' });
    await expect(slow.parseAsync({ v: 'x' })).rejects.toBeInstanceOf(z.ZodError);
  });
});
