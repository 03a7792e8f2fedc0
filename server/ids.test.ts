import { describe, expect, it } from 'vitest';
import { ID_LENGTH, newDataroomPid, newId, randomHex } from './ids';

describe('newId', () => {
  it('is 24 characters of [a-z0-9] starting with a letter, as cuid2 ids are', () => {
    for (let i = 0; i < 2_000; i++) expect(newId()).toMatch(/^[a-z][a-z0-9]{23}$/);
    expect(ID_LENGTH).toBe(24);
    expect(newDataroomPid()).toMatch(/^dr_[a-z][a-z0-9]{23}$/);
  });

  it('does not repeat, and uses every character about equally', () => {
    const ids = Array.from({ length: 50_000 }, newId);
    expect(new Set(ids).size).toBe(ids.length);
    const counts = new Map<string, number>();
    for (const id of ids) for (const c of id.slice(1)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(36);
    const expected = (ids.length * 23) / 36;
    // ~32,000 draws per character: a biased alphabet (modulo bias) would be off by ~3 %.
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.03);
    const first = new Set(ids.map((id) => id[0]));
    expect(first.size).toBe(26);
  });
});

describe('randomHex', () => {
  it('gives twice as many hex digits as bytes, different every time', () => {
    const all = Array.from({ length: 5_000 }, () => randomHex(6));
    for (const h of all) expect(h).toMatch(/^[0-9a-f]{12}$/);
    expect(new Set(all).size).toBe(all.length);
  });
});
