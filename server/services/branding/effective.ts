// What a visitor sees: the one computation of it, for a room, a link or a bare document, used
// by room branding's `effective`, the dashboard's previews and the viewer pages. Exactly one
// source shows (spec 3.1): a link's pinned brand; else, for a room, the room's mode (custom
// settings, the pinned brand, or the team default); else the team's default brand; else the
// service's own defaults. Fields the team's current plan does not include show their defaults.
import { planName } from '../../auth/actor';
import type { Tx } from '../../db/client';
import { db } from '../../db/client';
import { fieldAllowed, DEFAULT_SETTINGS } from '../../../lib/shared/branding-fields';
import { visitorLook } from '../../../lib/shared/visitor-look';
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
  /** The team's plan when the caller has read it already (a viewer request reads it with the link). */
  plan?: string;
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
  const { logo, banner, link_preview_image, link_preview_favicon, ...s } = masked(settings ?? DEFAULT_SETTINGS, plan);
  const look = visitorLook(
    {
      ...s,
      logo_url: logo?.url ?? null,
      banner_url: banner?.url ?? null,
      link_preview_image_url: link_preview_image?.url ?? null,
      link_preview_favicon_url: link_preview_favicon?.url ?? null,
    },
    serviceImages,
  );
  return { source, source_brand_id: brandId, ...look };
}
export type EffectiveBranding = ReturnType<typeof toEffective>;

/** The team's default brand, or null (a team without brands shows the service's look). */
export const teamDefaultBrand = (q: Tx, teamId: string) => q.brand.findFirst({ where: { teamId, isDefault: true } });

/** The branding a visitor of `target` sees now. */
export async function visitorBranding(target: Target, q: Tx = db): Promise<EffectiveBranding> {
  const plan = planName(target.plan ?? (await q.team.findUnique({ where: { id: target.teamId }, select: { plan: true } }))?.plan ?? 'free');
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
