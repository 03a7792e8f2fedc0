// The permission matrix (DESIGN.md "Room power tools"): every group of a room × every folder and
// document, read in one go for the dashboard's grid, and changed in bulk by
// PUT /v1/datarooms/{id}/permissions: up to 5,000 cells in one transaction, all or none, through
// the same delta upsert as a group's own PUT (applyChanges: ancestors of what is made visible
// follow; one `dataroom.permissions.updated` event per group changed).
import type { Actor } from '../../auth/actor';
import { db } from '../../db/client';
import { ApiError } from '../../errors';
import { lockKey } from '../locks';
import { numberItems } from '../index-numbers';
import { applyChanges, type ItemType } from './permissions';
import { findRoom } from './rooms';

export const MATRIX_MAX_CHANGES = 5000;

export type MatrixChange = { group_id: string; item_type: ItemType; item_id: string; can_view: boolean; can_download: boolean };

/** A cell: 0 hidden, 1 view, 2 view and download. */
export type Cell = 0 | 1 | 2;

export type MatrixItem = { id: string; type: ItemType; parent_id: string | null; name: string; index_number: string | null; depth: number; content_type: string | null };

/**
 * The grid: items in the room's order (each folder, then what it holds), groups by name, and per
 * group one string of cells aligned with `items` ("0" hidden, "1" view, "2" view and download):
 * 50 groups × 2,000 items is 100 KB, not 100,000 objects.
 */
export async function permissionMatrix(actor: Actor, roomId: string) {
  const room = await findRoom(db, actor, roomId);
  const [folders, placements, groups, rows] = await Promise.all([
    db.$queryRaw<{ id: string; parentId: string | null; name: string; orderIndex: number }[]>`
      SELECT id, parent_id AS "parentId", name, order_index AS "orderIndex" FROM dataroom_folders WHERE dataroom_id = ${room.id}`,
    db.$queryRaw<{ id: string; folderId: string | null; name: string; orderIndex: number; contentType: string }[]>`
      SELECT p.id, p.folder_id AS "folderId", d.name, p.order_index AS "orderIndex", d.content_type AS "contentType"
      FROM dataroom_documents p JOIN documents d ON d.id = p.document_id WHERE p.dataroom_id = ${room.id}`,
    db.$queryRaw<{ id: string; name: string }[]>`SELECT id, name FROM viewer_groups WHERE dataroom_id = ${room.id} ORDER BY lower(name), id`,
    // One row per group: its cells as "item:cell" pairs (a few hundred bytes per hundred items).
    db.$queryRaw<{ groupId: string; cells: string }[]>`
      SELECT p.group_id AS "groupId",
        string_agg(p.item_id || ':' || (CASE WHEN p.can_view AND p.can_download THEN '2' WHEN p.can_view THEN '1' ELSE '0' END), ',') AS cells
      FROM viewer_group_permissions p JOIN viewer_groups g ON g.id = p.group_id
      WHERE g.dataroom_id = ${room.id} GROUP BY p.group_id`,
  ]);
  const numbers = room.indexNumbers ? numberItems(folders, placements) : null;
  const folderKids = new Map<string | null, typeof folders>();
  const docKids = new Map<string | null, typeof placements>();
  for (const f of folders) (folderKids.get(f.parentId) ?? folderKids.set(f.parentId, []).get(f.parentId)!).push(f);
  for (const p of placements) (docKids.get(p.folderId) ?? docKids.set(p.folderId, []).get(p.folderId)!).push(p);
  const byOrder = (a: { orderIndex: number; id: string }, b: { orderIndex: number; id: string }) => a.orderIndex - b.orderIndex || (a.id < b.id ? -1 : 1);
  const items: MatrixItem[] = [];
  const walk = (parentId: string | null, depth: number) => {
    for (const f of (folderKids.get(parentId) ?? []).sort(byOrder)) {
      items.push({ id: f.id, type: 'dataroom_folder', parent_id: parentId, name: f.name, index_number: numbers?.get(f.id) ?? null, depth, content_type: null });
      walk(f.id, depth + 1);
    }
    for (const p of (docKids.get(parentId) ?? []).sort(byOrder)) {
      items.push({ id: p.id, type: 'dataroom_document', parent_id: parentId, name: p.name, index_number: numbers?.get(p.id) ?? null, depth, content_type: p.contentType });
    }
  };
  walk(null, 0);
  const position = new Map(items.map((it, i) => [it.id, i]));
  const cellsOf = new Map(rows.map((r) => [r.groupId, r.cells]));
  return {
    dataroom_id: room.id,
    is_frozen: room.isFrozen,
    default_permission: room.defaultPermission,
    groups: groups.map((g) => {
      const cells = new Uint8Array(items.length).fill(48); // '0': no row is hidden
      for (const pair of (cellsOf.get(g.id) ?? '').split(',')) {
        const at = position.get(pair.slice(0, -2));
        if (at !== undefined) cells[at] = pair.charCodeAt(pair.length - 1);
      }
      return { id: g.id, name: g.name, cells: Buffer.from(cells).toString('latin1') };
    }),
    items,
  };
}

