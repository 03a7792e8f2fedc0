// Per-group permissions on a room's items (placements and folders). Items without a row are
// invisible to the group's viewers. New items get a row per group from the room's
// `default_permission`; setting is a delta upsert that makes the ancestors of anything made
// visible visible too, in the same transaction. The dashboard's folder switch applies to the
// folder's whole subtree (setFolderVisibility), through the same upsert.
import type { Actor } from '../../auth/actor';
import { db, type Tx } from '../../db/client';
import { Prisma } from '../../db/generated/client';
import { invalid, notFound } from '../../errors';
import { newId } from '../../ids';
import { findRoom, type RoomRow } from './rooms';
import { toGroup, withCount, type GroupRow } from './group-object';
import { emit, type Changes } from '../events/emit';
import { subtreePattern } from '../paths';

export type ItemType = 'dataroom_document' | 'dataroom_folder';
type PermissionRow = { itemId: string; itemType: ItemType; canView: boolean; canDownload: boolean; canUpload: boolean };

export const toPermission = (p: PermissionRow) => ({
  item_id: p.itemId,
  item_type: p.itemType,
  can_view: p.canView,
  can_download: p.canDownload,
  can_upload: p.canUpload,
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

type Rights = { can_view: boolean; can_download: boolean; can_upload: boolean };

/**
 * Each item's rights in each group, for the events' before and after: the items named and every
 * folder (the only items the ancestor rule changes besides them), not the groups' every row.
 */
async function permissionsOf(tx: Tx, groupIds: string[], itemIds: string[]) {
  const rows = await tx.viewerGroupPermission.findMany({
    where: { groupId: { in: groupIds }, OR: [{ itemId: { in: itemIds } }, { itemType: 'dataroom_folder' }] },
    select: { groupId: true, itemId: true, canView: true, canDownload: true, canUpload: true },
  });
  const out = new Map<string, Map<string, Rights>>(groupIds.map((g) => [g, new Map()]));
  for (const r of rows) out.get(r.groupId)!.set(r.itemId, { can_view: r.canView, can_download: r.canDownload, can_upload: r.canUpload });
  return out;
}

type PermissionChange = { item_id: string; can_view?: boolean; can_download?: boolean; can_upload?: boolean };

/** The delta upsert of spec 4.4; answers every row of the group afterwards. */
export async function setPermissions(actor: Actor, roomId: string, groupId: string, changes: PermissionChange[]) {
  await db.$transaction(async (tx) => {
    const room = await findRoom(tx, actor, roomId, 'share');
    await findGroup(tx, room, groupId);
    await applyChanges(tx, actor, room, new Map([[groupId, changes]]));
  });
  return listPermissions(actor, roomId, groupId);
}

/**
 * The dashboard's folder switch: hiding a folder hides it and everything inside it (no view, no
 * download), so the group's visitors cannot reach any of it; showing it shows everything inside
 * (downloads as they were) and the folders above it. One transaction, one event, like a delta.
 */
export async function setFolderVisibility(actor: Actor, roomId: string, groupId: string, folderId: string, visible: boolean) {
  await db.$transaction(async (tx) => {
    const room = await findRoom(tx, actor, roomId, 'share');
    await findGroup(tx, room, groupId);
    const ids = await folderSubtree(tx, room, folderId);
    const changes = ids.map((item_id) => (visible ? { item_id, can_view: true } : { item_id, can_view: false, can_download: false }));
    await applyChanges(tx, actor, room, new Map([[groupId, changes]]));
  });
  return listPermissions(actor, roomId, groupId);
}

/** A room folder (404 if it is not one of the room's), its subfolders at any depth and the documents in all of them. */
async function folderSubtree(tx: Tx, room: RoomRow, folderId: string): Promise<string[]> {
  const folder = await tx.dataroomFolder.findFirst({ where: { id: folderId, dataroomId: room.id }, select: { path: true } });
  if (!folder) throw notFound('Folder');
  const rows = await tx.$queryRaw<{ id: string }[]>`
    WITH sub AS (
      SELECT id FROM dataroom_folders
      WHERE dataroom_id = ${room.id} AND (path = ${folder.path} OR path LIKE ${subtreePattern(folder.path)})
    )
    SELECT id FROM sub
    UNION ALL
    SELECT d.id FROM dataroom_documents d WHERE d.dataroom_id = ${room.id} AND d.folder_id IN (SELECT id FROM sub)`;
  return rows.map((r) => r.id);
}

/**
 * Applies a delta to each group's rows (ancestors of what is made visible follow) and emits one
 * event per group whose rights changed, in group id order. Set-based whatever the number of groups:
 * the permission matrix applies 5,000 changes over 50 groups in the same statements as one.
 */
export async function applyChanges(tx: Tx, actor: Actor, room: RoomRow, byGroup: Map<string, PermissionChange[]>) {
  const groupIds = [...byGroup.keys()].sort();
  // Last change of an item wins when a request names it twice.
  const perGroup = new Map(groupIds.map((g) => [g, new Map(byGroup.get(g)!.map((c) => [c.item_id, c]))]));
  const ids = [...new Set(groupIds.flatMap((g) => [...perGroup.get(g)!.keys()]))];
  const before = await permissionsOf(tx, groupIds, ids);
  const items = await tx.$queryRaw<{ id: string; type: ItemType; path: string | null }[]>`
    SELECT f.id, 'dataroom_folder' AS type, f.path FROM dataroom_folders f WHERE f.dataroom_id = ${room.id} AND f.id = ANY(${ids}::text[])
    UNION ALL
    SELECT d.id, 'dataroom_document', f.path FROM dataroom_documents d LEFT JOIN dataroom_folders f ON f.id = d.folder_id
    WHERE d.dataroom_id = ${room.id} AND d.id = ANY(${ids}::text[])`;
  if (items.length !== ids.length) {
    const known = new Set(items.map((i) => i.id));
    throw notFound(`Item ${ids.find((i) => !known.has(i))} (not a document placement or folder of this room)`);
  }
  const itemOf = new Map(items.map((i) => [i.id, i]));
  const list = groupIds.flatMap((g) => [...perGroup.get(g)!.values()].map((c) => ({ group: g, ...c })));
  const onDocument = list.find((c) => c.can_upload === true && itemOf.get(c.item_id)!.type === 'dataroom_document');
  if (onDocument) throw invalid('permissions', `can_upload applies to folders; ${onDocument.item_id} is a document`);
  const columns = Prisma.sql`unnest(${list.map((c) => c.group)}::text[], ${list.map((c) => c.item_id)}::text[],
    ${list.map((c) => itemOf.get(c.item_id)!.type)}::text[], ${list.map((c) => c.can_view ?? null)}::boolean[],
    ${list.map((c) => c.can_download ?? null)}::boolean[], ${list.map((c) => c.can_upload ?? null)}::boolean[])
    AS c(group_id, item_id, item_type, can_view, can_download, can_upload)`;
  // New rows take what is given (false otherwise); existing rows keep what is omitted.
  await tx.$executeRaw`
    INSERT INTO viewer_group_permissions (id, group_id, item_id, item_type, can_view, can_download, can_upload, created_at, updated_at)
    SELECT 'p' || md5(c.group_id || ':' || c.item_id), c.group_id, c.item_id, c.item_type::"PermissionItemType",
           COALESCE(c.can_view, false), COALESCE(c.can_download, false), COALESCE(c.can_upload, false), now(), now()
    FROM ${columns}
    ON CONFLICT (group_id, item_id) DO NOTHING`;
  await tx.$executeRaw`
    UPDATE viewer_group_permissions p SET
      can_view = COALESCE(c.can_view, p.can_view), can_download = COALESCE(c.can_download, p.can_download),
      can_upload = COALESCE(c.can_upload, p.can_upload), updated_at = now()
    FROM ${columns}
    WHERE p.group_id = c.group_id AND p.item_id = c.item_id`;
  // Ancestors of everything made visible become visible (keeping their download setting).
  const ancestors = new Set<string>(); // "group\0path"
  for (const c of list) {
    const item = itemOf.get(c.item_id)!;
    if (c.can_view !== true || !item.path) continue;
    const parts = item.path.split('/').filter(Boolean);
    const upTo = item.type === 'dataroom_folder' ? parts.length - 1 : parts.length;
    for (let n = 1; n <= upTo; n++) ancestors.add(`${c.group}\0/${parts.slice(0, n).join('/')}`);
  }
  if (ancestors.size) {
    const pairs = [...ancestors].map((a) => a.split('\0') as [string, string]);
    await tx.$executeRaw`
      INSERT INTO viewer_group_permissions (id, group_id, item_id, item_type, can_view, can_download, created_at, updated_at)
      SELECT 'p' || md5(a.group_id || ':' || f.id), a.group_id, f.id, 'dataroom_folder', true, false, now(), now()
      FROM unnest(${pairs.map((p) => p[0])}::text[], ${pairs.map((p) => p[1])}::text[]) AS a(group_id, path)
      JOIN dataroom_folders f ON f.dataroom_id = ${room.id} AND f.path = a.path
      ON CONFLICT (group_id, item_id) DO UPDATE SET can_view = true, updated_at = now()`;
  }
  // One event per group: the group, and per item whose rights changed, before and after.
  const after = await permissionsOf(tx, groupIds, ids);
  const changedBy = new Map<string, Changes>();
  for (const g of groupIds) {
    const changed: Changes = {};
    for (const [item, now] of after.get(g)!) {
      const was = before.get(g)!.get(item) ?? null;
      if (JSON.stringify(was) !== JSON.stringify(now)) changed[item] = [was, now];
    }
    if (Object.keys(changed).length) changedBy.set(g, changed);
  }
  if (!changedBy.size) return;
  const rows = await tx.viewerGroup.findMany({ where: { id: { in: [...changedBy.keys()] } }, include: withCount });
  const groupOf = new Map(rows.map((r) => [r.id, toGroup(r as GroupRow)]));
  for (const [g, changes] of changedBy) await emit(tx, actor, { type: 'dataroom.permissions.updated', object: groupOf.get(g)!, changes, dataroomId: room.id });
}
