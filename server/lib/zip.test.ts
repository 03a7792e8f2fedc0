import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { safeEntryName, zip } from './zip';

/** Reads entries back from the central directory (enough to check our own archives). */
function unzip(buf: Buffer): Record<string, Buffer> {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(end + 10);
  let p = buf.readUInt32LE(end + 16);
  const out: Record<string, Buffer> = {};
  for (let i = 0; i < count; i++) {
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(dataAt, dataAt + size);
    out[name] = method === 8 ? inflateRawSync(data) : Buffer.from(data);
    p += 46 + nameLen;
  }
  return out;
}

describe('zip', () => {
  it('round-trips deflated and stored entries with UTF-8 names', () => {
    const text = Buffer.from('hello '.repeat(1000));
    const random = Buffer.from(Array.from({ length: 256 }, (_, i) => (i * 7919) % 251));
    const z = zip([
      { name: 'Finance/Model.txt', bytes: text },
      { name: 'Über/日本.bin', bytes: random },
    ]);
    const back = unzip(z);
    expect(back['Finance/Model.txt']!.equals(text)).toBe(true);
    expect(back['Über/日本.bin']!.equals(random)).toBe(true);
  });

  it('is read by the system unzip when there is one', () => {
    let has = true;
    try {
      execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    } catch {
      has = false;
    }
    if (!has) return;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-'));
    fs.writeFileSync(path.join(dir, 'a.zip'), zip([{ name: 'x/a.txt', bytes: Buffer.from('abc') }]));
    execFileSync('unzip', ['-q', 'a.zip', '-d', 'out'], { cwd: dir });
    expect(fs.readFileSync(path.join(dir, 'out/x/a.txt'), 'utf8')).toBe('abc');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('makes names safe to extract', () => {
    expect(safeEntryName('../../etc/passwd')).toBe('etc/passwd');
    expect(safeEntryName('/abs\\win\\path.pdf')).toBe('abs/win/path.pdf');
    expect(safeEntryName('a:b*?.pdf')).toBe('a_b__.pdf');
    expect(safeEntryName('..')).toBe('file');
  });
});
