// The viewer's render pool (issue 19): page images and watermarked PDFs are made on worker
// threads (render-jobs.ts), never on the thread that answers requests, so a burst of cold pages
// cannot slow /v1 or a cached page down. Bounded three ways, each answered at once rather than
// by a growing wait:
// - the pool: VIEWER_RENDER_WORKERS threads and VIEWER_RENDER_QUEUE waiting jobs; beyond, 503
//   with Retry-After: 1 (the viewer's page shows the image a moment later);
// - one viewer session: VIEWER_RENDERS_PER_SESSION renders running or waiting; beyond, 429;
// - one client address: VIEWER_RENDERS_PER_ADDRESS, over every link; beyond, 429.
// The counts are this process's (a render runs in the process that counts it); cached images
// never reach the pool or the counts.
import os from 'node:os';
import { config } from '../config';
import type { PdfInfo } from '../files/pdf';
import { ApiError } from '../errors';
import { IdlePool } from '../lib/idle-pool';
import { projectModule, WorkerPool, type Priority, type RunOptions } from '../lib/worker-pool';
import { reviveRenderError } from './render-errors';
import type { AnnotationTextsJob, PageJob, PageResult, RasterJob, RedactComposeJob, RedactPageJob, RedactVerifyJob, TextJob, TextResult, WatermarkJob } from './render-jobs';
import type { Box, RedactedRaster, Verification } from './redact';

/** Who a render is for: the viewer session and the client address (limits); none for background work. */
export type RenderHolder = { session: string; address: string };

export const RENDER_RETRY_AFTER_SECONDS = 1;
/** A job running longer is abandoned (a hostile or pathological file) and its thread replaced. */
const JOB_TIMEOUT_MS = 60_000;
/** Each thread's heap: a PDF that needs more takes down its thread, not the server. */
const WORKER_HEAP_MB = 1024;
/** The threads' Linux nice value: when the machine is busy the request thread gets the CPU first. */
const WORKER_NICE = 10;

/** One viewer session or one address has too many renders running or waiting (429). */
export class TooManyRendersError extends ApiError {
  constructor(
    readonly scope: 'session' | 'address',
    readonly limit: number,
  ) {
    super(
      'rate_limit_exceeded',
      scope === 'session'
        ? `This visitor already has ${limit} pages being drawn; retry in ${RENDER_RETRY_AFTER_SECONDS} s.`
        : `Too many pages are being drawn for this network address at once (${limit}); retry in ${RENDER_RETRY_AFTER_SECONDS} s.`,
      { scope, limit, retry_after_seconds: RENDER_RETRY_AFTER_SECONDS },
    );
    this.name = 'TooManyRendersError';
  }
}

type Shared = { pool: WorkerPool | null; sessions: Map<string, number>; addresses: Map<string, number> };

// One per process: under `npm start` the same modules are loaded twice (by tsx for the node:http
// routes, and inside Next's bundle), and both must share the threads and the counts.
const shared = ((globalThis as Record<symbol, unknown>)[Symbol.for('quire.render-pool')] ??= {
  pool: null,
  sessions: new Map(),
  addresses: new Map(),
}) as Shared;

/** The process's render pool, started on first use with the configured size. */
export function renderPool(): WorkerPool {
  shared.pool ??= new WorkerPool({
    module: projectModule('server/media/render-jobs.ts'),
    size: config.viewerRenderWorkers,
    queueLimit: config.viewerRenderQueue,
    timeoutMs: JOB_TIMEOUT_MS,
    nice: WORKER_NICE,
    maxHeapMb: WORKER_HEAP_MB,
    revive: reviveRenderError,
  });
  return shared.pool;
}

/**
 * Redactions are drawn, put together and verified on threads of their own, one per core (at most
 * four), started for the job and stopped when it is done: the viewer's pool keeps its threads for
 * visitors' pages, and a 200-page redaction is not drawn on one thread while the others idle
 * (measured: 29 s on one of this machine's two cores). Below the requests as the render pool.
 */
const redactionPool = new IdlePool('redaction', () =>
  new WorkerPool({
    module: projectModule('server/media/render-jobs.ts'),
    size: redactionThreads(),
    queueLimit: 64,
    timeoutMs: JOB_TIMEOUT_MS,
    nice: WORKER_NICE,
    maxHeapMb: WORKER_HEAP_MB,
    revive: reviveRenderError,
  }),
);

/** Threads a redaction draws its pages on (and so how many pages it asks for at once, twice that). */
export const redactionThreads = () => Math.max(1, Math.min(4, os.availableParallelism()));

/** The pool if it was started (for messages that only matter to running threads). */
export const startedRenderPool = (): WorkerPool | null => shared.pool;

/** Stops the pool's threads (tests, scripts); the next render starts a new one. */
export async function closeRenderPool() {
  const pool = shared.pool;
  shared.pool = null;
  await pool?.close();
}

