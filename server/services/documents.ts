// Library documents: create from an upload, a fetched URL or an external link; list, search,
// rename, move, delete. Version rules live in versions.ts.
import { db, type Tx } from '../db/client';
import type { Document } from '../db/generated/client';
import { pgTimestamp, preparedThroughPrisma, sqlRows } from '../db/sql';
import { notFound } from '../errors';
import { newId } from '../ids';
import { cursorInstant, decodeCursor, iso, page } from '../schemas/common';
import { getBlobStore } from '../storage';
import { documentSql, INSERT_DOCUMENT, likeEscape, type DocumentRow } from './document-sql';
import { checkExternalUrl, intakeSourceUrl, intakeUpload, type IntakeFile, type LinkKind } from './file-intake';
import type { Actor } from '../auth/actor';
import { deletePageImagesAfterResponse, prerenderAfterResponse } from '../media/prerender';
import { changesBetween, emit } from './events/emit';
import { initialPreview, type PreviewStatus } from './conversion/preview-status';
import type { RenderableVersion } from '../media/render';
import { enqueue } from '../db/jobs';
import { initialTextStatus, type TextStatus } from './search/text-status';
import { queueTextExtraction, reindexDocument } from './search/page-texts';
import type { DocumentLanguage } from '../../lib/shared/document-languages';

type DocumentFields = Pick<Document, 'id' | 'name' | 'type' | 'contentType' | 'externalUrl' | 'numPages' | 'folderId' | 'previewStatus' | 'previewError' | 'textStatus' | 'language' | 'createdAt' | 'updatedAt'>;

export function toDocument(d: DocumentFields | DocumentRow) {
  return {
    id: d.id,
    object: 'document' as const,
    name: d.name,
    type: d.type,
    content_type: d.contentType,
    url: d.externalUrl,
    num_pages: d.numPages,
    preview_status: d.previewStatus as PreviewStatus,
    preview_error: d.previewError,
    text_status: d.textStatus as TextStatus,
    language: d.language as DocumentLanguage,
    folder_id: d.folderId,
    created: iso(d.createdAt),
    updated_at: iso(d.updatedAt),
  };
}

export type FileSource = { upload_id: string } | { source_url: string };
export type LinkSource = { type: LinkKind; external_url: string };
export type DocumentSource = FileSource | LinkSource;

export async function findDocument(tx: Tx, actor: Actor, id: string) {
  const d = await tx.document.findFirst({ where: { id, teamId: actor.teamId } });
  if (!d) throw notFound('Document');
  return d;
}

