// Ids: opaque, URL-safe, 24 characters of [a-z0-9] starting with a letter (cuid2's shape, which
// earlier rows have). Drawn from the operating system's CSPRNG: 23 base-36 characters after the
// letter are ~119 bits. cuid2 hashed each id with a JavaScript SHA-3 (~60 µs a call here): a
// batch of 50 page events spent 3 ms of its 6 on ids alone (docs/decisions.md).
import crypto from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
export const ID_LENGTH = 24;

// Random bytes are read 4 KB at a time (one call into the CSPRNG per ~150 ids).
let pool = Buffer.alloc(0);
let at = 0;
const randomByte = (): number => {
  if (at >= pool.length) {
    pool = crypto.randomBytes(4096);
    at = 0;
  }
  return pool[at++]!;
};

/** A byte below `bound` (a multiple of `size` <= 256), reduced mod `size`: no modulo bias. */
function uniform(size: number, bound: number): number {
  for (;;) {
    const b = randomByte();
    if (b < bound) return b % size;
  }
}

export function newId(): string {
  let id = ALPHABET[10 + uniform(26, 234)]!; // 234 = 9 * 26
  while (id.length < ID_LENGTH) id += ALPHABET[uniform(36, 252)]!; // 252 = 7 * 36
  return id;
}

/** `bytes` random bytes as hex, from the same pool (an event id's tail). */
export function randomHex(bytes: number): string {
  let out = '';
  for (let i = 0; i < bytes; i++) out += HEX[randomByte()]!;
  return out;
}
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export const newDataroomPid = (): string => `dr_${newId()}`;