function take(counts: Map<string, number>, key: string) {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
function give(counts: Map<string, number>, key: string) {
  const n = (counts.get(key) ?? 0) - 1;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

/** Runs `work` counted against the holder's limits; refuses at once when either is reached. */
export async function asHolder<T>(holder: RenderHolder | undefined, work: () => Promise<T>): Promise<T> {
  if (!holder) return work();
  const perSession = config.viewerRendersPerSession;
  const perAddress = config.viewerRendersPerAddress;
  if ((shared.sessions.get(holder.session) ?? 0) >= perSession) throw new TooManyRendersError('session', perSession);
  if ((shared.addresses.get(holder.address) ?? 0) >= perAddress) throw new TooManyRendersError('address', perAddress);
  take(shared.sessions, holder.session);
  take(shared.addresses, holder.address);
  try {
    return await work();
  } finally {
    give(shared.sessions, holder.session);
    give(shared.addresses, holder.address);
  }
}

/** Draws one page on a worker thread; `readFile` is asked for the PDF's bytes when that thread has not parsed it. */
export function drawPageOffThread(job: PageJob, priority: Priority, readFile: () => Promise<Uint8Array>): Promise<PageResult> {
  return renderPool().run<PageResult>('page', job, { priority, affinity: job.versionId, onRequest: fileRequest(readFile) });
}

/** Answers a thread's ask for a PDF's bytes, handed over without a copy. */
const fileRequest = (readFile: () => Promise<Uint8Array>): RunOptions['onRequest'] => async () => {
  const bytes = transferable(await readFile());
  return { value: bytes, transfer: [bytes.buffer] };
};

/** Reads pages' words on a render thread, behind every visitor's page (search inside documents). */
export function readPagesOffThread(job: TextJob, readFile: () => Promise<Uint8Array>, timeoutMs?: number): Promise<TextResult> {
  return renderPool().run<TextResult>('text', job, { priority: 2, affinity: job.versionId, onRequest: fileRequest(readFile), timeoutMs });
}

/** One page as a PNG for OCR, behind every visitor's page. */
export function rasterPageOffThread(job: RasterJob, readFile: () => Promise<Uint8Array>, timeoutMs?: number): Promise<Uint8Array> {
  return renderPool().run<Uint8Array>('raster', job, { priority: 2, affinity: job.versionId, onRequest: fileRequest(readFile), timeoutMs });
}

/** A page drawn with its redaction marks burnt in, on the redaction's threads. */
export function redactPageOffThread(job: RedactPageJob, readFile: () => Promise<Uint8Array>): Promise<RedactedRaster> {
  return redactionPool.use((pool) => pool.run<RedactedRaster>('redactPage', job, { priority: 2, affinity: job.versionId, onRequest: fileRequest(readFile) }));
}

/** The redacted PDF put together (redact.ts's composeRedacted); the source bytes and images are handed over. */
export function composeRedactedOffThread(job: RedactComposeJob): Promise<{ bytes: Uint8Array; info: PdfInfo }> {
  const pdf = transferable(job.pdf);
  const rasters = job.rasters.map((r) => ({ ...r, data: transferable(r.data) }));
  return redactionPool.use((pool) => pool.run<{ bytes: Uint8Array; info: PdfInfo }>('redactCompose', { ...job, pdf, rasters }, { priority: 2, transfer: [pdf.buffer, ...rasters.map((r) => r.data.buffer)] }));
}

/**
 * The redacted PDF read back and checked, its pages shared out over the redaction's threads: each
 * reads the one copy of the file (a SharedArrayBuffer) and checks its pages; the first also checks
 * the document's own parts.
 */
export async function verifyRedactedOffThread(job: { pdf: Uint8Array; pages: number; marks: Record<number, Box[]>; needles: string[] }): Promise<Verification> {
  const pdf = new Uint8Array(new SharedArrayBuffer(job.pdf.byteLength));
  pdf.set(job.pdf);
  const share = Math.max(1, Math.ceil(job.pages / redactionThreads()));
  const parts: RedactVerifyJob[] = [];
  for (let from = 1; from <= Math.max(1, job.pages); from += share) {
    // The last share runs to the file's last page, whatever count the caller was told.
    const last = from + share > job.pages;
    parts.push({ pdf, marks: job.marks, needles: job.needles, from, to: last ? Number.MAX_SAFE_INTEGER : from + share - 1, whole: from === 1 });
  }
  const results = await redactionPool.use((pool) => Promise.all(parts.map((p) => pool.run<Verification>('redactVerify', p, { priority: 2 }))));
  return {
    pagesChecked: results.reduce((a, r) => a + r.pagesChecked, 0),
    charactersUnderMarks: results.reduce((a, r) => a + r.charactersUnderMarks, 0),
    pagesWithCharacters: results.flatMap((r) => r.pagesWithCharacters),
    hidden: results.flatMap((r) => r.hidden),
  };
}

/** Every page's annotation and form-field text of a version, with where it sits. */
export function annotationTextsOffThread(job: AnnotationTextsJob, readFile: () => Promise<Uint8Array>): Promise<{ page: number; items: (Box & { text: string })[] }[]> {
  return renderPool().run('annotationTexts', job, { priority: 1, affinity: job.versionId, onRequest: fileRequest(readFile) });
}

/** Burns a watermark into a PDF on a worker thread (see watermark.ts's watermarkPdf). */
export async function watermarkPdfOffThread(pdf: Uint8Array, job: Omit<WatermarkJob, 'pdf'>, holder?: RenderHolder): Promise<Uint8Array> {
  const bytes = transferable(pdf);
  return asHolder(holder, () => renderPool().run<Uint8Array>('watermark', { ...job, pdf: bytes }, { priority: 0, transfer: [bytes.buffer] }));
}

/** Bytes whose whole ArrayBuffer may be handed to a thread (a copy when they share one, e.g. a pooled Buffer). */
function transferable(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return whole ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}
