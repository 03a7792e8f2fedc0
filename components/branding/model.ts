// The brand editor's model: the settings a brand and a room's custom branding share, the form
// that edits them, what a save sends (only the changed fields; new files go up afterwards), and
// the preview of unsaved settings. The server decides what visitors see once saved
// (`effective`); the preview mirrors it for the form's current values.
import type { inferRouterInputs } from '@trpc/server';
import { visitorLook } from '@/lib/shared/visitor-look';
import { defaultBannerPath } from '@/lib/shared/default-banner';
import type { RouterOutputs } from '@/lib/trpc/types';
import type { AppRouter } from '@/server/routers';
import { PLAN_LABELS } from '@/lib/format';
import {
  IMAGE_SLOTS,
  DEFAULT_SETTINGS as SHARED_DEFAULTS,
  SLOT_RULES,
  type ImageSlot,
} from '@/lib/shared/branding-fields';

export type Brand = RouterOutputs['brands']['get'];
export type BrandUsage = RouterOutputs['brands']['usage'];
export type RoomBranding = RouterOutputs['datarooms']['branding']['get'];
export type Effective = RoomBranding['effective'];
export type Settings = NonNullable<RoomBranding['custom']>;
export type SavedImage = NonNullable<Settings['logo']>;
export type Locked = BrandUsage['locked_fields'];
export type BrandPatch = Omit<inferRouterInputs<AppRouter>['brands']['update'], 'id'>;
export type { ImageSlot };
export { IMAGE_SLOTS, SLOT_RULES };

/** The service's own images (public/brand), shown when a brand leaves a slot empty. */
export const SERVICE_IMAGES = { logo: '/brand/quire-logo.png', favicon: '/brand/quire-favicon.png' };
/** The service's banner drawn in `color` (what an empty banner slot shows). */
export const serviceBanner = (color: string) => defaultBannerPath(color);

export const DEFAULT_SETTINGS: Settings = SHARED_DEFAULTS;

/** Only the settings part of a brand. */
export function settingsOf(b: Settings): Settings {
  const out = {} as Record<string, unknown>;
  for (const k of Object.keys(DEFAULT_SETTINGS)) out[k] = (b as Record<string, unknown>)[k];
  return out as Settings;
}

export type ImageState =
  | { kind: 'saved'; image: SavedImage }
  | { kind: 'none' }
  | { kind: 'file'; file: File; url: string }
  | { kind: 'url'; url: string };

export type Form = {
  name: string;
  is_default: boolean;
  brand_color: string;
  logo: ImageState;
  hide_logo: boolean;
  banner: ImageState;
  banner_hidden: boolean;
  link_preview_image: ImageState;
  link_preview_favicon: ImageState;
  welcome_message: string;
  cta_label: string;
  cta_url: string;
  custom_link_preview_enabled: boolean;
  link_preview_title: string;
  link_preview_description: string;
  card_layout: Settings['card_layout'];
  show_folder_tree: boolean;
  viewer_layout_preset: Settings['viewer_layout_preset'];
  viewer_header_style: Settings['viewer_header_style'];
  hide_folder_icons_in_main: boolean;
  default_language: Settings['default_language'];
};

const imageState = (img: Settings['logo']): ImageState => (img ? { kind: 'saved', image: img } : { kind: 'none' });

export function formFrom(s: Settings, identity: { name?: string; is_default?: boolean } = {}): Form {
  return {
    name: identity.name ?? '',
    is_default: identity.is_default ?? false,
    brand_color: s.brand_color ?? '',
    logo: imageState(s.logo),
    hide_logo: s.hide_logo,
    banner: imageState(s.banner),
    banner_hidden: s.banner_hidden,
    link_preview_image: imageState(s.link_preview_image),
    link_preview_favicon: imageState(s.link_preview_favicon),
    welcome_message: s.welcome_message ?? '',
    cta_label: s.cta_label ?? '',
    cta_url: s.cta_url ?? '',
    custom_link_preview_enabled: s.custom_link_preview_enabled,
    link_preview_title: s.link_preview_title ?? '',
    link_preview_description: s.link_preview_description ?? '',
    card_layout: s.card_layout,
    show_folder_tree: s.show_folder_tree,
    viewer_layout_preset: s.viewer_layout_preset,
    viewer_header_style: s.viewer_header_style,
    hide_folder_icons_in_main: s.hide_folder_icons_in_main,
    default_language: s.default_language,
  };
}

