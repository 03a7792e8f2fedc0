// Which preview a new version starts with (DESIGN.md "Every file type viewable"), decided here
// alone: PDFs, images, links and playable videos (mp4, webm, mov: server/services/visitor/video.ts
// streams them as stored) are shown as they are; Office files wait for the converter
// (`processing`), or have none on this instance (`unavailable`); other files are downloads only.
import { isInlineImage } from '../../../lib/shared/content-types';
import { isPlayableVideo } from '../../../lib/shared/video';
import { availableConverter, isConvertible } from './converter';
import { REASONS } from './errors';

import type { PreviewStatus } from '../../../lib/shared/preview-status';

export type { PreviewStatus };

export const NOT_PREVIEWED = 'Quire does not preview this type of file. It can be downloaded.';

export function initialPreview(v: { type: string; contentType: string; storageKey: string | null }): { previewStatus: PreviewStatus; previewError: string | null } {
  if (!v.storageKey || v.contentType === 'application/pdf' || (v.type === 'image' && isInlineImage(v.contentType)) || isPlayableVideo(v)) {
    return { previewStatus: 'ready', previewError: null };
  }
  if (isConvertible(v.contentType)) {
    return availableConverter() ? { previewStatus: 'processing', previewError: null } : { previewStatus: 'unavailable', previewError: REASONS.noConverter };
  }
  return { previewStatus: 'unavailable', previewError: NOT_PREVIEWED };
}
