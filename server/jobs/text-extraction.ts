// Text extraction on the one queue (DESIGN.md "Search inside documents"): a `text.extract` job
// per version whose text_status is `processing`, written in the transaction that made its PDF
// available (a new PDF or image version, a finished conversion). Pages are read a few at a time
// on the render threads behind every visitor's page; a page with no text layer is read by OCR
// when tesseract is installed; each batch is stored as it is read, so a job whose instance died
// resumes at the next page. A file that cannot be read ends `failed` with the reason.
import { config } from '../config';
import { db } from '../db/client';
import { getBlobStore } from '../storage';
import { performance } from 'node:perf_hooks';
import { MAIN_THREAD_BUSY, whenQuiet } from '../lib/when-quiet';
import type { WorkerFailedError, WorkerPoolBusyError } from '../lib/worker-pool';
import type { DocumentNotRenderableError } from '../media/render-errors';
import { rasterPageOffThread, readPagesOffThread } from '../media/render-pool';
import { ocrImage, ocrLanguages, OcrError } from '../media/ocr';
import { OCR_LANGUAGE, type DocumentLanguage } from '../../lib/shared/document-languages';
import { finishText, hasWords, nextPageToRead, savePages, type PageRow } from '../services/search/page-texts';
import { textSource } from '../services/search/text-status';
import { defineJobKind, exponentialBackoff, type Outcome } from './queue';

/** Pages read in one go on a render thread: short enough that a visitor's page never waits long behind it. */
const BATCH = 8;
/** Documents longer than this are not read (a 10,000-page file is more likely an attack than a contract). */
export const MAX_TEXT_PAGES = 5_000;
/** OCR'd pages are drawn this wide (about 240 dpi for a letter page). */
const OCR_WIDTH = 2000;


type Version = { id: string; teamId: string; documentId: string; language: string; numPages: number; source: NonNullable<ReturnType<typeof textSource>> };

async function load(versionId: string): Promise<Version | 'not-yet' | null> {
  const v = await db.documentVersion.findFirst({
    where: { id: versionId, textStatus: 'processing' },
    select: { id: true, documentId: true, type: true, contentType: true, storageKey: true, previewKey: true, previewStatus: true, numPages: true, document: { select: { teamId: true, language: true } } },
  });
  if (!v) return null;
  if (v.previewStatus === 'processing') return 'not-yet'; // its conversion queues the job again
  const source = textSource(v);
  if (!source) {
    await finishText(v.id, 'unavailable');
    return null;
  }
  return { id: v.id, teamId: v.document.teamId, documentId: v.documentId, language: v.document.language, numPages: v.numPages, source };
}

// Errors are told by name: the render pool is shared by the process, and under `next start` it may
// have been started by another bundle's copy of its module (whose classes are not these).
const named = <T extends Error>(e: unknown, name: string): e is T => (e as Error | null)?.name === name;

/** The reason a file's words cannot be read, as the owner reads it on the document. */
function failure(e: unknown, pages: string): string | null {
  if (named<WorkerFailedError>(e, 'WorkerFailedError')) {
    return e.reason === 'timeout' ? `Reading ${pages} took too long; the file's text is not searchable.` : `Reading ${pages} needed more memory than text extraction may use.`;
  }
  if (named<DocumentNotRenderableError>(e, 'DocumentNotRenderableError')) return e.reason === 'password' ? 'The PDF is protected by a password.' : 'The file could not be read as a PDF.';
  if (named<OcrError>(e, 'OcrError')) return `OCR failed on ${pages}: ${e.message}.`;
  return null;
}

