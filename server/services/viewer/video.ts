// Video documents in the viewer (DESIGN.md "Every file type viewable"): the stored file streamed
// with HTTP range requests for the player. The route (server/viewer/http.ts) admits the session
// and takes the document from the link before every range, as for page images; this module only
// answers the bytes. Streaming is viewing, allowed without the download right; a top-level
// navigation to the stream (a "save as" of the URL) is refused when downloads are off.
import range from 'range-parser';
import { ApiError } from '../../errors';
import { getBlobStore } from '../../storage';
import type { ShownDocument } from './content';
import { isPlayableVideo } from '../../../lib/shared/video';


/** An open-ended range (`bytes=0-`) is answered with at most this much, so a seek is never behind a whole file. */
export const MAX_RANGE_BYTES = 4 * 1024 * 1024;

export type VideoAnswer = { status: 200 | 206 | 416; headers: Record<string, string>; body: ReadableStream<Uint8Array> | null };

/**
 * The answer to one request of the stream. `rangeHeader`: the request's Range (null: the whole
 * file, 200). A single satisfiable range: 206 with Content-Range; an unsatisfiable one: 416 with
 * `bytes *\/size`; several ranges or a malformed header are ignored (200, as RFC 9110 allows).
 */
export async function videoStream(d: ShownDocument, rangeHeader: string | null, fetchDest: string | null): Promise<VideoAnswer> {
  if (d.type !== 'video' || !isPlayableVideo(d)) throw new ApiError('not_found', 'This document is not a video.');
  if (fetchDest === 'document' && !d.canDownload) throw new ApiError('forbidden', 'Downloading is not allowed for this document; play it in the viewer.');
  const store = getBlobStore();
  const stat = await store.stat(d.storageKey!);
  if (!stat) throw new ApiError('not_found', 'This document has no file.');
  const size = stat.size;
  const base = { 'Content-Type': d.contentType, 'Accept-Ranges': 'bytes', 'Content-Disposition': 'inline' };
  const parsed = rangeHeader ? range(size, rangeHeader) : null;
  if (parsed === -1 || (parsed !== null && parsed !== -2 && size === 0)) {
    return { status: 416, headers: { ...base, 'Content-Range': `bytes */${size}`, 'Content-Length': '0' }, body: null };
  }
  if (parsed === null || parsed === -2 || parsed.type !== 'bytes' || parsed.length !== 1) {
    return { status: 200, headers: { ...base, 'Content-Length': String(size) }, body: await store.readStream(d.storageKey!) };
  }
  const { start } = parsed[0]!;
  const open = /^\s*bytes\s*=\s*\d+\s*-\s*$/i.test(rangeHeader!);
  const end = open ? Math.min(parsed[0]!.end, start + MAX_RANGE_BYTES - 1) : parsed[0]!.end;
  return {
    status: 206,
    headers: { ...base, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) },
    body: await store.readStream(d.storageKey!, { start, end }),
  };
}
