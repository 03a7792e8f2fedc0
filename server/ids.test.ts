import { describe, expect, it } from 'vitest';
import { BASE62, ID_LENGTH, newDataroomPid, newId, randomHex, randomString } from './ids';

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

describe('randomString', () => {
  const frequencies = (alphabet: string, draws: number) => {
    const counts = new Map<string, number>();
    for (const c of randomString(alphabet, draws)) counts.set(c, (counts.get(c) ?? 0) + 1);
    return counts;
  };

  it('draws every character of a token or recovery-code alphabet about equally', () => {
    // 256 = 4 * 62 + 8 = 8 * 31 + 8: a plain `byte % size` would draw the first 8 characters 25 %
    // (62, tokens) and 12.5 % (31, recovery codes) more often than the rest. 20,000 draws per
    // character: chance alone moves a count by ~0.7 %.
    for (const alphabet of [BASE62, 'abcdefghjkmnpqrstuvwxyz23456789']) {
      const counts = frequencies(alphabet, alphabet.length * 20_000);
      expect([...counts.keys()].sort().join('')).toBe([...alphabet].sort().join(''));
      for (const n of counts.values()) expect(Math.abs(n - 20_000) / 20_000).toBeLessThan(0.05);
    }
  });

  it('keeps the head of the alphabet at its share where modulo bias would lift it', () => {
    // With size 200, bytes 200..255 would map onto the first 56 characters: each would be drawn
    // twice as often. The first 56 must hold 56/200 of the draws, not 112/256.
    const alphabet = Array.from({ length: 200 }, (_, i) => String.fromCharCode(0x100 + i)).join('');
    const s = randomString(alphabet, 100_000);
    let head = 0;
    for (const c of s) if (c.charCodeAt(0) - 0x100 < 56) head++;
    expect(head / s.length).toBeGreaterThan(0.27);
    expect(head / s.length).toBeLessThan(0.29);
  });

  it('has the requested length and refuses an alphabet it cannot draw from', () => {
    expect(randomString(BASE62, 40)).toMatch(/^[0-9A-Za-z]{40}$/);
    expect(randomString('ab', 0)).toBe('');
    expect(() => randomString('a', 4)).toThrow(RangeError);
    expect(() => randomString('x'.repeat(257), 4)).toThrow(RangeError);
  });
});