async function checkFolder(tx: Tx, actor: Actor, folderId: string | null | undefined) {
  if (!folderId) return;
  // FOR KEY SHARE: a folder deleted at the same time either waits for this transaction or is
  // already gone (404), never a foreign-key failure (500) when the document row is written.
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM folders WHERE id = ${folderId} AND team_id = ${actor.teamId} FOR KEY SHARE`;
  if (!rows.length) throw notFound('Folder');
}

export async function getDocument(actor: Actor, id: string) {
  const [d] = await sqlRows<DocumentRow>(documentSql({ byId: true }), [actor.teamId, id], { prepare: true });
  if (!d) throw notFound('Document');
  return toDocument(d);
}

type ListQuery = { limit: number; cursor?: string; folderId?: string; query?: string };

/** Newest first, keyset-paged; `query` is a case-insensitive substring of the name. */
export async function listDocuments(actor: Actor, q: ListQuery) {
  const c = decodeCursor(q.cursor, 'number', 'string') as [number, string] | null;
  if (c) cursorInstant(c[0]);
  const folder = q.folderId === 'root' ? 'root' : q.folderId ? 'id' : undefined;
  if (folder === 'id') await checkFolder(db, actor, q.folderId);
  const values: unknown[] = [actor.teamId];
  if (folder === 'id') values.push(q.folderId);
  if (q.query) values.push(likeEscape(q.query));
  if (c) values.push(pgTimestamp(c[0]), c[1]);
  values.push(q.limit + 1);
  const rows = await sqlRows<DocumentRow>(documentSql({ folder, query: !!q.query, after: !!c }), values, { prepare: !q.query });
  return page(rows, q.limit, toDocument, (d) => [Date.parse(d.createdAt), d.id]);
}

export async function searchDocuments(actor: Actor, q: { q: string; limit: number; cursor?: string }) {
  return listDocuments(actor, { limit: q.limit, cursor: q.cursor, query: q.q });
}

/** Reads the source (outside any transaction: fetches and blob reads can be slow). */
export async function intake(actor: Actor, src: DocumentSource): Promise<IntakeFile | { link: LinkKind; url: string }> {
  if ('upload_id' in src) return intakeUpload(actor, src.upload_id);
  if ('source_url' in src) return intakeSourceUrl(actor, src.source_url);
  return { link: src.type, url: checkExternalUrl(src.type, src.external_url) };
}

export function versionData(file: Awaited<ReturnType<typeof intake>>) {
  if ('link' in file) {
    return { type: file.link, contentType: 'text/html', externalUrl: file.url, storageKey: null, numPages: 1, fileSize: null, pageWidth: null, pageHeight: null, previewStatus: 'ready', previewError: null, textStatus: 'unavailable' };
  }
  const v = {
    type: file.type,
    contentType: file.contentType,
    externalUrl: null,
    storageKey: file.storageKey,
    numPages: file.numPages,
    fileSize: BigInt(file.fileSize),
    pageWidth: file.pageSize?.width ?? null,
    pageHeight: file.pageSize?.height ?? null,
    durationMs: file.durationMs,
  };
  const preview = initialPreview(v);
  return { ...v, ...preview, textStatus: initialTextStatus({ ...v, ...preview }) };
}

/** In the transaction of a new version: an Office file waits for its conversion job; a file with words, for its text extraction. */
export async function queueProcessing(tx: Tx, teamId: string, v: { id: string; previewStatus: string; textStatus: string }) {
  if (v.previewStatus === 'processing') await enqueue(tx, { kind: 'conversion', ref: v.id, teamId });
  await queueTextExtraction(tx, teamId, v);
}

/** After the commit of a new version: a file shown as it is gets its first pages drawn. */
export function afterNewVersion(v: RenderableVersion & { previewStatus: string }) {
  if (v.previewStatus !== 'processing') prerenderAfterResponse(v);
}

export async function createDocument(actor: Actor, input: DocumentSource & { name?: string; folder_id?: string | null }) {
  await checkFolder(db, actor, input.folder_id);
  const file = await intake(actor, input);
  const name =
    input.name ?? ('link' in file ? new URL(file.url).hostname : file.suggestedName) ?? 'Untitled document';
  try {
    const doc = await db.$transaction(async (tx) => {
      await checkFolder(tx, actor, input.folder_id);
      if (!('link' in file)) await file.consume?.(tx);
      return insertDocument(tx, actor, file, name, input.folder_id ?? null);
    });
    afterNewVersion(doc.version);
    return toDocument(doc.d);
  } catch (e) {
    if (!('link' in file)) await file.discard();
    throw e;
  }
}

/**
 * The document and its first version, in the caller's transaction: processing queued and
 * `document.created` emitted. The caller runs afterNewVersion(version) after the commit.
 */
export async function insertDocument(tx: Tx, actor: Actor, file: Awaited<ReturnType<typeof intake>>, name: string, folderId: string | null) {
  const v = versionData(file);
  const documentId = newId();
  // Prepared: parsing and planning it cost more than running it (0.17 + 0.19 ms of PostgreSQL a write).
  const [d] = await tx.$queryRawUnsafe<DocumentFields[]>(
    preparedThroughPrisma(INSERT_DOCUMENT),
    documentId,
    actor.teamId,
    folderId,
    name.slice(0, 255),
    v.type,
    v.contentType,
    v.externalUrl,
    v.numPages,
    v.fileSize,
    v.previewStatus,
    v.previewError,
    v.textStatus,
  );
  const version = await tx.documentVersion.create({ data: { id: newId(), documentId, versionNumber: 1, isPrimary: true, ...v } });
  await queueProcessing(tx, actor.teamId, version);
  await emit(tx, actor, { type: 'document.created', object: toDocument(d) });
  return { d, version };
}

export async function updateDocument(actor: Actor, id: string, input: { name?: string; folder_id?: string | null; language?: DocumentLanguage }) {
  const doc = await db.$transaction(async (tx) => {
    // Row first, folder second: the order a cascading folder delete takes them in (it clears
    // folder_id on the documents, then deletes the folders). The other order deadlocks with it.
    const [locked] = await tx.$queryRaw<DocumentFields[]>`
      SELECT id, name, type, content_type AS "contentType", external_url AS "externalUrl", num_pages AS "numPages",
        folder_id AS "folderId", preview_status AS "previewStatus", preview_error AS "previewError", text_status AS "textStatus", language,
        created_at AS "createdAt", updated_at AS "updatedAt"
      FROM documents WHERE id = ${id} AND team_id = ${actor.teamId} FOR UPDATE`;
    if (!locked) throw notFound('Document');
    if (input.folder_id !== undefined) await checkFolder(tx, actor, input.folder_id);
    if (input.language !== undefined && input.language !== locked.language) await reindexDocument(tx, id, input.language);
    const after = toDocument(await tx.document.update({ where: { id }, data: { name: input.name, folderId: input.folder_id, language: input.language } }));
    await emit(tx, actor, { type: 'document.updated', object: after, changes: changesBetween(toDocument(locked), after) });
    return after;
  });
  return doc;
}

/** Deletes the document with its versions, room placements, links and views; then its files. */
export async function deleteDocument(actor: Actor, id: string) {
  const versions = await db.$transaction(async (tx) => {
    // Locked first, as adding a version does: a version committed while this runs would
    // otherwise be deleted with the document but keep its file.
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM documents WHERE id = ${id} AND team_id = ${actor.teamId} FOR UPDATE`;
    if (!locked.length) throw notFound('Document');
    const rows = await tx.documentVersion.findMany({ where: { documentId: id }, select: { id: true, numPages: true, storageKey: true, previewKey: true } });
    await tx.document.delete({ where: { id } });
    await emit(tx, actor, { type: 'document.deleted', object: { id, object: 'document', deleted: true } });
    return rows;
  });
  const files = versions.flatMap((v) => [v.storageKey, v.previewKey]).filter((k): k is string => !!k);
  if (files.length) await getBlobStore().delete(files).catch(() => {});
  deletePageImagesAfterResponse(versions);
  return { id, object: 'document' as const, deleted: true as const };
}
