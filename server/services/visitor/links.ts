// The viewer's view of a link: what a slug resolves to, and the session a cookie names. One
// plain statement on the pool, because every viewer request (pages, page images, events,
// downloads) starts here. A deleted link, a link of a deleted room or group, or an unknown slug
// is not found; an expired link is `expired` (and nothing is recorded for it).
import { createHash } from 'node:crypto';
import { pgTimestamp, preparedName, sqlRows } from '../../db/sql';
import type { ViewerActor } from '../../auth/actor';
import type { CustomField, Watermark } from '../links/settings';
import { hashSessionToken } from '../../auth/viewer-sessions';

export type ViewerLink = {
  id: string;
  teamId: string;
  slug: string;
  name: string | null;
  linkType: 'document' | 'dataroom';
  documentId: string | null;
  dataroomId: string | null;
  audienceType: 'general' | 'group';
  groupId: string | null;
  brandId: string | null;
  passwordHash: string | null;
  expiresAt: string | null;
  emailProtected: boolean;
  emailAuthenticated: boolean;
  allowDownload: boolean;
  allowList: string[];
  denyList: string[];
  /** CIDRs visitors must come from: the link's, and its room's (both apply). */
  ipAllowList: string[];
  roomIpAllowList: string[];
  watermarkConfig: Watermark | null;
  welcomeMessage: string | null;
  enableNotification: boolean;
  showBanner: boolean;
  enableSearch: boolean;
  customFields: CustomField[];
  enableCustomMeta: boolean;
  metaTitle: string | null;
  metaDescription: string | null;
  metaImage: string | null;
  createdById: string | null;
  /** A refused visitor may ask for access (server/services/access-requests). */
  allowAccessRequests: boolean;
  /** The agreement the visitor accepts first, its current version, and whether it asks the full name. */
  agreementId: string | null;
  agreementVersion: string | null;
  agreementRequireName: boolean;
  /** The group's rules (group links). */
  groupAllowAll: boolean;
  groupDomains: string[];
  /** The verified custom domain the link is shared on (its page on the app host answers 308 there). */
  domain: string | null;
  /** The team's plan (what its branding may show) and a room link's room name, read in the same statement. */
  teamPlan: string;
  roomName: string | null;
  /** A document link's document and primary version, read in the same statement (hot path). */
  primary?: LinkedDocument | null;
};

export type LinkedDocument = {
  documentId: string;
  name: string;
  type: string;
  versionId: string;
  contentType: string;
  externalUrl: string | null;
  storageKey: string | null;
  numPages: number;
  fileSize: number | null;
  /** The first page's shown size (document_versions.page_width/height), null when unknown. */
  pageWidth: number | null;
  pageHeight: number | null;
  /** Office files: `processing` until converted; then previewKey holds the PDF the pages are drawn from (issue 22). */
  previewStatus: string;
  previewError: string | null;
  previewKey: string | null;
};

export type ViewerSessionRow = {
  id: string;
  linkId: string;
  email: string | null;
  viewerId: string | null;
  fieldValues: Record<string, string | boolean | number> | null;
  passwordOk: boolean;
  verified: boolean;
  accessKey: string | null;
  admittedAt: string | null;
  /** `<agreement id>:<version>` the session accepted (or was found to have accepted). */
  agreementKey: string | null;
  expiresAt: string;
};

export type ViewerState =
  | { state: 'not_found' }
  | { state: 'expired'; link: ViewerLink }
  | { state: 'live'; link: ViewerLink; session: ViewerSessionRow | null };

/** Slugs are 24 base64url characters; anything unlike one is not looked up. */
export const plausibleSlug = (slug: string) => /^[A-Za-z0-9_-]{8,64}$/.test(slug);

