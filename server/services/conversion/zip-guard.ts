// Checks an Office Open XML or OpenDocument file (a ZIP) before a converter opens it: the central
// directory's declared sizes must stay within what a document holds, and an ODF manifest must not
// declare encryption. A lying local header is caught by the converter's memory limit instead.
import { inflateRawSync } from 'node:zlib';
import { isCompoundFile, isEncryptedOoxml } from '../../files/encrypted-office';
import { ConversionError, REASONS } from './errors';

/** Whole uncompressed content a document may declare. */
export const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;
/**
 * Unpacked sheet data a spreadsheet may hold (an xlsx's worksheets and shared strings, an ods's
 * content.xml): past it, preparing and converting it would take the server's memory and minutes
 * for far more pages than a preview shows (CONVERSION_MAX_PAGES).
 */
export const MAX_SHEET_BYTES = 64 * 1024 * 1024;
const SHEET_PART: Record<string, RegExp> = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': /^xl\/(worksheets\/[^/]+\.xml|sharedStrings\.xml)$/,
  'application/vnd.oasis.opendocument.spreadsheet': /^content\.xml$/,
};
/** Compression ratio beyond which one entry is treated as a bomb (text XML compresses about 10:1). */
const MAX_RATIO = 200;

export type ZipDirEntry = { name: string; compressed: number; size: number; method: number; localOffset: number; flags: number; time: number; date: number; crc: number };

function endOfCentralDirectory(b: Buffer): number {
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
    if (b.readUInt32LE(i) === 0x06054b50) return i;
  }
  return -1;
}

/** The central directory's entries; null when the bytes are not a readable ZIP. */
export function zipEntries(b: Buffer): ZipDirEntry[] | null {
  const end = endOfCentralDirectory(b);
  if (end < 0) return null;
  const count = b.readUInt16LE(end + 10);
  let at = b.readUInt32LE(end + 16);
  const entries: ZipDirEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > b.length || b.readUInt32LE(at) !== 0x02014b50) return null;
    const compressed = b.readUInt32LE(at + 20);
    const size = b.readUInt32LE(at + 24);
    const nameLen = b.readUInt16LE(at + 28);
    const extraLen = b.readUInt16LE(at + 30);
    const commentLen = b.readUInt16LE(at + 32);
    const method = b.readUInt16LE(at + 10);
    const localOffset = b.readUInt32LE(at + 42);
    const flags = b.readUInt16LE(at + 8);
    const time = b.readUInt16LE(at + 12);
    const date = b.readUInt16LE(at + 14);
    const crc = b.readUInt32LE(at + 16);
    entries.push({ name: b.subarray(at + 46, at + 46 + nameLen).toString('utf8'), compressed, size, method, localOffset, flags, time, date, crc });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

const ZIP_BASED = /openxmlformats|opendocument/;

export function checkOfficeContainer(bytes: Buffer, contentType: string): void {
  // Encrypted OOXML is a compound file holding the encrypted package (server/files/encrypted-office.ts).
  if (isCompoundFile(bytes)) {
    if (isEncryptedOoxml(bytes)) throw new ConversionError(REASONS.password);
    return;
  }
  if (!ZIP_BASED.test(contentType)) return;
  const entries = zipEntries(bytes);
  if (!entries) throw new ConversionError(REASONS.corrupt);
  let total = 0;
  for (const e of entries) {
    // 0xffffffff: a ZIP64 size, which no real Office document needs.
    if (e.size === 0xffffffff || e.compressed === 0xffffffff) throw new ConversionError(REASONS.zipBomb);
    total += e.size;
    if (total > MAX_UNPACKED_BYTES || (e.size > 1024 * 1024 && e.size > e.compressed * MAX_RATIO)) throw new ConversionError(REASONS.zipBomb);
  }
  const sheetPart = SHEET_PART[contentType];
  if (sheetPart) {
    const sheets = entries.reduce((n, e) => (sheetPart.test(e.name) ? n + e.size : n), 0);
    const mb = (n: number) => Math.round(n / (1024 * 1024));
    if (sheets > MAX_SHEET_BYTES) throw new ConversionError(REASONS.sheetsTooLarge(mb(sheets), mb(MAX_SHEET_BYTES)));
  }
  if (contentType.includes('opendocument')) {
    if (entries.some((e) => e.name === 'META-INF/manifest.xml') && odfEncrypted(bytes)) throw new ConversionError(REASONS.password);
  }
}

/** ODF encryption is declared per entry in the manifest (<manifest:encryption-data>); the manifest itself is stored or deflated. */
function odfEncrypted(bytes: Buffer): boolean {
  const marker = Buffer.from('encryption-data');
  if (bytes.includes(marker)) return true;
  // A deflated manifest: inflate just that entry from its local header.
  const name = Buffer.from('META-INF/manifest.xml');
  let at = bytes.indexOf(name);
  while (at >= 30) {
    const h = at - 30;
    if (bytes.readUInt32LE(h) === 0x04034b50 && bytes.readUInt16LE(h + 26) === name.length) {
      const method = bytes.readUInt16LE(h + 8);
      const compressed = bytes.readUInt32LE(h + 18);
      const start = at + name.length + bytes.readUInt16LE(h + 28);
      const raw = bytes.subarray(start, start + compressed);
      try {
        const text = method === 8 ? inflateRawSync(raw, { maxOutputLength: 4 * 1024 * 1024 }) : raw;
        return (text as Buffer).includes(marker);
      } catch {
        return false;
      }
    }
    at = bytes.indexOf(name, at + 1);
  }
  return false;
}

/** One entry's bytes as stored in the ZIP (compressed or not), through its local header; null when unreadable. */
export function rawZipEntry(b: Buffer, e: ZipDirEntry): Buffer | null {
  const h = e.localOffset;
  if (h + 30 > b.length || b.readUInt32LE(h) !== 0x04034b50) return null;
  const start = h + 30 + b.readUInt16LE(h + 26) + b.readUInt16LE(h + 28);
  return start + e.compressed <= b.length ? b.subarray(start, start + e.compressed) : null;
}

/** One entry's bytes (stored or deflated), read through its local header; null when unreadable. */
export function readZipEntry(b: Buffer, e: ZipDirEntry): Buffer | null {
  const raw = rawZipEntry(b, e);
  if (!raw) return null;
  try {
    if (e.method === 0) return Buffer.from(raw);
    if (e.method === 8) return inflateRawSync(raw, { maxOutputLength: Math.max(e.size, 1) });
  } catch {
    return null;
  }
  return null;
}

/** Every file of a ZIP (directories left out), read whole; null when any is unreadable. */
export function readZipFiles(b: Buffer): { name: string; bytes: Buffer }[] | null {
  const entries = zipEntries(b);
  if (!entries) return null;
  const files = [];
  for (const e of entries) {
    if (e.name.endsWith('/')) continue;
    const bytes = readZipEntry(b, e);
    if (!bytes) return null;
    files.push({ name: e.name, bytes });
  }
  return files;
}
