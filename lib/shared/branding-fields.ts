// The brand fields: allowed values, defaults, image slot rules and the plan that unlocks each
// field (spec 2.9, 4.3; DESIGN.md "Brands and branding"). Shared by brands, room branding,
// what a visitor sees, and the dashboard's editor (which imports only these constants).
import type { PlanName } from './plans';

export const CARD_LAYOUTS = ['grid', 'list'] as const;
export const LAYOUT_PRESETS = ['standard', 'compact', 'sidebar'] as const;
export const HEADER_STYLES = ['solid', 'light', 'minimal'] as const;
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'ja'] as const;
export const IMAGE_SLOTS = ['logo', 'banner', 'link_preview_image', 'link_preview_favicon'] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];
export type ImageType = 'image/png' | 'image/jpeg' | 'image/x-icon';

export const TEXT_LIMITS = { welcome_message: 1000, cta_label: 60, link_preview_title: 120, link_preview_description: 300 };

export const MB = 1024 * 1024;
export const SLOT_RULES: Record<ImageSlot, { types: readonly ImageType[]; maxBytes: number; label: string }> = {
  logo: { types: ['image/png', 'image/jpeg'], maxBytes: 2 * MB, label: 'PNG or JPEG, at most 2 MB' },
  banner: { types: ['image/png', 'image/jpeg'], maxBytes: 4 * MB, label: 'PNG or JPEG, at most 4 MB' },
  link_preview_image: { types: ['image/png', 'image/jpeg'], maxBytes: 4 * MB, label: 'PNG or JPEG, at most 4 MB (1200×630 recommended)' },
  link_preview_favicon: { types: ['image/png', 'image/x-icon'], maxBytes: 1 * MB, label: 'PNG or ICO, at most 1 MB' },
};

/** The colour the service shows when a brand sets none. */
export const SERVICE_COLOR = '#1f2937';

/** Every non-image setting with its default (what "reset" means, never gated). */
export const SETTING_DEFAULTS = {
  brand_color: null as string | null,
  hide_logo: false,
  welcome_message: null as string | null,
  cta_label: null as string | null,
  cta_url: null as string | null,
  custom_link_preview_enabled: false,
  link_preview_title: null as string | null,
  link_preview_description: null as string | null,
  card_layout: 'grid' as (typeof CARD_LAYOUTS)[number],
  show_folder_tree: true,
  viewer_layout_preset: 'standard' as (typeof LAYOUT_PRESETS)[number],
  viewer_header_style: 'solid' as (typeof HEADER_STYLES)[number],
  hide_folder_icons_in_main: false,
  default_language: 'en' as (typeof LANGUAGES)[number],
};

const BRAND_PLANS: readonly PlanName[] = ['pro', 'business', 'datarooms', 'datarooms-plus'];
const BUSINESS_PLANS: readonly PlanName[] = ['business', 'datarooms', 'datarooms-plus'];
const ROOM_PLANS: readonly PlanName[] = ['datarooms', 'datarooms-plus'];
const PLUS_PLANS: readonly PlanName[] = ['datarooms-plus'];

export type Feature = { feature: string; plans: readonly PlanName[] };
const STYLING: Feature = { feature: 'branding', plans: BRAND_PLANS };
const VIEWER: Feature = { feature: 'viewer_customization', plans: BUSINESS_PLANS };
const LAYOUT: Feature = { feature: 'dataroom_layout', plans: ROOM_PLANS };
const LANGUAGE: Feature = { feature: 'viewer_language', plans: PLUS_PLANS };

/** The feature (and plans) each request field belongs to (spec 4.3, plan gating). */
export const FIELD_FEATURES: Record<string, Feature> = {
  brand_color: STYLING,
  logo: STYLING,
  banner: STYLING,
  hide_logo: STYLING,
  welcome_message: VIEWER,
  cta_label: VIEWER,
  cta_url: VIEWER,
  custom_link_preview_enabled: VIEWER,
  link_preview_title: VIEWER,
  link_preview_description: VIEWER,
  link_preview_image: VIEWER,
  link_preview_favicon: VIEWER,
  card_layout: LAYOUT,
  show_folder_tree: LAYOUT,
  viewer_layout_preset: LAYOUT,
  viewer_header_style: LAYOUT,
  hide_folder_icons_in_main: LAYOUT,
  default_language: LANGUAGE,
};

/** Brands a team may have on each plan (DESIGN.md plans). */
export const BRAND_CAPS: Record<PlanName, number> = { free: 0, pro: 1, business: 3, datarooms: 10, 'datarooms-plus': 50 };

export const fieldAllowed = (field: string, plan: PlanName) => FIELD_FEATURES[field]?.plans.includes(plan) ?? true;

/**
 * Whether a request value sets the field away from its default: a reset (null for texts and
 * images, the default for the rest; a banner's null restores the service banner) never is.
 */
export function changesFromDefault(field: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (field in SETTING_DEFAULTS) return value !== SETTING_DEFAULTS[field as keyof typeof SETTING_DEFAULTS];
  return value !== null; // images: an object sets one (or hides the banner), null resets
}

/** Every setting at its default, images empty: what a team without a brand shows. */
export const DEFAULT_SETTINGS = {
  ...SETTING_DEFAULTS,
  logo: null,
  banner: null,
  banner_hidden: false,
  link_preview_image: null,
  link_preview_favicon: null,
};
