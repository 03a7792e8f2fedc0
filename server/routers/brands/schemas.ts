import { z } from 'zod';
import { deleted, id, jsonBool, listOf } from '../../schemas/common';
import { httpsUrl, line, name, sourceUrl, text } from '../../schemas/fields';
import {
  CARD_LAYOUTS,
  HEADER_STYLES,
  IMAGE_SLOTS,
  LANGUAGES,
  LAYOUT_PRESETS,
  TEXT_LIMITS,
} from '../../../lib/shared/branding-fields';
import type { ResourceDocs } from '../../openapi/resource-docs';


/** `#` and six hex digits (three are expanded), stored lower-case. */
export const brandColor = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour like #1a2b3c')
  .transform((c) => (c.length === 4 ? `#${c[1]}${c[1]}${c[2]}${c[2]}${c[3]}${c[3]}` : c).toLowerCase());

export const ImageSource = z.strictObject({ source_url: sourceUrl() });
const BannerSource = z.union([ImageSource, z.strictObject({ hidden: z.literal(true) })]);

/** Every settable brand field (a brand's and a room's custom settings share them). */
export const brandFields = {
  brand_color: brandColor.nullable().optional(),
  logo: ImageSource.nullable().optional(),
  hide_logo: jsonBool().optional(),
  banner: BannerSource.nullable().optional(),
  link_preview_image: ImageSource.nullable().optional(),
  link_preview_favicon: ImageSource.nullable().optional(),
  welcome_message: text(TEXT_LIMITS.welcome_message).nullable().optional(),
  cta_label: line(TEXT_LIMITS.cta_label).nullable().optional(),
  cta_url: httpsUrl().nullable().optional(),
  custom_link_preview_enabled: jsonBool().optional(),
  link_preview_title: line(TEXT_LIMITS.link_preview_title).nullable().optional(),
  link_preview_description: text(TEXT_LIMITS.link_preview_description).nullable().optional(),
  card_layout: z.enum(CARD_LAYOUTS).optional(),
  show_folder_tree: jsonBool().optional(),
  viewer_layout_preset: z.enum(LAYOUT_PRESETS).optional(),
  viewer_header_style: z.enum(HEADER_STYLES).optional(),
  hide_folder_icons_in_main: jsonBool().optional(),
  default_language: z.enum(LANGUAGES).optional(),
};

export const Image = z
  .object({
    url: z.string(),
    content_type: z.enum(['image/png', 'image/jpeg', 'image/x-icon']),
    width: z.int().nullable(),
    height: z.int().nullable(),
    size: z.int(),
  })
  .nullable();

/** The settings part of a brand, also a room's custom settings. */
export const brandSettingsShape = {
  brand_color: z.string().nullable(),
  logo: Image,
  hide_logo: z.boolean(),
  banner: Image,
  banner_hidden: z.boolean(),
  link_preview_image: Image,
  link_preview_favicon: Image,
  welcome_message: z.string().nullable(),
  cta_label: z.string().nullable(),
  cta_url: z.string().nullable(),
  custom_link_preview_enabled: z.boolean(),
  link_preview_title: z.string().nullable(),
  link_preview_description: z.string().nullable(),
  card_layout: z.enum(CARD_LAYOUTS),
  show_folder_tree: z.boolean(),
  viewer_layout_preset: z.enum(LAYOUT_PRESETS),
  viewer_header_style: z.enum(HEADER_STYLES),
  hide_folder_icons_in_main: z.boolean(),
  default_language: z.enum(LANGUAGES),
};

export const Brand = z.object({
  id: z.string(),
  object: z.literal('brand'),
  name: z.string(),
  is_default: z.boolean(),
  ...brandSettingsShape,
  created: z.string(),
  updated_at: z.string(),
});
export const BrandList = listOf(Brand);

export const ListBrandsInput = z.strictObject({});
export const BrandIdInput = z.strictObject({ id: id('brand id') });
export const CreateBrandInput = z.strictObject({ name, is_default: jsonBool().optional(), ...brandFields });
export const UpdateBrandInput = z.strictObject({ id: id('brand id'), name: name.optional(), is_default: jsonBool().optional(), ...brandFields });

