import { z } from 'zod';
import { cursorQuery, deleted, id, jsonBool, jsonInt, limitQuery, listOf } from '../../schemas/common';
import { httpsUrl, ipAllowList, line, sourceUrl, text } from '../../schemas/fields';
import { CUSTOM_FIELD_TYPES } from '../../../lib/shared/link-settings';
import { WATERMARK_POSITIONS, WATERMARK_ROTATIONS } from '../../../lib/shared/watermark';
import type { ResourceDocs } from '../../openapi/resource-docs';


const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const EMAIL = /^[^\s@]{1,64}@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const listEntry = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((v) => EMAIL.test(v) || DOMAIN.test(v), { error: (iss) => `"${String(iss.input).slice(0, 100)}" is neither an email address nor a bare domain like fund.example` });
const accessList = z.array(listEntry).max(500, 'at most 500 entries');

const WATERMARKED_DOWNLOADS =
  'With a watermark_config every download is watermarked: a PDF as itself, an Office file as the watermarked PDF of its converted preview, ' +
  'an image as a one-page watermarked PDF (each named <name>.pdf). A file that cannot carry a watermark (a video, an archive, a file whose preview is not ready) ' +
  'is not downloadable from such a link (403 with the reason); room zips follow the same rule file by file.';

export const WatermarkConfigInput = z.strictObject({
  text: line(200).describe(
    'Placeholders: {{email}}, {{date}}, {{time}}, {{ip_address}}, {{link_name}}. {{email}} is taken only on a link that asks visitors for their email ' +
      '(email_protected, email_authenticated, an allow or deny list, or a group that does not admit everyone) and {{link_name}} only on a named link; ' +
      'otherwise 422 naming watermark_config.text, also when a later change would leave them empty.',
  ),
  is_tiled: jsonBool().optional(),
  position: z.enum(WATERMARK_POSITIONS).optional(),
  rotation: jsonInt(0, 359)
    .refine((r) => (WATERMARK_ROTATIONS as readonly number[]).includes(r), `must be one of ${WATERMARK_ROTATIONS.join(', ')}`)
    .optional(),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be # and six hex digits, like #808080').optional(),
  font_size: jsonInt(8, 96).optional(),
  opacity: z.number().min(0).max(1).pipe(z.number()).optional(),
});
export const WatermarkConfig = z.object({
  text: z.string(),
  is_tiled: z.boolean(),
  position: z.enum(WATERMARK_POSITIONS),
  rotation: z.int(),
  color: z.string(),
  font_size: z.int(),
  opacity: z.number(),
});

export const CustomFieldInput = z.strictObject({
  identifier: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,63}$/, 'must start with a letter and hold only a-z, 0-9 and _ (at most 64)')
    .optional(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  label: line(200),
  placeholder: line(200).nullable().optional(),
  required: jsonBool().optional(),
  options: z.array(line(200)).min(1).max(100).optional(),
});
export const CustomField = z.object({
  identifier: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  label: z.string(),
  placeholder: z.string().nullable(),
  required: z.boolean(),
  options: z.array(z.string()).nullable(),
});

