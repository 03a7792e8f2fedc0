// Document versions (spec 3.3): a new version becomes primary and a promote moves the primary,
// each demoting the previous primary in the same transaction. The document row is locked first
// so concurrent promotes queue instead of colliding on the one-primary index.
import { db, type Tx } from '../db/client';
import type { DocumentVersion } from '../db/generated/client';
import { conflict, invalid, notFound } from '../errors';
import { newId } from '../ids';
import { decodeCursor, iso, page } from '../schemas/common';
import { rangedBlob } from '../storage/ranges';
import { afterNewVersion, findDocument, queueProcessing, intake, toDocument, versionData, type DocumentSource } from './documents';
import type { PreviewStatus } from './conversion/preview-status';
import type { TextStatus } from './search/text-status';
import { syncPrimaryPages } from './search/page-texts';
import type { Actor } from '../auth/actor';
import { prerenderAfterResponse } from '../media/prerender';
import { emit, type EventActor } from './events/emit';
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
    text_status: v.textStatus as TextStatus,
    text_error: v.textError,
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
    data: { type: v.type, contentType: v.contentType, externalUrl: v.externalUrl, numPages: v.numPages, fileSize: v.fileSize, previewStatus: v.previewStatus, previewError: v.previewError, textStatus: v.textStatus },
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
      await queueProcessing(tx, actor.teamId, created);
      await adoptPrimary(tx, created);
      await syncPrimaryPages(tx, documentId);
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

export type GeneratedFile = Pick<DocumentVersion, 'type' | 'contentType' | 'storageKey' | 'numPages' | 'fileSize' | 'pageWidth' | 'pageHeight'>;

/**
 * A version the app made itself (a redaction's result) becomes primary, in the caller's
 * transaction: the same steps as an uploaded one (text read again, the document follows, the event).
 */
export async function addGeneratedVersion(tx: Tx, actor: EventActor, documentId: string, file: GeneratedFile) {
  await lockDocument(tx, actor.teamId, documentId);
  const last = await tx.documentVersion.aggregate({ where: { documentId }, _max: { versionNumber: true } });
  await tx.documentVersion.updateMany({ where: { documentId, isPrimary: true }, data: { isPrimary: false } });
  const created = await tx.documentVersion.create({
    data: { id: newId(), documentId, versionNumber: (last._max.versionNumber ?? 0) + 1, isPrimary: true, ...file, externalUrl: null, previewStatus: 'ready', previewError: null, textStatus: 'processing' },
  });
  await queueProcessing(tx, actor.teamId, created);
  await adoptPrimary(tx, created);
  await syncPrimaryPages(tx, documentId);
  await emit(tx, actor, { type: 'document.version.created', object: toVersion(created) });
  return created;
}

/**
 * A redacted document never shows visitors what was under its marks again: a version older than
 * its newest redacted one stays the team's (downloads), and cannot become primary (a new version
 * uploaded after the redaction can).
 */
async function refuseUnredacted(tx: Tx, documentId: string, versionNumber: number) {
  const rows = await tx.$queryRaw<{ n: number }[]>`
    SELECT max(v.version_number)::int AS n FROM redactions r JOIN document_versions v ON v.id = r.result_version_id
    WHERE r.document_id = ${documentId} AND r.status = 'applied'`;
  const redacted = rows[0]?.n ?? null;
  if (redacted !== null && versionNumber < redacted) {
    throw conflict(`This document was redacted in version ${redacted}; earlier versions stay downloadable by the team but cannot be made primary again (upload the file as a new version to replace it).`, { redacted_version_number: redacted });
  }
}

export async function promoteVersion(actor: Actor, documentId: string, versionId: string) {
  const v = await db.$transaction(async (tx) => {
    await lockDocument(tx, actor.teamId, documentId);
    const target = await findVersion(tx, actor, documentId, versionId);
    if (target.isPrimary) return target;
    await refuseUnredacted(tx, documentId, target.versionNumber);
    await tx.documentVersion.updateMany({ where: { documentId, isPrimary: true }, data: { isPrimary: false } });
    const promoted = await tx.documentVersion.update({ where: { id: versionId }, data: { isPrimary: true } });
    await adoptPrimary(tx, promoted);
    await syncPrimaryPages(tx, documentId);
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
export async function openVersionFile(actor: Actor, documentId: string, versionId: string, o: { preview?: boolean; range?: string | null; download?: boolean } = {}) {
  const v = await findVersion(db, actor, documentId, versionId);
  const key = o.preview ? v.previewKey : v.storageKey;
  if (!key) throw notFound('File');
  const doc = await findDocument(db, actor, documentId);
  const answer = await rangedBlob(key, o.preview ? 'application/pdf' : v.contentType, o.range ?? null);
  // A download (not a preview's ranged reads) is recorded: an earlier version of a redacted
  // document is reachable only this way, by the team, and the audit log says who took it.
  if (o.download && answer.status === 200) await db.$transaction((tx) => emit(tx, actor, { type: 'document.version.downloaded', object: toVersion(v) }));
  return { ...answer, name: o.preview ? `${doc.name}.pdf` : downloadName(doc.name, v.contentType) };
}

/** The file's name: the document's, with `.pdf` added to a PDF (a redacted Office document's name ends .docx). */
function downloadName(name: string, contentType: string) {
  return contentType === 'application/pdf' && !/\.pdf$/i.test(name) ? `${name.replace(/\.(docx?|xlsx?|pptx?|od[tsp]|rtf)$/i, '')}.pdf` : name;
}
