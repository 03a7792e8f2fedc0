import { z } from 'zod';
import { deleted, id, jsonInt, listOf } from '../../schemas/common';
import { name } from '../../schemas/fields';
import { CustomField, sharedSettings, WatermarkConfig } from '../links/schemas';
import type { ResourceDocs } from '../../openapi/resource-docs';

/** Ten years: a preset's links expire at most that long after creation. */
const MAX_EXPIRES_IN = 10 * 366 * 24 * 3600;

export const LinkPreset = z.object({
  id: z.string(),
  object: z.literal('link_preset'),
  name: z.string(),
  is_password_protected: z.boolean(),
  expires_in: z.int().nullable(),
  email_protected: z.boolean().nullable(),
  email_authenticated: z.boolean().nullable(),
  allow_download: z.boolean().nullable(),
  allow_list: z.array(z.string()),
  deny_list: z.array(z.string()),
  ip_allow_list: z.array(z.string()),
  watermark_config: WatermarkConfig.nullable(),
  welcome_message: z.string().nullable(),
  enable_notification: z.boolean().nullable(),
  show_banner: z.boolean().nullable(),
  enable_search: z.boolean().nullable(),
  custom_fields: z.array(CustomField).nullable(),
  enable_custom_meta: z.boolean().nullable(),
  allow_access_requests: z.boolean().nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_image_url: z.string().nullable(),
  agreement_id: z.string().nullable(),
  domain_id: z.string().nullable(),
  created: z.string(),
  updated_at: z.string(),
});
export const LinkPresetList = listOf(LinkPreset);

/** A preset's boolean settings take null: "do not seed". */
const nullableSettings = Object.fromEntries(
  Object.entries(sharedSettings).map(([k, v]) => [k, k === 'allow_list' || k === 'deny_list' || k === 'ip_allow_list' ? v : (v as z.ZodOptional<z.ZodType>).unwrap().nullable().optional()]),
) as { [K in keyof typeof sharedSettings]: K extends 'allow_list' | 'deny_list' | 'ip_allow_list' ? (typeof sharedSettings)[K] : z.ZodOptional<z.ZodNullable<z.ZodType<NonNullable<z.output<(typeof sharedSettings)[K]>>>>> };

const presetFields = {
  ...nullableSettings,
  expires_in: jsonInt(60, MAX_EXPIRES_IN).nullable().optional(),
};

export const ListLinkPresetsInput = z.strictObject({});
export const LinkPresetIdInput = z.strictObject({ id: id('preset id') });
export const CreateLinkPresetInput = z.strictObject({ name, ...presetFields });
export const UpdateLinkPresetInput = z.strictObject({ id: id('preset id'), name: name.optional(), ...presetFields });

export { deleted };

/** The resource in the OpenAPI document: its tag's text and request examples (server/openapi/resources.ts). */
export const openApiDocs: ResourceDocs = {
  examples: {
    'linkPresets-create': { name: 'Investor default', email_protected: true, expires_in: 1209600, watermark_config: { text: '{{email}}' } },
    'linkPresets-update': { password: null, allow_download: true },
  },
};
