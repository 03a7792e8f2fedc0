// A room's folder tree: the library folders' rules (slug paths, "Name (1)", subtree rewrites,
// no cycles) under a per-room tree lock, plus the room's own: frozen rooms refuse changes, new
// folders get permissions, cascade deletes detach their documents and drop their permissions.
import type { Actor } from '../../auth/actor';
import { changesBetween, emit } from '../events/emit';
import { db, type Tx } from '../../db/client';
import { ApiError, conflict, invalid, notFound } from '../../errors';
import { newId } from '../../ids';
import { decodeCursor, iso, page } from '../../schemas/common';
import { assertFree, folderFields, rewriteSubtree, ROOM_TREE, siblings, subtreeIds } from '../folder-tree';
import { isUniqueViolation, lockKey } from '../locks';
import { childPath, firstFreeName } from '../paths';
import { dropItemPermissions, seedItemPermissions } from './permissions';
import { findOpenRoom, findRoom, type RoomRow } from './rooms';
import { itemNumbers, numberOf } from '../index-numbers';
import { counted } from '../../../lib/shared/counted';

type FolderRow = {
  id: string;
  dataroomId: string;
  parentId: string | null;
  name: string;
  path: string;
  icon: string | null;
  color: string | null;
  orderIndex: number;
  acceptsUploads: boolean;
  createdAt: Date;
  updatedAt: Date;
  documentCount: number;
  childFolderCount: number;
};

/** `numbers`: the room's index numbers (null: the room shows none). */
export function toRoomFolder(f: FolderRow, numbers: Map<string, string> | null) {
  return {
    id: f.id,
    object: 'dataroom_folder' as const,
    dataroom_id: f.dataroomId,
    ...folderFields(f, f.documentCount, f.childFolderCount),
    order_index: f.orderIndex,
    index_number: numberOf(numbers, f.id),
    accepts_uploads: f.acceptsUploads,
  };
}

/** Same discipline as library folders: every change to one room's tree is serialized. */
const lockTree = (tx: Tx, roomId: string) => lockKey(tx, 'dataroom-tree', roomId);

const FOLDER_SELECT = `SELECT f.id, f.dataroom_id AS "dataroomId", f.parent_id AS "parentId", f.name, f.path, f.icon, f.color,
  f.order_index AS "orderIndex", f.accepts_uploads AS "acceptsUploads", f.created_at AS "createdAt", f.updated_at AS "updatedAt",
  (SELECT count(*)::int FROM dataroom_documents d WHERE d.folder_id = f.id) AS "documentCount",
  (SELECT count(*)::int FROM dataroom_folders c WHERE c.parent_id = f.id) AS "childFolderCount"
  FROM dataroom_folders f`;

export async function findRoomFolder(tx: Tx, room: RoomRow, id: string) {
  const f = await tx.dataroomFolder.findFirst({ where: { id, dataroomId: room.id } });
  if (!f) throw notFound('Folder');
  return f;
}

async function folderView(tx: Tx, room: RoomRow, id: string) {
  const rows = await tx.$queryRawUnsafe<FolderRow[]>(`${FOLDER_SELECT} WHERE f.id = $1`, id);
  if (!rows[0]) throw notFound('Folder');
  return toRoomFolder(rows[0], await itemNumbers(room.id, room.indexNumbers, { folders: [id] }, tx));
}

/** Closes the gap a folder leaves among its siblings (moved away or deleted). */
async function closeGap(tx: Tx, roomId: string, parentId: string | null, orderIndex: number) {
  await tx.$executeRaw`
    UPDATE dataroom_folders SET order_index = order_index - 1
    WHERE dataroom_id = ${roomId} AND parent_id IS NOT DISTINCT FROM ${parentId} AND order_index > ${orderIndex}`;
}

/** Opens a place at `at` (capped to the end) among a parent's folders, `except` the one being placed; answers the place. */
async function openPlace(tx: Tx, roomId: string, parentId: string | null, at: number | undefined, except: string | null) {
  const others = await tx.dataroomFolder.count({ where: { dataroomId: roomId, parentId, ...(except ? { id: { not: except } } : {}) } });
  const place = Math.min(at ?? others, others);
  await tx.$executeRaw`
    UPDATE dataroom_folders SET order_index = order_index + 1
    WHERE dataroom_id = ${roomId} AND parent_id IS NOT DISTINCT FROM ${parentId} AND order_index >= ${place} AND id IS DISTINCT FROM ${except}`;
  return place;
}

