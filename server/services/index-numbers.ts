// A room's index numbers ("1", "1.2", "1.2.3"; DESIGN.md "Room power tools"). Computed on read
// from the stored order (folders' and placements' order_index, dense from 0 per parent), never
// stored: a move or reorder rewrites only order_index in its own transaction, so every reader
// sees numbers consistent with the order it reads (docs/decisions.md, issue 42).
// Within a folder (or the room's top level) its subfolders come first, by order_index, then its
// documents, by theirs. Every face shows the room's numbers: a group's visitors see the same
// number for an item as the team does (gaps where items are hidden from them).
// Whole trees (the viewer, the archive, the matrix, the index file) are numbered by numberItems;
// a page of a list, one item or a search's hits by itemNumbers, from their own sibling groups and
// ancestors only (a room of 10,000 documents is not read for 25 of them).
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

/**
 * The numbers of some items of room $1 (internal id): folders $2 and placements $3, from their
 * own sibling groups and their ancestors' only. Rows: each needed folder (the asked ones, the
 * asked placements' folders and every ancestor) with its place among its siblings, and each asked
 * placement with its place among its folder's placements after its folder's subfolder count (the
 * subfolders are numbered first). Ties in order_index are broken by id in byte order, as
 * numberItems breaks them. Ancestors are found by the prefixes of their paths, not a recursive
 * CTE: its row estimate put the plan's cost past PostgreSQL's JIT threshold (0.7 s of compiling
 * for a 2 ms query). The top level is a branch of its own wherever siblings are read, since
 * `parent_id IS NOT DISTINCT FROM x` cannot use the (dataroom_id, parent_id, order_index) index.
 */
export const ITEM_NUMBERS_SQL = `WITH
  p AS (SELECT d.id, d.folder_id FROM dataroom_documents d WHERE d.dataroom_id = $1 AND d.id = ANY($3::text[])),
  pf AS (SELECT DISTINCT folder_id FROM p WHERE folder_id IS NOT NULL),
  asked AS (SELECT unnest($2::text[]) AS id UNION SELECT folder_id FROM pf),
  prefixes AS (
    SELECT DISTINCT '/' || array_to_string(a.parts[1:u.i], '/') AS path
      FROM (SELECT string_to_array(substr(n.path, 2), '/') AS parts FROM asked JOIN dataroom_folders n ON n.id = asked.id WHERE n.dataroom_id = $1) a
      CROSS JOIN LATERAL unnest(a.parts) WITH ORDINALITY AS u(part, i)),
  f AS (
    SELECT x.id, x.parent_id, x.order_index FROM prefixes
      CROSS JOIN LATERAL (SELECT x.id, x.parent_id, x.order_index FROM dataroom_folders x WHERE x.dataroom_id = $1 AND x.path = prefixes.path LIMIT 1) x),
  ds AS (
    SELECT s.id, s.pos FROM pf g
      CROSS JOIN LATERAL (SELECT s.id, row_number() OVER (ORDER BY s.order_index, s.id COLLATE "C") AS pos
        FROM dataroom_documents s WHERE s.dataroom_id = $1 AND s.folder_id = g.folder_id) s
    UNION ALL
    SELECT s.id, row_number() OVER (ORDER BY s.order_index, s.id COLLATE "C")
      FROM dataroom_documents s WHERE s.dataroom_id = $1 AND s.folder_id IS NULL AND EXISTS (SELECT 1 FROM p WHERE p.folder_id IS NULL)),
  sub AS (
    SELECT g.folder_id, (SELECT count(*) FROM dataroom_folders c WHERE c.dataroom_id = $1 AND c.parent_id = g.folder_id) AS n
      FROM pf g
    UNION ALL
    SELECT NULL, count(*) FROM dataroom_folders c
      WHERE c.dataroom_id = $1 AND c.parent_id IS NULL AND EXISTS (SELECT 1 FROM p WHERE p.folder_id IS NULL))
SELECT 'f' AS kind, f.id, f.parent_id AS "parentId", 1 + (CASE WHEN f.parent_id IS NULL
    THEN (SELECT count(*) FROM dataroom_folders s WHERE s.dataroom_id = $1 AND s.parent_id IS NULL
            AND s.order_index <= f.order_index AND (s.order_index < f.order_index OR s.id COLLATE "C" < f.id COLLATE "C"))
    ELSE (SELECT count(*) FROM dataroom_folders s WHERE s.dataroom_id = $1 AND s.parent_id = f.parent_id
            AND s.order_index <= f.order_index AND (s.order_index < f.order_index OR s.id COLLATE "C" < f.id COLLATE "C")) END)::int AS pos
  FROM f
UNION ALL
SELECT 'd', p.id, p.folder_id, (ds.pos + coalesce(sub.n, 0))::int
  FROM p JOIN ds ON ds.id = p.id LEFT JOIN sub ON sub.folder_id IS NOT DISTINCT FROM p.folder_id`;

export type PlaceRow = { kind: 'f' | 'd'; id: string; parentId: string | null; pos: number };

/** Numbers from ITEM_NUMBERS_SQL's rows: a folder's is its parent's and its place, a placement's its folder's and its place. */
export function numbersFromPlaces(rows: PlaceRow[]): Map<string, string> {
  const folders = new Map<string, PlaceRow>();
  for (const r of rows) if (r.kind === 'f') folders.set(r.id, r);
  const folderNumbers = new Map<string, string>();
  const folderNumber = (id: string): string => {
    let n = folderNumbers.get(id);
    if (n === undefined) {
      const f = folders.get(id)!;
      n = f.parentId ? `${folderNumber(f.parentId)}.${f.pos}` : String(f.pos);
      folderNumbers.set(id, n);
    }
    return n;
  };
  const numbers = new Map<string, string>();
  for (const r of rows) numbers.set(r.id, r.kind === 'f' ? folderNumber(r.id) : r.parentId ? `${folderNumber(r.parentId)}.${r.pos}` : String(r.pos));
  return numbers;
}

/**
 * The numbers of the given folders and placements of a room (by internal id) as of now, on the
 * pool or inside `tx` (so a change's answer shows the numbers it made), without reading the rest
 * of the room; null when the room has index numbers off (`enabled`, the room's index_numbers).
 */
export async function itemNumbers(roomId: string, enabled: boolean, items: { folders?: string[]; placements?: string[] }, tx?: Tx): Promise<Map<string, string> | null> {
  if (!enabled) return null;
  const params = [roomId, items.folders ?? [], items.placements ?? []];
  if (!params[1]!.length && !params[2]!.length) return new Map();
  const rows = tx ? await tx.$queryRawUnsafe<PlaceRow[]>(ITEM_NUMBERS_SQL, ...params) : await sqlRows<PlaceRow>(ITEM_NUMBERS_SQL, params, { prepare: true });
  return numbersFromPlaces(rows);
}

/** The number of one item, or null (numbers off, or not numbered). */
export const numberOf = (numbers: Map<string, string> | null, id: string) => numbers?.get(id) ?? null;
