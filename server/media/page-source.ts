// The PDF a document's pages are drawn from: a PDF version's own file, or an Office version's
// converted PDF once its preview is ready (issue 22). The original file stays the download.
import type { Pageable } from '../../lib/shared/preview-status';
import type { RenderableVersion } from './render';

export function pageSource(d: Pageable & { versionId?: string; id?: string }): RenderableVersion | null {
  const id = d.versionId ?? d.id!;
  if (d.previewKey) return { id, storageKey: d.previewKey, contentType: 'application/pdf', numPages: d.numPages };
  if (d.contentType === 'application/pdf' && d.storageKey) return { id, storageKey: d.storageKey, contentType: d.contentType, numPages: d.numPages };
  return null;
}
