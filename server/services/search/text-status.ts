// Whether a version has words to read (DESIGN.md "Search inside documents"): a PDF's text layer,
// a converted Office file's PDF (once converted), an image read by OCR. Decided here alone.
import { isInlineImage } from '../../../lib/shared/content-types';

export const TEXT_STATUSES = ['ready', 'processing', 'none', 'failed', 'unavailable'] as const;
export type TextStatus = (typeof TEXT_STATUSES)[number];

type VersionFile = { type: string; contentType: string; storageKey: string | null; previewStatus: string };

/** The text_status a new version starts with. */
export function initialTextStatus(v: VersionFile): TextStatus {
  if (!v.storageKey) return 'unavailable';
  if (v.contentType === 'application/pdf' || (v.type === 'image' && isInlineImage(v.contentType))) return 'processing';
  // An Office file's words are read from its PDF once converted.
  return v.previewStatus === 'processing' ? 'processing' : 'unavailable';
}

/** The file whose words are read: the PDF itself or an Office file's converted PDF; an image; or nothing yet. */
export function textSource(v: VersionFile & { previewKey: string | null }): { kind: 'pdf' | 'image'; key: string } | null {
  if (!v.storageKey) return null;
  if (v.contentType === 'application/pdf') return { kind: 'pdf', key: v.storageKey };
  if (v.previewKey && v.previewStatus === 'ready') return { kind: 'pdf', key: v.previewKey };
  if (v.type === 'image' && isInlineImage(v.contentType)) return { kind: 'image', key: v.storageKey };
  return null;
}
