// The settings a brand and a room's custom branding share: plan gating of a write, the images
// a write brings (fetched and stored before its transaction), the columns it changes, and the
// wire shape of a stored row. Brands and room branding both go through here.
import type { Actor } from '../../auth/actor';
import type { Tx } from '../../db/client';
import { ApiError, invalid } from '../../errors';
import { changesFromDefault, fieldAllowed, FIELD_FEATURES, IMAGE_SLOTS, type ImageSlot } from '../../../lib/shared/branding-fields';
import { db } from '../../db/client';
import { checkImage, deleteBlobs, fetchImage, insertImageRows, releaseImageRows, storeImage, toImage, type ImageRow, type StoredImage } from './images';

type ImageInput = { source_url: string } | null;
export type SettingsInput = {
  brand_color?: string | null;
  logo?: ImageInput;
  hide_logo?: boolean;
  banner?: ImageInput | { hidden: true };
  link_preview_image?: ImageInput;
  link_preview_favicon?: ImageInput;
  welcome_message?: string | null;
  cta_label?: string | null;
  cta_url?: string | null;
  custom_link_preview_enabled?: boolean;
  link_preview_title?: string | null;
  link_preview_description?: string | null;
  card_layout?: string;
  show_folder_tree?: boolean;
  viewer_layout_preset?: string;
  viewer_header_style?: string;
  hide_folder_icons_in_main?: boolean;
  default_language?: string;
};
export const SETTINGS_KEYS = Object.keys(FIELD_FEATURES) as (keyof SettingsInput)[];

/** The columns of a stored settings row (brands and dataroom_custom_brandings alike). */
export type SettingsRow = {
  brandColor: string | null;
  logoImageId: string | null;
  hideLogo: boolean;
  bannerImageId: string | null;
  bannerHidden: boolean;
  linkPreviewImageId: string | null;
  linkPreviewFaviconId: string | null;
  welcomeMessage: string | null;
  ctaLabel: string | null;
  ctaUrl: string | null;
  customLinkPreviewEnabled: boolean;
  linkPreviewTitle: string | null;
  linkPreviewDescription: string | null;
  cardLayout: string;
  showFolderTree: boolean;
  viewerLayoutPreset: string;
  viewerHeaderStyle: string;
  hideFolderIconsInMain: boolean;
  defaultLanguage: string;
};

export const IMAGE_COLUMN = {
  logo: 'logoImageId',
  banner: 'bannerImageId',
  link_preview_image: 'linkPreviewImageId',
  link_preview_favicon: 'linkPreviewFaviconId',
} as const satisfies Record<ImageSlot, keyof SettingsRow>;

const SCALAR_COLUMN = {
  brand_color: 'brandColor',
  hide_logo: 'hideLogo',
  welcome_message: 'welcomeMessage',
  cta_label: 'ctaLabel',
  cta_url: 'ctaUrl',
  custom_link_preview_enabled: 'customLinkPreviewEnabled',
  link_preview_title: 'linkPreviewTitle',
  link_preview_description: 'linkPreviewDescription',
  card_layout: 'cardLayout',
  show_folder_tree: 'showFolderTree',
  viewer_layout_preset: 'viewerLayoutPreset',
  viewer_header_style: 'viewerHeaderStyle',
  hide_folder_icons_in_main: 'hideFolderIconsInMain',
  default_language: 'defaultLanguage',
} as const satisfies Partial<Record<keyof SettingsInput, keyof SettingsRow>>;

/** Every blocked field of a write, by the plan: 403 plan_restriction naming them all. */
export function assertPlanAllows(actor: Actor, input: Record<string, unknown>) {
  const blocked = Object.keys(input).filter((f) => f in FIELD_FEATURES && changesFromDefault(f, input[f]) && !fieldAllowed(f, actor.plan));
  if (!blocked.length) return;
  const features = [...new Set(blocked.map((f) => FIELD_FEATURES[f]!))];
  // `feature`: the first blocked field's (request order), `features`: all; the plans listed lift every blocked field.
  const plans = features.reduce((a, b) => (b.plans.length < a.plans.length ? b : a)).plans.filter((p) => features.every((f) => f.plans.includes(p)));
  throw new ApiError(
    'plan_restriction',
    `The ${actor.plan} plan does not include ${blocked.join(', ')}; ${plans.length === 1 ? 'the plan' : 'one of the plans'} ${plans.join(', ')} does.`,
    {
      feature: features[0]!.feature,
      features: features.map((f) => f.feature),
      fields: blocked,
      current_plan: actor.plan,
      plans: [...plans],
    },
  );
}

/** Images fetched for a write, stored ahead of its transaction. */
export type PreparedImages = { bySlot: Partial<Record<ImageSlot, StoredImage>>; all: StoredImage[]; discard: () => Promise<void> };

export async function prepareImages(teamId: string, input: SettingsInput, extra: StoredImage[] = []): Promise<PreparedImages> {
  const wanted = IMAGE_SLOTS.filter((slot) => {
    const v = input[slot] as { source_url?: string } | null | undefined;
    return !!v && typeof v.source_url === 'string';
  });
  const results = await Promise.allSettled(
    wanted.map(async (slot) => storeImage(teamId, await fetchImage((input[slot] as { source_url: string }).source_url, slot, slot))),
  );
  const all = [...extra, ...results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))];
  const discard = () => deleteBlobs(all.map((i) => i.storageKey));
  const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined;
  if (failed) {
    await discard();
    throw failed.reason;
  }
  const bySlot: PreparedImages['bySlot'] = {};
  wanted.forEach((slot, i) => (bySlot[slot] = (results[i] as PromiseFulfilledResult<StoredImage>).value));
  return { bySlot, all, discard };
}

