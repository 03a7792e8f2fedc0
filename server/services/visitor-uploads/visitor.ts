// The visitor's side of uploads with approval (DESIGN.md "Room power tools"), for the viewer face.
// A folder takes uploads from a group link's visitors when it accepts uploads and the group may
// view it and upload into it. The file goes the way every upload goes (a presigned PUT, then the
// library's file intake: the same type and size checks as /v1), and waits as `pending`, seen by
// its uploader and the team only: it is no room document (no tree, search or zip shows it) until
// a team member approves it. Each visitor may send VISITOR_UPLOADS_PER_DAY files and
// VISITOR_UPLOAD_BYTES_PER_DAY bytes in any 24 hours, counted under their row's lock.
import type { ViewerActor } from '../../auth/actor';
import { config } from '../../config';
import { db, type Tx } from '../../db/client';
import { pgTimestamp, sqlRows } from '../../db/sql';
import { ApiError, forbidden, invalid } from '../../errors';
import { newId } from '../../ids';
import { formatBytes } from '../../../lib/shared/bytes';
import { emit } from '../events/emit';
import { intakeUpload } from '../file-intake';
import { maxUploadBytes } from '../limits';
import { createUploadUrl } from '../uploads';
import type { ViewerLink, ViewerSessionRow } from '../visitor/links';
import { notifyTeamOfUpload, uploadWatchers } from './mail';
import { toOwnUpload, toVisitorUpload, type OwnUpload } from './object';

const DAY_MS = 24 * 3600_000;

export type UploadFolder = { id: string; name: string; path: string };

/** The folders this link's visitors may upload into: none for a document link or a general link. */
export async function uploadFolders(link: Pick<ViewerLink, 'dataroomId' | 'audienceType' | 'groupId'>): Promise<UploadFolder[]> {
  if (!link.dataroomId || link.audienceType !== 'group' || !link.groupId) return [];
  return sqlRows<UploadFolder>(
    `SELECT f.id, f.name, f.path FROM dataroom_folders f
     JOIN datarooms r ON r.id = f.dataroom_id AND r.deleted_at IS NULL AND NOT r.is_frozen
     JOIN viewer_group_permissions p ON p.item_id = f.id AND p.group_id = $2
     WHERE f.dataroom_id = $1 AND f.accepts_uploads AND p.can_view AND p.can_upload
     ORDER BY f.path`,
    [link.dataroomId, link.groupId],
  );
}

async function uploadFolder(link: ViewerLink, folderId: string): Promise<UploadFolder> {
  const f = (await uploadFolders(link)).find((x) => x.id === folderId);
  if (!f) throw new ApiError('not_found', 'This folder does not take uploads.');
  return f;
}

/** The uploader: a visitor whose email this session proved with a one-time code. */
function uploader(actor: ViewerActor, session: ViewerSessionRow | null) {
  if (!session?.verified || !actor.email || !actor.visitorId) {
    throw new ApiError('forbidden', 'Verify your email address with a one-time code before uploading.', { verification_required: true });
  }
  return { visitorId: actor.visitorId, email: actor.email.toLowerCase() };
}

type Used = { files: number; bytes: number; oldest: Date | null };

async function usedToday(tx: Tx, visitorId: string, now: number): Promise<Used> {
  const [r] = await tx.$queryRaw<{ files: number; bytes: number | null; oldest: number | null }[]>`
    SELECT count(*)::int AS files, sum(size)::float8 AS bytes, (extract(epoch FROM min(created_at)) * 1000)::float8 AS oldest
    FROM visitor_uploads WHERE visitor_id = ${visitorId} AND created_at > ${pgTimestamp(now - DAY_MS)}::timestamp`;
  return { files: r?.files ?? 0, bytes: r?.bytes ?? 0, oldest: r?.oldest != null ? new Date(r.oldest) : null };
}

/** 429 when one more file of `bytes` would pass either daily limit; it says when to come back. */
function checkAllowance(used: Used, bytes: number, now: number) {
  const files = config.visitorUploadsPerDay;
  const maxBytes = config.visitorUploadBytesPerDay;
  const overCount = used.files + 1 > files;
  const overBytes = used.bytes + bytes > maxBytes;
  if (!overCount && !overBytes) return;
  const seconds = Math.max(1, Math.ceil(((used.oldest?.getTime() ?? now) + DAY_MS - now) / 1000));
  const hours = Math.ceil(seconds / 3600);
  const when = hours <= 1 ? 'in under an hour' : `in about ${hours} hours`;
  throw new ApiError(
    'rate_limit_exceeded',
    overCount
      ? `You have uploaded ${files} files in the last 24 hours, the most allowed. You can upload again ${when}.`
      : `This file would take you past the ${formatBytes(maxBytes)} you may upload in 24 hours (${formatBytes(used.bytes)} used). Try a smaller file, or again ${when}.`,
    { files_per_day: files, bytes_per_day: maxBytes, files_used: used.files, bytes_used: used.bytes, retry_after_seconds: seconds },
  );
}

