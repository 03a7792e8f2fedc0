// Link presets (DESIGN.md): named settings that seed new links. A null or absent setting does
// not seed; names are unique in the team (409); custom fields are capped by plan as on links.
import type { Actor } from '../../auth/actor';
import { changesBetween, emit } from '../events/emit';
import { db, type Tx } from '../../db/client';
import { Prisma } from '../../db/generated/client';
import { conflict, notFound } from '../../errors';
import { newId } from '../../ids';
import { iso } from '../../schemas/common';
import { deleteBlobs, fetchImage, insertImageRows, releaseImageRows, storeImage, toImage } from '../branding/images';
import type { SharedSettingsInput } from './links';
import { sharedSettings } from './shared-columns';
import { checkAgreementId } from '../agreements/agreements';
import { normalizeIpRules } from '../../../lib/shared/ip-rules';
import { checkDomainId } from '../domains/domains';
import { asksForEmail } from '../../../lib/shared/link-settings';
import { assertCustomFieldCap, assertWatermarkFillable, hashPassword, normalizeCustomFields, normalizeList, normalizeWatermark, type CustomField, type Watermark } from './settings';

/** Every shared setting may be null on a preset ("do not seed"). */
type PresetInput = { [K in keyof SharedSettingsInput]?: SharedSettingsInput[K] | null } & { name?: string; expires_in?: number | null };
type PresetRow = NonNullable<Awaited<ReturnType<typeof db.linkPreset.findFirst>>>;

async function toPresets(q: Pick<Tx, 'imageAsset'>, rows: PresetRow[]) {
  const ids = rows.map((r) => r.metaImage).filter((x): x is string => !!x);
  const images = ids.length ? new Map((await q.imageAsset.findMany({ where: { id: { in: ids } } })).map((i) => [i.id, i])) : new Map();
  return rows.map((p) => ({
    id: p.id,
    object: 'link_preset' as const,
    name: p.name,
    is_password_protected: p.passwordHash !== null,
    expires_in: p.expiresInSeconds,
    ...sharedSettings(p),
    meta_image_url: p.metaImage ? (toImage(images.get(p.metaImage))?.url ?? null) : null,
    created: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  }));
}

async function findPreset(tx: Tx, actor: Actor, id: string) {
  const p = await tx.linkPreset.findFirst({ where: { id, teamId: actor.teamId } });
  if (!p) throw notFound('Link preset');
  return p;
}

export async function listPresets(actor: Actor) {
  const rows = await db.linkPreset.findMany({ where: { teamId: actor.teamId }, orderBy: [{ name: 'asc' }, { id: 'asc' }], take: 500 });
  return { data: await toPresets(db, rows), next_cursor: null };
}

export async function getPreset(actor: Actor, id: string, tx: Tx = db) {
  return (await toPresets(tx, [await findPreset(tx, actor, id)]))[0]!;
}

async function columns(input: PresetInput) {
  const c: Prisma.LinkPresetUncheckedUpdateInput = {};
  if (input.name !== undefined) c.name = input.name;
  if (input.password !== undefined) c.passwordHash = input.password === null ? null : await hashPassword(input.password);
  if (input.expires_in !== undefined) c.expiresInSeconds = input.expires_in;
  if (input.email_protected !== undefined) c.emailProtected = input.email_protected;
  if (input.email_authenticated !== undefined) c.emailAuthenticated = input.email_authenticated;
  if (input.allow_download !== undefined) c.allowDownload = input.allow_download;
  if (input.allow_list !== undefined) c.allowList = normalizeList(input.allow_list ?? []);
  if (input.deny_list !== undefined) c.denyList = normalizeList(input.deny_list ?? []);
  if (input.ip_allow_list !== undefined) c.ipAllowList = normalizeIpRules(input.ip_allow_list ?? []);
  if (input.watermark_config !== undefined) c.watermarkConfig = input.watermark_config ? normalizeWatermark(input.watermark_config) : Prisma.DbNull;
  if (input.welcome_message !== undefined) c.welcomeMessage = input.welcome_message;
  if (input.enable_notification !== undefined) c.enableNotification = input.enable_notification;
  if (input.show_banner !== undefined) c.showBanner = input.show_banner;
  if (input.enable_search !== undefined) c.enableSearch = input.enable_search;
  if (input.custom_fields !== undefined) c.customFields = input.custom_fields ? normalizeCustomFields(input.custom_fields) : Prisma.DbNull;
  if (input.enable_custom_meta !== undefined) c.enableCustomMeta = input.enable_custom_meta;
  if (input.allow_access_requests !== undefined) c.allowAccessRequests = input.allow_access_requests;
  if (input.meta_title !== undefined) c.metaTitle = input.meta_title;
  if (input.meta_description !== undefined) c.metaDescription = input.meta_description;
  if (input.agreement_id !== undefined) c.agreementId = input.agreement_id;
  if (input.domain_id !== undefined) c.domainId = input.domain_id;
  return c;
}