/**
 * The column changes of a write over `current` (null: a new row), and the images it releases.
 * Writes the rows of the new images in `tx`. CTA label and URL go together.
 */
export async function settingsChanges(tx: Tx, input: SettingsInput, prepared: PreparedImages, current: SettingsRow | null) {
  const data: Partial<SettingsRow> = {};
  const released: string[] = [];
  for (const [field, column] of Object.entries(SCALAR_COLUMN)) {
    const v = input[field as keyof SettingsInput];
    if (v !== undefined) (data as Record<string, unknown>)[column] = v;
  }
  for (const slot of IMAGE_SLOTS) {
    const v = input[slot];
    if (v === undefined) continue;
    const column = IMAGE_COLUMN[slot];
    const old = current?.[column] ?? null;
    if (old) released.push(old);
    data[column] = prepared.bySlot[slot]?.id ?? null;
    if (slot === 'banner') data.bannerHidden = !!v && 'hidden' in v;
  }
  const label = data.ctaLabel !== undefined ? data.ctaLabel : (current?.ctaLabel ?? null);
  const url = data.ctaUrl !== undefined ? data.ctaUrl : (current?.ctaUrl ?? null);
  if ((label === null) !== (url === null)) {
    throw invalid(label === null ? 'cta_label' : 'cta_url', 'a call to action needs both cta_label and cta_url (send both, or null for both)');
  }
  await insertImageRows(tx, prepared.all);
  return { data, released };
}

/** The image rows a set of settings rows point at. */
export async function loadImages(tx: Pick<Tx, 'imageAsset'>, rows: (SettingsRow | null | undefined)[]): Promise<Map<string, ImageRow>> {
  const ids = rows.flatMap((r) => (r ? IMAGE_SLOTS.map((s) => r[IMAGE_COLUMN[s]]).filter((x): x is string => !!x) : []));
  if (!ids.length) return new Map();
  const found = await tx.imageAsset.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, sha256: true, contentType: true, size: true, width: true, height: true },
  });
  return new Map(found.map((r) => [r.id, r]));
}

/** A stored row in the wire shape shared by brands and custom room settings. */
export function toSettings(r: SettingsRow, images: Map<string, ImageRow>) {
  const img = (id: string | null) => (id ? toImage(images.get(id)) : null);
  return {
    brand_color: r.brandColor,
    logo: img(r.logoImageId),
    hide_logo: r.hideLogo,
    banner: img(r.bannerImageId),
    banner_hidden: r.bannerHidden,
    link_preview_image: img(r.linkPreviewImageId),
    link_preview_favicon: img(r.linkPreviewFaviconId),
    welcome_message: r.welcomeMessage,
    cta_label: r.ctaLabel,
    cta_url: r.ctaUrl,
    custom_link_preview_enabled: r.customLinkPreviewEnabled,
    link_preview_title: r.linkPreviewTitle,
    link_preview_description: r.linkPreviewDescription,
    card_layout: r.cardLayout as 'grid' | 'list',
    show_folder_tree: r.showFolderTree,
    viewer_layout_preset: r.viewerLayoutPreset as 'standard' | 'compact' | 'sidebar',
    viewer_header_style: r.viewerHeaderStyle as 'solid' | 'light' | 'minimal',
    hide_folder_icons_in_main: r.hideFolderIconsInMain,
    default_language: r.defaultLanguage as 'en' | 'de' | 'fr' | 'es' | 'it' | 'nl' | 'pt' | 'ja',
  };
}
export type Settings = ReturnType<typeof toSettings>;

/** The settings columns of a row, for copying one row's settings into another. */
export function settingsColumns(r: SettingsRow): SettingsRow {
  return {
    brandColor: r.brandColor,
    logoImageId: r.logoImageId,
    hideLogo: r.hideLogo,
    bannerImageId: r.bannerImageId,
    bannerHidden: r.bannerHidden,
    linkPreviewImageId: r.linkPreviewImageId,
    linkPreviewFaviconId: r.linkPreviewFaviconId,
    welcomeMessage: r.welcomeMessage,
    ctaLabel: r.ctaLabel,
    ctaUrl: r.ctaUrl,
    customLinkPreviewEnabled: r.customLinkPreviewEnabled,
    linkPreviewTitle: r.linkPreviewTitle,
    linkPreviewDescription: r.linkPreviewDescription,
    cardLayout: r.cardLayout,
    showFolderTree: r.showFolderTree,
    viewerLayoutPreset: r.viewerLayoutPreset,
    viewerHeaderStyle: r.viewerHeaderStyle,
    hideFolderIconsInMain: r.hideFolderIconsInMain,
    defaultLanguage: r.defaultLanguage,
  };
}

/**
 * Raw bytes into one slot of a settings row: checked and stored first, then `write` (inside
 * the transaction) finds the row, and the row's slot is pointed at the new image; the image it
 * replaces is released after commit, the new one deleted if the transaction fails.
 */
export async function putSlotImage(
  teamId: string,
  slot: ImageSlot,
  bytes: Uint8Array,
  contentType: string | null,
  write: (tx: Tx) => Promise<{ current: SettingsRow; save: (data: Partial<SettingsRow>) => Promise<unknown> }>,
) {
  const img = await storeImage(teamId, await checkImage(Buffer.from(bytes), slot, slot, contentType ?? ''));
  let keys: string[];
  try {
    keys = await db.$transaction(async (tx) => {
      const { current, save } = await write(tx);
      const prepared = { bySlot: { [slot]: img }, all: [img], discard: async () => {} };
      const { data, released } = await settingsChanges(tx, { [slot]: { source_url: img.id } }, prepared, current);
      await save(data);
      return releaseImageRows(tx, released);
    });
  } catch (e) {
    await deleteBlobs([img.storageKey]);
    throw e;
  }
  await deleteBlobs(keys);
}
