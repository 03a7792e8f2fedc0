// What a viewer page needs, loaded once per request (React's cache: the layout, the metadata
// and the page share it): the context from the link and its cookie, and the rest from
// page-data.ts (which the node:http fast path uses without Next).
import { headers } from 'next/headers';
import { cache } from 'react';
import { createViewerContext, viewerRequest } from './context';
import { viewerPageOf } from './page-data';

export { linkCard, targetName, type ViewerPage } from './page-data';

export const loadViewerPage = cache(async (slug: string) => {
  const h = await headers();
  return viewerPageOf(await createViewerContext(viewerRequest(slug, h, `http://${h.get('host') ?? 'localhost'}/view/${encodeURIComponent(slug)}`)));
});
