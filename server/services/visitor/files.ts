// The bytes a visitor may take away: a document's file when its link (or the group's row)
// allows download, as a watermarked PDF when the link has a watermark; an image document's bytes to
// show inline; and a room's downloadable documents as one zip when the room allows it. Every
// download is recorded on the visit's view.
import type { ViewerActor } from '../../auth/actor';
import { ApiError } from '../../errors';
import { uniqueEntryNames, zip, ZIP_MAX_BYTES } from '../../lib/zip';
import sharp from 'sharp';
import { getBlobStore } from '../../storage';
import { BlobNotFoundError } from '../../storage';
import type { ShownDocument, RoomTree } from './content';
import type { ViewerLink } from './links';
import { recordDownload, touchView } from './views';
import { watermarkPdfOffThread } from '../../media/render-pool';
import { watermarkDateTime } from '../../media/watermark';
import { imageAsPdf, pdfName, watermarkCarrier, watermarkRefusal } from './watermarked-download';
import { imageFormat, pageImageKey, THUMBNAIL_WIDTH } from '../../media/render';
import { MAX_IMAGE_PIXELS } from '../limits';
import type { WatermarkValues } from '../../../lib/shared/watermark';
import { isInlineImage } from '../../../lib/shared/content-types';

/** The values of the watermark's placeholders for this visit. */
export function watermarkValues(link: ViewerLink, actor: Pick<ViewerActor, 'email'>, address: string, now = new Date()): WatermarkValues {
  return { email: actor.email ?? '', ip_address: address, link_name: link.name ?? '', ...watermarkDateTime(now) };
}

async function fileBytes(d: ShownDocument): Promise<Buffer> {
  if (!d.storageKey) throw new ApiError('not_found', 'This document has no file.');
  return getBlobStore().read(d.storageKey);
}

export type Download = { bytes: Uint8Array; contentType: string; fileName: string };

/**
 * The file as downloaded. On a link with a watermark every download is a watermarked PDF
 * (server/services/visitor/watermarked-download.ts): a PDF itself, an Office file's converted PDF,
 * an image as a one-page PDF; anything else is refused.
 */
async function downloadFile(link: ViewerLink, actor: ViewerActor, d: ShownDocument, address: string): Promise<Download> {
  if (!link.watermarkConfig) return { bytes: await fileBytes(d), contentType: d.contentType, fileName: d.name };
  const carrier = watermarkCarrier(d);
  if (!carrier) throw new ApiError('forbidden', watermarkRefusal(d)!);
  const pdf =
    carrier === 'pdf' ? await fileBytes(d) : carrier === 'preview' ? await getBlobStore().read(d.previewKey!) : await imageAsPdf(await fileBytes(d));
  // On a render thread, counted against the visitor like a page image.
  const bytes = await watermarkPdfOffThread(pdf, { config: link.watermarkConfig, values: watermarkValues(link, actor, address) }, { session: actor.sessionId, address });
  return { bytes, contentType: 'application/pdf', fileName: carrier === 'pdf' ? d.name : pdfName(d.name) };
}

/** One document, when downloads of it are allowed; the download is recorded on the visit. */
export async function downloadDocument(link: ViewerLink, actor: ViewerActor, d: ShownDocument, ctx: { address: string; userAgent: string | null }): Promise<Download> {
  if (!d.canDownload) throw new ApiError('forbidden', d.downloadRefusal ?? 'Downloading is not allowed for this document.');
  const file = await downloadFile(link, actor, d, ctx.address);
  const target = link.dataroomId
    ? { kind: 'room_document' as const, dataroomId: link.dataroomId, documentId: d.documentId, versionId: d.versionId }
    : { kind: 'document' as const, documentId: d.documentId, versionId: d.versionId };
  const { viewId } = await touchView(actor, link, target, ctx.userAgent);
  await recordDownload(actor, viewId, 'SINGLE');
  return file;
}

/**
 * An image document's bytes, to show inline (any visible image; it is what the visitor sees).
 * `thumbnail`: the room tile's picture instead, at most THUMBNAIL_WIDTH wide, made once
 * (sharp decodes on libuv's threads, not the request thread) and kept with the version's page
 * images, so a room of photographs does not send every original to draw its tiles.
 */
export async function inlineImage(d: ShownDocument, thumbnail = false): Promise<{ bytes: Buffer; contentType: string }> {
  if (d.type !== 'image' || !isInlineImage(d.contentType)) throw new ApiError('not_found', 'Not an image.');
  if (!thumbnail) return { bytes: await fileBytes(d), contentType: d.contentType };
  // In the page images' format and place, so deleting the version's renders deletes it too.
  const fmt = await imageFormat();
  const store = getBlobStore();
  const key = pageImageKey(d.versionId, THUMBNAIL_WIDTH, 1, fmt.ext);
  const cached = await store.read(key).catch((e) => {
    if (e instanceof BlobNotFoundError) return null;
    throw e;
  });
  if (cached) return { bytes: cached, contentType: fmt.contentType };
  const bytes = await sharp(await fileBytes(d), { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .toFormat(fmt.kind, { quality: 80 })
    .toBuffer();
  await store.put(key, bytes, fmt.contentType);
  return { bytes, contentType: fmt.contentType };
}

export const MAX_ZIP_DOCUMENTS = 500;

/** Every downloadable document of the visible tree, by folder path, in one zip (rooms that allow it). */
export async function downloadRoomZip(link: ViewerLink, actor: ViewerActor, tree: RoomTree, ctx: { address: string; userAgent: string | null }): Promise<Download> {
  if (!tree.room.allowBulkDownload) throw new ApiError('forbidden', 'This room does not allow downloading everything at once.');
  const docs = tree.documents.filter((d) => d.canDownload).slice(0, MAX_ZIP_DOCUMENTS);
  if (!docs.length) throw new ApiError('forbidden', 'Nothing in this room may be downloaded.');
  const paths = new Map(tree.folders.map((f) => [f.id, f]));
  const folderPath = (id: string | null): string => {
    const names: string[] = [];
    for (let f = id ? paths.get(id) : undefined; f; f = f.parentId ? paths.get(f.parentId) : undefined) names.unshift(f.name);
    return names.join('/');
  };
  const unique = uniqueEntryNames();
  const entries = [];
  let total = 0;
  for (const d of docs) {
    // File by file as single downloads are: watermarked PDFs on a watermarked link (canDownload
    // already leaves out what cannot carry the watermark).
    const { bytes, fileName } = await downloadFile(link, actor, d, ctx.address);
    total += bytes.byteLength;
    if (total > ZIP_MAX_BYTES / 2) throw new ApiError('payload_too_large', 'This room is too large to download as one zip; download the documents one by one.');
    entries.push({ name: unique(`${folderPath(d.folderId)}/${fileName}`), bytes });
  }
  const { viewId } = await touchView(actor, link, { kind: 'room', dataroomId: tree.room.id }, ctx.userAgent);
  await recordDownload(actor, viewId, 'BULK');
  return { bytes: zip(entries), contentType: 'application/zip', fileName: `${tree.room.name}.zip` };
}
