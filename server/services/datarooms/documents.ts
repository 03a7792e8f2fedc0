// Library documents placed in a room: attach (appended to its folder), list (by folder path,
// then order), move to another folder and reorder within one (the others shift, densely from 0),
// detach. Order changes in one room are serialized by a lock, so indexes never collide or gap.
import type { Actor } from '../../auth/actor';
import { changesBetween, emit } from '../events/emit';
import { db, type Tx } from '../../db/client';
import { sqlRows } from '../../db/sql';
import { conflict, notFound } from '../../errors';
import { newId } from '../../ids';
import { decodeCursor, iso, page } from '../../schemas/common';
import { findDocument } from '../documents';
import { isUniqueViolation, lockKey } from '../locks';
import { findRoomFolder } from './folders';
import { itemNumbers, numberOf } from '../index-numbers';
import { dropItemPermissions, seedItemPermissions } from './permissions';
import { findOpenRoom, findRoom, roomNamed, type RoomRow } from './rooms';

export type PlacementRow = {
  id: string;
  documentId: string;
  documentName: string;
  contentType: string;
  numPages: number;
  folderId: string | null;
  folderPath: string | null;
  orderIndex: number;
  createdAt: Date | string;
};

/** `numbers`: the room's index numbers (null: the room shows none). */
export function toRoomDocument(r: PlacementRow, numbers: Map<string, string> | null) {
  return {
    id: r.id,
    object: 'dataroom_document' as const,
    document_id: r.documentId,
    document_name: r.documentName,
    content_type: r.contentType,
    num_pages: r.numPages,
    folder_id: r.folderId,
    folder_path: r.folderPath,
    order_index: r.orderIndex,
    index_number: numberOf(numbers, r.id),
    created: iso(r.createdAt),
  };
}

/** Root placements first, then folders by path; within one, by order index. */
export const PLACEMENT_SQL = `SELECT d.id, d.document_id AS "documentId", doc.name AS "documentName", doc.content_type AS "contentType",
  doc.num_pages AS "numPages", d.folder_id AS "folderId", f.path AS "folderPath", d.order_index AS "orderIndex", d.created_at AS "createdAt"
  FROM dataroom_documents d
  JOIN documents doc ON doc.id = d.document_id
  LEFT JOIN dataroom_folders f ON f.id = d.folder_id`;

const lockOrder = (tx: Tx, roomId: string) => lockKey(tx, 'dataroom-order', roomId);

async function placementView(tx: Tx, room: RoomRow, id: string) {
  const rows = await tx.$queryRawUnsafe<PlacementRow[]>(`${PLACEMENT_SQL} WHERE d.id = $1`, id);
  if (!rows[0]) throw notFound('Room document');
  return toRoomDocument(rows[0], await itemNumbers(room.id, room.indexNumbers, { placements: [id] }, tx));
}

async function findPlacement(tx: Tx, room: RoomRow, id: string) {
  const p = await tx.dataroomDocument.findFirst({ where: { id, dataroomId: room.id } });
  if (!p) throw notFound('Room document');
  return p;
}

export async function getRoomDocument(actor: Actor, roomId: string, id: string) {
  const room = await findRoom(db, actor, roomId);
  await findPlacement(db, room, id);
  return placementView(db, room, id);
}

/**
 * The room documents list as one plain statement on the pool (the hot read of rooms): the room
 * (by id or `dr_` id, in the team, not deleted) and, laterally, one page of its placements in
 * (folder path, order index, id) order, root first. The order comes from indexes alone: the
 * folders by path, each folder's placements by order index, merged by an incremental sort, so
 * renaming or moving folders never rewrites placements. No row: no such room. One row with a
 * null id: nothing (more) there; "folderOk" false: the folder filter is not the room's.
 * Params: $1 room id or pid, $2 team, $3 limit + 1, then $4 the folder id when filtering by one,
 * then the cursor's path ('' at the top level), order index and id.
 */
const roomSqlCache = new Map<string, string>();

/** Built once per shape (six of them), like documentSql: the list runs on every request. */
export function roomDocumentsSql(o: { folder: 'any' | 'root' | 'id'; after: boolean }): string {
  const key = `${o.folder}:${o.after}`;
  let text = roomSqlCache.get(key);
  if (!text) roomSqlCache.set(key, (text = buildRoomDocumentsSql(o)));
  return text;
}

