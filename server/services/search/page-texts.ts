// The write side of search inside documents: a version's pages' words go into `page_texts`
// (one row a page, its tsvector made by the same statement in the document's language), the
// outcome onto the version and, for the primary version, its document. A version's rows go with
// it (ON DELETE CASCADE). Only rows marked `is_primary` are searched (query.ts); the mark follows
// the version's in the transaction that moves the primary (syncPrimaryPages), and rows are
// written under a share lock on the document, so a move and a write never miss each other.
import { db, type Tx } from '../../db/client';
import { enqueue } from '../../db/jobs';
import { TEXT_SEARCH_CONFIG, type DocumentLanguage } from '../../../lib/shared/document-languages';
import type { TextStatus } from './text-status';

export type PageRow = { page: number; body: string; words: number[]; ocr: boolean };

/** In the transaction of a new or converted version: its words are read once it can be shown. */
export async function queueTextExtraction(tx: Tx, teamId: string, v: { id: string; textStatus: string; previewStatus: string }) {
  if (v.textStatus === 'processing' && v.previewStatus === 'ready') await enqueue(tx, { kind: 'text.extract', ref: v.id, teamId });
}

export const configOf = (language: string) => TEXT_SEARCH_CONFIG[language as DocumentLanguage] ?? TEXT_SEARCH_CONFIG.simple;

const INSERT = `
  INSERT INTO page_texts (version_id, page_number, team_id, document_id, config, body, words, ocr, is_primary, tsv)
  SELECT $1, p.n, $2, $3, $4::text, p.body, p.words::jsonb, p.ocr, v.is_primary, to_tsvector($4::text::regconfig, p.body)
  FROM unnest($5::int[], $6::text[], $7::text[], $8::bool[]) AS p(n, body, words, ocr)
  JOIN document_versions v ON v.id = $1
  ON CONFLICT DO NOTHING`;

/** Stores pages' words (a page stored before, by an earlier attempt, is kept). */
export async function savePages(v: { id: string; teamId: string; documentId: string; language: string }, pages: PageRow[]) {
  if (!pages.length) return;
  await db.$transaction(async (tx) => {
    // Moving the primary locks the document for update: it waits for these rows, or they see it.
    await tx.$queryRaw`SELECT id FROM documents WHERE id = ${v.documentId} FOR SHARE`;
    await tx.$executeRawUnsafe(
      INSERT,
      v.id,
      v.teamId,
      v.documentId,
      configOf(v.language),
      pages.map((p) => p.page),
      pages.map((p) => p.body),
      pages.map((p) => JSON.stringify(p.words)),
      pages.map((p) => p.ocr),
    );
  });
}

/** In the transaction that moved a document's primary version (the document row locked): its pages follow. */
export async function syncPrimaryPages(tx: Tx, documentId: string) {
  await tx.$executeRaw`
    UPDATE page_texts pt SET is_primary = v.is_primary FROM document_versions v
    WHERE pt.document_id = ${documentId} AND v.id = pt.version_id AND pt.is_primary <> v.is_primary`;
}

/** The page after the last one stored: where an interrupted extraction resumes. */
export async function nextPageToRead(versionId: string): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number | null }[]>`SELECT max(page_number) AS n FROM page_texts WHERE version_id = ${versionId}`;
  return (row?.n ?? 0) + 1;
}

export async function hasWords(versionId: string): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`SELECT 1 FROM page_texts WHERE version_id = ${versionId} AND body <> '' LIMIT 1`;
  return rows.length > 0;
}

/** The outcome on the version and, when it is the primary, on its document (one transaction). */
export async function finishText(versionId: string, status: Exclude<TextStatus, 'processing'>, error: string | null = null): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const v = await tx.documentVersion.updateMany({ where: { id: versionId, textStatus: 'processing' }, data: { textStatus: status, textError: error } });
    if (!v.count) return false;
    await tx.$executeRaw`
      UPDATE documents d SET text_status = ${status} FROM document_versions v
      WHERE v.id = ${versionId} AND v.is_primary AND d.id = v.document_id`;
    return true;
  });
}

/** A document's language changed: its pages are indexed again in it (in the caller's transaction). */
export async function reindexDocument(tx: Tx, documentId: string, language: string) {
  const config = configOf(language);
  await tx.$executeRawUnsafe(`UPDATE page_texts SET config = $2::text, tsv = to_tsvector($2::text::regconfig, body) WHERE document_id = $1 AND config <> $2::text`, documentId, config);
}