export async function getRoomFolder(actor: Actor, roomId: string, id: string) {
  const room = await findRoom(db, actor, roomId);
  await findRoomFolder(db, room, id);
  return folderView(db, room, id);
}

/** By path; `parent_id`: `root` = top level, an id = its direct children, omitted = every folder. */
export async function listRoomFolders(actor: Actor, roomId: string, q: { parent_id?: string; limit: number; cursor?: string }) {
  const room = await findRoom(db, actor, roomId);
  const after = decodeCursor(q.cursor, 'string') as [string] | null;
  if (q.parent_id && q.parent_id !== 'root') await findRoomFolder(db, room, q.parent_id);
  const params: unknown[] = [room.id, q.limit + 1];
  let where = 'f.dataroom_id = $1';
  if (q.parent_id === 'root') where += ' AND f.parent_id IS NULL';
  else if (q.parent_id) where += ` AND f.parent_id = $${params.push(q.parent_id)}`;
  if (after) where += ` AND f.path > $${params.push(after[0])}`;
  const rows = await db.$queryRawUnsafe<FolderRow[]>(`${FOLDER_SELECT} WHERE ${where} ORDER BY f.path LIMIT $2`, ...params);
  const numbers = await itemNumbers(room.id, room.indexNumbers, { folders: rows.slice(0, q.limit).map((r) => r.id) });
  return page(rows, q.limit, (r) => toRoomFolder(r, numbers), (r) => [r.path]);
}

type FolderInput = { name: string; parent_id?: string | null; icon?: string | null; color?: string | null; accepts_uploads?: boolean };

export async function createRoomFolder(actor: Actor, roomId: string, input: FolderInput) {
  const parentId = input.parent_id ?? null;
  return db.$transaction(async (tx) => {
    const room = await findOpenRoom(tx, actor, roomId, 'creating folders');
    await lockTree(tx, room.id);
    const parent = parentId ? await findRoomFolder(tx, room, parentId) : null;
    const free = firstFreeName(input.name, parent?.path ?? null, await siblings(tx, ROOM_TREE, room.id, parentId));
    const orderIndex = await tx.dataroomFolder.count({ where: { dataroomId: room.id, parentId } });
    const f = await tx.dataroomFolder.create({
      data: { id: newId(), dataroomId: room.id, parentId, name: free.name, path: free.path, icon: input.icon ?? null, color: input.color ?? null, orderIndex, acceptsUploads: input.accepts_uploads ?? false },
    });
    await seedItemPermissions(tx, room, { id: f.id, type: 'dataroom_folder', parentFolderId: parentId });
    const folder = await folderView(tx, room, f.id);
    await emit(tx, actor, { type: 'dataroom.folder.created', object: folder, dataroomId: room.id });
    return folder;
  });
}

