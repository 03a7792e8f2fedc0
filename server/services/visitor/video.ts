// Video documents in the viewer (DESIGN.md "Every file type viewable"): the stored file streamed
// with HTTP range requests for the player (server/storage/ranges.ts). The route
// (server/viewer/http.ts) admits the session and takes the document from the link before every
// range, as for page images; this module only answers the bytes. Streaming is viewing, allowed
// without the download right; a top-level navigation to the stream (a "save as" of the URL) is
// refused when downloads are off.
import { ApiError } from '../../errors';
import { rangedBlob, type RangedAnswer } from '../../storage/ranges';
import type { ShownDocument } from './content';
import { isPlayableVideo } from '../../../lib/shared/video';
import { INLINE } from '../../lib/content-disposition';

export type VideoAnswer = RangedAnswer;

/** The answer to one request of the stream. `rangeHeader`: the request's Range (null: the whole file, 200). */
export async function videoStream(d: ShownDocument, rangeHeader: string | null, fetchDest: string | null): Promise<VideoAnswer> {
  if (d.type !== 'video' || !isPlayableVideo(d)) throw new ApiError('not_found', 'This document is not a video.');
  if (fetchDest === 'document' && !d.canDownload) throw new ApiError('forbidden', 'Downloading is not allowed for this document; play it in the viewer.');
  const answer = await rangedBlob(d.storageKey!, d.contentType, rangeHeader);
  return { ...answer, headers: { ...answer.headers, 'Content-Disposition': INLINE } };
}
