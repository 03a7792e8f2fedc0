// Per-group permissions on a room's items (placements and folders). Items without a row are
// invisible to the group's viewers. New items get a row per group from the room's
// `default_permission`; setting is a delta upsert that makes the ancestors of anything made
// visible visible too, in the same transaction.
import type { Actor } from '../../auth/actor';
import { db, type Tx } from '../../db/client';
import { Prisma } from '../../db/generated/client';
import { notFound } from '../../errors';
import { newId } from '../../ids';
import { findRoom, type RoomRow } from './rooms';
import { toGroup, withCount, type GroupRow } from './group-object';
import { emit, type Changes } from '../events/emit';

export type ItemType = 'dataroom_document' | 'dataroom_folder';
type PermissionRow = { itemId: string; itemType: ItemType; canView: boolean; canDownload: boolean };

export const toPermission = (p: PermissionRow) => ({
  item_id: p.itemId,
  item_type: p.itemType,
  can_view: p.canView,
  can_download: p.canDownload,
});

/** A room's group, or 404. */
export async function findGroup(tx: Tx, room: RoomRow, groupId: string) {
  const g = await tx.viewerGroup.findFirst({ where: { id: groupId, dataroomId: room.id } });
  if (!g) throw notFound('Group');
  return g;
}

/**
 * Rows for a new item, one per group of the room: `hidden` rooms write can_view false;
 * `inherit` copies the group's row of the parent folder (no row there: hidden), and at the root
 * gives can_view true, can_download false.
 */
export async function seedItemPermissions(tx: Tx, room: RoomRow, item: { id: string; type: ItemType; parentFolderId: string | null }) {
  const groups = await tx.viewerGroup.findMany({ where: { dataroomId: room.id }, select: { id: true } });
  if (!groups.length) return;
  const parentRows = item.parentFolderId
    ? await tx.viewerGroupPermission.findMany({ where: { itemId: item.parentFolderId, groupId: { in: groups.map((g) => g.id) } } })
    : [];
  await tx.viewerGroupPermission.createMany({
    data: groups.map((g) => {
      const parent = parentRows.find((p) => p.groupId === g.id);
      const inherited =
        room.defaultPermission === 'hidden'
          ? { canView: false, canDownload: false }
          : item.parentFolderId
            ? { canView: parent?.canView ?? false, canDownload: parent?.canDownload ?? false }
            : { canView: true, canDownload: false };
      return { id: newId(), groupId: g.id, itemId: item.id, itemType: item.type, ...inherited };
    }),
    skipDuplicates: true,
  });
}

/** A new group's rows for every item of the room: visible (not downloadable) under `inherit`, hidden under `hidden`. */
export async function seedGroupPermissions(tx: Tx, room: RoomRow, groupId: string) {
  const visible = room.defaultPermission !== 'hidden';
  await tx.$executeRaw`
    INSERT INTO viewer_group_permissions (id, group_id, item_id, item_type, can_view, can_download, created_at, updated_at)
    SELECT 'p' || md5(${groupId} || ':' || i.id), ${groupId}, i.id, i.t::"PermissionItemType", ${visible}, false, now(), now()
    FROM (SELECT id, 'dataroom_folder' AS t FROM dataroom_folders WHERE dataroom_id = ${room.id}
          UNION ALL SELECT id, 'dataroom_document' FROM dataroom_documents WHERE dataroom_id = ${room.id}) i
    ON CONFLICT (group_id, item_id) DO NOTHING`;
}

/** Removes every group's rows for these items (they are being deleted). */
export async function dropItemPermissions(tx: Tx, room: RoomRow, itemIds: string[]) {
  if (!itemIds.length) return;
  await tx.$executeRaw`
    DELETE FROM viewer_group_permissions p USING viewer_groups g
    WHERE p.group_id = g.id AND g.dataroom_id = ${room.id} AND p.item_id = ANY(${itemIds}::text[])`;
}

export async function listPermissions(actor: Actor, roomId: string, groupId: string) {
  const room = await findRoom(db, actor, roomId);
  await findGroup(db, room, groupId);
  const rows = await db.viewerGroupPermission.findMany({ where: { groupId }, orderBy: [{ itemType: 'asc' }, { itemId: 'asc' }] });
  return { data: rows.map((r) => toPermission(r as PermissionRow)), next_cursor: null };
}

/** Each item's rights in the group, for the event's before and after. */
async function permissionsOf(tx: Tx, groupId: string) {
  const rows = await tx.viewerGroupPermission.findMany({ where: { groupId }, select: { itemId: true, canView: true, canDownload: true } });
  return new Map(rows.map((r) => [r.itemId, { can_view: r.canView, can_download: r.canDownload }]));
}

