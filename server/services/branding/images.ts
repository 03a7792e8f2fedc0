// Brand images: checked from their bytes (type, size, a complete decode), stored once per
// upload under a content-addressed public URL, and released when replaced or removed. Bytes are
// stored before the transaction that points at them; the caller discards them if it fails and
// deletes the released ones after it commits.
import { createHash } from 'node:crypto';
import { defaultBannerPath } from '../../../lib/shared/default-banner';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { MAX_IMAGE_PIXELS } from '../limits';
import sharp from 'sharp';
import { config } from '../../config';
import { db, type Tx } from '../../db/client';
import { invalid } from '../../errors';
import { newId } from '../../ids';
import { safeFetch, SafeFetchError } from '../../net/safe-fetch';
import { getBlobStore } from '../../storage';
import { SLOT_RULES, type ImageSlot, type ImageType } from '../../../lib/shared/branding-fields';

export type CheckedImage = { bytes: Buffer; contentType: ImageType; width: number | null; height: number | null; sha256: string };
export type StoredImage = CheckedImage & { id: string; storageKey: string; teamId: string };
export type ImageRow = { id: string; sha256: string; contentType: string; size: number; width: number | null; height: number | null };

const NAMES: Record<ImageType, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/x-icon': 'ICO' };
const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/x-icon': 'ico' };
/** Larger images are refused before decoding (a small file can declare a huge canvas). */
const MAX_PIXELS = MAX_IMAGE_PIXELS;

/** What a file is, from its bytes: one of ours, or a name for the refusal. */
async function sniff(bytes: Buffer): Promise<ImageType | string> {
  const head = bytes.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
  if (head.startsWith('<svg') || head.startsWith('<?xml') || head.includes('<svg')) return 'SVG';
  const t = await fileTypeFromBuffer(bytes);
  if (!t) return 'not an image this service can read';
  if (t.mime === 'image/png') return 'image/png';
  if (t.mime === 'image/jpeg') return 'image/jpeg';
  if (t.mime === 'image/x-icon' || t.mime === 'image/vnd.microsoft.icon') return 'image/x-icon';
  if (t.mime === 'image/webp') return 'WebP';
  return `${t.mime} (.${t.ext})`;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's chunks run whole up to IEND: a file cut after its image data still lacks its end. */
function pngComplete(bytes: Buffer): boolean {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let off = 8;
  while (off + 12 <= bytes.length) {
    const len = bytes.readUInt32BE(off);
    const type = bytes.toString('latin1', off + 4, off + 8);
    off += 12 + len;
    if (off > bytes.length) return false;
    if (type === 'IEND') return true;
  }
  return false;
}

/** Decodes every row of a PNG or JPEG (a file cut short or corrupt past its header throws). */
async function decodeFully(bytes: Buffer) {
  const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_PIXELS }).resize(16, 16, { fit: 'inside' }).toBuffer();
  return meta;
}

/**
 * An ICO image that is a BMP: its header must be one Windows writes and its pixel rows must be
 * in the file (the AND mask that follows is not required: some writers drop it at 32 bits).
 */
function dibComplete(d: Buffer): boolean {
  if (d.length < 40) return false;
  const headerSize = d.readUInt32LE(0);
  if (![40, 108, 124].includes(headerSize) || d.length < headerSize) return false;
  const width = d.readInt32LE(4);
  const height = d.readInt32LE(8); // the XOR and AND masks together: twice the icon's height
  const planes = d.readUInt16LE(12);
  const bpp = d.readUInt16LE(14);
  const compression = d.readUInt32LE(16);
  const colorsUsed = d.readUInt32LE(32);
  if (width <= 0 || width > 256 || height <= 0 || height > 512 || planes !== 1) return false;
  if (![1, 4, 8, 16, 24, 32].includes(bpp) || (compression !== 0 && compression !== 3)) return false;
  if (bpp <= 8 && colorsUsed > 2 ** bpp) return false;
  const rows = Math.max(1, Math.floor(height / 2));
  const masks = compression === 3 && headerSize === 40 ? 12 : 0;
  const palette = bpp <= 8 ? (colorsUsed || 2 ** bpp) * 4 : 0;
  const stride = Math.ceil((width * bpp) / 32) * 4;
  return d.length >= headerSize + masks + palette + stride * rows;
}

/**
 * An ICO's directory must be whole, every image it lists must lie inside the file, and each
 * image must be complete: an embedded PNG decodes fully, a BMP holds its pixel rows.
 */