export const LINK_SQL = `
  SELECT l.id, l.team_id AS "teamId", l.slug, l.name, l.link_type::text AS "linkType", l.document_id AS "documentId",
    l.dataroom_id AS "dataroomId", l.audience_type::text AS "audienceType", l.group_id AS "groupId", l.brand_id AS "brandId",
    l.password_hash AS "passwordHash", l.expires_at AS "expiresAt", l.email_protected AS "emailProtected",
    l.email_authenticated AS "emailAuthenticated", l.allow_download AS "allowDownload", COALESCE(l.allow_list, '{}') AS "allowList",
    COALESCE(l.deny_list, '{}') AS "denyList", COALESCE(l.ip_allow_list, '{}') AS "ipAllowList", COALESCE(r.ip_allow_list, '{}') AS "roomIpAllowList", l.watermark_config AS "watermarkConfig", l.welcome_message AS "welcomeMessage",
    l.enable_notification AS "enableNotification", l.show_banner AS "showBanner", l.enable_search AS "enableSearch", COALESCE(l.custom_fields, '[]') AS "customFields",
    l.enable_custom_meta AS "enableCustomMeta", l.meta_title AS "metaTitle", l.meta_description AS "metaDescription",
    l.meta_image AS "metaImage", l.created_by_id AS "createdById", l.allow_access_requests AS "allowAccessRequests",
    a.id AS "agreementId", a.version AS "agreementVersion", COALESCE(a.require_name, false) AS "agreementRequireName",
    COALESCE(g.allow_all, false) AS "groupAllowAll", COALESCE(g.domains, '{}') AS "groupDomains", dom.name AS domain, t.plan::text AS "teamPlan", r.name AS "roomName",
    (l.expires_at IS NOT NULL AND l.expires_at <= $3::timestamp) AS expired,
    d.id AS "dId", d.name AS "dName", d.type AS "dType", dv.id AS "dVersionId", dv.content_type AS "dContentType",
    dv.external_url AS "dExternalUrl", dv.storage_key AS "dStorageKey", dv.num_pages AS "dNumPages", dv.file_size::float8 AS "dFileSize",
    dv.page_width AS "dPageWidth", dv.page_height AS "dPageHeight",
    dv.preview_status AS "dPreviewStatus", dv.preview_error AS "dPreviewError", dv.preview_key AS "dPreviewKey",
    s.id AS "sId", s.email AS "sEmail", s.viewer_id AS "sViewerId", s.field_values AS "sFieldValues", s.password_ok AS "sPasswordOk",
    s.verified AS "sVerified", s.access_key AS "sAccessKey", s.admitted_at AS "sAdmittedAt", s.expires_at AS "sExpiresAt",
    s.agreement_key AS "sAgreementKey"
  FROM links l
  JOIN teams t ON t.id = l.team_id
  LEFT JOIN datarooms r ON r.id = l.dataroom_id
  LEFT JOIN viewer_groups g ON g.id = l.group_id
  LEFT JOIN domains dom ON dom.id = l.domain_id AND dom.status = 'verified'
  LEFT JOIN agreements a ON a.id = l.agreement_id AND a.team_id = l.team_id
  LEFT JOIN documents d ON d.id = l.document_id AND d.team_id = l.team_id
  LEFT JOIN document_versions dv ON dv.document_id = d.id AND dv.is_primary
  LEFT JOIN viewer_sessions s ON s.link_id = l.id AND s.token_hash = ANY($2::text[]) AND s.expires_at > $3::timestamp
  WHERE l.slug = $1 AND l.deleted_at IS NULL
    AND (l.dataroom_id IS NULL OR (r.id IS NOT NULL AND r.deleted_at IS NULL))
    AND (l.audience_type = 'general' OR g.id IS NOT NULL)
  LIMIT 1`;

/**
 * Every viewer request sends it: a named prepared statement (server/db/sql.ts), named after its
 * text so that two builds' versions of it on one pool never collide.
 */
export const LINK_SQL_NAME = preparedName(LINK_SQL);

type Row = Omit<ViewerLink, 'primary'> & {
  expired: boolean;
  dId: string | null;
  dName: string;
  dType: string;
  dVersionId: string | null;
  dContentType: string;
  dExternalUrl: string | null;
  dStorageKey: string | null;
  dNumPages: number;
  dFileSize: number | null;
  dPageWidth: number | null;
  dPageHeight: number | null;
  dPreviewStatus: string;
  dPreviewError: string | null;
  dPreviewKey: string | null;
  sId: string | null;
  sEmail: string | null;
  sViewerId: string | null;
  sFieldValues: ViewerSessionRow['fieldValues'];
  sPasswordOk: boolean | null;
  sVerified: boolean | null;
  sAccessKey: string | null;
  sAdmittedAt: string | null;
  sExpiresAt: string | null;
  sAgreementKey: string | null;
};

