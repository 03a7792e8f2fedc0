// A small ZIP writer (PKWARE APPNOTE 6.3: local headers, deflate or store, central directory,
// UTF-8 names) for the viewer's bulk downloads. No ZIP64: archives stay under 4 GiB and 65,535
// entries (the caller caps them).
import { crc32, deflateRawSync } from 'node:zlib';

export type ZipEntry = { name: string; bytes: Uint8Array; modified?: Date };

export const ZIP_MAX_BYTES = 0xffff_fff0;

function dosTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getFullYear());
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** Names made safe to extract: no absolute paths, no `..`, no backslashes or control characters. */
export function safeEntryName(name: string): string {
  const parts = name
    .replace(/\\/g, '/')
    .split('/')
    .map((p) => p.replace(/[\u0000-\u001f\u007f:*?"<>|]/g, '_').trim())
    .filter((p) => p && p !== '.' && p !== '..');
  return parts.join('/') || 'file';
}

/**
 * Entry names unique within one archive (case-insensitively, as Windows and macOS extract): the
 * second `a/Deck.pdf` becomes `a/Deck (2).pdf`. Each name is made safe as safeEntryName does.
 */
export function uniqueEntryNames(): (path: string) => string {
  const taken = new Set<string>();
  return (path) => {
    let name = safeEntryName(path);
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = safeEntryName(path.replace(/(\.[^./]*)?$/, ` (${n})$1`));
    taken.add(name.toLowerCase());
    return name;
  };
}

export function zip(entries: ZipEntry[]): Buffer {
  if (entries.length > 65_535) throw new Error('too many entries for a ZIP without ZIP64');
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const raw = Buffer.from(e.bytes.buffer, e.bytes.byteOffset, e.bytes.byteLength);
    const deflated = deflateRawSync(raw);
    const stored = deflated.length >= raw.length;
    const data = stored ? raw : deflated;
    const crc = crc32(raw);
    const { time, date } = dosTime(e.modified ?? new Date());
    const method = stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(20, 6);
    head.writeUInt16LE(0x0800, 8);
    head.writeUInt16LE(method, 10);
    head.writeUInt16LE(time, 12);
    head.writeUInt16LE(date, 14);
    head.writeUInt32LE(crc, 16);
    head.writeUInt32LE(data.length, 20);
    head.writeUInt32LE(raw.length, 24);
    head.writeUInt16LE(name.length, 28);
    head.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(head, name);
    offset += local.length + name.length + data.length;
    if (offset > ZIP_MAX_BYTES) throw new Error('archive too large for a ZIP without ZIP64');
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
