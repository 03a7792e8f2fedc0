// What a visitor sees: the one computation of it, for a room, a link or a bare document, used
// by room branding's `effective`, the dashboard's previews and the viewer pages. Exactly one
// source shows (spec 3.1): a link's pinned brand; else, for a room, the room's mode (custom
// settings, the pinned brand, or the team default); else the team's default brand; else the
// service's own defaults. Fields the team's current plan does not include show their defaults.
import { planName } from '../../auth/actor';
import type { Tx } from '../../db/client';
import { db } from '../../db/client';
import { fieldAllowed, SERVICE_COLOR, DEFAULT_SETTINGS } from '../../../lib/shared/branding-fields';
import { serviceImages } from './images';
import { loadImages, toSettings, type Settings, type SettingsRow } from './settings';
import type { PlanName } from '../../../lib/shared/plans';

export type BrandingSource = 'link_brand' | 'custom' | 'team_brand' | 'team_default' | 'service_default';

type Target = {
  teamId: string;
  /** The room shown (a room link, or the room itself). */
  dataroomId?: string | null;
  /** A link's pinned brand. */
  linkBrandId?: string | null;
};


/** Settings as the plan shows them: a field the plan lacks shows its default. */
function masked(s: Settings, plan: PlanName): Settings {
  const out = { ...s } as Record<string, unknown>;
  for (const key of Object.keys(out)) {
    const gate = key === 'banner_hidden' ? 'banner' : key;
    if (!fieldAllowed(gate, plan)) out[key] = (DEFAULT_SETTINGS as Record<string, unknown>)[key];
  }
  return out as Settings;
}

export function toEffective(settings: Settings | null, plan: PlanName, source: BrandingSource, brandId: string | null) {
  const s = masked(settings ?? DEFAULT_SETTINGS, plan);
  const color = s.brand_color ?? SERVICE_COLOR;
  const service = serviceImages(color);
  const preview = s.custom_link_preview_enabled;
  return {
    source,
    source_brand_id: brandId,
    brand_color: color,
    logo_url: s.hide_logo ? null : (s.logo?.url ?? service.logo),
    hide_logo: s.hide_logo,
    banner_url: s.banner_hidden ? null : (s.banner?.url ?? service.banner),
    banner_hidden: s.banner_hidden,
    welcome_message: s.welcome_message,
    cta_label: s.cta_label,
    cta_url: s.cta_url,
    custom_link_preview_enabled: preview,
    // The card shows custom texts and image only when the custom preview is on.
    link_preview_title: preview ? s.link_preview_title : null,
    link_preview_description: preview ? s.link_preview_description : null,
    link_preview_image_url: preview ? (s.link_preview_image?.url ?? null) : null,
    link_preview_favicon_url: s.link_preview_favicon?.url ?? service.favicon,
    card_layout: s.card_layout,
    show_folder_tree: s.show_folder_tree,
    viewer_layout_preset: s.viewer_layout_preset,
    viewer_header_style: s.viewer_header_style,
    hide_folder_icons_in_main: s.hide_folder_icons_in_main,
    default_language: s.default_language,
  };
}
export type EffectiveBranding = ReturnType<typeof toEffective>;

/** The team's default brand, or null (a team without brands shows the service's look). */
export const teamDefaultBrand = (q: Tx, teamId: string) => q.brand.findFirst({ where: { teamId, isDefault: true } });

/** The branding a visitor of `target` sees now. */
export async function visitorBranding(target: Target, q: Tx = db): Promise<EffectiveBranding> {
  const team = await q.team.findUnique({ where: { id: target.teamId }, select: { plan: true } });
  const plan = planName(team?.plan ?? 'free');
  const show = async (row: SettingsRow | null, source: BrandingSource, brandId: string | null) =>
    toEffective(row ? toSettings(row, await loadImages(q, [row])) : null, plan, source, brandId);

  if (target.linkBrandId) {
    const brand = await q.brand.findFirst({ where: { id: target.linkBrandId, teamId: target.teamId } });
    if (brand) return show(brand, 'link_brand', brand.id);
  }
  if (target.dataroomId) {
    const room = await q.dataroom.findFirst({
      where: { id: target.dataroomId, teamId: target.teamId },
      select: { brandingMode: true, brandId: true, customBranding: true },
    });
    if (room?.brandingMode === 'custom' && room.customBranding) return show(room.customBranding, 'custom', null);
    if (room?.brandingMode === 'team_brand' && room.brandId) {
      const brand = await q.brand.findFirst({ where: { id: room.brandId, teamId: target.teamId } });
      if (brand) return show(brand, 'team_brand', brand.id);
    }
  }
  const fallback = await teamDefaultBrand(q, target.teamId);
  return fallback ? show(fallback, 'team_default', fallback.id) : show(null, 'service_default', null);
}
