// Turns a file source (a consumed upload or a fetched source_url) into checked bytes with a
// content type detected from those bytes, stored under a blob key. Shared by document create and
// add-version so both follow the same rules.
import type { Tx } from '../db/client';
import { db } from '../db/client';
import { invalid, notFound, conflict } from '../errors';
import { detectUpload, FileTypeError } from '../files/detect';
import { documentTypeFor, isInlineImage } from '../../lib/shared/content-types';
import { inspectPdf, type PageSize } from '../files/pdf';
import { newId } from '../ids';
import { safeFetch, SafeFetchError } from '../net/safe-fetch';
import { BlobNotFoundError, BlobTooLargeError, getBlobStore } from '../storage';
import { MAX_IMAGE_PIXELS, maxUploadBytes, UPLOAD_ID_GRACE_MS } from './limits';
import { imageSize } from 'image-size';
import { segmentsOf, videoDurationMs } from '../files/video';
import type { Actor } from '../auth/actor';

export type IntakeFile = {
  storageKey: string;
  contentType: string;
  type: string;
  numPages: number;
  /** The first page's shown size (PDFs: points; images: pixels); null when unknown. */
  pageSize: PageSize | null;
  /** Videos: the duration the container declares (null: unknown until the first play); num_pages is then its 10-second segments. */
  durationMs: number | null;
  fileSize: number;
  suggestedName: string | null;
  /** Marks the upload used, inside the caller's transaction (null for fetched files). */
  consume: ((tx: Tx) => Promise<void>) | null;
  /** Removes bytes stored by this intake when the caller's transaction fails. */
  discard: () => Promise<void>;
};

/** An image document's declared size, read from its header (never decoded here): at most MAX_IMAGE_PIXELS. */
function checkImagePixels(bytes: Buffer, field: string): PageSize {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw invalid(field, 'the image header cannot be read; the file may be corrupt');
  }
  const { width = 0, height = 0 } = size;
  if (!width || !height) throw invalid(field, 'the image header gives no size; the file may be corrupt');
  if (width * height > MAX_IMAGE_PIXELS) {
    throw invalid(field, `the image is ${width} × ${height} pixels; images over ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are refused (scale it down first)`);
  }
  // EXIF orientations 5-8 turn the picture a quarter.
  return (size as { orientation?: number }).orientation && (size as { orientation: number }).orientation >= 5 ? { width: height, height: width } : { width, height };
}

async function inspect(bytes: Buffer, declared: string, fileName: string | undefined, field: string) {
  try {
    const { contentType } = await detectUpload(bytes, declared, fileName);
    const pdf = contentType === 'application/pdf' ? await inspectPdf(bytes) : null;
    const type = documentTypeFor(contentType);
    const image = type === 'image' && isInlineImage(contentType) ? checkImagePixels(bytes, field) : null;
    const durationMs = type === 'video' ? videoDurationMs(bytes, contentType) : null;
    const numPages = pdf?.pages ?? (durationMs ? segmentsOf(durationMs) : 1);
    return { contentType, type, numPages, pageSize: pdf?.firstPage ?? image, durationMs };
  } catch (e) {
    if (e instanceof FileTypeError) throw invalid(field, e.message);
    throw e;
  }
}

/** `owner`: the team's, or (visitor uploads) the one visitor's who asked for the upload URL. */
export async function intakeUpload(owner: Pick<Actor, 'teamId'> & { visitorId?: string | null }, uploadId: string): Promise<IntakeFile> {
  const up = await db.upload.findFirst({ where: { id: uploadId, teamId: owner.teamId, visitorId: owner.visitorId ?? null } });
  if (!up) throw notFound('Upload');
  if (up.consumedAt) throw conflict('This upload_id has already been used; request a new upload URL.');
  // The URL takes bytes for 15 minutes; the upload_id can be turned into a document for an hour.
  const age = Date.now() - up.expiresAt.getTime();
  if (age > UPLOAD_ID_GRACE_MS) throw invalid('upload_id', 'has expired; request a new upload URL');
  let bytes: Buffer;
  try {
    bytes = await getBlobStore().read(up.storageKey, maxUploadBytes());
  } catch (e) {
    if (e instanceof BlobNotFoundError) throw invalid('upload_id', 'no file has been uploaded to its upload_url yet');
    if (e instanceof BlobTooLargeError) throw invalid('upload_id', `the uploaded file is larger than ${maxUploadBytes()} bytes`);
    throw e;
  }
  if (bytes.length === 0) throw invalid('upload_id', 'the uploaded file is empty');
  const info = await inspect(bytes, up.contentType, up.fileName ?? undefined, 'upload_id');
  return {
    storageKey: up.storageKey,
    ...info,
    fileSize: bytes.length,
    suggestedName: up.fileName,
    consume: async (tx) => {
      const n = await tx.upload.updateMany({ where: { id: up.id, consumedAt: null }, data: { consumedAt: new Date() } });
      if (n.count !== 1) throw conflict('This upload_id has already been used; request a new upload URL.');
    },
    discard: async () => {},
  };
}

export async function intakeSourceUrl(actor: Actor, sourceUrl: string): Promise<IntakeFile> {
  let fetched;
  try {
    fetched = await safeFetch(sourceUrl, { maxBytes: maxUploadBytes(), timeoutMs: 20_000 });
  } catch (e) {
    if (e instanceof SafeFetchError) throw invalid('source_url', e.message);
    throw e;
  }
  if (fetched.bytes.length === 0) throw invalid('source_url', 'the file at this URL is empty');
  const fileName = fileNameFromUrl(fetched.finalUrl);
  const info = await inspect(fetched.bytes, fetched.contentTypeHeader ?? '', fileName, 'source_url');
  const storageKey = `files/${actor.teamId}/${newId()}`;
  const store = getBlobStore();
  await store.put(storageKey, fetched.bytes, info.contentType);
  return {
    storageKey,
    ...info,
    fileSize: fetched.bytes.length,
    suggestedName: fileName ?? null,
    consume: null,
    discard: () => store.delete(storageKey).catch(() => {}),
  };
}

/**
 * The file name a URL suggests. A malformed escape (`/a%E0.pdf`) is kept as written instead of
 * throwing, and control characters (`%00`, `%0A`) are dropped: names never hold them, and
 * PostgreSQL refuses NUL.
 */
export function fileNameFromUrl(url: string): string | undefined {
  const raw = new URL(url).pathname.split('/').pop() || '';
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    name = raw;
  }
  return name.replace(/[\u0000-\u001f\u007f]/g, '').trim() || undefined;
}

export type LinkKind = 'link' | 'notion';

/** External documents: https only; Notion documents must live on Notion's hosts. */
export function checkExternalUrl(kind: LinkKind, raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw invalid('external_url', 'must be an absolute https URL');
  }
  if (u.protocol !== 'https:') throw invalid('external_url', 'must be an https URL');
  if (u.username || u.password) throw invalid('external_url', 'must not contain credentials');
  if (kind === 'notion' && !/(^|\.)notion\.(so|site)$/i.test(u.hostname)) {
    throw invalid('external_url', 'a notion document must be a notion.so or notion.site URL');
  }
  return u.toString();
}
