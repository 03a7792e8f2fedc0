// Ids: opaque, URL-safe, 24 characters of [a-z0-9] starting with a letter (cuid2's shape, which
// earlier rows have). Drawn from the operating system's CSPRNG: 23 base-36 characters after the
// letter are ~119 bits. cuid2 hashed each id with a JavaScript SHA-3 (~60 µs a call here): a
// batch of 50 page events spent 3 ms of its 6 on ids alone (docs/decisions.md).
import crypto from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const ID_LENGTH = 24;

// Random bytes are read 4 KB at a time (one call into the CSPRNG per ~150 ids). Secrets (API and
// SCIM tokens, recovery codes) draw from the same pool: each byte is the CSPRNG's and used once, so
// an id seen by anyone says nothing about a token drawn beside it.
let pool = Buffer.alloc(0);
let at = 0;
const randomByte = (): number => {
  if (at >= pool.length) {
    pool = crypto.randomBytes(4096);
    at = 0;
  }
  return pool[at++]!;
};

/** A random index below `size` (2..256): bytes at or above the largest multiple of `size` are
 * drawn again, so every index is equally likely (no modulo bias). */
function uniform(size: number): number {
  const bound = 256 - (256 % size);
  for (;;) {
    const b = randomByte();
    if (b < bound) return b % size;
  }
}

/** `length` characters drawn uniformly from `alphabet` (ids, tokens, recovery codes). */
export function randomString(alphabet: string, length: number): string {
  if (alphabet.length < 2 || alphabet.length > 256) throw new RangeError('alphabet must have 2 to 256 characters');
  let out = '';
  while (out.length < length) out += alphabet[uniform(alphabet.length)]!;
  return out;
}

const LETTERS = ALPHABET.slice(10);

export function newId(): string {
  return randomString(LETTERS, 1) + randomString(ALPHABET, ID_LENGTH - 1);
}

/** `bytes` random bytes as hex, from the same pool (an event id's tail). */
export function randomHex(bytes: number): string {
  let out = '';
  for (let i = 0; i < bytes; i++) out += HEX[randomByte()]!;
  return out;
}
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export const newDataroomPid = (): string => `dr_${newId()}`;
