// A ZIP with some of its files replaced, the others copied as they are stored (not inflated and
// compressed again): removing a document's external links touches a few small XML files, and a
// large package is not recompressed for them.
import { crc32, deflateRawSync } from 'node:zlib';
import { rawZipEntry, zipEntries } from './zip-guard';

/** The ZIP `b` with the files named in `changes` holding new bytes; null when `b` is not a readable ZIP. */
export function replaceZipEntries(b: Buffer, changes: Map<string, Buffer>): Buffer | null {
  const entries = zipEntries(b);
  if (!entries) return null;
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const changed = changes.get(e.name);
    let data: Buffer;
    let method = e.method;
    let crc = e.crc;
    let size = e.size;
    if (changed) {
      const deflated = deflateRawSync(changed);
      [data, method] = deflated.length < changed.length ? [deflated, 8] : [changed, 0];
      crc = crc32(changed);
      size = changed.length;
    } else {
      const raw = rawZipEntry(b, e);
      if (!raw) return null;
      data = raw;
    }
    // Sizes are in the local header now, so no data descriptor (flag bit 3) follows.
    const flags = (e.flags & ~0x8) | 0x800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(e.time, 10);
    local.writeUInt16LE(e.date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(flags, 8);
    dir.writeUInt16LE(method, 10);
    dir.writeUInt16LE(e.time, 12);
    dir.writeUInt16LE(e.date, 14);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, data);
    central.push(dir, name);
    offset += 30 + name.length + data.length;
  }
  const centralBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, centralBytes, end]);
}
