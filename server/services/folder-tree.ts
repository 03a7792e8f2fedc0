// What library folders and data room folders share beyond slugs (paths.ts): the siblings of a
// parent, the "name or path already taken" check, and the subtree path rewrite. A tree is a
// table and the column that scopes it (a team's library, a room).
import { iso } from '../schemas/common';
import { Prisma } from '../db/generated/client';
import type { Tx } from '../db/client';
import { conflict } from '../errors';
import { subtreePattern } from './paths';

export type TreeSpec = { table: 'folders' | 'dataroom_folders'; scope: 'team_id' | 'dataroom_id' };
export const LIBRARY_TREE: TreeSpec = { table: 'folders', scope: 'team_id' };
export const ROOM_TREE: TreeSpec = { table: 'dataroom_folders', scope: 'dataroom_id' };

const t = (spec: TreeSpec) => Prisma.raw(`"${spec.table}"`);
const s = (spec: TreeSpec) => Prisma.raw(`"${spec.scope}"`);

export async function siblings(tx: Tx, spec: TreeSpec, scopeId: string, parentId: string | null, exceptId?: string) {
  return tx.$queryRaw<{ name: string; path: string }[]>`
    SELECT name, path FROM ${t(spec)}
    WHERE ${s(spec)} = ${scopeId} AND parent_id IS NOT DISTINCT FROM ${parentId} AND id IS DISTINCT FROM ${exceptId ?? null}`;
}

/** 409 when a sibling already has this name (any case) or this path. */
export function assertFree(sibs: { name: string; path: string }[], name: string, path: string) {
  const clash = sibs.find((x) => x.name.toLowerCase() === name.toLowerCase() || x.path === path);
  if (clash) {
    throw conflict(`A folder named "${clash.name}" already exists there (same name or same path ${path}).`, {
      conflicting_path: path,
    });
  }
}

/** Rewrites the path of a folder and every descendant from `oldPath` to `newPath`, in one statement. */
export async function rewriteSubtree(tx: Tx, spec: TreeSpec, scopeId: string, oldPath: string, newPath: string) {
  await tx.$executeRaw`
    UPDATE ${t(spec)} SET path = ${newPath} || substr(path, ${oldPath.length + 1}), updated_at = now()
    WHERE ${s(spec)} = ${scopeId} AND (path = ${oldPath} OR path LIKE ${subtreePattern(oldPath)})`;
}

/** The ids of a folder and all its descendants. */
export async function subtreeIds(tx: Tx, spec: TreeSpec, scopeId: string, path: string): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM ${t(spec)} WHERE ${s(spec)} = ${scopeId} AND (path = ${path} OR path LIKE ${subtreePattern(path)})`;
  return rows.map((r) => r.id);
}

/** A folder's fields on the wire, a library's or a room's alike (the two objects add their own). */
export function folderFields(f: { name: string; parentId: string | null; path: string; icon: string | null; color: string | null; createdAt: Date; updatedAt: Date }, documentCount: number, childFolderCount: number) {
  return {
    name: f.name,
    parent_id: f.parentId,
    path: f.path,
    icon: f.icon,
    color: f.color,
    document_count: documentCount,
    child_folder_count: childFolderCount,
    created: iso(f.createdAt),
    updated_at: iso(f.updatedAt),
  };
}