const HEX = /^#?(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#` and six lower-case hex digits, or null when the text is not a colour. */
export function normalizeColor(text: string): string | null {
  const t = text.trim();
  if (!HEX.test(t)) return null;
  const h = t.replace('#', '').toLowerCase();
  return `#${h.length === 3 ? [...h].map((c) => c + c).join('') : h}`;
}

const textOrNull = (v: string) => (v.trim() ? v.trim() : null);
const isHttps = (v: string) => {
  try {
    return new URL(v.trim()).protocol === 'https:';
  } catch {
    return false;
  }
};

/** Problems the browser can see before asking, by field. */
export function validate(form: Form, opts: { withName: boolean }): Partial<Record<string, string>> {
  const e: Partial<Record<string, string>> = {};
  if (opts.withName && !form.name.trim()) e.name = 'Give the brand a name.';
  if (form.brand_color.trim() && !normalizeColor(form.brand_color)) e.brand_color = 'Use a hex colour like #4f46e5.';
  const label = !!form.cta_label.trim();
  const url = !!form.cta_url.trim();
  if (label && !url) e.cta_url = 'Add the address the button opens, or clear the label.';
  if (url && !label) e.cta_label = 'Add the button’s label, or clear the address.';
  if (url && !isHttps(form.cta_url)) e.cta_url = 'The address must start with https://.';
  for (const slot of IMAGE_SLOTS) {
    const s = form[slot];
    if (s.kind === 'url' && !isHttps(s.url)) e[slot] = 'The image address must be a public https:// URL.';
  }
  return e;
}

export type Changes = { patch: BrandPatch; files: Partial<Record<ImageSlot, File>> };

/** What a save sends: each changed field (images by URL in the body, files separately). */
export function changes(form: Form, base: Settings, identity?: { name: string; is_default: boolean }): Changes {
  const patch: Record<string, unknown> = {};
  const files: Partial<Record<ImageSlot, File>> = {};
  if (identity) {
    if (form.name.trim() !== identity.name) patch.name = form.name.trim();
    if (form.is_default && !identity.is_default) patch.is_default = true;
  }
  const color = form.brand_color.trim() ? normalizeColor(form.brand_color) : null;
  if (color !== base.brand_color) patch.brand_color = color;
  for (const k of ['welcome_message', 'cta_label', 'cta_url', 'link_preview_title', 'link_preview_description'] as const) {
    const v = textOrNull(form[k]);
    if (v !== base[k]) patch[k] = v;
  }
  for (const k of [
    'hide_logo',
    'custom_link_preview_enabled',
    'card_layout',
    'show_folder_tree',
    'viewer_layout_preset',
    'viewer_header_style',
    'hide_folder_icons_in_main',
    'default_language',
  ] as const) {
    if (form[k] !== base[k]) patch[k] = form[k];
  }
  for (const slot of IMAGE_SLOTS) {
    const s = form[slot];
    if (slot === 'banner' && form.banner_hidden) {
      if (!base.banner_hidden) patch.banner = { hidden: true };
      continue;
    }
    if (s.kind === 'file') files[slot] = s.file;
    else if (s.kind === 'url') patch[slot] = { source_url: s.url.trim() };
    else if (s.kind === 'none' && (base[slot] || (slot === 'banner' && base.banner_hidden))) patch[slot] = null;
  }
  return { patch: patch as BrandPatch, files };
}

export const isEmpty = (c: Changes) => !Object.keys(c.patch).length && !Object.keys(c.files).length;

/** The https URL of an image state the preview can show (a file: its object URL). */
export function imageSrc(s: ImageState): string | null {
  if (s.kind === 'saved') return s.image.url;
  if (s.kind === 'file') return s.url;
  if (s.kind === 'url') return isHttps(s.url) ? s.url.trim() : null;
  return null;
}

