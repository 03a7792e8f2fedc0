// Room archives (DESIGN.md "Events": the close-out record of a deal). A request queues one; the
// builder (archive.ts, driven by server/jobs/exports.ts) streams the zip to blob storage; the
// answer carries a signed download URL for an hour once it has succeeded.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Actor } from '../../auth/actor';
import { db } from '../../db/client';
import { notFound } from '../../errors';
import { newId } from '../../ids';
import { enqueue } from '../../db/jobs';
import { iso } from '../../schemas/common';
import { appSecret } from '../../storage/config';
import { findRoom } from './rooms';

export const EXPORT_URL_TTL_S = 3600;

type ExportRow = {
  id: string;
  dataroomId: string;
  status: string;
  progress: number;
  size: bigint | null;
  sha256: string | null;
  error: string | null;
  createdAt: Date;
  completedAt: Date | null;
};

const sign = (exportId: string, expires: number) => createHmac('sha256', `room-export:${appSecret()}`).update(`${exportId}.${expires}`).digest('hex');

/** The download path of a finished archive, signed for an hour (a browser follows it without a token). */
export function exportDownloadUrl(origin: string, roomPid: string, exportId: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + EXPORT_URL_TTL_S;
  return `${origin.replace(/\/+$/, '')}/v1/datarooms/${roomPid}/exports/${exportId}/download?expires=${expires}&sig=${sign(exportId, expires)}`;
}

export function verifyExportSignature(exportId: string, expires: string | null, sig: string | null): boolean {
  if (!expires || !/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= Date.now()) return false;
  if (!sig || !/^[0-9a-f]{64}$/.test(sig)) return false;
  return timingSafeEqual(Buffer.from(sign(exportId, Number(expires)), 'hex'), Buffer.from(sig, 'hex'));
}

function toExport(r: ExportRow, roomPid: string, origin: string) {
  return {
    id: r.id,
    object: 'dataroom_export' as const,
    dataroom_id: r.dataroomId,
    status: r.status as 'queued' | 'running' | 'succeeded' | 'failed',
    progress: r.progress,
    size: r.size === null ? null : Number(r.size),
    sha256: r.sha256,
    download_url: r.status === 'succeeded' ? exportDownloadUrl(origin, roomPid, r.id) : null,
    error: r.error,
    created: iso(r.createdAt),
    completed_at: r.completedAt ? iso(r.completedAt) : null,
  };
}

/** Queues an archive of the room; the builder starts after the answer. */
export async function createExport(actor: Actor, roomId: string, origin: string) {
  const room = await findRoom(db, actor, roomId);
  const row = await db.$transaction(async (tx) => {
    const created = await tx.dataroomExport.create({ data: { id: `dre_${newId()}`, teamId: actor.teamId, dataroomId: room.id } });
    await enqueue(tx, { kind: 'dataroom.export', ref: created.id, teamId: actor.teamId });
    return created;
  });
  return toExport(row, room.pid, origin);
}

export async function getExport(actor: Actor, roomId: string, exportId: string, origin: string) {
  const room = await findRoom(db, actor, roomId);
  const row = await db.dataroomExport.findFirst({ where: { id: exportId, dataroomId: room.id, teamId: actor.teamId } });
  if (!row) throw notFound('Export');
  return toExport(row, room.pid, origin);
}

/** The room's newest archive, or null (the dashboard shows it after a reload). */
export async function latestExport(actor: Actor, roomId: string, origin: string) {
  const room = await findRoom(db, actor, roomId);
  const row = await db.dataroomExport.findFirst({ where: { dataroomId: room.id, teamId: actor.teamId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return row ? toExport(row, room.pid, origin) : null;
}

/** A finished archive's blob, for its signed download URL (null: unknown, unfinished, or not this room's). */
export async function exportFile(roomPid: string, exportId: string) {
  const row = await db.dataroomExport.findFirst({
    where: { id: exportId, status: 'succeeded', dataroom: { OR: [{ pid: roomPid }, { id: roomPid }], deletedAt: null } },
    include: { dataroom: { select: { name: true } } },
  });
  if (!row?.storageKey) return null;
  return { key: row.storageKey, size: row.size === null ? null : Number(row.size), roomName: row.dataroom.name, createdAt: row.createdAt };
}
