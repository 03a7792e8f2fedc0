// Redactions (DESIGN.md "Redaction that removes, and proves it"): a draft lists marks on the pages
// of the document's primary version, from boxes, terms and patterns (find.ts over the version's
// text layer as search stored it, and over its annotations and form fields); marks are added and
// dropped while it is a draft; applying queues the `redaction.apply` job (apply.ts), which
// publishes a new primary version only once it has been verified.
import { randomBytes } from 'node:crypto';
import type { Actor } from '../../auth/actor';
import { db, type Tx } from '../../db/client';
import { Prisma, type Redaction } from '../../db/generated/client';
import { enqueue } from '../../db/jobs';
import { conflict, invalid, notFound } from '../../errors';
import { newId } from '../../ids';
import { annotationTextsOffThread } from '../../media/render-pool';
import { iso } from '../../schemas/common';
import { getBlobStore } from '../../storage';
import { findDocument } from '../documents';
import { emit, type EventActor } from '../events/emit';
import { textSource } from '../search/text-status';
import { dedupe, findPatterns, findTerms, fold, foldTerm, textUnder, type FoundMark, type MarkSource, type PageText, type Rect } from './find';
import { findPattern, type Pattern } from './patterns';

export type StoredMark = FoundMark & { id: string };
export type Verification = { pages_checked: number; characters_under_marks: number; checked_at: string };
export type RedactionStatus = 'draft' | 'applying' | 'applied' | 'failed';

export type MarkInput = { page: number; x: number; y: number; width: number; height: number };
export type DraftInput = { marks?: MarkInput[]; terms?: string[]; patterns?: Pattern[]; reason?: string | null };

/** Marks one redaction may hold (a term on every line of a long contract stays well under). */
export const MAX_MARKS = 20_000;

export function toRedaction(r: Redaction) {
  return {
    id: r.id,
    object: 'redaction' as const,
    document_id: r.documentId,
    source_version_id: r.sourceVersionId,
    result_version_id: r.resultVersionId,
    status: r.status as RedactionStatus,
    marks: (r.marks as StoredMark[]).map((m) => ({ id: m.id, page: m.page, x: m.x, y: m.y, width: m.width, height: m.height, source: m.source as MarkSource, text: m.text })),
    terms: r.terms as string[],
    patterns: r.patterns as Pattern[],
    reason: r.reason,
    verification: (r.verification as Verification | null) ?? null,
    error: r.error,
    created: iso(r.createdAt),
    applied_at: r.appliedAt ? iso(r.appliedAt) : null,
  };
}

const markId = () => `rm_${randomBytes(8).toString('hex')}`;

/** The PDF a version's pages are drawn from: the file itself, or an Office file's converted PDF. */
export function pdfKeyOf(v: { type: string; contentType: string; storageKey: string | null; previewKey: string | null; previewStatus: string }): string | null {
  const source = textSource(v);
  return source?.kind === 'pdf' ? source.key : null;
}

async function primaryPdf(tx: Tx, documentId: string) {
  const v = await tx.documentVersion.findFirst({ where: { documentId, isPrimary: true } });
  if (!v) throw notFound('Version');
  const key = pdfKeyOf(v);
  if (!key) {
    const why = v.previewStatus === 'processing' ? 'its PDF is still being made; try again once the preview is ready' : 'it is not a PDF and has no converted PDF';
    throw invalid('id', `this document cannot be redacted: ${why}`);
  }
  return { version: v, key };
}

function checkBoxes(marks: MarkInput[], numPages: number, field: string) {
  marks.forEach((m, i) => {
    if (m.page > numPages) throw invalid(`${field}[${i}].page`, `the document has ${numPages} page${numPages === 1 ? '' : 's'}`);
    if (m.x + m.width > 1.000001) throw invalid(`${field}[${i}].width`, 'the box goes past the right edge of the page (x + width must be at most 1)');
    if (m.y + m.height > 1.000001) throw invalid(`${field}[${i}].height`, 'the box goes past the bottom of the page (y + height must be at most 1)');
  });
}

async function pageTexts(versionId: string, pages?: number[]): Promise<PageText[]> {
  if (pages && !pages.length) return [];
  const rows = await db.pageText.findMany({
    where: { versionId, ...(pages ? { pageNumber: { in: pages } } : {}) },
    select: { pageNumber: true, body: true, words: true },
    orderBy: { pageNumber: 'asc' },
  });
  return rows.map((r) => ({ page: r.pageNumber, body: r.body, words: r.words as number[] }));
}

