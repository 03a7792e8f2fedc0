// Team-library folders: derived slug paths, "Name (1)" on sibling collisions, subtree rewrites
// on rename and move, all in one transaction each.
import { db, type Tx } from '../db/client';
import type { Prisma } from '../db/generated/client';
import { ApiError, conflict, invalid, notFound } from '../errors';
import { newId } from '../ids';
import { decodeCursor, iso, page } from '../schemas/common';
import { isUniqueViolation, lockKey } from './locks';
import { assertFree, folderFields, LIBRARY_TREE, rewriteSubtree, siblings } from './folder-tree';
import { childPath, firstFreeName, subtreePattern } from './paths';
import type { Actor } from '../auth/actor';
import { changesBetween, emit } from './events/emit';
import { counted } from '../../lib/shared/counted';

const withCounts = { _count: { select: { documents: true, children: true } } } as const;
type FolderRow = Prisma.FolderGetPayload<{ include: typeof withCounts }>;

export function toFolder(f: FolderRow) {
  return {
    id: f.id,
    object: 'folder' as const,
    ...folderFields(f, f._count.documents, f._count.children),
  };
}

/**
 * Serializes every change to one team's folder tree (create, rename, move, delete). Each of them
 * derives paths from rows it reads, so those reads must come after the lock: otherwise two
 * crossed moves both pass the "not into a descendant" check and make a cycle, and a create or
 * move under a folder whose ancestor is being renamed keeps the old path prefix.
 */
const lockTree = (tx: Tx, teamId: string) => lockKey(tx, 'folder-tree', teamId);

async function findFolder(tx: Tx, actor: Actor, id: string) {
  const f = await tx.folder.findFirst({ where: { id, teamId: actor.teamId } });
  if (!f) throw notFound('Folder');
  return f;
}

export async function getFolder(actor: Actor, id: string, tx: Tx = db) {
  const f = await tx.folder.findFirst({ where: { id, teamId: actor.teamId }, include: withCounts });
  if (!f) throw notFound('Folder');
  return toFolder(f);
}

export async function listFolders(actor: Actor, q: { parent_id?: string; limit: number; cursor?: string }) {
  const after = decodeCursor(q.cursor, 'string') as [string] | null;
  const where: Prisma.FolderWhereInput = { teamId: actor.teamId };
  if (q.parent_id === 'root') where.parentId = null;
  else if (q.parent_id) {
    await findFolder(db, actor, q.parent_id);
    where.parentId = q.parent_id;
  }
  if (after) where.path = { gt: after[0] };
  const rows = await db.folder.findMany({ where, include: withCounts, orderBy: { path: 'asc' }, take: q.limit + 1 });
  return page(rows, q.limit, toFolder, (r) => [r.path]);
}

const librarySiblings = (tx: Tx, teamId: string, parentId: string | null, exceptId?: string) =>
  siblings(tx, LIBRARY_TREE, teamId, parentId, exceptId);

export async function createFolder(actor: Actor, input: { name: string; parent_id?: string | null; icon?: string | null; color?: string | null }) {
  const parentId = input.parent_id ?? null;
  return db.$transaction(async (tx) => {
    await lockTree(tx, actor.teamId);
    const parent = parentId ? await findFolder(tx, actor, parentId) : null;
    const free = firstFreeName(input.name, parent?.path ?? null, await librarySiblings(tx, actor.teamId, parentId));
    const f = await tx.folder.create({
      data: { id: newId(), teamId: actor.teamId, parentId, name: free.name, path: free.path, icon: input.icon ?? null, color: input.color ?? null },
    });
    const folder = toFolder({ ...f, _count: { documents: 0, children: 0 } });
    await emit(tx, actor, { type: 'folder.created', object: folder });
    return folder;
  });
}

export async function updateFolder(actor: Actor, id: string, input: { name?: string; icon?: string | null; color?: string | null }) {
  try {
    return await db.$transaction(async (tx) => {
      if (input.name !== undefined) await lockTree(tx, actor.teamId);
      const f = await findFolder(tx, actor, id);
      const before = await getFolder(actor, id, tx);
      if (input.name !== undefined && input.name !== f.name) {
        const parentPath = f.path.slice(0, f.path.lastIndexOf('/')) || null;
        const path = childPath(parentPath, input.name);
        assertFree(await librarySiblings(tx, actor.teamId, f.parentId, f.id), input.name, path);
        await rewriteSubtree(tx, LIBRARY_TREE, actor.teamId, f.path, path);
      }
      await tx.folder.update({
        where: { id },
        data: { name: input.name, icon: input.icon, color: input.color },
      });
      const after = await getFolder(actor, id, tx);
      await emit(tx, actor, { type: 'folder.updated', object: after, changes: changesBetween(before, after) });
      return after;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('A sibling folder with that name was created at the same time; try again.');
    throw e;
  }
}

export async function moveFolder(actor: Actor, id: string, parentId: string | null) {
  try {
    return await db.$transaction(async (tx) => {
      await lockTree(tx, actor.teamId);
      const f = await findFolder(tx, actor, id);
      if (f.parentId === parentId) return getFolder(actor, id, tx);
      const before = await getFolder(actor, id, tx);
      const parent = parentId ? await findFolder(tx, actor, parentId) : null;
      if (parent && (parent.id === f.id || parent.path.startsWith(f.path + '/'))) {
        throw invalid('parent_id', 'a folder cannot be moved into itself or one of its descendants');
      }
      const path = childPath(parent?.path ?? null, f.name);
      assertFree(await librarySiblings(tx, actor.teamId, parentId), f.name, path);
      await rewriteSubtree(tx, LIBRARY_TREE, actor.teamId, f.path, path);
      await tx.folder.update({ where: { id }, data: { parentId } });
      const after = await getFolder(actor, id, tx);
      await emit(tx, actor, { type: 'folder.moved', object: after, changes: changesBetween(before, after) });
      return after;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('A folder with that name was created there at the same time; try again.');
    throw e;
  }
}

/**
 * Refused when the folder holds documents or folders, unless `cascade`: then its documents (at
 * any depth) move to the library root and the folder and its descendants are deleted.
 */
export async function deleteFolder(actor: Actor, id: string, cascade: boolean) {
  await db.$transaction(async (tx) => {
    await lockTree(tx, actor.teamId);
    const f = await tx.folder.findFirst({ where: { id, teamId: actor.teamId }, include: withCounts });
    if (!f) throw notFound('Folder');
    if (!cascade && (f._count.documents > 0 || f._count.children > 0)) {
      throw new ApiError(
        'conflict',
        `Folder is not empty (${counted(f._count.documents, 'document')}, ${counted(f._count.children, 'folder')}). Pass cascade=true to move its documents to the root and delete its subfolders.`,
        { document_count: f._count.documents, child_folder_count: f._count.children },
      );
    }
    await tx.$executeRaw`
      UPDATE documents SET folder_id = NULL, updated_at = now()
      WHERE team_id = ${actor.teamId} AND folder_id IN (
        SELECT id FROM folders WHERE team_id = ${actor.teamId} AND (path = ${f.path} OR path LIKE ${subtreePattern(f.path)}))`;
    await tx.folder.delete({ where: { id } });
    await emit(tx, actor, { type: 'folder.deleted', object: { id, object: 'folder', deleted: true } });
  });
  return { id, object: 'folder' as const, deleted: true as const };
}
