// The team's side of visitor uploads (DESIGN.md "Room power tools"): list a room's uploads, read
// one, approve it (it becomes a library document placed in the folder it was sent to, through the
// same steps as creating and attaching one: converted and searchable like any other) or reject it
// with a reason its uploader sees. Every read is scoped to the actor's team; another team's is 404.
import type { Actor } from '../../auth/actor';
import { db, type Tx } from '../../db/client';
import type { VisitorUpload } from '../../db/generated/client';
import { conflict, notFound } from '../../errors';
import { cursorInstant, decodeCursor, page } from '../../schemas/common';
import { getBlobStore } from '../../storage';
import { rangedBlob } from '../../storage/ranges';
import { actingUser } from '../acting-user';
import { placeDocument } from '../datarooms/documents';
import { afterNewVersion, insertDocument } from '../documents';
import { emit } from '../events/emit';
import type { IntakeFile } from '../file-intake';
import { findOpenRoom, findRoom } from '../room-lookup';
import { mailDecision } from './mail';
import { toVisitorUpload } from './object';

export type UploadStatus = 'pending' | 'approved' | 'rejected';

/** Newest first, keyset-paged. */
export async function listVisitorUploads(actor: Actor, roomId: string, q: { status?: UploadStatus; limit: number; cursor?: string }) {
  const room = await findRoom(db, actor, roomId);
  const after = decodeCursor(q.cursor, 'number', 'string') as [number, string] | null;
  const at = after ? new Date(cursorInstant(after[0])) : null;
  const rows = await db.visitorUpload.findMany({
    where: {
      dataroomId: room.id,
      teamId: actor.teamId,
      ...(q.status ? { status: q.status } : {}),
      ...(after ? { OR: [{ createdAt: { lt: at! } }, { createdAt: at!, id: { lt: after[1] } }] } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: q.limit + 1,
  });
  return page(rows, q.limit, toVisitorUpload, (r) => [r.createdAt.getTime(), r.id]);
}

/** Pending uploads of each of the team's rooms: the dashboard's tab counts. */
export async function pendingCounts(actor: Actor): Promise<Record<string, number>> {
  const rows = await db.visitorUpload.groupBy({
    by: ['dataroomId'],
    where: { teamId: actor.teamId, status: 'pending', dataroom: { deletedAt: null } },
    _count: { _all: true },
  });
  return Object.fromEntries(rows.map((r) => [r.dataroomId, r._count._all]));
}

async function uploadRow(tx: Tx, actor: Actor, id: string, lock = false): Promise<VisitorUpload> {
  if (lock) {
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT u.id FROM visitor_uploads u JOIN datarooms r ON r.id = u.dataroom_id AND r.deleted_at IS NULL
      WHERE u.id = ${id} AND u.team_id = ${actor.teamId} FOR UPDATE OF u`;
    if (!locked.length) throw notFound('Visitor upload');
  }
  const row = await tx.visitorUpload.findFirst({ where: { id, teamId: actor.teamId, dataroom: { deletedAt: null } } });
  if (!row) throw notFound('Visitor upload');
  return row;
}

export const getVisitorUpload = async (actor: Actor, id: string) => toVisitorUpload(await uploadRow(db, actor, id));

const decided = (row: VisitorUpload) => conflict(`This upload was already ${row.status}.`, { status: row.status });

/** The stored file of a pending upload, as the library's intake would hand it over (its checks were done on upload). */
function storedFile(row: VisitorUpload): IntakeFile {
  return {
    storageKey: row.storageKey!,
    contentType: row.contentType,
    type: row.type,
    numPages: row.numPages,
    pageSize: row.pageWidth && row.pageHeight ? { width: row.pageWidth, height: row.pageHeight } : null,
    durationMs: row.durationMs,
    fileSize: Number(row.size),
    suggestedName: row.name,
    consume: null,
    discard: async () => {},
  };
}

/**
 * Approves a pending upload: a library document (at the library's root, named as uploaded unless
 * `name` is given) placed last in the room folder it was sent to, in one transaction with the
 * decision and its events. 409 when it was decided already or its folder has been deleted.
 */
export async function approveVisitorUpload(actor: Actor, id: string, input: { name?: string }) {
  const done = await db.$transaction(async (tx) => {
    const row = await uploadRow(tx, actor, id, true);
    if (row.status !== 'pending') throw decided(row);
    const room = await findOpenRoom(tx, actor, row.dataroomId, 'approving uploads');
    if (!row.folderId || !row.storageKey) throw conflict('The folder this file was sent to has been deleted; reject the upload, or ask the visitor to send it again.');
    const name = input.name ?? row.name;
    const { d, version } = await insertDocument(tx, actor, storedFile(row), name, null);
    await placeDocument(tx, actor, room, d.id, row.folderId);
    const by = await actingUser(tx, actor);
    const after = await tx.visitorUpload.update({
      where: { id: row.id },
      // The bytes are the document's now: the upload no longer owns them.
      data: { status: 'approved', documentId: d.id, decidedAt: new Date(), decidedById: by.id, storageKey: null, reason: null },
    });
    const object = toVisitorUpload(after);
    await emit(tx, actor, { type: 'dataroom.upload.approved', object, dataroomId: row.dataroomId });
    return { object, version, linkId: row.linkId };
  });
  afterNewVersion(done.version);
  await mailDecision(done.object, done.linkId);
  return done.object;
}

/** Rejects a pending upload with the reason its uploader is shown and mailed; its file is deleted. */
export async function rejectVisitorUpload(actor: Actor, id: string, input: { reason: string }) {
  const done = await db.$transaction(async (tx) => {
    const row = await uploadRow(tx, actor, id, true);
    if (row.status !== 'pending') throw decided(row);
    const by = await actingUser(tx, actor);
    const after = await tx.visitorUpload.update({
      where: { id: row.id },
      data: { status: 'rejected', reason: input.reason, decidedAt: new Date(), decidedById: by.id, storageKey: null },
    });
    const object = toVisitorUpload(after);
    await emit(tx, actor, { type: 'dataroom.upload.rejected', object, dataroomId: row.dataroomId });
    return { object, storageKey: row.storageKey, linkId: row.linkId };
  });
  if (done.storageKey) await getBlobStore().delete(done.storageKey).catch(() => {});
  await mailDecision(done.object, done.linkId);
  return done.object;
}

/** The team reads a pending upload's file before deciding (the dashboard's download), by HTTP range. */
export async function openPendingFile(actor: Actor, id: string, range: string | null) {
  const row = await uploadRow(db, actor, id);
  if (!row.storageKey) throw notFound('File of this upload');
  return { ...(await rangedBlob(row.storageKey, row.contentType, range)), name: row.name };
}
