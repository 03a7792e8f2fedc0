// Pieces the viewer's pages share: metadata (the link preview card), the shell around a page
// (server/viewer/page-view.tsx), and the watermark a visit sees.
import type { Metadata } from 'next';
import type { OverlayWatermark } from '@/components/viewer/watermark-overlay';
import type { ViewerActor } from '@/server/auth/actor';
import { watermarkValues } from '@/server/services/visitor/files';
import type { ViewerLink } from '@/server/services/visitor/links';
import { watermarkText } from '@/server/media/watermark';
import { resolveWatermark } from '@/lib/shared/watermark';
import { linkCard, loadViewerPage } from '@/server/viewer/page';

export async function viewerMetadata(slug: string): Promise<Metadata> {
  const page = await loadViewerPage(slug);
  if (page.ctx.state.state === 'not_found') return { title: { absolute: 'Quire' } };
  const card = await linkCard(page);
  const images = card.image ? [card.image] : undefined;
  return {
    title: { absolute: card.title },
    description: card.description ?? undefined,
    openGraph: { title: card.title, description: card.description ?? undefined, images, type: 'website', siteName: card.siteName ?? undefined },
    twitter: { card: images ? 'summary_large_image' : 'summary', title: card.title, description: card.description ?? undefined, images },
    icons: card.favicon ? { icon: card.favicon } : undefined,
  };
}

/** The link's watermark with this visit's values, for the overlay; null without one. */
export function overlayFor(link: ViewerLink, actor: ViewerActor, address: string): OverlayWatermark | null {
  if (!link.watermarkConfig) return null;
  const wm = resolveWatermark(link.watermarkConfig);
  return { ...wm, text: watermarkText(wm, watermarkValues(link, actor, address)) };
}

export { firstOf, Shell } from '@/server/viewer/page-view';
