// A new PDF version's first pages are drawn for the viewer once the upload is answered, so the
// first visitor's first paint is a cached image (the first page also at the phones' width) (docs/benchmarks.md: a cold first page is
// 0.3-1.1 s, a cached one a blob read); a deleted document's page images go after the answer.
import { config } from '../config';
import { afterResponse } from '../lib/after-response';
import type { RenderableVersion } from './render';
import { pageSource } from './page-source';

/** `quiet`: each page waits until the server is not busy answering requests (a converted document's pages: nobody is waiting on them yet). */
export function prerenderAfterResponse(v: RenderableVersion & { previewKey?: string | null }, o: { quiet?: boolean } = {}): void {
  const pages = config.viewerPrerenderPages;
  const version = pageSource(v);
  if (!pages || !version || version.numPages < 1) return;
  // Loaded here, not at the top: the document services (and so /v1) need not load pdf.js and the canvas.
  afterResponse('pre-rendering pages', async () => {
    const { prerenderFirstPages } = await import('./render');
    await prerenderFirstPages(version, pages, { quiet: o.quiet });
    // Phones (about 390 CSS px at 2-3 device pixels) pick the 1440 image of the first page from
    // the viewer's srcset: drawn too, so the first page a visitor sees is never a cold render.
    await prerenderFirstPages(version, 1, { widths: [1440], quiet: o.quiet });
  });
}

export function deletePageImagesAfterResponse(versions: { id: string; numPages: number }[]): void {
  if (!versions.length) return;
  afterResponse('deleting page images', async () => {
    const { deletePageImages } = await import('./render');
    for (const v of versions) await deletePageImages(v);
  });
}
