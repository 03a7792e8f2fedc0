// A room's index numbers ("1", "1.2", "1.2.3"; DESIGN.md "Room power tools"). Computed on read
// from the stored order (folders' and placements' order_index, dense from 0 per parent), never
// stored: a move or reorder rewrites only order_index in its own transaction, so every reader
// sees numbers consistent with the order it reads (docs/decisions.md, issue 42).
// Within a folder (or the room's top level) its subfolders come first, by order_index, then its
// documents, by theirs. Every face shows the room's numbers: a group's visitors see the same
// number for an item as the team does (gaps where items are hidden from them).
import type { Tx } from '../db/client';
import { sqlRows } from '../db/sql';

export type OrderedFolder = { id: string; parentId: string | null; orderIndex: number };
export type OrderedPlacement = { id: string; folderId: string | null; orderIndex: number };

const byOrder = <T extends { orderIndex: number; id: string }>(a: T, b: T) => a.orderIndex - b.orderIndex || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Every folder's and placement's number, by id (one pass over the tree). */
export function numberItems(folders: OrderedFolder[], placements: OrderedPlacement[]): Map<string, string> {
  const folderKids = new Map<string | null, OrderedFolder[]>();
  const docKids = new Map<string | null, OrderedPlacement[]>();
  const put = <K, V>(m: Map<K, V[]>, k: K, v: V) => (m.get(k) ?? m.set(k, []).get(k)!).push(v);
  for (const f of folders) put(folderKids, f.parentId, f);
  for (const p of placements) put(docKids, p.folderId, p);
  const numbers = new Map<string, string>();
  const walk = (parentId: string | null, prefix: string) => {
    let n = 0;
    for (const f of (folderKids.get(parentId) ?? []).sort(byOrder)) {
      const number = `${prefix}${++n}`;
      numbers.set(f.id, number);
      walk(f.id, `${number}.`);
    }
    for (const p of (docKids.get(parentId) ?? []).sort(byOrder)) numbers.set(p.id, `${prefix}${++n}`);
  };
  walk(null, '');
  return numbers;
}

/** Compares two index numbers as the tree orders them ("1.10" after "1.9"). */
export function compareIndexNumbers(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

export type OrderRow = { kind: 'f' | 'd'; id: string; parentId: string | null; orderIndex: number; enabled: boolean };

/** Every folder's and placement's order in room $1 (and whether the room shows numbers). */
export const ORDER_SQL = `SELECT 'f' AS kind, f.id, f.parent_id AS "parentId", f.order_index AS "orderIndex", r.index_numbers AS enabled
    FROM datarooms r JOIN dataroom_folders f ON f.dataroom_id = r.id WHERE r.id = $1
  UNION ALL
  SELECT 'd', d.id, d.folder_id, d.order_index, r.index_numbers
    FROM datarooms r JOIN dataroom_documents d ON d.dataroom_id = r.id WHERE r.id = $1`;

/** Numbers from order rows; null when the room shows none (index_numbers false). */
export function fromRows(rows: OrderRow[], enabled?: boolean): Map<string, string> | null {
  if (enabled === false || (enabled === undefined && rows[0] && !rows[0].enabled)) return null;
  return numberItems(
    rows.filter((r) => r.kind === 'f'),
    rows.filter((r) => r.kind === 'd').map((r) => ({ id: r.id, folderId: r.parentId, orderIndex: r.orderIndex })),
  );
}

/**
 * The numbers of a room (by internal id) as of now, on the pool or inside `tx` (so a change's
 * answer shows the numbers it made); null when the room has index numbers off.
 */
export async function roomNumbers(roomId: string, tx?: Tx, enabled?: boolean): Promise<Map<string, string> | null> {
  if (enabled === false) return null;
  const rows = tx ? await tx.$queryRawUnsafe<OrderRow[]>(ORDER_SQL, roomId) : await sqlRows<OrderRow>(ORDER_SQL, [roomId], { prepare: true });
  return fromRows(rows, enabled);
}

/** The number of one item, or null (numbers off, or not numbered). */
export const numberOf = (numbers: Map<string, string> | null, id: string) => numbers?.get(id) ?? null;