/** Terms and patterns in the annotations and form fields: the whole annotation is marked. */
async function annotationMarks(versionId: string, key: string, terms: string[], patterns: Pattern[]): Promise<FoundMark[]> {
  const pages = await annotationTextsOffThread({ versionId }, () => getBlobStore().read(key));
  const needles = terms.map(foldTerm).filter(Boolean);
  const marks: FoundMark[] = [];
  for (const p of pages) {
    for (const a of p.items) {
      const folded = fold(a.text).text;
      const rect: Rect = { x: a.x, y: a.y, width: a.width, height: a.height };
      for (const n of needles) if (folded.includes(n)) marks.push({ page: p.page, ...rect, source: 'term', text: a.text.replace(/\s+/g, ' ').trim() });
      for (const pattern of patterns) for (const hit of findPattern(pattern, a.text)) marks.push({ page: p.page, ...rect, source: 'pattern', text: hit.text });
    }
  }
  return marks;
}

/** The marks boxes, terms and patterns make on a version. */
async function marksFor(v: { id: string; numPages: number; textStatus: string }, key: string, input: DraftInput, field = 'marks'): Promise<StoredMark[]> {
  const boxes = input.marks ?? [];
  const terms = input.terms ?? [];
  const patterns = input.patterns ?? [];
  checkBoxes(boxes, v.numPages, field);
  const searching = terms.length > 0 || patterns.length > 0;
  if (searching && v.textStatus === 'processing') throw conflict('The document’s text is still being read; terms and patterns can be searched once it is ready (text_status).');
  const texts = await pageTexts(v.id, searching ? undefined : [...new Set(boxes.map((b) => b.page))]);
  const byPage = new Map(texts.map((t) => [t.page, t]));
  const found: FoundMark[] = [
    ...boxes.map((b) => ({ page: b.page, x: b.x, y: b.y, width: b.width, height: b.height, source: 'box' as const, text: textUnder(byPage.get(b.page), b) })),
    ...findTerms(texts, terms),
    ...findPatterns(texts, patterns),
    ...(searching ? await annotationMarks(v.id, key, terms, patterns) : []),
  ];
  return dedupe(found).map((m) => ({ id: markId(), ...m }));
}

function checkInput(input: DraftInput & { remove_mark_ids?: string[] }, creating: boolean) {
  const nothing = !input.marks?.length && !input.terms?.length && !input.patterns?.length;
  if (creating && nothing) throw invalid(null, 'give at least one of marks, terms or patterns');
  if (!creating && nothing && !input.remove_mark_ids?.length && input.reason === undefined) throw invalid(null, 'give marks, terms or patterns to add, remove_mark_ids to drop, or a reason');
}

const tooMany = (n: number) => invalid('marks', `this redaction would hold ${n.toLocaleString('en-US')} marks; at most ${MAX_MARKS.toLocaleString('en-US')} (narrow the terms or patterns)`);

export async function createRedaction(actor: Actor, documentId: string, input: DraftInput) {
  checkInput(input, true);
  const doc = await findDocument(db, actor, documentId);
  const { version, key } = await primaryPdf(db, doc.id);
  const marks = await marksFor(version, key, input);
  if (marks.length > MAX_MARKS) throw tooMany(marks.length);
  return db.$transaction(async (tx) => {
    const r = await tx.redaction.create({
      data: {
        id: `red_${newId()}`,
        teamId: actor.teamId,
        documentId: doc.id,
        sourceVersionId: version.id,
        marks,
        terms: [...new Set((input.terms ?? []).map((t) => t.trim()))],
        patterns: [...new Set(input.patterns ?? [])],
        reason: input.reason ?? null,
      },
    });
    const object = toRedaction(r);
    await emit(tx, actor, { type: 'redaction.created', object });
    return object;
  });
}

