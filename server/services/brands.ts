// Brands (spec 2.9, 3.2, 4.3): named viewer settings of a team. Exactly one is the default
// whenever the team has any: every write that can move the default, and the per-plan cap, runs
// under a lock on the team row (a partial unique index backs it up).
import type { Actor } from '../auth/actor';
import { changesBetween, emit } from './events/emit';
import { db, type Tx } from '../db/client';
import { ApiError, conflict, invalid, notFound } from '../errors';
import { newId } from '../ids';
import { iso } from '../schemas/common';
import { BRAND_CAPS, FIELD_FEATURES, fieldAllowed, IMAGE_SLOTS, type ImageSlot } from '../../lib/shared/branding-fields';
import { deleteBlobs, releaseImageRows } from './branding/images';
import { PLANS, type PlanName } from '../../lib/shared/plans';
import { capReachedMessage } from './plan-caps';
import {
  assertPlanAllows,
  IMAGE_COLUMN,
  loadImages,
  prepareImages,
  putSlotImage,
  settingsChanges,
  toSettings,
  type SettingsInput,
  type SettingsRow,
} from './branding/settings';

type BrandRow = SettingsRow & { id: string; teamId: string; name: string; isDefault: boolean; createdAt: Date; updatedAt: Date };

export async function lockTeam(tx: Tx, teamId: string) {
  await tx.$queryRawUnsafe(`SELECT id FROM teams WHERE id = $1 FOR UPDATE`, teamId);
}

async function toBrands(q: Pick<Tx, 'imageAsset'>, rows: BrandRow[]) {
  const images = await loadImages(q, rows);
  return rows.map((r) => ({
    id: r.id,
    object: 'brand' as const,
    name: r.name,
    is_default: r.isDefault,
    ...toSettings(r, images),
    created: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }));
}

async function findBrand(tx: Tx, actor: Actor, id: string): Promise<BrandRow> {
  const brand = await tx.brand.findFirst({ where: { id, teamId: actor.teamId } });
  if (!brand) throw notFound('Brand');
  return brand;
}