type PermissionChange = { item_id: string; can_view?: boolean; can_download?: boolean };

/** The delta upsert of spec 4.4; answers every row of the group afterwards. */
export async function setPermissions(actor: Actor, roomId: string, groupId: string, changes: PermissionChange[]) {
  await db.$transaction(async (tx) => {
    const room = await findRoom(tx, actor, roomId, 'share');
    await findGroup(tx, room, groupId);
    const before = await permissionsOf(tx, groupId);
    // Last change of an item wins when a request names it twice.
    const byItem = new Map(changes.map((c) => [c.item_id, c]));
    const ids = [...byItem.keys()];
    const items = await tx.$queryRaw<{ id: string; type: ItemType; path: string | null }[]>`
      SELECT f.id, 'dataroom_folder' AS type, f.path FROM dataroom_folders f WHERE f.dataroom_id = ${room.id} AND f.id = ANY(${ids}::text[])
      UNION ALL
      SELECT d.id, 'dataroom_document', f.path FROM dataroom_documents d LEFT JOIN dataroom_folders f ON f.id = d.folder_id
      WHERE d.dataroom_id = ${room.id} AND d.id = ANY(${ids}::text[])`;
    if (items.length !== ids.length) {
      const known = new Set(items.map((i) => i.id));
      throw notFound(`Item ${ids.find((i) => !known.has(i))} (not a document placement or folder of this room)`);
    }
    const type = new Map(items.map((i) => [i.id, i.type]));
    const list = [...byItem.values()];
    const columns = Prisma.sql`unnest(${list.map((c) => c.item_id)}::text[], ${list.map((c) => type.get(c.item_id)!)}::text[],
      ${list.map((c) => c.can_view ?? null)}::boolean[], ${list.map((c) => c.can_download ?? null)}::boolean[])
      AS c(item_id, item_type, can_view, can_download)`;
    // New rows take what is given (false otherwise); existing rows keep what is omitted.
    await tx.$executeRaw`
      INSERT INTO viewer_group_permissions (id, group_id, item_id, item_type, can_view, can_download, created_at, updated_at)
      SELECT 'p' || md5(${groupId} || ':' || c.item_id), ${groupId}, c.item_id, c.item_type::"PermissionItemType",
             COALESCE(c.can_view, false), COALESCE(c.can_download, false), now(), now()
      FROM ${columns}
      ON CONFLICT (group_id, item_id) DO NOTHING`;
    await tx.$executeRaw`
      UPDATE viewer_group_permissions p SET
        can_view = COALESCE(c.can_view, p.can_view), can_download = COALESCE(c.can_download, p.can_download), updated_at = now()
      FROM ${columns}
      WHERE p.group_id = ${groupId} AND p.item_id = c.item_id`;
    // Ancestors of everything made visible become visible (keeping their download setting).
    const ancestorPaths = new Set<string>();
    for (const item of items) {
      if (byItem.get(item.id)?.can_view !== true || !item.path) continue;
      const parts = item.path.split('/').filter(Boolean);
      const upTo = item.type === 'dataroom_folder' ? parts.length - 1 : parts.length;
      for (let n = 1; n <= upTo; n++) ancestorPaths.add('/' + parts.slice(0, n).join('/'));
    }
    if (ancestorPaths.size) {
      await tx.$executeRaw`
        INSERT INTO viewer_group_permissions (id, group_id, item_id, item_type, can_view, can_download, created_at, updated_at)
        SELECT 'p' || md5(${groupId} || ':' || f.id), ${groupId}, f.id, 'dataroom_folder', true, false, now(), now()
        FROM dataroom_folders f WHERE f.dataroom_id = ${room.id} AND f.path = ANY(${[...ancestorPaths]}::text[])
        ON CONFLICT (group_id, item_id) DO UPDATE SET can_view = true, updated_at = now()`;
    }
    // One event for the request: the group, and per item whose rights changed, before and after.
    const after = await permissionsOf(tx, groupId);
    const changed: Changes = {};
    for (const [item, now] of after) {
      const was = before.get(item) ?? null;
      if (JSON.stringify(was) !== JSON.stringify(now)) changed[item] = [was, now];
    }
    if (Object.keys(changed).length) {
      const group = toGroup((await tx.viewerGroup.findUniqueOrThrow({ where: { id: groupId }, include: withCount })) as GroupRow);
      await emit(tx, actor, { type: 'dataroom.permissions.updated', object: group, changes: changed, dataroomId: room.id });
    }
  });
  return listPermissions(actor, roomId, groupId);
}