async function findRedaction(tx: Tx, actor: Actor, id: string, lock = false) {
  if (lock) {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM redactions WHERE id = ${id} AND team_id = ${actor.teamId} FOR UPDATE`;
    if (!rows.length) throw notFound('Redaction');
  }
  const r = await tx.redaction.findFirst({ where: { id, teamId: actor.teamId } });
  if (!r) throw notFound('Redaction');
  return r;
}

export async function getRedaction(actor: Actor, id: string) {
  return toRedaction(await findRedaction(db, actor, id));
}

/** A document's redactions, newest first (at most 100: drafts are few). */
export async function listRedactions(actor: Actor, documentId: string) {
  const doc = await findDocument(db, actor, documentId);
  const rows = await db.redaction.findMany({ where: { documentId: doc.id, teamId: actor.teamId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 100 });
  return { data: rows.map(toRedaction), next_cursor: null };
}

const notDraft = (status: string) => conflict(`The redaction is ${status}; only a draft can be changed.`, { status });

export async function updateRedaction(actor: Actor, id: string, input: DraftInput & { remove_mark_ids?: string[] }) {
  checkInput(input, false);
  const current = await findRedaction(db, actor, id);
  if (current.status !== 'draft') throw notDraft(current.status);
  const v = await db.documentVersion.findUnique({ where: { id: current.sourceVersionId } });
  const key = v && pdfKeyOf(v);
  if (!v || !key) throw conflict('The version this redaction was drawn on is gone; start a new redaction.');
  const added = await marksFor(v, key, input);
  return db.$transaction(async (tx) => {
    const r = await findRedaction(tx, actor, id, true);
    if (r.status !== 'draft') throw notDraft(r.status);
    const marks = r.marks as StoredMark[];
    const ids = new Set(marks.map((m) => m.id));
    const unknown = (input.remove_mark_ids ?? []).find((m) => !ids.has(m));
    if (unknown) throw invalid('remove_mark_ids', `${unknown} is not a mark of this redaction`);
    const drop = new Set(input.remove_mark_ids ?? []);
    const next = dedupe([...marks.filter((m) => !drop.has(m.id)), ...added]);
    if (next.length > MAX_MARKS) throw tooMany(next.length);
    const updated = await tx.redaction.update({
      where: { id },
      data: {
        marks: next,
        terms: [...new Set([...(r.terms as string[]), ...(input.terms ?? []).map((t) => t.trim())])],
        patterns: [...new Set([...(r.patterns as Pattern[]), ...(input.patterns ?? [])])],
        ...(input.reason !== undefined ? { reason: input.reason } : {}),
      },
    });
    return toRedaction(updated);
  });
}

export async function deleteRedaction(actor: Actor, id: string) {
  return db.$transaction(async (tx) => {
    const r = await findRedaction(tx, actor, id, true);
    if (r.status !== 'draft' && r.status !== 'failed') throw conflict(`The redaction is ${r.status}; only a draft or a failed redaction can be deleted.`, { status: r.status });
    await tx.redaction.delete({ where: { id } });
    return { id, object: 'redaction' as const, deleted: true as const };
  });
}

/** The actor as the job will name it in the audit log (a token's scopes stay behind). */
function eventActorOf(actor: Actor): EventActor {
  return actor.kind === 'user'
    ? { kind: 'user', userId: actor.userId, teamId: actor.teamId, request: actor.request }
    : ({ kind: 'token', teamId: actor.teamId, tokenId: actor.tokenId, via: actor.via, userId: actor.userId, request: actor.request } as unknown as EventActor);
}

/** Queues the redaction (202); the job publishes the new version once verified. A failed one may be applied again. */
export async function applyRedaction(actor: Actor, id: string) {
  return db.$transaction(async (tx) => {
    const r = await findRedaction(tx, actor, id, true);
    if (r.status === 'applying' || r.status === 'applied') throw conflict(`The redaction is already ${r.status}.`, { status: r.status });
    if (!(r.marks as StoredMark[]).length) throw invalid('marks', 'the redaction has no marks to apply');
    const primary = await tx.documentVersion.findFirst({ where: { documentId: r.documentId, isPrimary: true }, select: { id: true } });
    if (primary?.id !== r.sourceVersionId) throw conflict('The document has a newer primary version than the one these marks were drawn on; start a new redaction.');
    const updated = await tx.redaction.update({ where: { id }, data: { status: 'applying', error: null, verification: Prisma.DbNull } });
    await enqueue(tx, { kind: 'redaction.apply', ref: id, teamId: actor.teamId, payload: { actor: eventActorOf(actor) } });
    return toRedaction(updated);
  });
}