export type PreviewModel = Omit<Effective, 'source' | 'source_brand_id'>;

/**
 * What a visitor would see with the form's values: as the server computes `effective` (a field
 * the plan lacks shows its default; the service's logo and banner fill empty slots).
 */
export function previewOf(form: Form, locked: Locked): PreviewModel {
  const d = DEFAULT_SETTINGS;
  const pick = <K extends keyof Form>(k: K, fallback: Form[K]): Form[K] => (locked[k] ? fallback : form[k]);
  const img = (slot: ImageSlot) => (locked[slot] ? null : imageSrc(form[slot]));
  const text = (k: 'welcome_message' | 'cta_label' | 'cta_url' | 'link_preview_title' | 'link_preview_description') => (locked[k] ? null : textOrNull(form[k]));
  return visitorLook(
    {
      brand_color: locked.brand_color ? null : normalizeColor(form.brand_color),
      logo_url: img('logo'),
      hide_logo: pick('hide_logo', d.hide_logo),
      banner_url: img('banner'),
      banner_hidden: locked.banner ? false : form.banner_hidden,
      welcome_message: text('welcome_message'),
      cta_label: text('cta_label'),
      cta_url: text('cta_url'),
      custom_link_preview_enabled: pick('custom_link_preview_enabled', d.custom_link_preview_enabled),
      link_preview_title: text('link_preview_title'),
      link_preview_description: text('link_preview_description'),
      link_preview_image_url: img('link_preview_image'),
      link_preview_favicon_url: img('link_preview_favicon'),
      card_layout: pick('card_layout', d.card_layout),
      show_folder_tree: pick('show_folder_tree', d.show_folder_tree),
      viewer_layout_preset: pick('viewer_layout_preset', d.viewer_layout_preset),
      viewer_header_style: pick('viewer_header_style', d.viewer_header_style),
      hide_folder_icons_in_main: pick('hide_folder_icons_in_main', d.hide_folder_icons_in_main),
      default_language: pick('default_language', d.default_language),
    },
    (color) => ({ ...SERVICE_IMAGES, banner: serviceBanner(color) }),
  );
}


/** "Business plan": the cheapest plan that unlocks a locked field. */
export const unlockingPlan = (locked: Locked, field: string): string | null => {
  const l = locked[field];
  if (!l) return null;
  const plan = l.plans[0];
  return plan ? `${PLAN_LABELS[plan] ?? plan} plan` : null;
};

/** "pro, business or datarooms" as the product names them. */
export function planList(plans: readonly string[]): string {
  const names = plans.map((p) => PLAN_LABELS[p] ?? p);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** What a file the browser holds is, before it goes up: a refusal names the slot's rule. */
export function checkImageFile(file: File, slot: ImageSlot): { ok: true; contentType: string } | { ok: false; reason: string } {
  const rule = SLOT_RULES[slot];
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const byExt: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', ico: 'image/x-icon', svg: 'image/svg+xml', webp: 'image/webp' };
  let type = (file.type || byExt[ext] || '').toLowerCase();
  if (type === 'image/vnd.microsoft.icon' || type === 'image/ico') type = 'image/x-icon';
  if (type === 'image/jpg' || type === 'image/pjpeg') type = 'image/jpeg';
  if (type === 'image/svg+xml') return { ok: false, reason: `SVG images are not accepted. This slot takes ${rule.label}.` };
  if (type === 'image/webp') return { ok: false, reason: `WebP images are not accepted. This slot takes ${rule.label}.` };
  if (!(rule.types as readonly string[]).includes(type)) {
    const what = ext ? `.${ext} files are` : 'This kind of file is';
    return { ok: false, reason: `${what} not accepted here. This slot takes ${rule.label}.` };
  }
  if (file.size === 0) return { ok: false, reason: 'The file is empty.' };
  if (file.size > rule.maxBytes) {
    const mb = (file.size / (1024 * 1024)).toFixed(1);
    return { ok: false, reason: `The file is ${mb} MB. This slot takes ${rule.label}.` };
  }
  return { ok: true, contentType: type };
}