export async function updateRoomFolder(
  actor: Actor,
  roomId: string,
  id: string,
  input: { name?: string; icon?: string | null; color?: string | null; order_index?: number; accepts_uploads?: boolean },
) {
  try {
    return await db.$transaction(async (tx) => {
      const room = await findOpenRoom(tx, actor, roomId, input.order_index !== undefined ? 'reordering folders' : 'changing folders');
      if (input.name !== undefined || input.order_index !== undefined) await lockTree(tx, room.id);
      const f = await findRoomFolder(tx, room, id);
      const before = await folderView(tx, room, id);
      // A reorder within its parent: the siblings between the old and new places shift by one.
      let orderIndex: number | undefined;
      if (input.order_index !== undefined && input.order_index !== f.orderIndex) {
        await closeGap(tx, room.id, f.parentId, f.orderIndex);
        orderIndex = await openPlace(tx, room.id, f.parentId, input.order_index, f.id);
      }
      if (input.name !== undefined && input.name !== f.name) {
        const parentPath = f.path.slice(0, f.path.lastIndexOf('/')) || null;
        const path = childPath(parentPath, input.name);
        assertFree(await siblings(tx, ROOM_TREE, room.id, f.parentId, f.id), input.name, path);
        await rewriteSubtree(tx, ROOM_TREE, room.id, f.path, path);
      }
      await tx.dataroomFolder.update({ where: { id }, data: { name: input.name, icon: input.icon, color: input.color, orderIndex, acceptsUploads: input.accepts_uploads } });
      const after = await folderView(tx, room, id);
      await emit(tx, actor, { type: 'dataroom.folder.updated', object: after, changes: changesBetween(before, after), dataroomId: room.id });
      return after;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('A sibling folder with that name was created at the same time; try again.');
    throw e;
  }
}

/** Reparents a folder, appended to its new parent's folders (or at `orderIndex`); the old parent's close up. */
export async function moveRoomFolder(actor: Actor, roomId: string, id: string, parentId: string | null, orderIndex?: number) {
  try {
    return await db.$transaction(async (tx) => {
      const room = await findOpenRoom(tx, actor, roomId, 'moving folders');
      await lockTree(tx, room.id);
      const f = await findRoomFolder(tx, room, id);
      const before = await folderView(tx, room, id);
      if (f.parentId === parentId && (orderIndex === undefined || orderIndex === f.orderIndex)) return before;
      const parent = parentId ? await findRoomFolder(tx, room, parentId) : null;
      if (parent && (parent.id === f.id || parent.path.startsWith(f.path + '/'))) {
        throw invalid('parent_id', 'a folder cannot be moved into itself or one of its descendants');
      }
      if (f.parentId !== parentId) {
        const path = childPath(parent?.path ?? null, f.name);
        assertFree(await siblings(tx, ROOM_TREE, room.id, parentId), f.name, path);
        await rewriteSubtree(tx, ROOM_TREE, room.id, f.path, path);
      }
      await closeGap(tx, room.id, f.parentId, f.orderIndex);
      const place = await openPlace(tx, room.id, parentId, orderIndex, f.id);
      await tx.dataroomFolder.update({ where: { id }, data: { parentId, orderIndex: place } });
      const after = await folderView(tx, room, id);
      await emit(tx, actor, { type: 'dataroom.folder.moved', object: after, changes: changesBetween(before, after), dataroomId: room.id });
      return after;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('A folder with that name was created there at the same time; try again.');
    throw e;
  }
}

/**
 * Refused when the folder holds documents or folders, unless `cascade`: then its subfolders are
 * deleted and every document placed anywhere inside is detached (library documents stay), and
 * their permissions go with them.
 */
export async function deleteRoomFolder(actor: Actor, roomId: string, id: string, cascade: boolean) {
  await db.$transaction(async (tx) => {
    const room = await findOpenRoom(tx, actor, roomId, 'deleting folders');
    await lockTree(tx, room.id);
    await lockKey(tx, 'dataroom-order', room.id);
    const f = await findRoomFolder(tx, room, id);
    const folderIds = await subtreeIds(tx, ROOM_TREE, room.id, f.path);
    const placements = await tx.dataroomDocument.findMany({ where: { folderId: { in: folderIds } }, select: { id: true } });
    if (!cascade && (placements.length > 0 || folderIds.length > 1)) {
      const direct = await tx.dataroomDocument.count({ where: { folderId: id } });
      const children = await tx.dataroomFolder.count({ where: { parentId: id } });
      throw new ApiError(
        'conflict',
        `Folder is not empty (${counted(direct, 'document')}, ${counted(children, 'folder')}). Pass cascade=true to delete its subfolders and detach its documents.`,
        { document_count: direct, child_folder_count: children },
      );
    }
    await dropItemPermissions(tx, room, [...folderIds, ...placements.map((p) => p.id)]);
    await tx.dataroomDocument.deleteMany({ where: { id: { in: placements.map((p) => p.id) } } });
    await tx.dataroomFolder.delete({ where: { id } });
    await closeGap(tx, room.id, f.parentId, f.orderIndex);
    await emit(tx, actor, { type: 'dataroom.folder.deleted', object: { id, object: 'dataroom_folder', deleted: true }, dataroomId: room.id });
  });
  return { id, object: 'dataroom_folder' as const, deleted: true as const };
}