export const imageSlot = z.enum(IMAGE_SLOTS);
/** Raw image bytes (the /v1 PUT route and the dashboard's upload route pass them in). */
export const PutBrandImageInput = z.strictObject({
  id: id('brand id'),
  slot: z.string().max(64),
  content_type: z.string().max(255).nullable(),
  bytes: z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: "must be the raw image bytes" }),
});

/** The usage of brands against the plan's cap (dashboard). */
export const BrandUsage = z.object({
  plan: z.string(),
  used: z.int(),
  limit: z.int(),
  plans_that_lift: z.array(z.string()),
  locked_fields: z.record(z.string(), z.object({ feature: z.string(), plans: z.array(z.string()) })),
});

/** Rooms and links that fall back to the team default when this brand is deleted (dashboard). */
export const BrandDependents = z.object({
  rooms: z.array(z.object({ id: z.string(), pid: z.string(), name: z.string() })),
  links: z.array(z.object({ id: z.string(), name: z.string().nullable() })),
  is_default: z.boolean(),
  next_default: z.object({ id: z.string(), name: z.string() }).nullable(),
});

export { deleted, jsonBool };

/** The resource in the OpenAPI document: its tag's text and request examples (server/openapi/resources.ts). */
export const openApiDocs: ResourceDocs = {
  tag: {
    name: 'Brands',
    description:
      'Named sets of what viewers see (colour, logo, banner, texts, link preview, data room layout, language). ' +
      'Exactly one brand of a team is its default. Images are set by `{ source_url }` in a body, or as raw bytes with ' +
      '`PUT /brands/{id}/images/{slot}`; fields outside the team’s plan answer 403 `plan_restriction`.',
  },
  examples: {
    'brands-create': {
      name: 'Acme Capital',
      brand_color: '#0f766e',
      logo: { source_url: 'https://acme.example/logo.png' },
      welcome_message: 'Welcome to the Acme Capital data room.',
    },
    'brands-update': { brand_color: '#1d4ed8', banner: { hidden: true }, is_default: true },
  },
};

/** The branding preview (dashboard only): what the brand is on (rooms, document links) and the chosen one as its visitors see it. */
const Id = z.string().min(1).max(64);
export const PreviewInput = z.strictObject({ brand_id: Id.optional(), dataroom_id: Id.optional(), link_id: Id.optional() });
const PreviewLink = z.object({ id: z.string(), name: z.string().nullable(), document_name: z.string() });
export const Preview = z.object({
  scope: z.enum(['brand', 'team']),
  rooms: z.array(z.object({ id: z.string(), name: z.string() })),
  links: z.array(PreviewLink),
  shown: z
    .discriminatedUnion('kind', [
      z.object({
        kind: z.literal('room'),
        tree: z.object({
          room: z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), allowBulkDownload: z.boolean(), indexNumbers: z.boolean().optional() }),
          folders: z.array(z.object({ id: z.string(), name: z.string(), parentId: z.string().nullable(), path: z.string(), indexNumber: z.string().nullable().optional() })),
          documents: z.array(
            z.object({
              placementId: z.string().nullable(),
              folderId: z.string().nullable(),
              name: z.string(),
              type: z.string(),
              contentType: z.string(),
              numPages: z.number(),
              canDownload: z.boolean(),
              storageKey: z.string().nullable(),
              pageWidth: z.number().nullable(),
              pageHeight: z.number().nullable(),
              indexNumber: z.string().nullable().optional(),
            }),
          ),
        }),
      }),
      z.object({
        kind: z.literal('document'),
        link: PreviewLink.extend({ show_banner: z.boolean() }),
        document: z.object({
          documentId: z.string(),
          placementId: z.string().nullable(),
          folderId: z.string().nullable(),
          name: z.string(),
          type: z.string(),
          contentType: z.string(),
          externalUrl: z.null(),
          versionId: z.string(),
          numPages: z.number(),
          storageKey: z.literal('stored').nullable(),
          previewKey: z.literal('preview').nullable(),
          fileSize: z.number().nullable(),
          pageWidth: z.number().nullable(),
          pageHeight: z.number().nullable(),
          previewStatus: z.string(),
          previewError: z.string().nullable(),
          canDownload: z.boolean(),
        }),
      }),
    ])
    .nullable(),
});
