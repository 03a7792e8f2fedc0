// What a viewer page shows besides the context: the link's branding from the one branding
// function, the viewer's words in the brand's language, the shared thing's name and the preview
// card. No Next here: both Next's pages and the node:http fast path use it.
import { cache } from 'react';
import { viewerWords } from '../../lib/shared/viewer-words';
import { config } from '../config';
import { db } from '../db/client';
import { visitorBranding, type EffectiveBranding } from '../services/branding/effective';
import { imageUrl, serviceImages } from '../services/branding/images';
import type { ViewerContext } from './context';
import { viewerAgreement, type ViewerAgreement } from '../services/visitor/agreement';
import { pendingGate } from '../services/visitor/gates';

export type ViewerPage = {
  ctx: ViewerContext;
  branding: EffectiveBranding | null;
  words: ReturnType<typeof viewerWords>;
  /** The link's agreement when the agreement step is the one to show. */
  agreement?: ViewerAgreement | null;
};

export async function viewerPageOf(ctx: ViewerContext): Promise<ViewerPage> {
  if (ctx.state.state === 'not_found') return { ctx, branding: null, words: viewerWords('en') };
  const link = ctx.state.link;
  const asksAgreement = ctx.state.state === 'live' && !ctx.actor && pendingGate(link, ctx.state.session) === 'agreement';
  const [branding, agreement] = await Promise.all([
    visitorBranding({ teamId: link.teamId, dataroomId: link.dataroomId, linkBrandId: link.brandId, plan: link.teamPlan }),
    asksAgreement ? viewerAgreement(link) : null,
  ]);
  const words = viewerWords(branding.default_language);
  if (!ctx.onCustomDomain) return { ctx, branding: onOrigin(branding, ctx.origin), words, agreement };
  return { ctx, branding: onOrigin(withoutServiceMarks(branding), ctx.origin), words: whiteLabel(words), agreement };
}

/** On a team's own domain the viewer names no one but the team: no "Shared securely with Quire". */
const whiteLabel = (w: ReturnType<typeof viewerWords>): ReturnType<typeof viewerWords> => ({ ...w, t: { ...w.t, poweredBy: '' } });

/** Nor shows Quire's mark: a brand without a logo or favicon of its own shows none there. */
function withoutServiceMarks(b: EffectiveBranding): EffectiveBranding {
  const service = serviceImages(b.brand_color);
  return {
    ...b,
    logo_url: b.logo_url === service.logo ? null : b.logo_url,
    link_preview_favicon_url: b.link_preview_favicon_url === service.favicon ? null : b.link_preview_favicon_url,
  };
}

const URL_FIELDS = ['logo_url', 'banner_url', 'link_preview_image_url', 'link_preview_favicon_url'] as const;

/**
 * The service's absolute URLs (images, the default banner) on the host the visitor uses: a link
 * opened on a custom domain shows its brand from that domain (the page's policy allows images
 * from its own origin only, and no URL of the app host leaks into a white-labelled page).
 */
export function rehome<T extends string | null>(url: T, origin: string): T {
  const app = config.appUrl;
  return (url && origin !== app && url.startsWith(`${app}/`) ? `${origin}${url.slice(app.length)}` : url) as T;
}

function onOrigin(b: EffectiveBranding, origin: string): EffectiveBranding {
  const out = { ...b };
  for (const k of URL_FIELDS) (out as unknown as Record<string, string | null>)[k] = rehome(out[k], origin);
  return out;
}

/** The name of what the link shares (the document's or the room's). */
export const targetName = cache(async (link: { documentId: string | null; dataroomId: string | null; primary?: { name: string } | null; roomName?: string | null }): Promise<string | null> => {
  // The link's own read carries both names; a link given without them is looked up.
  if (link.primary) return link.primary.name;
  if (link.roomName) return link.roomName;
  if (link.documentId) return (await db.document.findUnique({ where: { id: link.documentId }, select: { name: true } }))?.name ?? null;
  if (link.dataroomId) return (await db.dataroom.findUnique({ where: { id: link.dataroomId }, select: { name: true } }))?.name ?? null;
  return null;
});

/** The preview card of a link pasted into a chat: the link's own card when it has one, else the brand's, else the shared thing's name. */
export async function linkCard(
  page: ViewerPage,
): Promise<{ title: string; description: string | null; image: string | null; favicon: string | null; siteName: string | null }> {
  const { ctx, branding } = page;
  if (ctx.state.state === 'not_found' || !branding) return { title: 'Quire', description: null, image: null, favicon: null, siteName: 'Quire' };
  const link = ctx.state.link;
  const [target, metaImage] = await Promise.all([
    targetName(link),
    link.enableCustomMeta && link.metaImage ? db.imageAsset.findUnique({ where: { id: link.metaImage } }) : null,
  ]);
  const name = target ?? 'Quire';
  const custom = link.enableCustomMeta;
  return {
    title: (custom && link.metaTitle) || branding.link_preview_title || name,
    description: (custom && link.metaDescription) || branding.link_preview_description || null,
    image: (metaImage ? rehome(imageUrl(metaImage), ctx.origin) : null) ?? branding.link_preview_image_url,
    favicon: branding.link_preview_favicon_url,
    // On the team's own domain the card names no service (white label).
    siteName: ctx.onCustomDomain ? null : 'Quire',
  };
}
