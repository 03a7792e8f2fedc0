// Document versions (spec 3.3): a new version becomes primary and a promote moves the primary,
// each demoting the previous primary in the same transaction. The document row is locked first
// so concurrent promotes queue instead of colliding on the one-primary index.
import { db, type Tx } from '../db/client';
import type { DocumentVersion } from '../db/generated/client';
import { invalid, notFound } from '../errors';
import { newId } from '../ids';
import { decodeCursor, iso, page } from '../schemas/common';
import { rangedBlob } from '../storage/ranges';
import { afterNewVersion, findDocument, queueConversion, intake, toDocument, versionData, type DocumentSource } from './documents';
import type { PreviewStatus } from './conversion/preview-status';
import type { Actor } from '../auth/actor';
import { prerenderAfterResponse } from '../media/prerender';
import { emit } from './events/emit';
import { afterResponse } from '../lib/after-response';
import { backfillFirstPageSize } from '../media/page-size';
import { pageSource } from '../media/page-source';
import { renderPage } from '../media/render';

export function toVersion(v: DocumentVersion) {
  return {
    id: v.id,
    object: 'document_version' as const,
    document_id: v.documentId,
    version_number: v.versionNumber,
    is_primary: v.isPrimary,
    type: v.type,
    content_type: v.contentType,
    num_pages: v.numPages,
    preview_status: v.previewStatus as PreviewStatus,
    preview_error: v.previewError,
    file_size: v.fileSize === null ? null : Number(v.fileSize),
    duration_ms: v.durationMs,
    created: iso(v.createdAt),
  };
}

async function lockDocument(tx: Tx, teamId: string, id: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM documents WHERE id = ${id} AND team_id = ${teamId} FOR UPDATE`;
  if (!rows.length) throw notFound('Document');
}

/** The document takes the primary version's file properties. */
async function adoptPrimary(tx: Tx, v: DocumentVersion) {
  return tx.document.update({
    where: { id: v.documentId },
    data: { type: v.type, contentType: v.contentType, externalUrl: v.externalUrl, numPages: v.numPages, fileSize: v.fileSize, previewStatus: v.previewStatus, previewError: v.previewError },
  });
}

export async function listVersions(actor: Actor, documentId: string, q: { limit: number; cursor?: string }) {
  await findDocument(db, actor, documentId);
  const c = decodeCursor(q.cursor, 'number') as [number] | null;
  if (c && !(Number.isInteger(c[0]) && c[0] >= 0 && c[0] <= 2 ** 31 - 1)) throw invalid('cursor', 'is not a cursor returned by this API');
  const rows = await db.documentVersion.findMany({
    where: { documentId, ...(c ? { versionNumber: { lt: c[0] } } : {}) },
    orderBy: { versionNumber: 'desc' },
    take: q.limit + 1,
  });
  return page(rows, q.limit, toVersion, (v) => [v.versionNumber]);
}

async function findVersion(tx: Tx, actor: Actor, documentId: string, versionId: string) {
  const v = await tx.documentVersion.findFirst({ where: { id: versionId, documentId, document: { teamId: actor.teamId } } });
  if (!v) throw notFound('Version');
  return v;
}

export async function getVersion(actor: Actor, documentId: string, versionId: string) {
  return toVersion(await findVersion(db, actor, documentId, versionId));
}

/**
 * A page of a version as the viewer draws it (the same cached images), for the signed-in
 * dashboard: the branding preview shows a document link's pages through it. Drawn pages count
 * against the member like a visitor's (per user and per address).
 */
export async function readVersionPage(actor: Actor, documentId: string, versionId: string, page: string, width: number, address: string) {
  const v = await findVersion(db, actor, documentId, versionId);
  const n = Number(page);
  if (!/^\d{1,6}$/.test(page) || n < 1 || n > v.numPages) throw notFound('Page');
  const source = pageSource(v);
  if (!source) throw notFound('Page');
  const holder = { session: `user:${actor.kind === 'user' ? actor.userId : actor.teamId}`, address };
  const img = await renderPage(source, n, Number.isFinite(width) && width > 0 ? width : 960, { holder });
  if (n === 1 && v.pageWidth === null) afterResponse('page size backfill', () => backfillFirstPageSize(v.id, img));
  return img;
}

export async function addVersion(actor: Actor, documentId: string, src: DocumentSource) {
  const doc = await findDocument(db, actor, documentId);
  const isLink = doc.type === 'link' || doc.type === 'notion';
  if (isLink && !('external_url' in src)) throw invalid(null, `a ${doc.type} document takes new versions as external_url`);
  if (!isLink && 'external_url' in src) throw invalid('external_url', 'file documents take new versions as upload_id or source_url');
  const file = await intake(actor, isLink ? { type: doc.type as 'link' | 'notion', external_url: (src as { external_url: string }).external_url } : src);
  try {
    const v = await db.$transaction(async (tx) => {
      await lockDocument(tx, actor.teamId, documentId);
      if (!('link' in file)) await file.consume?.(tx);
      const last = await tx.documentVersion.aggregate({ where: { documentId }, _max: { versionNumber: true } });
      await tx.documentVersion.updateMany({ where: { documentId, isPrimary: true }, data: { isPrimary: false } });
      const created = await tx.documentVersion.create({
        data: { id: newId(), documentId, versionNumber: (last._max.versionNumber ?? 0) + 1, isPrimary: true, ...versionData(file) },
      });
      await queueConversion(tx, actor.teamId, created);
      await adoptPrimary(tx, created);
      await emit(tx, actor, { type: 'document.version.created', object: toVersion(created) });
      return created;
    });
    afterNewVersion(v);
    return toVersion(v);
  } catch (e) {
    if (!('link' in file)) await file.discard();
    throw e;
  }
}

export async function promoteVersion(actor: Actor, documentId: string, versionId: string) {
  const v = await db.$transaction(async (tx) => {
    await lockDocument(tx, actor.teamId, documentId);
    const target = await findVersion(tx, actor, documentId, versionId);
    if (target.isPrimary) return target;
    await tx.documentVersion.updateMany({ where: { documentId, isPrimary: true }, data: { isPrimary: false } });
    const promoted = await tx.documentVersion.update({ where: { id: versionId }, data: { isPrimary: true } });
    await adoptPrimary(tx, promoted);
    await emit(tx, actor, { type: 'document.version.promoted', object: toVersion(promoted) });
    return promoted;
  });
  prerenderAfterResponse(v);
  return toVersion(v);
}

export { toDocument };

/** The bytes of one file version, for the dashboard's preview and download (`preview`: an Office file's converted PDF). */
/**
 * A version's file (or, with `preview`, its converted PDF) for its team, by HTTP range: the
 * owner's video preview seeks as the viewer's player does (server/storage/ranges.ts).
 */
export async function openVersionFile(actor: Actor, documentId: string, versionId: string, o: { preview?: boolean; range?: string | null } = {}) {
  const v = await findVersion(db, actor, documentId, versionId);
  const key = o.preview ? v.previewKey : v.storageKey;
  if (!key) throw notFound('File');
  const doc = await findDocument(db, actor, documentId);
  const answer = await rangedBlob(key, o.preview ? 'application/pdf' : v.contentType, o.range ?? null);
  return { ...answer, name: o.preview ? `${doc.name}.pdf` : doc.name };
}
