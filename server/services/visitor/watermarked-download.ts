// Downloads from a link with a watermark (DESIGN.md "Deal-room safety rules"): every download is
// watermarked. A PDF as itself; an Office file (or anything with a converted preview) as its
// converted PDF; an image as a one-page PDF; each named `<name>.pdf`. A file that cannot carry a
// watermark (a video, an archive, a file without a preview) is not downloadable on such a link:
// `watermarkRefusal` says why, in the viewer and in the download's refusal.
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { ApiError } from '../../errors';
import { MAX_IMAGE_PIXELS } from '../limits';
import { WATERMARK_REFERENCE_SIDE } from '../../../lib/shared/watermark';

type Carrier = { type: string; contentType: string; storageKey: string | null; previewKey: string | null; previewStatus?: string };

/** Images sharp decodes (their first frame becomes the page). */
const STAMPABLE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/tiff', 'image/webp']);

/** How a file carries the watermark in a download, or null when it cannot. */
export function watermarkCarrier(d: Carrier): 'pdf' | 'preview' | 'image' | null {
  if (!d.storageKey) return null;
  if (d.contentType === 'application/pdf') return 'pdf';
  if (d.previewKey) return 'preview';
  if (d.type === 'image' && STAMPABLE_IMAGES.has(d.contentType)) return 'image';
  return null;
}

/** Why this file cannot be downloaded from a watermarked link (null: it can, as a watermarked PDF). */
export function watermarkRefusal(d: Carrier): string | null {
  if (watermarkCarrier(d)) return null;
  if (d.type === 'video') return 'This link adds a watermark to every download, and a video cannot carry one, so it cannot be downloaded here; play it in the viewer.';
  if (d.previewStatus === 'processing') return 'This link adds a watermark to every download: this file can be downloaded as a watermarked PDF once its preview is ready.';
  return 'This link adds a watermark to every download, and this file cannot carry one, so it cannot be downloaded here.';
}

/** `Deck.pptx` → `Deck.pdf`; a name without an extension gets `.pdf`. */
export function pdfName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 && name.length - dot <= 6 ? name.slice(0, dot) : name;
  return `${base}.pdf`;
}

/**
 * An image as a one-page PDF: upright (EXIF orientation applied), flattened on white, as a JPEG
 * (pdf-lib embeds JPEG without decoding it), on a page whose longer side is a Letter page's
 * (792 pt), so the watermark's font_size means what it means on a page.
 */
export async function imageAsPdf(bytes: Uint8Array): Promise<Uint8Array> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new ApiError('unprocessable_entity', 'This image could not be read, so a watermarked copy cannot be made for download.');
    });
  const k = WATERMARK_REFERENCE_SIDE / Math.max(info.width, info.height);
  const [w, h] = [info.width * k, info.height * k];
  const doc = await PDFDocument.create();
  const image = await doc.embedJpg(data);
  doc.addPage([w, h]).drawImage(image, { x: 0, y: 0, width: w, height: h });
  return doc.save();
}
