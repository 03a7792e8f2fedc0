// Share links (spec 2.7, 4.5; DESIGN.md "Links, presets and the viewer"): one document or one
// room, general or for one viewer group of that room, with the access and presentation settings
// a preset may seed. Deleting is soft: the link stops resolving and leaves the API.
import { randomBytes } from 'node:crypto';
import type { Actor } from '../../auth/actor';
import { changesBetween, emit } from '../events/emit';
import { config } from '../../config';
import { db, type Tx } from '../../db/client';
import { Prisma } from '../../db/generated/client';
import { ApiError, invalid, notFound } from '../../errors';
import { newId } from '../../ids';
import { cursorInstant, decodeCursor, iso, page } from '../../schemas/common';
import { copyImage, deleteBlobs, fetchImage, insertImageRows, releaseImageRows, storeImage, toImage, type StoredImage } from '../branding/images';
import { checkAgreementId } from '../agreements/agreements';
import { checkDomainId } from '../domains/domains';
import { verifiedDomainNames } from '../domains/link-domain';
import { listPermissions } from '../datarooms/permissions';
import { findRoom, lookupRoom } from '../room-lookup';
import { findLink, type LinkRow } from '../link-lookup';
import { seededColumns, sharedSettings } from './shared-columns';
import { asksForEmail } from '../../../lib/shared/link-settings';
import { normalizeIpRules } from '../../../lib/shared/ip-rules';
import {
  assertCustomFieldCap,
  assertWatermarkFillable,
  hashPassword,
  normalizeCustomFields,
  normalizeList,
  normalizeWatermark,
  type CustomField,
  type CustomFieldInput,
  type Watermark,
  type WatermarkInput,
} from './settings';

export type SharedSettingsInput = {
  password?: string | null;
  email_protected?: boolean;
  email_authenticated?: boolean;
  allow_download?: boolean;
  allow_list?: string[];
  deny_list?: string[];
  ip_allow_list?: string[];
  watermark_config?: WatermarkInput | null;
  welcome_message?: string | null;
  enable_notification?: boolean;
  agreement_id?: string | null;
  show_banner?: boolean;
  enable_search?: boolean;
  custom_fields?: CustomFieldInput[];
  enable_custom_meta?: boolean;
  allow_access_requests?: boolean;
  meta_title?: string | null;
  meta_description?: string | null;
  meta_image?: { source_url: string } | null;
  domain_id?: string | null;
};
type LinkSettingsInput = SharedSettingsInput & { name?: string | null; expires_at?: string | null; brand_id?: string | null };
type CreateInput = LinkSettingsInput & {
  document_id?: string;
  dataroom_id?: string;
  audience_type?: 'general' | 'group';
  group_id?: string;
  preset_id?: string;
};


/** A link's address: on its custom domain when it has a verified one, else on the app host. */
export const linkUrl = (slug: string, domain?: string | null) => (domain ? `https://${domain}/view/${slug}` : `${config.appUrl}/view/${slug}`);
/** 144 random bits, URL-safe. */
const newSlug = () => randomBytes(18).toString('base64url');

async function toLinks(q: Pick<Tx, 'imageAsset' | 'domain'>, rows: LinkRow[]) {
  const ids = rows.map((r) => r.metaImage).filter((x): x is string => !!x);
  const images = ids.length ? new Map((await q.imageAsset.findMany({ where: { id: { in: ids } } })).map((i) => [i.id, i])) : new Map();
  const domains = await verifiedDomainNames(q, rows.map((r) => r.domainId));
  return rows.map((l) => ({
    id: l.id,
    object: 'link' as const,
    name: l.name,
    url: linkUrl(l.slug, l.domainId ? domains.get(l.domainId) : null),
    document_id: l.documentId,
    dataroom_id: l.dataroomId,
    audience_type: l.audienceType,
    group_id: l.groupId,
    expires_at: l.expiresAt ? iso(l.expiresAt) : null,
    is_password_protected: l.passwordHash !== null,
    ...sharedSettings(l),
    custom_fields: (l.customFields as CustomField[] | null) ?? [],
    brand_id: l.brandId,
    meta_image_url: l.metaImage ? (toImage(images.get(l.metaImage))?.url ?? null) : null,
    preset_id: l.presetId,
    created: iso(l.createdAt),
    updated_at: iso(l.updatedAt),
  }));
}

