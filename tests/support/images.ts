// Images for the brand and room branding tests: real PNG, JPEG and ICO files built with sharp,
// grown to an exact byte length with bytes a decoder skips (a private PNG chunk, JPEG comment
// segments), so "exactly at the limit" and "one byte over" are the same valid image.
import sharp from 'sharp';

export const MB = 1024 * 1024;

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const x of buf) c = CRC_TABLE[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A solid-colour PNG. */
export const png = (width = 64, height = 32, background = '#ff0000') =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/** A JPEG. */
export const jpeg = (width = 64, height = 32, background = '#00aa00') =>
  sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();

export const webp = (width = 16, height = 16) => sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).webp().toBuffer();
export const gif = (width = 16, height = 16) => sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).gif().toBuffer();
export const svg = () =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="red"/></svg>');

/** Random pixels: a PNG or JPEG whose image data fills most of the file (for truncation). */
export async function noise(kind: 'png' | 'jpeg', width = 200, height = 200): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let x = 0x12345678;
  for (let i = 0; i < raw.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    raw[i] = x & 0xff;
  }
  const img = sharp(raw, { raw: { width, height, channels: 3 } });
  return kind === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 95 }).toBuffer();
}

/** The PNG grown to exactly `total` bytes by a private ancillary chunk before IEND. */
export function padPng(src: Buffer, total: number): Buffer {
  const pad = total - src.length - 12;
  if (pad < 0) throw new Error(`cannot pad a ${src.length}-byte PNG to ${total}`);
  const iend = src.length - 12;
  if (src.subarray(iend + 4, iend + 8).toString('latin1') !== 'IEND') throw new Error('PNG does not end with IEND');
  return Buffer.concat([src.subarray(0, iend), pngChunk('quIr', Buffer.alloc(pad, 0x51)), src.subarray(iend)]);
}

/** The JPEG grown to exactly `total` bytes by comment (COM) segments after SOI. */
export function padJpeg(src: Buffer, total: number): Buffer {
  let need = total - src.length;
  if (need !== 0 && need < 4) throw new Error(`cannot pad a ${src.length}-byte JPEG to ${total}`);
  const segments: Buffer[] = [];
  while (need > 0) {
    let data = Math.min(65533, need - 4);
    if (need - (data + 4) > 0 && need - (data + 4) < 4) data -= 4;
    const seg = Buffer.alloc(4 + data, 0x20);
    seg[0] = 0xff;
    seg[1] = 0xfe;
    seg.writeUInt16BE(data + 2, 2);
    segments.push(seg);
    need -= data + 4;
  }
  return Buffer.concat([src.subarray(0, 2), ...segments, src.subarray(2)]);
}

/** An ICO file holding one PNG image (as browsers and favicon tools write them). */
export function ico(pngBytes: Buffer, size = 32): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header[6] = size >= 256 ? 0 : size;
  header[7] = size >= 256 ? 0 : size;
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(pngBytes.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, pngBytes]);
}

/** An ICO holding one classic BMP image (32 bits, with its AND mask), as older tools write them. */
export function icoBmp(size = 16): Buffer {
  const dib = Buffer.alloc(40 + size * size * 4 + Math.ceil(size / 32) * 4 * size);
  dib.writeUInt32LE(40, 0);
  dib.writeInt32LE(size, 4);
  dib.writeInt32LE(size * 2, 8);
  dib.writeUInt16LE(1, 12);
  dib.writeUInt16LE(32, 14);
  for (let i = 40; i < 40 + size * size * 4; i += 4) dib.writeUInt32LE(0xff336699, i);
  return ico(dib, size);
}

/** An ICO of exactly `total` bytes (its PNG padded). */
export const icoOfSize = async (total: number) => ico(padPng(await png(32, 32, '#123456'), total - 22));

export type Kind = 'png' | 'jpeg' | 'ico';
export const CONTENT_TYPE: Record<Kind, string> = { png: 'image/png', jpeg: 'image/jpeg', ico: 'image/x-icon' };

/** A valid image of `kind` of exactly `total` bytes. */
export async function imageOfSize(kind: Kind, total: number): Promise<Buffer> {
  if (kind === 'png') return padPng(await png(64, 32), total);
  if (kind === 'jpeg') return padJpeg(await jpeg(64, 32), total);
  return icoOfSize(total);
}

/** The files the fixture server (tests/global-setup.ts) serves under /brand/ for source_url tests. */
export async function brandFixtureFiles(): Promise<Record<string, { body: Buffer | string; type: string }>> {
  const logo = await png(64, 32, '#ff0000');
  const photo = await jpeg(120, 60);
  const favicon = ico(await png(32, 32, '#00ff00'));
  const truncated = await noise('png', 120, 120);
  return {
    '/brand/logo.png': { body: logo, type: 'image/png' },
    '/brand/photo.jpg': { body: photo, type: 'image/jpeg' },
    '/brand/favicon.ico': { body: favicon, type: 'image/x-icon' },
    // The type comes from the bytes, never from the remote Content-Type.
    '/brand/png-served-as-text': { body: logo, type: 'text/plain' },
    '/brand/jpeg-named-png.png': { body: photo, type: 'image/png' },
    '/brand/logo.webp': { body: await webp(), type: 'image/webp' },
    '/brand/logo.svg': { body: svg(), type: 'image/svg+xml' },
    '/brand/svg-served-as-png.png': { body: svg(), type: 'image/png' },
    '/brand/logo.gif': { body: await gif(), type: 'image/gif' },
    '/brand/truncated.png': { body: truncated.subarray(0, Math.floor(truncated.length * 0.6)), type: 'image/png' },
    '/brand/page.html': { body: '<!doctype html><html><body>not an image</body></html>', type: 'text/html' },
    '/brand/png-2mb.png': { body: await imageOfSize('png', 2 * MB), type: 'image/png' },
    '/brand/png-2mb-plus-1.png': { body: await imageOfSize('png', 2 * MB + 1), type: 'image/png' },
    '/brand/jpeg-4mb.jpg': { body: await imageOfSize('jpeg', 4 * MB), type: 'image/jpeg' },
    '/brand/jpeg-4mb-plus-1.jpg': { body: await imageOfSize('jpeg', 4 * MB + 1), type: 'image/jpeg' },
    '/brand/ico-1mb.ico': { body: await imageOfSize('ico', 1 * MB), type: 'image/x-icon' },
    '/brand/ico-1mb-plus-1.ico': { body: await imageOfSize('ico', 1 * MB + 1), type: 'image/x-icon' },
  };
}