/** What `slug` is now, with the session one of `tokens` (the cookie's values) names. */
export async function loadViewerState(slug: string, tokens: string[] = []): Promise<ViewerState> {
  if (!plausibleSlug(slug)) return { state: 'not_found' };
  const rows = await sqlRows<Row>(LINK_SQL, [slug, tokens.map(hashSessionToken), pgTimestamp(Date.now())], { name: LINK_SQL_NAME });
  const r = rows[0];
  if (!r) return { state: 'not_found' };
  const { expired, sId, sEmail, sViewerId, sFieldValues, sPasswordOk, sVerified, sAccessKey, sAdmittedAt, sExpiresAt, sAgreementKey, ...rest } = r;
  const { dId, dName, dType, dVersionId, dContentType, dExternalUrl, dStorageKey, dNumPages, dFileSize, dPageWidth, dPageHeight, dPreviewStatus, dPreviewError, dPreviewKey, ...base } = rest;
  const link: ViewerLink = {
    ...base,
    customFields: base.customFields ?? [],
    primary:
      dId && dVersionId
        ? { documentId: dId, name: dName, type: dType, versionId: dVersionId, contentType: dContentType, externalUrl: dExternalUrl, storageKey: dStorageKey, numPages: dNumPages, fileSize: dFileSize, pageWidth: dPageWidth, pageHeight: dPageHeight, previewStatus: dPreviewStatus, previewError: dPreviewError, previewKey: dPreviewKey }
        : null,
  };
  if (expired) return { state: 'expired', link };
  const session: ViewerSessionRow | null = sId
    ? {
        id: sId,
        linkId: link.id,
        email: sEmail,
        viewerId: sViewerId,
        fieldValues: sFieldValues,
        passwordOk: !!sPasswordOk,
        verified: !!sVerified,
        accessKey: sAccessKey,
        admittedAt: sAdmittedAt,
        agreementKey: sAgreementKey,
        expiresAt: sExpiresAt!,
      }
    : null;
  return { state: 'live', link, session };
}

/**
 * A digest of the settings that decide who gets in. A session admitted under other settings
 * (a new password, an added deny entry, email authentication switched on) goes back through
 * the gates.
 */
export function accessKey(link: ViewerLink): string {
  const parts = [
    link.passwordHash ?? '',
    link.emailProtected,
    link.emailAuthenticated,
    link.allowList.join(','),
    link.denyList.join(','),
    link.audienceType,
    link.groupId ?? '',
    link.groupAllowAll,
    link.groupDomains.join(','),
  ];
  const text = JSON.stringify(parts);
  let key = accessKeys.get(text);
  if (!key) {
    key = createHash('sha256').update(text).digest('base64url').slice(0, 22);
    if (accessKeys.size >= 1000) accessKeys.clear();
    accessKeys.set(text, key);
  }
  return key;
}

/** Digests of the settings seen lately: every viewer request asks for its link's. */
const accessKeys = new Map<string, string>();

/** What a session must have accepted on this link: its agreement at the current version (null: none). */
export const agreementKeyOf = (link: Pick<ViewerLink, 'agreementId' | 'agreementVersion'>) =>
  link.agreementId ? `${link.agreementId}:${link.agreementVersion}` : null;

/**
 * The session's actor when it has passed every gate under the link's current settings, the
 * agreement's current version included: every viewer endpoint (pages, files, downloads, zips,
 * trees, events) asks this, so the agreement step cannot be skipped by calling them directly.
 */
export function admittedActor(link: ViewerLink, session: ViewerSessionRow | null): ViewerActor | null {
  if (!session?.admittedAt || session.accessKey !== accessKey(link)) return null;
  const agreement = agreementKeyOf(link);
  if (agreement && session.agreementKey !== agreement) return null;
  return {
    kind: 'viewer',
    linkId: link.id,
    teamId: link.teamId,
    sessionId: session.id,
    visitorId: session.viewerId,
    email: session.email,
    emailVerified: !!session.email && session.verified,
  };
}