/** Runs `fn` on the render threads, waiting while they are full of visitors' pages. */
async function offThread<T>(fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await fn();
    } catch (e) {
      if (!named<WorkerPoolBusyError>(e, 'WorkerPoolBusyError')) throw e;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

async function readPdf(v: Version, readFile: () => Promise<Uint8Array>): Promise<Outcome> {
  // A job reads for a slice (config.textExtractionSliceMs), then goes back in the queue behind the
  // documents that waited meanwhile, its pages so far stored: a long scan takes turns with every
  // other team's documents instead of holding the instance's one reader for an hour.
  const sliceEnds = Date.now() + config.textExtractionSliceMs;
  const lang = OCR_LANGUAGE[v.language as DocumentLanguage] ?? 'eng';
  const ocr = (await ocrLanguages()) !== null;
  let since = performance.eventLoopUtilization();
  for (let from = await nextPageToRead(v.id); from <= v.numPages; from += BATCH) {
    const to = Math.min(v.numPages, from + BATCH - 1);
    const pagesName = from === to ? `page ${from}` : `pages ${from}–${to}`;
    try {
      const read = await offThread(() => readPagesOffThread({ versionId: v.id, from, to }, readFile, config.textExtractionBatchMs));
      const rows: PageRow[] = [];
      for (const p of read.pages) {
        if (p.scanned && ocr) {
          const png = await offThread(() => rasterPageOffThread({ versionId: v.id, pageNumber: p.page, width: OCR_WIDTH }, readFile, config.textExtractionBatchMs));
          rows.push({ page: p.page, ...(await ocrImage(png, lang)), ocr: true });
        } else rows.push({ page: p.page, body: p.body, words: p.words, ocr: false });
      }
      await savePages(v, rows);
      if (read.numPages < to) break; // the file has fewer pages than recorded
    } catch (e) {
      const reason = failure(e, pagesName);
      if (reason === null) throw e; // the queue retries
      await finishText(v.id, 'failed', reason);
      return;
    }
    if (to < v.numPages && Date.now() >= sliceEnds) return { againInMs: 0 };
    // Between batches, requests first (deferred, never starved): a main thread that was busy
    // during the batch is given a quiet moment before the next one.
    if (performance.eventLoopUtilization(since).utilization >= MAIN_THREAD_BUSY) await whenQuiet({ maxWaitMs: 5_000 });
    since = performance.eventLoopUtilization();
  }
  await finishText(v.id, (await hasWords(v.id)) ? 'ready' : 'none');
}

async function readImage(v: Version, bytes: Uint8Array) {
  if ((await ocrLanguages()) === null) return finishText(v.id, 'none');
  try {
    // tesseract reads PNG; an image is turned into one (greyscale, at most 4,000 pixels a side) first.
    const { default: sharp } = await import('sharp');
    const png = await sharp(bytes, { limitInputPixels: 100_000_000 }).rotate().greyscale().resize(4000, 4000, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
    const words = await ocrImage(png, OCR_LANGUAGE[v.language as DocumentLanguage] ?? 'eng');
    await savePages(v, [{ page: 1, ...words, ocr: true }]);
  } catch (e) {
    return finishText(v.id, 'failed', e instanceof OcrError ? `OCR failed: ${e.message}.` : 'The image could not be read.');
  }
  return finishText(v.id, (await hasWords(v.id)) ? 'ready' : 'none');
}

export async function extractText(versionId: string): Promise<Outcome> {
  const v = await load(versionId);
  if (!v || v === 'not-yet') return;
  if (v.numPages > MAX_TEXT_PAGES) {
    await finishText(v.id, 'failed', `The document has ${v.numPages.toLocaleString('en-US')} pages; text is read from documents of up to ${MAX_TEXT_PAGES.toLocaleString('en-US')} pages.`);
    return;
  }
  const store = getBlobStore();
  const readFile = () => store.read(v.source.key);
  if (v.source.kind === 'image') await readImage(v, await readFile());
  else return readPdf(v, readFile);
}

export function registerTextJobs() {
  defineJobKind('text.extract', {
    run: (job) => extractText(job.ref!),
    // One document at a time per process: its batches share the render threads with visitors.
    concurrency: 1,
    get leaseMs() {
      return config.textExtractionLeaseMs;
    },
    maxAttempts: 4,
    backoffMs: exponentialBackoff,
    onGiveUp: async (job) => {
      await finishText(job.ref!, 'failed', 'Reading the text failed several times; the file can still be viewed and downloaded.');
    },
  });
}
