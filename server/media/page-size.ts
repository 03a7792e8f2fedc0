// The first page's shape for versions stored before it was recorded at upload (issue 26): the
// first time the viewer serves such a version's first page (drawn now or read from the render
// cache), the image's own size is written to the version, so every later visit gets a
// placeholder of the right shape. The image is the page drawn to scale, so its pixel size has
// the page's ratio (upload-time sizes are points; the viewer reads only the ratio).
import { db } from '../db/client';

/** Stores `size` as the version's first page size unless it has one: one UPDATE ... WHERE page_width IS NULL. */
export async function backfillFirstPageSize(versionId: string, size: { width: number; height: number }): Promise<boolean> {
  if (!(size.width >= 1 && size.height >= 1)) return false;
  const r = await db.documentVersion.updateMany({
    where: { id: versionId, pageWidth: null },
    data: { pageWidth: Math.round(size.width), pageHeight: Math.round(size.height) },
  });
  return r.count > 0;
}