function buildRoomDocumentsSql(o: { folder: 'any' | 'root' | 'id'; after: boolean }): string {
  const n = o.folder === 'id' ? 5 : 4;
  const [cp, co, ci] = [`$${n}::text`, `$${n + 1}::int`, `$${n + 2}::text`];
  const cols = 'd.id, d.document_id, d.folder_id, d.order_index, d.created_at';
  const root = `(SELECT ${cols}, NULL::text AS path, '' AS sort_key FROM dataroom_documents d
      WHERE d.dataroom_id = r.id AND d.folder_id IS NULL ${o.after ? `AND ${cp} = '' AND (d.order_index, d.id) > (${co}, ${ci})` : ''}
      ORDER BY d.order_index, d.id LIMIT $3)`;
  const inFolders = `(SELECT ${cols}, f.path, f.path AS sort_key FROM dataroom_folders f
      CROSS JOIN LATERAL (SELECT ${cols} FROM dataroom_documents d
        WHERE d.dataroom_id = r.id AND d.folder_id = f.id ${o.after ? `AND (f.path > ${cp} OR (d.order_index, d.id) > (${co}, ${ci}))` : ''}
        ORDER BY d.order_index, d.id LIMIT $3) d
      WHERE f.dataroom_id = r.id ${o.after ? `AND f.path >= ${cp}` : ''}
      ORDER BY f.path, d.order_index, d.id LIMIT $3)`;
  const oneFolder = `(SELECT ${cols}, f.path, f.path AS sort_key FROM dataroom_documents d JOIN dataroom_folders f ON f.id = d.folder_id
      WHERE d.dataroom_id = r.id AND d.folder_id = $4 ${o.after ? `AND (d.order_index, d.id) > (${co}, ${ci})` : ''}
      ORDER BY d.order_index, d.id LIMIT $3)`;
  const source = o.folder === 'root' ? root : o.folder === 'id' ? oneFolder : `${root} UNION ALL ${inFolders}`;
  const folderOk = o.folder === 'id' ? 'EXISTS (SELECT 1 FROM dataroom_folders x WHERE x.id = $4 AND x.dataroom_id = r.id)' : 'true';
  return `SELECT ${folderOk} AS "folderOk", r.index_numbers AS "indexNumbers", p.* FROM datarooms r LEFT JOIN LATERAL (
    SELECT x.id, r.id AS "dataroomId", x.document_id AS "documentId", doc.name AS "documentName", doc.content_type AS "contentType",
      doc.num_pages AS "numPages", x.folder_id AS "folderId", x.path AS "folderPath", x.order_index AS "orderIndex", x.created_at AS "createdAt"
    FROM (${source}) x JOIN documents doc ON doc.id = x.document_id
    ORDER BY x.sort_key, x.order_index, x.id LIMIT $3) p ON true
  WHERE ${roomNamed('$1', '$2')}`;
}

type ListRow = Omit<PlacementRow, "id" | "createdAt"> & { id: string | null; createdAt: string; folderOk: boolean; indexNumbers: boolean; dataroomId: string };

export async function listRoomDocuments(actor: Actor, roomId: string, q: { folder_id?: string; limit: number; cursor?: string }) {
  const after = decodeCursor(q.cursor, 'string', 'number', 'string') as [string, number, string] | null;
  const folder = q.folder_id === 'root' ? 'root' : q.folder_id ? 'id' : 'any';
  const params: unknown[] = [roomId, actor.teamId, q.limit + 1];
  if (folder === 'id') params.push(q.folder_id);
  if (after) params.push(...after);
  const rows = await sqlRows<ListRow>(roomDocumentsSql({ folder, after: !!after }), params, { prepare: true });
  if (!rows.length) throw notFound('Data room');
  if (!rows[0]!.folderOk) throw notFound('Folder');
  const found = rows.filter((r) => r.id !== null) as (PlacementRow & { createdAt: string; dataroomId: string })[];
  const shown = found.slice(0, q.limit);
  const numbers = shown.length ? await itemNumbers(shown[0]!.dataroomId, rows[0]!.indexNumbers, { placements: shown.map((r) => r.id) }) : null;
  return page(found, q.limit, (r) => toRoomDocument(r, numbers), (r) => [r.folderPath ?? '', r.orderIndex, r.id]);
}