async function checkIco(bytes: Buffer): Promise<boolean> {
  if (bytes.length < 6 || bytes.readUInt16LE(0) !== 0 || bytes.readUInt16LE(2) !== 1) return false;
  const count = bytes.readUInt16LE(4);
  if (count === 0 || bytes.length < 6 + 16 * count) return false;
  for (let i = 0; i < count; i++) {
    const size = bytes.readUInt32LE(6 + 16 * i + 8);
    const offset = bytes.readUInt32LE(6 + 16 * i + 12);
    if (size === 0 || offset < 6 + 16 * count || offset + size > bytes.length) return false;
    const image = bytes.subarray(offset, offset + size);
    if (image.subarray(0, 8).equals(PNG_SIGNATURE)) {
      if (!pngComplete(image)) return false;
      try {
        await decodeFully(image);
      } catch {
        return false;
      }
    } else if (!dibComplete(image)) {
      return false;
    }
  }
  return true;
}

/**
 * The bytes as an image for `slot`, or 422 on `field`: the type comes from the bytes; a declared
 * Content-Type (raw uploads) must be an accepted one and match them; size and type per slot;
 * PNG and JPEG must decode completely (a truncated file is refused).
 */
export async function checkImage(bytes: Buffer, slot: ImageSlot, field: string, declared: string | null = null): Promise<CheckedImage> {
  const rule = SLOT_RULES[slot];
  if (declared !== null) {
    const ct = declared.split(';')[0]!.trim().toLowerCase();
    if (!['image/png', 'image/jpeg', 'image/x-icon'].includes(ct)) {
      throw invalid(field, `Content-Type must be image/png, image/jpeg or image/x-icon (the ${slot} slot takes ${rule.label}), not "${declared.slice(0, 100)}"`);
    }
  }
  if (bytes.length === 0) throw invalid(field, 'the image is empty');
  if (bytes.length > rule.maxBytes) {
    throw invalid(field, `the image is ${bytes.length} bytes; the ${slot} slot takes ${rule.label}`);
  }
  const type = await sniff(bytes);
  if (type === 'SVG' || type === 'WebP') throw invalid(field, `${type} images are not accepted; the ${slot} slot takes ${rule.label}`);
  if (!(type in NAMES)) throw invalid(field, `the file is ${type}; the ${slot} slot takes ${rule.label}`);
  const contentType = type as ImageType;
  if (declared !== null) {
    const ct = declared.split(';')[0]!.trim().toLowerCase();
    if (ct !== contentType) throw invalid(field, `Content-Type says ${ct} but the bytes are ${NAMES[contentType]} (${contentType})`);
  }
  if (!rule.types.includes(contentType)) {
    throw invalid(field, `${NAMES[contentType]} is not accepted in the ${slot} slot, which takes ${rule.label}`);
  }
  let width: number | null = null;
  let height: number | null = null;
  if (contentType === 'image/x-icon') {
    if (!(await checkIco(bytes))) throw invalid(field, 'the ICO file is truncated or malformed');
    try {
      const size = imageSize(bytes);
      width = size.width ?? null;
      height = size.height ?? null;
    } catch {
      throw invalid(field, 'the ICO file is truncated or malformed');
    }
  } else {
    if (contentType === 'image/png' && !pngComplete(bytes)) throw invalid(field, 'the PNG file is truncated or corrupt');
    try {
      // Decoding every row to a thumbnail catches files cut short or corrupt past the header.
      const meta = await decodeFully(bytes);
      width = meta.width ?? null;
      height = meta.height ?? null;
    } catch (e) {
      const msg = String((e as Error).message);
      if (/pixel limit/i.test(msg)) throw invalid(field, `the image is larger than ${MAX_PIXELS.toLocaleString('en')} pixels`);
      throw invalid(field, `the ${NAMES[contentType]} file is truncated or corrupt`);
    }
  }
  return { bytes, contentType, width, height, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** Downloads `sourceUrl` through the SSRF guard and checks it for `slot`. */
export async function fetchImage(sourceUrl: string, slot: ImageSlot, field: string): Promise<CheckedImage> {
  let fetched;
  try {
    fetched = await safeFetch(sourceUrl, { maxBytes: SLOT_RULES[slot].maxBytes, timeoutMs: 15_000 });
  } catch (e) {
    if (e instanceof SafeFetchError) {
      if (e.code === 'too_large') throw invalid(field, `the image at source_url is larger than the ${slot} slot allows (${SLOT_RULES[slot].label})`);
      throw invalid(field, `source_url: ${e.message}`);
    }
    throw e;
  }
  return checkImage(fetched.bytes, slot, field);
}

/** Puts the bytes in blob storage under a new asset id; the row is written by the caller's transaction. */
export async function storeImage(teamId: string, img: CheckedImage): Promise<StoredImage> {
  const id = newId();
  const storageKey = `brand-images/${teamId}/${id}.${EXT[img.contentType]}`;
  await getBlobStore().put(storageKey, img.bytes, img.contentType);
  return { ...img, id, storageKey, teamId };
}

export async function insertImageRows(tx: Tx, images: StoredImage[]) {
  if (!images.length) return;
  await tx.imageAsset.createMany({
    data: images.map((i) => ({
      id: i.id,
      teamId: i.teamId,
      storageKey: i.storageKey,
      sha256: i.sha256,
      contentType: i.contentType,
      size: i.bytes.length,
      width: i.width,
      height: i.height,
    })),
  });
}

/** Deletes the rows of images no longer used; returns their storage keys for deleteBlobs after commit. */
export async function releaseImageRows(tx: Tx, ids: (string | null | undefined)[]): Promise<string[]> {
  const list = ids.filter((x): x is string => !!x);
  if (!list.length) return [];
  const rows = await tx.imageAsset.findMany({ where: { id: { in: list } }, select: { storageKey: true } });
  await tx.imageAsset.deleteMany({ where: { id: { in: list } } });
  return rows.map((r) => r.storageKey);
}

/** Best effort: a blob left behind is unreachable (its row is gone), never shown. */
export async function deleteBlobs(keys: string[]) {
  if (!keys.length) return;
  try {
    await getBlobStore().delete(keys);
  } catch (e) {
    console.error('could not delete released image blobs', (e as Error).message);
  }
}

/** A copy of an image under a new asset (a room's custom settings own their images). */
export async function copyImage(tx: Tx, teamId: string, imageId: string, stored: StoredImage[]): Promise<string> {
  const row = await tx.imageAsset.findUniqueOrThrow({ where: { id: imageId } });
  const bytes = await getBlobStore().read(row.storageKey);
  const copy = await storeImage(teamId, {
    bytes,
    contentType: row.contentType as ImageType,
    width: row.width,
    height: row.height,
    sha256: row.sha256,
  });
  stored.push(copy);
  await insertImageRows(tx, [copy]);
  return copy.id;
}

/** The public URL: the asset id and its content hash, so a URL always names the same bytes. */
export const imageUrl = (row: Pick<ImageRow, 'id' | 'sha256' | 'contentType'>) =>
  `${config.appUrl}/images/${row.id}/${row.sha256.slice(0, 16)}.${EXT[row.contentType] ?? 'bin'}`;

export const toImage = (row: ImageRow | null | undefined) =>
  row
    ? { url: imageUrl(row), content_type: row.contentType as ImageType, width: row.width, height: row.height, size: row.size }
    : null;

/** The file name part of an image's URL, for the serving route to check. */
export const imageFileName = (row: Pick<ImageRow, 'sha256' | 'contentType'>) => `${row.sha256.slice(0, 16)}.${EXT[row.contentType] ?? 'bin'}`;

/** Service defaults (public/brand/*), shown when a brand leaves the slot empty. */
export const serviceImages = (brandColor: string) => ({
  logo: `${config.appUrl}/brand/quire-logo.png`,
  banner: `${config.appUrl}${defaultBannerPath(brandColor)}`,
  favicon: `${config.appUrl}/brand/quire-favicon.png`,
});

/** The bytes behind an image URL as imageUrl() writes them (any host), or null: a service default, another URL, gone. */
export async function readImageAt(url: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const m = /\/images\/([^/?#]+)\/([^/?#]+)$/.exec(url);
  return m ? readPublicImage(m[1]!, m[2]!) : null;
}

/** The bytes behind a public image URL, or null (unknown, released, or a stale file name). */
export async function readPublicImage(id: string, file: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (!/^[a-z0-9]{1,64}$/.test(id)) return null;
  const row = await db.imageAsset.findUnique({ where: { id } });
  if (!row || imageFileName(row) !== file) return null;
  try {
    return { bytes: await getBlobStore().read(row.storageKey), contentType: row.contentType };
  } catch {
    return null;
  }
}