export type VisitorUploadsPanel = {
  /** Some folder takes this visitor's uploads. */
  enabled: boolean;
  verified: boolean;
  email: string | null;
  folders: UploadFolder[];
  max_file_bytes: number;
  files_per_day: number;
  bytes_per_day: number;
  files_left: number;
  bytes_left: number;
  /** The visitor's own uploads in this room, newest first, with the team's decisions. */
  mine: OwnUpload[];
};

export async function visitorUploads(link: ViewerLink, actor: ViewerActor, session: ViewerSessionRow | null): Promise<VisitorUploadsPanel> {
  const folders = await uploadFolders(link);
  const verified = !!(session?.verified && actor.email && actor.visitorId);
  const now = Date.now();
  const [mine, used] = await Promise.all([
    verified && link.dataroomId
      ? db.visitorUpload.findMany({ where: { dataroomId: link.dataroomId, visitorId: actor.visitorId! }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 200 })
      : Promise.resolve([]),
    verified ? usedToday(db, actor.visitorId!, now) : Promise.resolve({ files: 0, bytes: 0, oldest: null }),
  ]);
  return {
    enabled: folders.length > 0,
    verified,
    email: actor.email,
    folders,
    max_file_bytes: maxUploadBytes(),
    files_per_day: config.visitorUploadsPerDay,
    bytes_per_day: config.visitorUploadBytesPerDay,
    files_left: Math.max(0, config.visitorUploadsPerDay - used.files),
    bytes_left: Math.max(0, config.visitorUploadBytesPerDay - used.bytes),
    mine: mine.map(toOwnUpload),
  };
}

export type UploadUrlInput = { folder_id: string; file_name: string; content_type: string; size: number };

/** Step 1: a presigned PUT for one file into a folder that takes this visitor's uploads. */
export async function visitorUploadUrl(link: ViewerLink, actor: ViewerActor, session: ViewerSessionRow | null, input: UploadUrlInput, baseUrl: string) {
  const who = uploader(actor, session);
  await uploadFolder(link, input.folder_id);
  if (input.size > maxUploadBytes()) throw invalid('size', `files may be at most ${formatBytes(maxUploadBytes())}`);
  checkAllowance(await usedToday(db, who.visitorId, Date.now()), input.size, Date.now());
  return createUploadUrl({ teamId: link.teamId, visitorId: who.visitorId }, input, baseUrl);
}

export type SubmitInput = { upload_id: string; folder_id: string; name?: string };

/** Step 3: the uploaded file, checked by the library's intake, becomes a pending upload; the team hears of it. */
export async function submitVisitorUpload(link: ViewerLink, actor: ViewerActor, session: ViewerSessionRow | null, input: SubmitInput): Promise<OwnUpload> {
  const who = uploader(actor, session);
  const folder = await uploadFolder(link, input.folder_id);
  const file = await intakeUpload({ teamId: link.teamId, visitorId: who.visitorId }, input.upload_id);
  const name = (input.name ?? file.suggestedName ?? 'Untitled file').slice(0, 255);
  const watchers = await uploadWatchers(link);
  try {
    const row = await db.$transaction(async (tx) => {
      // The visitor's row serialises their concurrent uploads, so the limits hold exactly.
      await tx.$queryRaw`SELECT id FROM viewers WHERE id = ${who.visitorId} FOR UPDATE`;
      const now = Date.now();
      checkAllowance(await usedToday(tx, who.visitorId, now), file.fileSize, now);
      const [open] = await tx.$queryRaw<{ frozen: boolean }[]>`
        SELECT is_frozen AS frozen FROM datarooms WHERE id = ${link.dataroomId} AND deleted_at IS NULL FOR SHARE`;
      if (!open || open.frozen) throw forbidden('This data room is not taking uploads now.');
      await file.consume?.(tx);
      const created = await tx.visitorUpload.create({
        data: {
          id: newId(),
          teamId: link.teamId,
          dataroomId: link.dataroomId!,
          folderId: folder.id,
          visitorId: who.visitorId,
          email: who.email,
          linkId: link.id,
          name,
          contentType: file.contentType,
          type: file.type,
          size: BigInt(file.fileSize),
          numPages: file.numPages,
          pageWidth: file.pageSize?.width ?? null,
          pageHeight: file.pageSize?.height ?? null,
          durationMs: file.durationMs,
          storageKey: file.storageKey,
        },
      });
      const object = toVisitorUpload(created);
      await emit(tx, actor, { type: 'dataroom.upload.created', object, dataroomId: created.dataroomId });
      await notifyTeamOfUpload(tx, watchers, link.teamId, object, folder);
      return created;
    });
    return toOwnUpload(row);
  } catch (e) {
    await file.discard();
    throw e;
  }
}
