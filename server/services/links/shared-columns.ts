// The settings a link and a preset both have, named once: the /v1 key and its column. A link and
// a preset answer them alike, and a preset seeds a new link with the ones it sets.
import type { Link, LinkPreset } from '../../db/generated/client';
import type { CustomField, Watermark } from './settings';

export const SHARED_COLUMNS = {
  email_protected: 'emailProtected',
  email_authenticated: 'emailAuthenticated',
  allow_download: 'allowDownload',
  allow_list: 'allowList',
  deny_list: 'denyList',
  ip_allow_list: 'ipAllowList',
  watermark_config: 'watermarkConfig',
  welcome_message: 'welcomeMessage',
  enable_notification: 'enableNotification',
  show_banner: 'showBanner',
  enable_search: 'enableSearch',
  custom_fields: 'customFields',
  enable_custom_meta: 'enableCustomMeta',
  allow_access_requests: 'allowAccessRequests',
  meta_title: 'metaTitle',
  meta_description: 'metaDescription',
  agreement_id: 'agreementId',
  domain_id: 'domainId',
} as const satisfies Record<string, keyof Link & keyof LinkPreset>;

type Column = (typeof SHARED_COLUMNS)[keyof typeof SHARED_COLUMNS];
type SharedRow = Pick<Link, Column> | Pick<LinkPreset, Column>;

type Answered<R extends SharedRow> = { [K in keyof typeof SHARED_COLUMNS]: R[(typeof SHARED_COLUMNS)[K]] };

/** The shared settings of a row as /v1 answers them (the watermark and custom fields typed). */
export function sharedSettings<R extends SharedRow>(r: R): Omit<Answered<R>, 'watermark_config' | 'custom_fields'> & { watermark_config: Watermark | null; custom_fields: CustomField[] | null } {
  const out = {} as Record<string, unknown>;
  for (const [key, column] of Object.entries(SHARED_COLUMNS)) out[key] = r[column as keyof R] ?? null;
  return out as ReturnType<typeof sharedSettings<R>>;
}

/** What a preset seeds: every shared setting it sets (a list, when not empty). */
export function seededColumns(p: Pick<LinkPreset, Column>): Partial<Pick<Link, Column>> {
  const out: Record<string, unknown> = {};
  for (const column of Object.values(SHARED_COLUMNS)) {
    const v = p[column];
    if (v === null || (Array.isArray(v) && v.length === 0)) continue;
    out[column] = v;
  }
  return out as Partial<Pick<Link, Column>>;
}