/** Settings a link and a preset share (bodies). */
export const sharedSettings = {
  password: z.string().min(4, 'must be 4 to 128 characters').max(128, 'must be 4 to 128 characters').nullable().optional(),
  email_protected: jsonBool().optional(),
  email_authenticated: jsonBool()
    .describe(
      'Visitors prove the email address with a one-time code before anything is shown. On create it defaults to true when access depends on who the visitor is ' +
        '(a group link whose group does not allow all, or a non-empty allow_list), false otherwise. Turning it off on such a link means anyone who types an address ' +
        'on the list gets in without owning it, and the email step tells a stranger which addresses are allowed.',
    )
    .optional(),
  allow_download: jsonBool().describe(`Visitors may download the files. ${WATERMARKED_DOWNLOADS}`).optional(),
  allow_list: accessList.optional(),
  deny_list: accessList.optional(),
  ip_allow_list: ipAllowList.optional(),
  watermark_config: WatermarkConfigInput.describe(`Drawn over every page on screen and burned into downloads. ${WATERMARKED_DOWNLOADS}`).nullable().optional(),
  welcome_message: text(1000).nullable().optional(),
  domain_id: id('domain_id').describe('One of the team\'s verified custom domains: the link is shared on it (its `url`, mails and social card); null: the app host').nullable().optional(),
  agreement_id: id('agreement_id').describe('Terms the visitor accepts after the email step (one of the team\'s agreements); null clears').nullable().optional(),
  enable_notification: jsonBool().optional(),
  show_banner: jsonBool().optional(),
  enable_search: jsonBool().describe('Visitors may search the words of what the link shows (only what their link and group may view). Default true.').optional(),
  custom_fields: z.array(CustomFieldInput).max(50).optional(),
  enable_custom_meta: jsonBool().optional(),
  allow_access_requests: jsonBool()
    .describe('A visitor the link refuses (not on the allow list, not in the group) may ask for access: a verified email and an optional message; the owner and admins decide.')
    .optional(),
  meta_title: line(120).nullable().optional(),
  meta_description: text(300).nullable().optional(),
  meta_image: z.strictObject({ source_url: sourceUrl() }).nullable().optional(),
};

const linkSettings = {
  name: line(255).nullable().optional(),
  expires_at: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 timestamp like 2026-12-31T23:59:59Z' }).nullable().optional(),
  brand_id: id('brand_id').nullable().optional(),
  ...sharedSettings,
};

export const Link = z.object({
  id: z.string(),
  object: z.literal('link'),
  name: z.string().nullable(),
  url: z.string(),
  document_id: z.string().nullable(),
  dataroom_id: z.string().nullable(),
  audience_type: z.enum(['general', 'group']),
  group_id: z.string().nullable(),
  expires_at: z.string().nullable(),
  is_password_protected: z.boolean(),
  email_protected: z.boolean(),
  email_authenticated: z.boolean(),
  allow_download: z.boolean(),
  allow_list: z.array(z.string()),
  deny_list: z.array(z.string()),
  ip_allow_list: z.array(z.string()),
  watermark_config: WatermarkConfig.nullable(),
  welcome_message: z.string().nullable(),
  enable_notification: z.boolean(),
  show_banner: z.boolean(),
  enable_search: z.boolean(),
  custom_fields: z.array(CustomField),
  brand_id: z.string().nullable(),
  domain_id: z.string().nullable(),
  agreement_id: z.string().nullable(),
  enable_custom_meta: z.boolean(),
  allow_access_requests: z.boolean(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_image_url: z.string().nullable(),
  preset_id: z.string().nullable(),
  created: z.string(),
  updated_at: z.string(),
});
export const LinkList = listOf(Link);

export const ListLinksInput = z.strictObject({
  document_id: id('document_id').optional(),
  dataroom_id: id('dataroom_id').optional(),
  limit: limitQuery(25),
  cursor: cursorQuery,
});
export const LinkIdInput = z.strictObject({ id: id('link id') });
export const CreateLinkInput = z.strictObject({
  document_id: id('document_id').optional(),
  dataroom_id: id('dataroom_id').optional(),
  audience_type: z.enum(['general', 'group']).optional(),
  group_id: id('group_id').optional(),
  preset_id: id('preset_id').optional(),
  ...linkSettings,
});
export const UpdateLinkInput = z.strictObject({ id: id('link id'), ...linkSettings });

export const ListViewsInput = z.strictObject({ id: id('link id'), limit: limitQuery(25), cursor: cursorQuery });

const inviteEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: (iss) => `"${String(iss.input).slice(0, 100)}" is not a valid email address` }));
export const InviteInput = z.strictObject({
  id: id('link id'),
  emails: z.array(inviteEmail).min(1, 'give at least one email').max(500, 'at most 500 emails per call'),
  message: text(2000).nullable().optional(),
});
export const ListInvitationsInput = z.strictObject({ id: id('link id'), limit: limitQuery(25), cursor: cursorQuery });
export const LinkInvitation = z.object({
  id: z.string(),
  object: z.literal('invitation'),
  link_id: z.string(),
  email: z.string(),
  status: z.enum(['sending', 'sent', 'failed']),
  error: z.string().nullable(),
  sent_at: z.string().nullable(),
  first_viewed_at: z.string().nullable(),
});
export const InviteResult = z.object({ data: z.array(LinkInvitation) });
export const LinkInvitationList = listOf(LinkInvitation);