/**
 * A preset's watermark may only use `{{email}}` when the preset itself asks for the email (a link
 * made from it is checked again with its own settings). `{{link_name}}` is the link's business.
 */
function checkWatermark(input: PresetInput, data: Prisma.LinkPresetUncheckedUpdateInput, existing: PresetRow | null) {
  const touched = ['watermark_config', 'email_protected', 'email_authenticated', 'allow_list', 'deny_list'] as const;
  if (!touched.some((k) => input[k] !== undefined)) return;
  const pick = <K extends keyof PresetRow>(k: K): PresetRow[K] | null => (k in data ? (data[k] as PresetRow[K]) : (existing?.[k] ?? null));
  const watermark = data.watermarkConfig === Prisma.DbNull ? null : pick('watermarkConfig');
  const asksEmail = asksForEmail({
    emailProtected: pick('emailProtected') === true,
    emailAuthenticated: pick('emailAuthenticated') === true,
    allowList: pick('allowList') ?? [],
    denyList: pick('denyList') ?? [],
    groupDecides: false,
  });
  assertWatermarkFillable(watermark, { asksEmail });
}

const nameTaken = (e: unknown, name: string | undefined) =>
  (e as { code?: string })?.code === 'P2002' && name ? conflict(`A link preset named "${name}" already exists in this team.`, { field: 'name' }) : e;

async function write(actor: Actor, input: PresetInput, existing: PresetRow | null) {
  if (input.custom_fields) assertCustomFieldCap(actor, input.custom_fields.length);
  const data = await columns(input);
  checkWatermark(input, data, existing);
  const image = input.meta_image ? await storeImage(actor.teamId, await fetchImage(input.meta_image.source_url, 'link_preview_image', 'meta_image')) : null;
  if (input.meta_image !== undefined) data.metaImage = image?.id ?? null;
  let id = existing?.id ?? newId();
  let released: string[] = [];
  try {
    released = await db.$transaction(async (tx) => {
      if (image) await insertImageRows(tx, [image]);
      await checkAgreementId(tx, actor, input.agreement_id);
      if (input.domain_id !== existing?.domainId) await checkDomainId(tx, actor, input.domain_id);
      if (existing) {
        const current = await findPreset(tx, actor, existing.id);
        const before = await getPreset(actor, current.id, tx);
        await tx.linkPreset.update({ where: { id: current.id }, data });
        const after = await getPreset(actor, current.id, tx);
        const changes = changesBetween(before, after, input.password !== undefined ? ['password'] : []);
        await emit(tx, actor, { type: 'link_preset.updated', object: after, changes });
        return input.meta_image !== undefined ? releaseImageRows(tx, [current.metaImage]) : [];
      }
      const created = await tx.linkPreset.create({ data: { ...(data as Prisma.LinkPresetUncheckedCreateInput), id, teamId: actor.teamId, name: input.name! } });
      id = created.id;
      await emit(tx, actor, { type: 'link_preset.created', object: await getPreset(actor, id, tx) });
      return [];
    });
  } catch (e) {
    if (image) await deleteBlobs([image.storageKey]);
    throw nameTaken(e, input.name);
  }
  await deleteBlobs(released);
  return getPreset(actor, id);
}

export const createPreset = (actor: Actor, input: PresetInput & { name: string }) => write(actor, input, null);

export async function updatePreset(actor: Actor, id: string, input: PresetInput) {
  return write(actor, input, await findPreset(db, actor, id));
}

/** Links made from the preset keep their settings; they only lose the reference. */
export async function deletePreset(actor: Actor, id: string) {
  const keys = await db.$transaction(async (tx) => {
    const p = await findPreset(tx, actor, id);
    await tx.link.updateMany({ where: { presetId: p.id }, data: { presetId: null } });
    await tx.linkPreset.delete({ where: { id: p.id } });
    await emit(tx, actor, { type: 'link_preset.deleted', object: { id: p.id, object: 'link_preset', deleted: true } });
    return releaseImageRows(tx, [p.metaImage]);
  });
  await deleteBlobs(keys);
  return { id, object: 'link_preset' as const, deleted: true as const };
}