const countIn = (tx: Tx, roomId: string, folderId: string | null) => tx.dataroomDocument.count({ where: { dataroomId: roomId, folderId } });

export async function attachDocument(actor: Actor, roomId: string, input: { document_id: string; folder_id?: string | null }) {
  try {
    return await db.$transaction(async (tx) => {
      const room = await findOpenRoom(tx, actor, roomId, 'attaching documents');
      await findDocument(tx, actor, input.document_id);
      return placeDocument(tx, actor, room, input.document_id, input.folder_id ?? null);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('This document is already in the data room.', { document_id: input.document_id });
    throw e;
  }
}

/** Places a team document in an open room's folder (last in it), in the caller's transaction: permissions seeded, event emitted. */
export async function placeDocument(tx: Tx, actor: Actor, room: RoomRow, documentId: string, folderId: string | null) {
  await lockOrder(tx, room.id);
  if (folderId) await findRoomFolder(tx, room, folderId);
  if (await tx.dataroomDocument.findFirst({ where: { dataroomId: room.id, documentId }, select: { id: true } })) {
    throw conflict('This document is already in the data room.', { document_id: documentId });
  }
  const p = await tx.dataroomDocument.create({
    data: { id: newId(), dataroomId: room.id, documentId, folderId, orderIndex: await countIn(tx, room.id, folderId) },
  });
  await seedItemPermissions(tx, room, { id: p.id, type: 'dataroom_document', parentFolderId: folderId });
  const placed = await placementView(tx, room, p.id);
  await emit(tx, actor, { type: 'dataroom.document.attached', object: placed, dataroomId: room.id });
  return placed;
}

/**
 * Moves a placement to another folder (appended, or at `order_index`) and/or to another index
 * within its folder; the placements after the old and new positions shift by one.
 */
export async function moveRoomDocument(actor: Actor, roomId: string, id: string, input: { folder_id?: string | null; order_index?: number }) {
  return db.$transaction(async (tx) => {
    const room = await findOpenRoom(tx, actor, roomId, 'moving or reordering documents');
    await lockOrder(tx, room.id);
    const p = await findPlacement(tx, room, id);
    const before = await placementView(tx, room, id);
    const target = input.folder_id === undefined ? p.folderId : input.folder_id;
    if (target) await findRoomFolder(tx, room, target);
    const sameFolder = target === p.folderId;
    // Close the gap where it was.
    await tx.$executeRaw`
      UPDATE dataroom_documents SET order_index = order_index - 1
      WHERE dataroom_id = ${room.id} AND folder_id IS NOT DISTINCT FROM ${p.folderId} AND order_index > ${p.orderIndex}`;
    const others = (await countIn(tx, room.id, target)) - (sameFolder ? 1 : 0);
    const at = Math.min(input.order_index ?? others, others);
    // Open one where it goes (itself excluded: it is being rewritten).
    await tx.$executeRaw`
      UPDATE dataroom_documents SET order_index = order_index + 1
      WHERE dataroom_id = ${room.id} AND folder_id IS NOT DISTINCT FROM ${target} AND order_index >= ${at} AND id <> ${id}`;
    await tx.dataroomDocument.update({ where: { id }, data: { folderId: target, orderIndex: at } });
    const after = await placementView(tx, room, id);
    await emit(tx, actor, { type: 'dataroom.document.moved', object: after, changes: changesBetween(before, after), dataroomId: room.id });
    return after;
  });
}

/** The library document and its other placements stay. */
export async function detachDocument(actor: Actor, roomId: string, id: string) {
  await db.$transaction(async (tx) => {
    const room = await findOpenRoom(tx, actor, roomId, 'detaching documents');
    await lockOrder(tx, room.id);
    const p = await findPlacement(tx, room, id);
    await dropItemPermissions(tx, room, [id]);
    await tx.dataroomDocument.delete({ where: { id } });
    await tx.$executeRaw`
      UPDATE dataroom_documents SET order_index = order_index - 1
      WHERE dataroom_id = ${room.id} AND folder_id IS NOT DISTINCT FROM ${p.folderId} AND order_index > ${p.orderIndex}`;
    await emit(tx, actor, { type: 'dataroom.document.detached', object: { id, object: 'dataroom_document', deleted: true }, dataroomId: room.id });
  });
  return { id, object: 'dataroom_document' as const, deleted: true as const };
}