export { findLink };

export async function getLink(actor: Actor, id: string, tx: Tx = db) {
  return (await toLinks(tx, [await findLink(tx, actor, id)]))[0]!;
}

/** Newest first; filtered by document or room (internal or dr_ id). */
export async function listLinks(actor: Actor, q: { document_id?: string; dataroom_id?: string; limit: number; cursor?: string }) {
  const after = decodeCursor(q.cursor, 'number', 'string') as [number, string] | null;
  let roomId: string | undefined;
  if (q.dataroom_id) {
    const room = await lookupRoom(db, actor, q.dataroom_id);
    if (!room) return { data: [], next_cursor: null };
    roomId = room.id;
  }
  const rows = await db.link.findMany({
    where: {
      teamId: actor.teamId,
      deletedAt: null,
      documentId: q.document_id,
      dataroomId: roomId,
      ...(after
        ? {
            OR: [
              { createdAt: { lt: new Date(cursorInstant(after[0])) } },
              { createdAt: new Date(cursorInstant(after[0])), id: { lt: after[1] } },
            ],
          }
        : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: q.limit + 1,
  });
  const mapped = await toLinks(db, rows);
  const byId = new Map(mapped.map((m) => [m.id, m]));
  return page(rows, q.limit, (r) => byId.get(r.id)!, (r) => [r.createdAt.getTime(), r.id]);
}

/** What a preset seeds: its non-null settings (DESIGN.md). */
async function presetSeed(tx: Tx, actor: Actor, presetId: string) {
  const p = await tx.linkPreset.findFirst({ where: { id: presetId, teamId: actor.teamId } });
  if (!p) throw notFound('Link preset');
  return p;
}

type Columns = Partial<Omit<LinkRow, 'id' | 'teamId' | 'createdAt' | 'updatedAt' | 'slug' | 'deletedAt'>>;

/** The columns a settings input sets (images and password handled by the caller). */
function settingsColumns(input: LinkSettingsInput): Columns {
  const c: Columns = {};
  if (input.name !== undefined) c.name = input.name;
  if (input.email_protected !== undefined) c.emailProtected = input.email_protected;
  if (input.email_authenticated !== undefined) c.emailAuthenticated = input.email_authenticated;
  if (input.allow_download !== undefined) c.allowDownload = input.allow_download;
  if (input.allow_list !== undefined) c.allowList = normalizeList(input.allow_list);
  if (input.deny_list !== undefined) c.denyList = normalizeList(input.deny_list);
  if (input.ip_allow_list !== undefined) c.ipAllowList = normalizeIpRules(input.ip_allow_list);
  if (input.watermark_config !== undefined) c.watermarkConfig = input.watermark_config ? normalizeWatermark(input.watermark_config) : null;
  if (input.welcome_message !== undefined) c.welcomeMessage = input.welcome_message;
  if (input.enable_notification !== undefined) c.enableNotification = input.enable_notification;
  if (input.show_banner !== undefined) c.showBanner = input.show_banner;
  if (input.enable_search !== undefined) c.enableSearch = input.enable_search;
  if (input.custom_fields !== undefined) c.customFields = normalizeCustomFields(input.custom_fields);
  if (input.enable_custom_meta !== undefined) c.enableCustomMeta = input.enable_custom_meta;
  if (input.allow_access_requests !== undefined) c.allowAccessRequests = input.allow_access_requests;
  if (input.meta_title !== undefined) c.metaTitle = input.meta_title;
  if (input.meta_description !== undefined) c.metaDescription = input.meta_description;
  if (input.agreement_id !== undefined) c.agreementId = input.agreement_id;
  if (input.domain_id !== undefined) c.domainId = input.domain_id;
  return c;
}

type ResultingLink = {
  name?: string | null;
  expiresAt: Date | null;
  emailProtected: boolean;
  emailAuthenticated: boolean;
  allowList?: string[];
  denyList?: string[];
  watermarkConfig?: unknown;
  customFields: unknown;
};

/** The settings a watermark's placeholders depend on (a PATCH of none of them leaves an old watermark alone). */
const WATERMARK_SOURCES = ['watermark_config', 'name', 'email_protected', 'email_authenticated', 'allow_list', 'deny_list'] as const;

/**
 * Rules over the resulting link: a future expiry, email authentication needs the email gate, the
 * plan's field cap, a watermark whose placeholders the link can fill.
 */
function checkResult(actor: Actor, r: ResultingLink, sent: { expires: boolean; watermarkSources: boolean }, groupDecides: boolean) {
  if (sent.expires && r.expiresAt && r.expiresAt.getTime() <= Date.now()) throw invalid('expires_at', 'must be in the future');
  if (r.emailAuthenticated && !r.emailProtected) throw invalid('email_protected', 'must be true when email_authenticated is true (a one-time code is sent to the email asked for)');
  assertCustomFieldCap(actor, ((r.customFields as unknown[] | null) ?? []).length);
  if (sent.watermarkSources) {
    const asksEmail = asksForEmail({ emailProtected: r.emailProtected, emailAuthenticated: r.emailAuthenticated, allowList: r.allowList ?? [], denyList: r.denyList ?? [], groupDecides });
    assertWatermarkFillable(r.watermarkConfig, { asksEmail, linkName: r.name ?? null });
  }
}

function parseExpiry(v: string | null | undefined): Date | null | undefined {
  if (v === undefined || v === null) return v;
  const d = new Date(v);
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() > 9999) throw invalid('expires_at', 'must be an ISO 8601 timestamp');
  return d;
}

async function checkBrand(tx: Tx, actor: Actor, brandId: string | null | undefined) {
  if (!brandId) return;
  const b = await tx.brand.findFirst({ where: { id: brandId, teamId: actor.teamId }, select: { id: true } });
  if (!b) throw notFound('Brand');
}

/** The target of a new link: one document or one room, and for group links a group of that room. */
async function resolveTarget(tx: Tx, actor: Actor, input: CreateInput) {
  if (!!input.document_id === !!input.dataroom_id) {
    throw invalid(null, 'Give exactly one of document_id and dataroom_id.');
  }
  const audience = input.audience_type ?? 'general';
  if (audience === 'group' && !input.dataroom_id) throw invalid('audience_type', 'group links share a data room: give dataroom_id');
  if (audience === 'group' && !input.group_id) throw invalid('group_id', 'is required for a group link');
  if (audience === 'general' && input.group_id) throw invalid('group_id', 'is taken only with audience_type "group"');
  if (input.document_id) {
    const doc = await tx.document.findFirst({ where: { id: input.document_id, teamId: actor.teamId }, select: { id: true } });
    if (!doc) throw notFound('Document');
    return { target: { linkType: 'document' as const, documentId: doc.id, dataroomId: null, audienceType: audience, groupId: null }, groupAllowsAll: false };
  }
  const room = await findRoom(tx, actor, input.dataroom_id!, 'share');
  let groupId: string | null = null;
  let groupAllowsAll = false;
  if (input.group_id) {
    const group = await tx.viewerGroup.findFirst({ where: { id: input.group_id, dataroom: { teamId: actor.teamId, deletedAt: null } }, select: { id: true, dataroomId: true, allowAll: true } });
    if (!group) throw notFound('Group');
    if (group.dataroomId !== room.id) throw invalid('group_id', 'belongs to another data room');
    groupId = group.id;
    groupAllowsAll = group.allowAll;
  }
  return { target: { linkType: 'dataroom' as const, documentId: null, dataroomId: room.id, audienceType: audience, groupId }, groupAllowsAll };
}

/**
 * A group that starts admitting everyone stops asking its links' visitors for an email: refused
 * (422 naming `allow_all`) while one of its live links watermarks with `{{email}}` and asks for
 * no email by its own settings.
 */
export async function assertGroupLinksFillWatermark(tx: Tx, groupId: string) {
  const links = await tx.link.findMany({ where: { groupId, deletedAt: null, NOT: { watermarkConfig: { equals: Prisma.DbNull } } } });
  for (const l of links) {
    try {
      assertWatermarkFillable(l.watermarkConfig, { asksEmail: asksForEmail({ ...l, groupDecides: false }) });
    } catch {
      throw invalid(
        'allow_all',
        `the group's link ${l.name ? `"${l.name}"` : l.id} puts {{email}} in its watermark and asks for no email by its own settings; admitting everyone would print it empty. Require an email address on that link or change its watermark first.`,
      );
    }
  }
}

export async function createLink(actor: Actor, input: CreateInput) {
  if (input.custom_fields) assertCustomFieldCap(actor, input.custom_fields.length);
  const passwordHash = typeof input.password === 'string' ? await hashPassword(input.password) : null;
  const fetched = input.meta_image ? await storeImage(actor.teamId, await fetchImage(input.meta_image.source_url, 'link_preview_image', 'meta_image')) : null;
  const stored: StoredImage[] = fetched ? [fetched] : [];
  let id: string;
  try {
    id = await db.$transaction(async (tx) => {
      const { target, groupAllowsAll } = await resolveTarget(tx, actor, input);
      await checkBrand(tx, actor, input.brand_id);
      await checkAgreementId(tx, actor, input.agreement_id);
      await checkDomainId(tx, actor, input.domain_id);
      const preset = input.preset_id ? await presetSeed(tx, actor, input.preset_id) : null;
      const seeded: Columns = {};
      if (preset) {
        if (preset.passwordHash) seeded.passwordHash = preset.passwordHash;
        if (preset.expiresInSeconds) seeded.expiresAt = new Date(Date.now() + preset.expiresInSeconds * 1000);
        Object.assign(seeded, seededColumns(preset));
        if (preset.metaImage && input.meta_image === undefined) seeded.metaImage = await copyImage(tx, actor.teamId, preset.metaImage, stored);
      }
      const explicit = settingsColumns(input);
      if (input.password !== undefined) explicit.passwordHash = passwordHash;
      if (input.expires_at !== undefined) explicit.expiresAt = parseExpiry(input.expires_at);
      if (input.meta_image !== undefined) explicit.metaImage = fetched?.id ?? null;
      const merged = {
        emailProtected: false,
        emailAuthenticated: false,
        expiresAt: null as Date | null,
        customFields: [] as unknown,
        ...seeded,
        ...explicit,
      };
      // A link whose access depends on who the visitor is (a group, an allow list) asks for the
      // one-time code unless the request (or its preset) says otherwise: typing an address on the
      // list must not be enough to get in.
      const dependsOnWho = (target.audienceType === 'group' && !groupAllowsAll) || ((merged.allowList as string[] | undefined)?.length ?? 0) > 0;
      if (dependsOnWho && explicit.emailAuthenticated === undefined && seeded.emailAuthenticated === undefined && input.email_protected !== false) {
        merged.emailAuthenticated = true;
      }
      // email_authenticated implies the email gate unless the request says otherwise.
      if (merged.emailAuthenticated && input.email_protected === undefined) merged.emailProtected = true;
      checkResult(actor, merged, { expires: input.expires_at !== undefined, watermarkSources: true }, target.audienceType === 'group' && !groupAllowsAll);
      if (fetched) await insertImageRows(tx, [fetched]);
      // The owner told of visits: the user (an OAuth token's too), or whoever made the token (docs/decisions.md).
      const createdById =
        actor.kind === 'user'
          ? actor.userId
          : actor.userId ?? ((await tx.apiToken.findUnique({ where: { id: actor.tokenId }, select: { createdById: true } }))?.createdById ?? null);
      const link = await tx.link.create({
        data: {
          createdById,
          ...merged,
          customFields: merged.customFields as object,
          watermarkConfig: merged.watermarkConfig ? (merged.watermarkConfig as object) : Prisma.DbNull,
          ...target,
          id: newId(),
          teamId: actor.teamId,
          slug: newSlug(),
          brandId: input.brand_id ?? null,
          presetId: preset?.id ?? null,
        },
      });
      await emit(tx, actor, { type: 'link.created', object: await getLink(actor, link.id, tx), dataroomId: link.dataroomId });
      return link.id;
    });
  } catch (e) {
    await deleteBlobs(stored.map((s) => s.storageKey));
    throw e;
  }
  return getLink(actor, id);
}

export async function updateLink(actor: Actor, id: string, input: LinkSettingsInput) {
  const current = await findLink(db, actor, id);
  if (input.custom_fields) assertCustomFieldCap(actor, input.custom_fields.length);
  const passwordHash = typeof input.password === 'string' ? await hashPassword(input.password) : null;
  const fetched = input.meta_image ? await storeImage(actor.teamId, await fetchImage(input.meta_image.source_url, 'link_preview_image', 'meta_image')) : null;
  let released: string[] = [];
  try {
    released = await db.$transaction(async (tx) => {
      const link = await tx.link.findFirst({ where: { id: current.id, deletedAt: null } });
      if (!link) throw notFound('Link');
      await checkBrand(tx, actor, input.brand_id);
      await checkAgreementId(tx, actor, input.agreement_id);
      // A domain kept as it is passes even if it has failed since (the link is on the app host meanwhile).
      if (input.domain_id !== link.domainId) await checkDomainId(tx, actor, input.domain_id);
      const data = settingsColumns(input);
      if (input.brand_id !== undefined) data.brandId = input.brand_id;
      if (input.password !== undefined) data.passwordHash = passwordHash;
      if (input.expires_at !== undefined) data.expiresAt = parseExpiry(input.expires_at);
      if (input.meta_image !== undefined) data.metaImage = fetched?.id ?? null;
      if (input.email_authenticated === true && input.email_protected === undefined) data.emailProtected = true;
      const group = link.groupId ? await tx.viewerGroup.findUnique({ where: { id: link.groupId }, select: { allowAll: true } }) : null;
      checkResult(
        actor,
        { ...link, ...data } as typeof link,
        { expires: input.expires_at !== undefined, watermarkSources: WATERMARK_SOURCES.some((k) => input[k] !== undefined) },
        link.audienceType === 'group' && !!group && !group.allowAll,
      );
      if (fetched) await insertImageRows(tx, [fetched]);
      const before = await getLink(actor, link.id, tx);
      await tx.link.update({
        where: { id: link.id },
        data: {
          ...data,
          customFields: data.customFields as object | undefined,
          watermarkConfig: data.watermarkConfig === null ? Prisma.DbNull : (data.watermarkConfig as object | undefined),
        },
      });
      const after = await getLink(actor, link.id, tx);
      const changes = changesBetween(before, after, input.password !== undefined ? ['password'] : []);
      await emit(tx, actor, { type: 'link.updated', object: after, changes, dataroomId: link.dataroomId });
      return input.meta_image !== undefined ? releaseImageRows(tx, [link.metaImage]) : [];
    });
  } catch (e) {
    if (fetched) await deleteBlobs([fetched.storageKey]);
    throw e;
  }
  await deleteBlobs(released);
  return getLink(actor, id);
}

export async function deleteLink(actor: Actor, id: string) {
  const keys = await db.$transaction(async (tx) => {
    const link = await findLink(tx, actor, id);
    await tx.link.update({ where: { id: link.id }, data: { deletedAt: new Date(), metaImage: null } });
    await emit(tx, actor, { type: 'link.deleted', object: { id: link.id, object: 'link', deleted: true }, dataroomId: link.dataroomId });
    return releaseImageRows(tx, [link.metaImage]);
  });
  await deleteBlobs(keys);
  return { id, object: 'link' as const, deleted: true as const };
}

/** A group link's permissions: the group's rows. A general link has none (404). */
export async function linkPermissions(actor: Actor, id: string) {
  const link = await findLink(db, actor, id);
  if (link.audienceType !== 'group' || !link.dataroomId || !link.groupId) {
    throw new ApiError('not_found', 'This link is not a group link: it has no group permissions.');
  }
  return listPermissions(actor, link.dataroomId, link.groupId);
}