/** Oldest first: the team's brands (at most 50, so one page). */
export async function listBrands(actor: Actor) {
  const rows = await db.brand.findMany({ where: { teamId: actor.teamId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return { data: await toBrands(db, rows), next_cursor: null };
}

export async function getBrand(actor: Actor, id: string, tx: Tx = db) {
  const row = await findBrand(tx, actor, id);
  return (await toBrands(tx, [row]))[0]!;
}

const plansAbove = (used: number): PlanName[] => PLANS.filter((p) => BRAND_CAPS[p] > used);

function assertBelowCap(actor: Actor, used: number) {
  const limit = BRAND_CAPS[actor.plan];
  if (used < limit) return;
  const plans = plansAbove(used);
  throw new ApiError(
    'plan_restriction',
    capReachedMessage({ plan: actor.plan, limit, used, one: 'brand', many: 'brands', plans }),
    { feature: 'brands', current_plan: actor.plan, usage: used, limit, plans },
  );
}

async function assertNameFree(tx: Tx, teamId: string, name: string, exceptId: string | null) {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id FROM brands WHERE team_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3`,
    teamId,
    name,
    exceptId,
  );
  if (rows.length) throw conflict(`A brand named "${name}" already exists in this team.`, { field: 'name' });
}

/** A concurrent write won the name index between our check and our write. */
function nameTaken(e: unknown, name: string | undefined): unknown {
  const code = (e as { code?: string })?.code;
  if (code === 'P2002' && name) return conflict(`A brand named "${name}" already exists in this team.`, { field: 'name' });
  return e;
}

export async function createBrand(actor: Actor, input: SettingsInput & { name: string; is_default?: boolean }) {
  assertPlanAllows(actor, input);
  assertBelowCap(actor, await db.brand.count({ where: { teamId: actor.teamId } }));
  const prepared = await prepareImages(actor.teamId, input);
  let id: string;
  try {
    id = await db.$transaction(async (tx) => {
      await lockTeam(tx, actor.teamId);
      const count = await tx.brand.count({ where: { teamId: actor.teamId } });
      assertBelowCap(actor, count);
      await assertNameFree(tx, actor.teamId, input.name, null);
      const { data } = await settingsChanges(tx, input, prepared, null);
      // The first brand is the default whatever was asked; is_default: true moves it.
      const isDefault = count === 0 || input.is_default === true;
      if (isDefault && count > 0) await tx.brand.updateMany({ where: { teamId: actor.teamId, isDefault: true }, data: { isDefault: false } });
      const brand = await tx.brand.create({ data: { ...data, id: newId(), teamId: actor.teamId, name: input.name, isDefault } });
      await emit(tx, actor, { type: 'brand.created', object: await getBrand(actor, brand.id, tx) });
      return brand.id;
    });
  } catch (e) {
    await prepared.discard();
    throw nameTaken(e, input.name);
  }
  return getBrand(actor, id);
}

export async function updateBrand(actor: Actor, id: string, input: SettingsInput & { name?: string; is_default?: boolean }) {
  await findBrand(db, actor, id);
  assertPlanAllows(actor, input);
  const prepared = await prepareImages(actor.teamId, input);
  let released: string[] = [];
  try {
    released = await db.$transaction(async (tx) => {
      await lockTeam(tx, actor.teamId);
      const brand = await findBrand(tx, actor, id);
      if (input.name !== undefined) await assertNameFree(tx, actor.teamId, input.name, brand.id);
      if (input.is_default === false && brand.isDefault) {
        throw invalid('is_default', 'a team always has one default brand: make another brand the default instead');
      }
      const { data, released: old } = await settingsChanges(tx, input, prepared, brand);
      const before = await getBrand(actor, brand.id, tx);
      if (input.is_default === true && !brand.isDefault) {
        await tx.brand.updateMany({ where: { teamId: actor.teamId, isDefault: true }, data: { isDefault: false } });
      }
      await tx.brand.update({
        where: { id: brand.id },
        data: { ...data, name: input.name, isDefault: input.is_default === true ? true : undefined },
      });
      const after = await getBrand(actor, brand.id, tx);
      await emit(tx, actor, { type: 'brand.updated', object: after, changes: changesBetween(before, after) });
      return releaseImageRows(tx, old);
    });
  } catch (e) {
    await prepared.discard();
    throw nameTaken(e, input.name);
  }
  await deleteBlobs(released);
  return getBrand(actor, id);
}

/**
 * Deletes the brand and its images. Rooms pinned to it show the team default from now on
 * (their mode becomes team_default; custom rooms keep their own settings), links pinned to it
 * lose the pin, and deleting the default promotes the oldest remaining brand.
 */
export async function deleteBrand(actor: Actor, id: string) {
  const keys = await db.$transaction(async (tx) => {
    await lockTeam(tx, actor.teamId);
    const brand = await findBrand(tx, actor, id);
    await tx.dataroom.updateMany({ where: { brandId: brand.id, brandingMode: 'team_brand' }, data: { brandingMode: 'team_default', brandId: null } });
    await tx.dataroom.updateMany({ where: { brandId: brand.id }, data: { brandId: null } });
    await tx.link.updateMany({ where: { brandId: brand.id }, data: { brandId: null } });
    await tx.brand.delete({ where: { id: brand.id } });
    if (brand.isDefault) {
      const next = await tx.brand.findFirst({ where: { teamId: actor.teamId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
      if (next) await tx.brand.update({ where: { id: next.id }, data: { isDefault: true } });
    }
    await emit(tx, actor, { type: 'brand.deleted', object: { id: brand.id, object: 'brand', deleted: true } });
    return releaseImageRows(tx, IMAGE_SLOTS.map((s) => brand[IMAGE_COLUMN[s]]));
  });
  await deleteBlobs(keys);
  return { id, object: 'brand' as const, deleted: true as const };
}

/** 404 for anything but the four slots (spec 4.3). */
export function imageSlot(slot: string): ImageSlot {
  if (!(IMAGE_SLOTS as readonly string[]).includes(slot)) {
    throw new ApiError('not_found', `No image slot "${slot.slice(0, 64)}": the slots are ${IMAGE_SLOTS.join(', ')}.`);
  }
  return slot as ImageSlot;
}

/** Raw bytes into one slot of a brand; the previous image is released. */
export async function putBrandImage(actor: Actor, input: { id: string; slot: string; content_type: string | null; bytes: Uint8Array }) {
  await findBrand(db, actor, input.id);
  const slot = imageSlot(input.slot);
  assertPlanAllows(actor, { [slot]: {} });
  // The answer is the brand as this change committed it: read after the transaction, a delete
  // committing in between left the brand row read but its images released (200 with the slot null).
  let answer: Awaited<ReturnType<typeof getBrand>> | null = null;
  await putSlotImage(actor.teamId, slot, input.bytes, input.content_type, async (tx) => {
    // Under the team lock, as deleteBrand: a brand deleted meanwhile is 404, not a failed update.
    await lockTeam(tx, actor.teamId);
    const brand = await findBrand(tx, actor, input.id);
    const save = async (data: Parameters<typeof tx.brand.update>[0]['data']) => {
      const before = await getBrand(actor, brand.id, tx);
      await tx.brand.update({ where: { id: brand.id }, data });
      const after = await getBrand(actor, brand.id, tx);
      await emit(tx, actor, { type: 'brand.updated', object: after, changes: changesBetween(before, after) });
      answer = after;
    };
    return { current: brand, save };
  });
  return answer ?? getBrand(actor, input.id);
}

/** Brands used against the plan's cap and the fields the plan locks (the dashboard's editor). */
export async function brandUsage(actor: Actor) {
  const used = await db.brand.count({ where: { teamId: actor.teamId } });
  const locked: Record<string, { feature: string; plans: string[] }> = {};
  for (const [field, f] of Object.entries(FIELD_FEATURES)) {
    if (!fieldAllowed(field, actor.plan)) locked[field] = { feature: f.feature, plans: [...f.plans] };
  }
  return { plan: actor.plan, used, limit: BRAND_CAPS[actor.plan], plans_that_lift: plansAbove(used), locked_fields: locked };
}

/** What deleting a brand would move: the rooms and links pinned to it, and the next default. */
export async function brandDependents(actor: Actor, id: string) {
  const brand = await findBrand(db, actor, id);
  const [rooms, links, next] = await Promise.all([
    db.dataroom.findMany({
      where: { brandId: brand.id, brandingMode: 'team_brand', deletedAt: null },
      select: { id: true, pid: true, name: true },
      orderBy: { name: 'asc' },
      take: 200,
    }),
    db.link.findMany({ where: { brandId: brand.id, deletedAt: null }, select: { id: true, name: true }, take: 200 }),
    brand.isDefault
      ? db.brand.findFirst({ where: { teamId: actor.teamId, id: { not: brand.id } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { id: true, name: true } })
      : null,
  ]);
  return { rooms, links, is_default: brand.isDefault, next_default: next };
}
