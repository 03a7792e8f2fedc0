// A data room's branding (spec 2.10, 3.1): three modes, one source shown at a time. Custom
// settings start from what visitors saw, stay dormant while the room shows a team brand, and are
// deleted (images released) by team_default. A frozen room refuses every branding change.
import type { Actor } from '../../auth/actor';
import { changesBetween, emit } from '../events/emit';
import { db, type Tx } from '../../db/client';
import { conflict, forbidden, invalid, notFound } from '../../errors';
import { imageSlot } from './brands';
import { lockTeam } from '../locks';
import { findRoom, type RoomRow } from '../room-lookup';
import { teamDefaultBrand, visitorBranding } from './effective';
import { copyImage, deleteBlobs, releaseImageRows, type StoredImage } from './images';
import {
  assertPlanAllows,
  IMAGE_COLUMN,
  loadImages,
  prepareImages,
  putSlotImage,
  settingsChanges,
  settingsColumns,
  SETTINGS_KEYS,
  toSettings,
  type SettingsInput,
  type SettingsRow,
} from './settings';
import { IMAGE_SLOTS } from '../../../lib/shared/branding-fields';

type Mode = 'team_default' | 'team_brand' | 'custom';
type PatchInput = SettingsInput & { mode?: Mode; brand_id?: string };

export async function getRoomBranding(actor: Actor, idOrPid: string) {
  const room = await findRoom(db, actor, idOrPid);
  return toRoomBranding(actor, room);
}

async function toRoomBranding(actor: Actor, room: RoomRow, tx: Tx = db) {
  const row = await tx.dataroom.findUniqueOrThrow({ where: { id: room.id }, select: { brandingMode: true, brandId: true, customBranding: true } });
  const custom = row.customBranding;
  return {
    object: 'dataroom_branding' as const,
    dataroom_id: room.id,
    dataroom_pid: room.pid,
    mode: row.brandingMode,
    brand_id: row.brandingMode === 'team_brand' ? row.brandId : null,
    custom: custom ? toSettings(custom, await loadImages(tx, [custom])) : null,
    effective: await visitorBranding({ teamId: actor.teamId, dataroomId: room.id }, tx),
  };
}

/** Runs a branding change of `room` and records it: the branding before and after. */
async function recorded<T>(tx: Tx, actor: Actor, room: RoomRow, change: () => Promise<T>): Promise<T> {
  const before = await toRoomBranding(actor, room, tx);
  const result = await change();
  const after = await toRoomBranding(actor, room, tx);
  const changes = changesBetween(before, after);
  if (Object.keys(changes).length) await emit(tx, actor, { type: 'dataroom.branding.updated', object: after, resourceId: room.id, changes, dataroomId: room.id });
  return result;
}

function refuseFrozen(room: RoomRow) {
  if (room.isFrozen) {
    throw forbidden(`The data room "${room.name}" is frozen: its branding cannot change until it is unfrozen (PATCH is_frozen: false).`);
  }
}

/** The settings visitors see now, as a new custom row (images copied: the room owns its own). */
async function startingSettings(tx: Tx, actor: Actor, room: { brandingMode: Mode; brandId: string | null }, stored: StoredImage[]) {
  const pinned = room.brandingMode === 'team_brand' && room.brandId ? await tx.brand.findFirst({ where: { id: room.brandId, teamId: actor.teamId } }) : null;
  const source = pinned ?? (await teamDefaultBrand(tx, actor.teamId));
  if (!source) return {};
  const cols: Partial<SettingsRow> = settingsColumns(source);
  for (const slot of IMAGE_SLOTS) {
    const id = source[IMAGE_COLUMN[slot]];
    if (id) cols[IMAGE_COLUMN[slot]] = await copyImage(tx, actor.teamId, id, stored);
  }
  return cols;
}

