// Data rooms: list, create, get, update (freezing is `is_frozen`), delete. A room is addressed
// by its internal id or its public `dr_` id everywhere; a deleted room keeps its row (past views
// and soft-deleted links point at it) but is gone from every read.
import type { Actor } from '../../auth/actor';
import { changesBetween, emit } from '../events/emit';
import { db, type Tx } from '../../db/client';
import { pgTimestamp } from '../../db/sql';
import { ApiError, forbidden, notFound } from '../../errors';
import { newDataroomPid, newId } from '../../ids';
import { teamDefaultBrand } from '../branding/effective';
import { deleteBlobs, releaseImageRows } from '../branding/images';
import { lockTeam } from '../locks';
import { findOpenRoom, findRoom, lookupRoom, ROOM_COLUMNS, roomNamed, type RoomRow } from '../room-lookup';

export { findOpenRoom, findRoom, lookupRoom, roomNamed, type RoomRow };
import { normalizeIpRules } from '../../../lib/shared/ip-rules';
import { cursorInstant, decodeCursor, iso, page } from '../../schemas/common';


type RoomWithCounts = RoomRow & { documentCount: number; folderCount: number };

export function toDataroom(r: RoomWithCounts) {
  return {
    id: r.id,
    object: 'dataroom' as const,
    pid: r.pid,
    name: r.name,
    internal_name: r.internalName,
    description: r.description,
    document_count: r.documentCount,
    folder_count: r.folderCount,
    allow_bulk_download: r.allowBulkDownload,
    is_frozen: r.isFrozen,
    default_permission: r.defaultPermission,
    qa_enabled: r.qaEnabled,
    qa_limit_per_visitor_per_day: r.qaLimitPerVisitorPerDay,
    ip_allow_list: r.ipAllowList ?? [],
    index_numbers: r.indexNumbers,
    created: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

const COUNTS = `(SELECT count(*)::int FROM dataroom_documents d WHERE d.dataroom_id = r.id) AS "documentCount",
  (SELECT count(*)::int FROM dataroom_folders f WHERE f.dataroom_id = r.id) AS "folderCount"`;

async function withCounts(tx: Tx, id: string): Promise<RoomWithCounts> {
  const rows = await tx.$queryRawUnsafe<RoomWithCounts[]>(`SELECT ${ROOM_COLUMNS}, ${COUNTS} FROM datarooms r WHERE r.id = $1`, id);
  return rows[0]!;
}

export async function getDataroom(actor: Actor, idOrPid: string) {
  const room = await findRoom(db, actor, idOrPid);
  return toDataroom(await withCounts(db, room.id));
}

/** Newest first, keyset-paged. */
export async function listDatarooms(actor: Actor, q: { limit: number; cursor?: string }) {
  const after = decodeCursor(q.cursor, 'number', 'string') as [number, string] | null;
  const rows = await db.$queryRawUnsafe<RoomWithCounts[]>(
    `SELECT ${ROOM_COLUMNS}, ${COUNTS} FROM datarooms r
     WHERE r.team_id = $1 AND r.deleted_at IS NULL
       ${after ? 'AND (r.created_at, r.id) < ($3::timestamp, $4)' : ''}
     ORDER BY r.created_at DESC, r.id DESC LIMIT $2`,
    actor.teamId,
    q.limit + 1,
    ...(after ? [pgTimestamp(cursorInstant(after[0])), after[1]] : []),
  );
  return page(rows, q.limit, toDataroom, (r) => [r.createdAt.getTime(), r.id]);
}

type RoomFields = {
  name?: string;
  internal_name?: string | null;
  description?: string | null;
  allow_bulk_download?: boolean;
  default_permission?: 'inherit' | 'hidden';
  qa_enabled?: boolean;
  qa_limit_per_visitor_per_day?: number;
  ip_allow_list?: string[];
  index_numbers?: boolean;
};

export async function createDataroom(actor: Actor, input: RoomFields & { name: string }) {
  return db.$transaction(async (tx) => {
    // Pinned at creation to the team's default brand of the moment (spec 3.1); a team without
    // brands shows its default, whichever brand becomes it later.
    // The team lock (taken by every brand write) keeps the default from being deleted meanwhile.
    await lockTeam(tx, actor.teamId);
    const brand = await teamDefaultBrand(tx, actor.teamId);
    const room = await tx.dataroom.create({
      data: {
        id: newId(),
        pid: newDataroomPid(),
        teamId: actor.teamId,
        name: input.name,
        internalName: input.internal_name ?? null,
        description: input.description ?? null,
        allowBulkDownload: input.allow_bulk_download ?? true,
        defaultPermission: input.default_permission ?? 'inherit',
        qaEnabled: input.qa_enabled ?? false,
        qaLimitPerVisitorPerDay: input.qa_limit_per_visitor_per_day ?? 20,
        ipAllowList: normalizeIpRules(input.ip_allow_list ?? []),
        indexNumbers: input.index_numbers ?? true,
        brandingMode: brand ? 'team_brand' : 'team_default',
        brandId: brand?.id ?? null,
      },
    });
    const created = toDataroom({ ...room, documentCount: 0, folderCount: 0 });
    await emit(tx, actor, { type: 'dataroom.created', object: created, dataroomId: room.id });
    return created;
  });
}

export async function updateDataroom(actor: Actor, idOrPid: string, input: RoomFields & { is_frozen?: boolean }) {
  return db.$transaction(async (tx) => {
    const room = await findRoom(tx, actor, idOrPid, 'update');
    const before = toDataroom(await withCounts(tx, room.id));
    await tx.dataroom.update({
      where: { id: room.id },
      data: {
        name: input.name,
        internalName: input.internal_name,
        description: input.description,
        allowBulkDownload: input.allow_bulk_download,
        defaultPermission: input.default_permission,
        qaEnabled: input.qa_enabled,
        qaLimitPerVisitorPerDay: input.qa_limit_per_visitor_per_day,
        ipAllowList: input.ip_allow_list && normalizeIpRules(input.ip_allow_list),
        indexNumbers: input.index_numbers,
        isFrozen: input.is_frozen,
      },
    });
    const after = toDataroom(await withCounts(tx, room.id));
    // Freezing and unfreezing are events of their own; any other field is an update.
    const { is_frozen: frozen, ...changes } = changesBetween(before, after);
    if (Object.keys(changes).length) await emit(tx, actor, { type: 'dataroom.updated', object: after, changes, dataroomId: room.id });
    if (frozen) await emit(tx, actor, { type: after.is_frozen ? 'dataroom.frozen' : 'dataroom.unfrozen', object: after, dataroomId: room.id });
    return after;
  });
}

/**
 * Removes the room's folders, placements, groups (with their memberships and permissions) and
 * soft-deletes its links (they stop resolving; their views stay), and deletes its custom
 * branding with its images. Library documents stay.
 * A frozen room must be unfrozen first.
 */
export async function deleteDataroom(actor: Actor, idOrPid: string) {
  const room = await db.$transaction(async (tx) => {
    const r = await findRoom(tx, actor, idOrPid, 'update');
    if (r.isFrozen) throw new ApiError('forbidden', `The data room "${r.name}" is frozen: unfreeze it (PATCH is_frozen: false) before deleting it.`);
    await tx.link.updateMany({ where: { dataroomId: r.id, deletedAt: null }, data: { deletedAt: new Date() } });
    await tx.viewerGroup.deleteMany({ where: { dataroomId: r.id } });
    await tx.dataroomDocument.deleteMany({ where: { dataroomId: r.id } });
    await tx.dataroomFolder.deleteMany({ where: { dataroomId: r.id } });
    // Its custom branding goes too: the images would otherwise stay public at their URLs.
    const custom = await tx.dataroomCustomBranding.findUnique({ where: { dataroomId: r.id } });
    await tx.dataroomCustomBranding.deleteMany({ where: { dataroomId: r.id } });
    const released = custom ? await releaseImageRows(tx, [custom.logoImageId, custom.bannerImageId, custom.linkPreviewImageId, custom.linkPreviewFaviconId]) : [];
    await tx.dataroom.update({ where: { id: r.id }, data: { deletedAt: new Date(), brandingMode: 'team_default', brandId: null } });
    await emit(tx, actor, { type: 'dataroom.deleted', object: { id: r.id, object: 'dataroom', deleted: true }, dataroomId: r.id });
    return { ...r, released };
  });
  await deleteBlobs(room.released);
  return { id: room.id, object: 'dataroom' as const, deleted: true as const };
}
