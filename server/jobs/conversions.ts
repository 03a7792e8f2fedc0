// The conversion queue (issue 22): versions whose preview_status is `processing` are the queue.
// One statement claims the oldest (FOR UPDATE SKIP LOCKED, held past the converter's deadline,
// so a crashed instance's claim lapses and another takes it); the file is converted outside any
// transaction; the PDF is stored beside the original (which stays the download) and feeds the
// page pipeline: page count, first page size, pre-rendered first pages. Woken after an upload or
// a new version (wake('conversions')) and polled by long-lived servers.
import { config } from '../config';
import { db } from '../db/client';
import { pgTimestamp } from '../db/sql';
import { afterResponse } from '../lib/after-response';
import { onWake } from '../lib/wake';
import { getBlobStore } from '../storage';
import { convertToPdf } from '../services/conversion/converter';
import { ConversionError } from '../services/conversion/errors';
import { prerenderAfterResponse } from '../services/viewer/prerender';
import { toDocument } from '../services/documents';
import { changesBetween, emit } from '../services/events/emit';
import type { SystemActor } from '../auth/actor';
import { Prisma } from '../db/generated/client';

const CONVERTER = (teamId: string): SystemActor => ({ kind: 'system', teamId, name: 'document converter' });

/** Attempts before a converter that keeps failing (unreachable, crashed) marks the file failed. */
const MAX_ATTEMPTS = 3;
const RETRY_MS = 30_000;

type Claimed = { id: string; documentId: string; documentName: string | null; storageKey: string; contentType: string; isPrimary: boolean; attempts: number };

/**
 * How long a claim is held: past the longest a conversion may take here (its deadline, the time a
 * local converter may be held stopped while the server is busy, and a minute for the rest), so
 * no other instance converts the same version meanwhile.
 */
export const claimHoldMs = () => config.conversionTimeoutMs + (config.conversionUrl ? 0 : config.conversionYieldMs) + 60_000;

export async function claimConversion(now = Date.now()): Promise<Claimed | null> {
  const rows = await db.$queryRawUnsafe<Claimed[]>(
    `WITH next AS (
       SELECT id FROM document_versions
       WHERE preview_status = 'processing' AND storage_key IS NOT NULL
         AND (preview_claimed_until IS NULL OR preview_claimed_until < $1::timestamp)
       ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
     UPDATE document_versions v SET preview_claimed_until = $2::timestamp, preview_attempts = v.preview_attempts + 1
     FROM next WHERE v.id = next.id
     RETURNING v.id, v.document_id AS "documentId", (SELECT name FROM documents WHERE id = v.document_id) AS "documentName",
       v.storage_key AS "storageKey", v.content_type AS "contentType",
       v.is_primary AS "isPrimary", v.preview_attempts AS attempts`,
    pgTimestamp(now),
    pgTimestamp(now + claimHoldMs()),
  );
  return rows[0] ?? null;
}

export const previewKeyFor = (versionId: string) => `previews/${versionId}.pdf`;

/** Writes the outcome on the version and, when it is the primary, on its document (one transaction). */
async function finish(c: Claimed, data: { previewStatus: string; previewError: string | null; previewKey?: string; numPages?: number; pageWidth?: number | null; pageHeight?: number | null; pageSheets?: (string | null)[] | null }) {
  return db.$transaction(async (tx) => {
    // The document first, as adding or promoting a version locks it: the same order, no deadlock;
    // and the event's "before" is exact.
    await tx.$queryRaw`SELECT id FROM documents WHERE id = ${c.documentId} FOR UPDATE`;
    const { pageSheets, ...fields } = data;
    const v = await tx.documentVersion.updateMany({
      where: { id: c.id, previewStatus: 'processing' },
      data: { ...fields, ...(data.previewStatus === 'ready' ? { pageSheets: pageSheets ?? Prisma.DbNull } : {}), previewClaimedUntil: null },
    });
    if (!v.count) return false; // deleted meanwhile
    const primary = await tx.documentVersion.findFirst({ where: { id: c.id, isPrimary: true }, select: { id: true } });
    const before = primary ? await tx.document.findUnique({ where: { id: c.documentId } }) : null;
    if (before) {
      const d = await tx.document.update({
        where: { id: c.documentId },
        data: { previewStatus: data.previewStatus, previewError: data.previewError, ...(data.numPages ? { numPages: data.numPages } : {}) },
      });
      // The owner learns the preview is there (or why not) as of any other change: document.updated
      // with the fields that changed, in the transaction of the change (docs/decisions.md).
      const after = toDocument(d);
      await emit(tx, CONVERTER(d.teamId), { type: 'document.updated', object: after, changes: changesBetween(toDocument(before), after) });
    }
    return true;
  });
}

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
    if (e instanceof ConversionError) {
      await finish(c, { previewStatus: e.status, previewError: e.message });
      return;
    }
    console.error('[quire] conversion failed:', e instanceof Error ? e.message : e);
    if (c.attempts >= MAX_ATTEMPTS) {
      await finish(c, { previewStatus: 'failed', previewError: 'The document converter failed on this file several times. The file can still be downloaded.' });
    } else {
      await db.documentVersion.updateMany({ where: { id: c.id }, data: { previewClaimedUntil: new Date(Date.now() + RETRY_MS) } });
    }
  }
}

let draining: Promise<number> | null = null;

/**
 * Converts queued versions until none is due (or, given `maxMs`, stops claiming once that long
 * has passed: a cron call must end within its function's limit); one drain per process at a time.
 * Resolves to the number of versions converted.
 */
export function drainConversions(o: { maxMs?: number } = {}): Promise<number> {
  draining ??= (async () => {
    const stop = o.maxMs === undefined ? Infinity : Date.now() + o.maxMs;
    let n = 0;
    try {
      for (let c = await claimConversion(); c; c = Date.now() < stop ? await claimConversion() : null) {
        await convertOne(c);
        n++;
      }
      return n;
    } finally {
      draining = null;
    }
  })();
  return draining;
}

let registered = false;
let timer: NodeJS.Timeout | null = null;

export function startConversions(o: { pollMs?: number } = {}) {
  if (!registered) {
    registered = true;
    onWake('conversions', () => afterResponse('document conversion', drainConversions));
  }
  if (o.pollMs && !timer) {
    timer = setInterval(() => void drainConversions().catch((e) => console.error('[quire] conversion poll failed:', e)), o.pollMs);
    timer.unref();
  }
}