export async function updateRoomBranding(actor: Actor, idOrPid: string, input: PatchInput) {
  // An unknown room (or another team's) is 404 whatever the body says.
  const found = await findRoom(db, actor, idOrPid);
  const fields = SETTINGS_KEYS.filter((k) => input[k] !== undefined);
  const settings = Object.fromEntries(fields.map((k) => [k, input[k]])) as SettingsInput;
  if (input.brand_id !== undefined && input.mode !== 'team_brand') {
    throw invalid(['brand_id'], 'is taken only with mode team_brand');
  }
  if (input.mode === 'team_brand' && input.brand_id === undefined) throw invalid(['brand_id'], 'is required with mode team_brand');
  if (input.mode && input.mode !== 'custom' && fields.length) {
    throw invalid(fields, `brand fields are taken only with mode custom, not ${input.mode}`);
  }
  if (!input.mode && !fields.length) {
    throw invalid(null, 'Send mode, or brand fields for a room in custom mode.');
  }
  assertPlanAllows(actor, settings);
  // Checked before fetching anything: a frozen room costs no download.
  refuseFrozen(found);
  if (!input.mode) {
    // Refused before any image is downloaded (checked again under the lock below).
    const { brandingMode } = await db.dataroom.findUniqueOrThrow({ where: { id: found.id }, select: { brandingMode: true } });
    if (brandingMode !== 'custom') throw invalid(fields, `the room is in ${brandingMode} mode; send mode: "custom" with brand fields to give it its own branding`);
  }
  const prepared = await prepareImages(actor.teamId, settings);
  const copies: StoredImage[] = [];
  let released: string[] = [];
  let room: RoomRow;
  try {
    [room, released] = await db.$transaction(async (tx) => {
      // The team first, as deleteBrand takes it: a brand read here cannot be deleted before we
      // commit, and the two never wait on each other's locks in the opposite order (deadlock).
      await lockTeam(tx, actor.teamId);
      const r = await findRoom(tx, actor, idOrPid, 'update');
      refuseFrozen(r);
      return recorded(tx, actor, r, async () => {
      const current = await tx.dataroom.findUniqueOrThrow({ where: { id: r.id }, select: { brandingMode: true, brandId: true, customBranding: true } });
      const mode = input.mode ?? current.brandingMode;
      if (!input.mode && mode !== 'custom') {
        throw invalid(fields, `the room is in ${mode} mode; send mode: "custom" with brand fields to give it its own branding`);
      }
      if (mode === 'team_default') {
        const old = current.customBranding;
        await tx.dataroomCustomBranding.deleteMany({ where: { dataroomId: r.id } });
        await tx.dataroom.update({ where: { id: r.id }, data: { brandingMode: 'team_default', brandId: null } });
        return [r, old ? await releaseImageRows(tx, IMAGE_SLOTS.map((s) => old[IMAGE_COLUMN[s]])) : []] as const;
      }
      if (mode === 'team_brand') {
        const brand = await tx.brand.findFirst({ where: { id: input.brand_id!, teamId: actor.teamId }, select: { id: true } });
        if (!brand) throw notFound('Brand');
        await tx.dataroom.update({ where: { id: r.id }, data: { brandingMode: 'team_brand', brandId: brand.id } });
        return [r, []] as const;
      }
      // custom: restore dormant settings, or start from what visitors see now; then apply the fields.
      let row: SettingsRow | null = current.customBranding;
      if (!row) {
        const start = await startingSettings(tx, actor, current, copies);
        row = await tx.dataroomCustomBranding.create({ data: { ...start, dataroomId: r.id } });
      }
      const { data, released: old } = await settingsChanges(tx, settings, prepared, row);
      await tx.dataroomCustomBranding.update({ where: { dataroomId: r.id }, data });
      await tx.dataroom.update({ where: { id: r.id }, data: { brandingMode: 'custom' } });
      return [r, await releaseImageRows(tx, old)] as const;
      });
    });
  } catch (e) {
    await prepared.discard();
    await deleteBlobs(copies.map((c) => c.storageKey));
    throw e;
  }
  await deleteBlobs(released);
  return toRoomBranding(actor, room);
}

/** Raw bytes into one slot of the room's custom settings (custom mode only: 409 otherwise). */
export async function putRoomBrandingImage(actor: Actor, input: { id: string; slot: string; content_type: string | null; bytes: Uint8Array }) {
  const room = await findRoom(db, actor, input.id);
  const slot = imageSlot(input.slot);
  refuseFrozen(room);
  const mode = (await db.dataroom.findUniqueOrThrow({ where: { id: room.id }, select: { brandingMode: true } })).brandingMode;
  if (mode !== 'custom') throw notCustom(mode);
  assertPlanAllows(actor, { [slot]: {} });
  // The answer is the branding as this change committed it (read after the transaction, a mode
  // switch committing in between would answer the 200 without the image; as putBrandImage).
  let answer: Awaited<ReturnType<typeof toRoomBranding>> | null = null;
  await putSlotImage(actor.teamId, slot, input.bytes, input.content_type, async (tx) => {
    await lockTeam(tx, actor.teamId); // before the room, in deleteBrand's order
    const r = await findRoom(tx, actor, input.id, 'update');
    refuseFrozen(r);
    const current = await tx.dataroom.findUniqueOrThrow({ where: { id: r.id }, select: { brandingMode: true, customBranding: true } });
    if (current.brandingMode !== 'custom' || !current.customBranding) throw notCustom(current.brandingMode);
    const save = async (data: Partial<SettingsRow>) => {
      await recorded(tx, actor, r, () => tx.dataroomCustomBranding.update({ where: { dataroomId: r.id }, data }));
      answer = await toRoomBranding(actor, r, tx);
    };
    return { current: current.customBranding, save };
  });
  return answer ?? toRoomBranding(actor, room);
}

const notCustom = (mode: string) =>
  conflict(`The data room is in ${mode} mode: switch it to custom first (PATCH its branding with {"mode": "custom"}), then upload images.`, {
    current_mode: mode,
  });