/** 422 naming what is wrong with a change (the request changes nothing). */
const refuse = (message: string, index: number) => new ApiError('unprocessable_entity', message, { field: `changes[${index}]` });

/**
 * Applies every change or none. Each group and item must be the room's (an unknown or foreign id
 * is 422: the request is checked as a whole, not resource by resource), an item's type must be
 * what it is, and a download needs a view.
 */
export async function applyMatrix(actor: Actor, roomId: string, changes: MatrixChange[]) {
  if (changes.length > MATRIX_MAX_CHANGES) throw new ApiError('unprocessable_entity', `At most ${MATRIX_MAX_CHANGES} changes per request (got ${changes.length}).`, { field: 'changes' });
  return db.$transaction(
    async (tx) => {
      const room = await findRoom(tx, actor, roomId, 'share');
      // Two matrix saves of one room apply one after the other (each reads the rights it changes).
      await lockKey(tx, 'dataroom-permissions', room.id);
      const groupIds = [...new Set(changes.map((c) => c.group_id))];
      const itemIds = [...new Set(changes.map((c) => c.item_id))];
      const [groups, items] = await Promise.all([
        tx.viewerGroup.findMany({ where: { dataroomId: room.id, id: { in: groupIds } }, select: { id: true } }),
        tx.$queryRaw<{ id: string; type: ItemType }[]>`
          SELECT id, 'dataroom_folder' AS type FROM dataroom_folders WHERE dataroom_id = ${room.id} AND id = ANY(${itemIds}::text[])
          UNION ALL
          SELECT id, 'dataroom_document' FROM dataroom_documents WHERE dataroom_id = ${room.id} AND id = ANY(${itemIds}::text[])`,
      ]);
      const knownGroups = new Set(groups.map((g) => g.id));
      const typeOf = new Map(items.map((i) => [i.id, i.type]));
      changes.forEach((c, i) => {
        if (!knownGroups.has(c.group_id)) throw refuse(`group_id ${c.group_id} is not a group of this data room.`, i);
        const type = typeOf.get(c.item_id);
        if (!type) throw refuse(`item_id ${c.item_id} is not a folder or document of this data room.`, i);
        if (type !== c.item_type) throw refuse(`item_id ${c.item_id} is a ${type}, not a ${c.item_type}.`, i);
        if (c.can_download && !c.can_view) throw refuse(`can_download needs can_view (item ${c.item_id}).`, i);
      });
      const byGroup = new Map<string, { item_id: string; can_view: boolean; can_download: boolean }[]>();
      for (const c of changes) (byGroup.get(c.group_id) ?? byGroup.set(c.group_id, []).get(c.group_id)!).push({ item_id: c.item_id, can_view: c.can_view, can_download: c.can_download });
      await applyChanges(tx, actor, room, byGroup);
      const result = [...byGroup].sort(([a], [b]) => (a < b ? -1 : 1)).map(([group_id, list]) => ({ group_id, changes: list.length }));
      return { object: 'dataroom_permissions_update' as const, dataroom_id: room.id, applied: changes.length, groups: result };
    },
    { timeout: 60_000 },
  );
}