export { deleted, httpsUrl };

export const View = z.object({
  id: z.string(),
  object: z.literal('view'),
  link_id: z.string(),
  document_id: z.string().nullable(),
  dataroom_id: z.string().nullable(),
  viewer_email: z.string().nullable(),
  view_type: z.enum(['DOCUMENT_VIEW', 'DATAROOM_VIEW']),
  viewed_at: z.string(),
  downloaded_at: z.string().nullable(),
  download_type: z.string().nullable(),
  visitor_id: z.string().nullable(),
  verified: z.boolean(),
  duration_seconds: z.number(),
});
export const ViewList = listOf(View);

// Dashboard-only (no openapi meta): what the dashboard's lists show beside the public objects.
export const LinkSummariesInput = z.strictObject({ ids: z.array(id('link id')).max(100) });
export const LinkSummaries = z.object({
  data: z.array(
    z.object({
      link_id: z.string(),
      document_name: z.string().nullable(),
      dataroom_name: z.string().nullable(),
      group_name: z.string().nullable(),
      views: z.int(),
      last_viewed_at: z.string().nullable(),
    }),
  ),
});
/** Dashboard-only: what a link's visitors actually get (server/services/link-access.ts). */
export const LinkAccess = z.object({
  download: z.object({
    decided_by: z.enum(['link', 'group']),
    group_name: z.string().nullable(),
    documents: z.int(),
    downloadable: z.int(),
    watermark_blocked: z.int(),
    download_all: z.boolean(),
  }),
  qa: z.object({ enabled: z.boolean(), limit_per_day: z.int().nullable() }),
});
export const ViewDetailsInput = z.strictObject({ ids: z.array(id('view id')).max(100) });
export const ViewDetails = z.object({
  data: z.array(
    z.object({
      view_id: z.string(),
      link_name: z.string().nullable(),
      link_deleted: z.boolean(),
      document_name: z.string().nullable(),
      dataroom_name: z.string().nullable(),
      pages_viewed: z.int(),
      answers: z.array(z.object({ identifier: z.string(), label: z.string(), value: z.string() })),
    }),
  ),
});

/** The resource in the OpenAPI document: its tag's text and request examples (server/openapi/resources.ts). */
export const openApiDocs: ResourceDocs = {
  tag: {
    name: 'Links',
    description:
      'Share links to one document or one data room. A link never echoes its password (`is_password_protected`); ' +
      '`preset_id` seeds every preset-controlled setting, and explicit fields (null included) override it.',
  },
  examples: {
    'links-create': {
      dataroom_id: 'dr_k3j9x0m2q8w7e6r5t4y3u2i1',
      name: 'Series B investors',
      password: 'correct horse',
      expires_at: '2027-03-31T23:59:59Z',
      email_protected: true,
      allow_download: false,
      watermark_config: { text: 'Confidential {{email}} {{date}}', is_tiled: true },
      custom_fields: [{ type: 'text', label: 'Company', required: true }],
    },
    'links-update': { expires_at: null, allow_download: true, welcome_message: 'Welcome back.' },
    'links-invitations-create': { emails: ['ada@fund.example', 'grace@fund.example'], message: 'Here is the Series B room we discussed.' },
  },
};
