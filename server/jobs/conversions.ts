// Office files to PDF on the one queue: a `conversion` job per version whose preview_status is
// `processing`, written in the transaction that added the version. A job is held past the
// converter's deadline (its lease), so no other instance converts the same version meanwhile; the
// file is converted outside any transaction; the PDF is stored beside the original (which stays
// the download) and feeds the page pipeline: page count, first page size, pre-rendered pages. A
// converter that fails (unreachable, crashed) is tried again 30 s later, three times in all.
import { config } from '../config';
import { db } from '../db/client';
import { getBlobStore } from '../storage';
import { convertToPdf } from '../services/conversion/converter';
import { ConversionError } from '../services/conversion/errors';
import { prerenderAfterResponse } from '../media/prerender';
import { toDocument } from '../services/documents';
import { changesBetween, emit } from '../services/events/emit';
import type { SystemActor } from '../auth/actor';
import { Prisma } from '../db/generated/client';
import { queueTextExtraction } from '../services/search/page-texts';
import { defineJobKind, jitter } from './queue';

const CONVERTER = (teamId: string): SystemActor => ({ kind: 'system', teamId, name: 'document converter' });

const MAX_ATTEMPTS = 3;
const RETRY_MS = 30_000;

type Claimed = { id: string; documentId: string; documentName: string | null; storageKey: string; contentType: string; isPrimary: boolean; attempts: number };

/**
 * How long a claim is held: past the longest a conversion may take here (its deadline, the time a
 * local converter may be held stopped while the server is busy, and a minute for the rest), so
 * no other instance converts the same version meanwhile.
 */
export const claimHoldMs = () => config.conversionTimeoutMs + (config.conversionUrl ? 0 : config.conversionYieldMs) + 60_000;

/** The version a job converts, while it still waits for its preview; null: nothing to do. */
export async function loadConversion(versionId: string, attempts: number): Promise<Claimed | null> {
  const v = await db.documentVersion.findFirst({
    where: { id: versionId, previewStatus: 'processing', storageKey: { not: null } },
    select: { id: true, documentId: true, storageKey: true, contentType: true, isPrimary: true, document: { select: { name: true } } },
  });
  return v ? { id: v.id, documentId: v.documentId, documentName: v.document.name, storageKey: v.storageKey!, contentType: v.contentType, isPrimary: v.isPrimary, attempts } : null;
}

export const previewKeyFor = (versionId: string) => `previews/${versionId}.pdf`;

/** Writes the outcome on the version and, when it is the primary, on its document (one transaction). */
async function finish(c: Claimed, data: { previewStatus: string; previewError: string | null; previewKey?: string; numPages?: number; pageWidth?: number | null; pageHeight?: number | null; pageSheets?: (string | null)[] | null }) {
  return db.$transaction(async (tx) => {
    // The document first, as adding or promoting a version locks it: the same order, no deadlock;
    // and the event's "before" is exact.
    await tx.$queryRaw`SELECT id FROM documents WHERE id = ${c.documentId} FOR UPDATE`;
    const { pageSheets, ...fields } = data;
    const ready = data.previewStatus === 'ready';
    // Its words are read from the PDF once there is one; without one there are none to read.
    const text = ready ? {} : { textStatus: 'unavailable' };
    const v = await tx.documentVersion.updateMany({
      where: { id: c.id, previewStatus: 'processing' },
      data: { ...fields, ...text, ...(ready ? { pageSheets: pageSheets ?? Prisma.DbNull } : {}) },
    });
    if (!v.count) return false; // deleted meanwhile
    const version = await tx.documentVersion.findUniqueOrThrow({ where: { id: c.id }, select: { isPrimary: true, textStatus: true, previewStatus: true, document: { select: { teamId: true } } } });
    await queueTextExtraction(tx, version.document.teamId, { id: c.id, ...version });
    const before = version.isPrimary ? await tx.document.findUnique({ where: { id: c.documentId } }) : null;
    if (before) {
      const d = await tx.document.update({
        where: { id: c.documentId },
        data: { previewStatus: data.previewStatus, previewError: data.previewError, ...text, ...(data.numPages ? { numPages: data.numPages } : {}) },
      });
      // The owner learns the preview is there (or why not) as of any other change: document.updated
      // with the fields that changed, in the transaction of the change (docs/decisions.md).
      const after = toDocument(d);
      await emit(tx, CONVERTER(d.teamId), { type: 'document.updated', object: after, changes: changesBetween(toDocument(before), after) });
    }
    return true;
  });
}

/** Converts one version; a ConversionError is the file's outcome, anything else is thrown (retried). */
export async function convertOne(c: Claimed): Promise<void> {
  const store = getBlobStore();
  try {
    const bytes = await store.read(c.storageKey);
    const { pdf, pages, firstPage, pageSheets } = await convertToPdf(bytes, c.contentType, { name: c.documentName });
    const key = previewKeyFor(c.id);
    await store.put(key, pdf, 'application/pdf');
    const done = await finish(c, { previewStatus: 'ready', previewError: null, previewKey: key, numPages: pages, pageWidth: firstPage?.width ?? null, pageHeight: firstPage?.height ?? null, pageSheets });
    // Not ours to finish: the version was deleted (its PDF is ours to remove), or another instance
    // finished it first, whose PDF has this same key and is now the document's pages.
    if (!done && !(await db.documentVersion.findFirst({ where: { id: c.id, previewKey: key }, select: { id: true } }))) await store.delete(key).catch(() => {});
    // Behind the requests: the pages of a converted document are drawn when the server is not busy.
    else prerenderAfterResponse({ id: c.id, storageKey: key, contentType: 'application/pdf', numPages: pages }, { quiet: true });
  } catch (e) {
    if (!(e instanceof ConversionError)) throw e;
    await finish(c, { previewStatus: e.status, previewError: e.message });
  }
}


export function registerConversionJobs() {
  defineJobKind('conversion', {
    run: async (job) => {
      const c = await loadConversion(job.ref!, job.attempts);
      if (c) await convertOne(c);
    },
    // One at a time per process: a converter takes a core and hundreds of MB.
    concurrency: 1,
    get leaseMs() {
      return claimHoldMs();
    },
    maxAttempts: MAX_ATTEMPTS,
    backoffMs: () => jitter(RETRY_MS),
    onGiveUp: async (job) => {
      const c = await loadConversion(job.ref!, job.attempts);
      if (c) await finish(c, { previewStatus: 'failed', previewError: 'The document converter failed on this file several times. The file can still be downloaded.' });
    },
  });
}
