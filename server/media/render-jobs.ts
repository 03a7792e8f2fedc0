// What the render pool's worker threads run (server/lib/worker-pool.ts; render-pool.ts starts
// them): drawing one page of a PDF into an encoded image, and burning a watermark into a PDF.
// Both are CPU-bound for tens of milliseconds to seconds, so they never run on the thread that
// answers requests. Each thread keeps the PDFs it parsed (a small LRU), so turning pages does not
// parse the file again, and asks the request thread for a file's bytes only when it has not.
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdfjs, pdfjsDataOptions } from './pdfjs';
import { DocumentNotRenderableError, PageOutOfRangeError } from './render-errors';
import { watermarkPdf } from './watermark';
import { looksScanned, pageWords } from './page-text';
import { annotationTexts, composeRedacted, drawRedactedPage, RedactionInputError, verifyRedacted, type Box, type LayerWord, type RedactedRaster } from './redact';
import type { Watermark, WatermarkValues } from '../../lib/shared/watermark';

export type Format = { kind: 'webp' | 'jpeg' | 'png'; contentType: string; ext: string };

export type PageJob = { versionId: string; pageNumber: number; width: number; format: Format };
export type PageResult = { bytes: Uint8Array; width: number; height: number; parsed: boolean };
export type WatermarkJob = { pdf: Uint8Array; config: Partial<Watermark> & { text: string }; values: Partial<WatermarkValues> };
/** Pages [from, to] of a version read for search (page-text.ts); `scanned`: too little text, a candidate for OCR. */
export type TextJob = { versionId: string; from: number; to: number };
export type TextResult = { numPages: number; pages: { page: number; body: string; words: number[]; scanned: boolean }[] };
/** One page as a greyscale PNG about `width` pixels wide, for OCR. */
export type RasterJob = { versionId: string; pageNumber: number; width: number };

/** A page of a version drawn with its marks burnt in (redaction). */
export type RedactPageJob = { versionId: string; pageNumber: number; marks: Box[] };
export type RedactComposeJob = { pdf: Uint8Array; rasters: RedactedRaster[]; words: Record<number, LayerWord[]>; needles: string[] };
/** `pdf` over a SharedArrayBuffer: every thread checking a share of the pages reads the one copy. */
export type RedactVerifyJob = { pdf: Uint8Array; marks: Record<number, Box[]>; needles: string[]; from: number; to: number; whole: boolean };
/** The text of every page's annotations and form fields, with where they sit. */
export type AnnotationTextsJob = { versionId: string };

type Ask = (payload: unknown) => Promise<unknown>;
type Handled = { value: unknown; transfer?: ArrayBuffer[] };

// One thread draws one page at a time; libvips need not fan out on top of that.
sharp.concurrency(1);

const QUALITY = 80;
/**
 * A very long or very wide page is drawn smaller rather than as a 100-megapixel canvas; WebP
 * also stops at 16383 pixels a side.
 */
const MAX_PIXELS = 1920 * 1920 * 3;
const MAX_SIDE = 8192;

/**
 * Pages of text and line art are a few flat colours: lossless WebP keeps them pixel-exact and
 * about a tenth of the size of lossy q80 (8.7 KB against 80 KB for a page of text at 960 px),
 * and encodes faster. Photographs are the other way round, so a lossless result above one bit
 * per pixel is also encoded lossy, and the smaller one is kept.
 */
async function encodePage(canvas: Canvas, fmt: Format): Promise<Buffer> {
  if (fmt.kind === 'png') return canvas.encode('png');
  if (fmt.kind !== 'webp') return canvas.encode(fmt.kind, QUALITY);
  const { width, height } = canvas;
  const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  // Opaque pages (drawn on white): no alpha channel in the file.
  const page = () => sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), { raw: { width, height, channels: 4 } }).removeAlpha();
  const lossless = await page().webp({ lossless: true }).toBuffer();
  if (lossless.length <= (width * height) / 8) return lossless;
  const lossy = await page().webp({ quality: QUALITY }).toBuffer();
  return lossy.length < lossless.length ? lossy : lossless;
}

// ---- parsed documents: a small LRU keyed by version id ----

type DocEntry = { promise: Promise<PDFDocumentProxy>; users: number; evicted: boolean; bytes: number };

const MAX_DOCS = 8;
/** The PDFs' own sizes; pdf.js holds each file's bytes plus what it parsed from them. */
const MAX_DOC_BYTES = 256 * 1024 * 1024;
const docs = new Map<string, DocEntry>();

function destroy(entry: DocEntry) {
  entry.promise.then((d) => d.destroy()).catch(() => {});
}

function evict() {
  let total = 0;
  for (const e of docs.values()) total += e.bytes;
  for (const [id, e] of docs) {
    if (docs.size <= MAX_DOCS && total <= MAX_DOC_BYTES) break;
    if (docs.size === 1) break; // never evict the document just opened
    docs.delete(id);
    total -= e.bytes;
    e.evicted = true;
    if (e.users === 0) destroy(e);
  }
}

async function openDocument(versionId: string, ask: Ask, entry: DocEntry) {
  // The request thread reads the file (its blob store) and hands the bytes over without a copy.
  const bytes = (await ask({ file: versionId })) as Uint8Array;
  entry.bytes = bytes.byteLength;
  evict(); // now that this file's size counts
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    data: bytes,
    ...pdfjsDataOptions(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (e) {
    await task.destroy().catch(() => {});
    const name = (e as Error)?.name;
    throw new DocumentNotRenderableError(versionId, name === 'PasswordException' ? 'password' : 'invalid');
  }
}

/** Runs `fn` with the parsed PDF of a version, parsing it only when it is not in the LRU. */
async function withDocument<T>(versionId: string, ask: Ask, fn: (doc: PDFDocumentProxy, parsed: boolean) => Promise<T>): Promise<T> {
  let entry = docs.get(versionId);
  const parsed = !entry;
  if (entry) {
    docs.delete(versionId);
    docs.set(versionId, entry);
  } else {
    const created: DocEntry = { promise: null!, users: 0, evicted: false, bytes: 0 };
    created.promise = openDocument(versionId, ask, created);
    created.promise.catch(() => {
      if (docs.get(versionId) === created) docs.delete(versionId);
    });
    docs.set(versionId, created);
    entry = created;
    evict();
  }
  entry.users++;
  try {
    return await fn(await entry.promise, parsed);
  } finally {
    entry.users--;
    if (entry.evicted && entry.users === 0) destroy(entry);
  }
}

/** Forgets parsed documents: all, or one version's (deleted). */
function dropDocuments(versionId: string | null) {
  for (const [id, e] of docs) {
    if (versionId !== null && id !== versionId) continue;
    docs.delete(id);
    e.evicted = true;
    if (e.users === 0) destroy(e);
  }
}

async function drawPage(doc: PDFDocumentProxy, job: PageJob): Promise<Omit<PageResult, 'parsed'>> {
  const page = await doc.getPage(job.pageNumber);
  try {
    // getViewport applies the page's /Rotate, so a landscape-rotated page comes out landscape.
    const natural = page.getViewport({ scale: 1 });
    let scale = job.width / natural.width;
    if (natural.width * scale * natural.height * scale > MAX_PIXELS) {
      scale = Math.sqrt(MAX_PIXELS / (natural.width * natural.height));
    }
    scale = Math.min(scale, MAX_SIDE / natural.width, MAX_SIDE / natural.height);
    const viewport = page.getViewport({ scale });
    const w = Math.max(1, Math.round(viewport.width));
    const h = Math.max(1, Math.round(viewport.height));
    const canvas = createCanvas(w, h);
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      viewport,
      background: '#ffffff',
    }).promise;
    const bytes = await encodePage(canvas, job.format);
    return { bytes, width: w, height: h };
  } finally {
    page.cleanup();
  }
}

/** A view that owns its whole ArrayBuffer, so the buffer can be handed over without a copy. */
function own(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return whole ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}

export const handlers: Record<string, (payload: never, ask: Ask) => Promise<Handled | void>> = {
  async page(job: PageJob, ask: Ask): Promise<Handled> {
    const out = await withDocument(job.versionId, ask, async (doc, parsed) => {
      // The file is the authority if the stored page count disagrees.
      if (job.pageNumber > doc.numPages) throw new PageOutOfRangeError(job.pageNumber, doc.numPages);
      return { ...(await drawPage(doc, job)), parsed };
    });
    const bytes = own(out.bytes);
    return { value: { ...out, bytes } satisfies PageResult, transfer: [bytes.buffer] };
  },

  async watermark(job: WatermarkJob): Promise<Handled> {
    const bytes = own(await watermarkPdf(job.pdf, job.config, job.values));
    return { value: bytes, transfer: [bytes.buffer] };
  },

  async text(job: TextJob, ask: Ask): Promise<Handled> {
    const value = await withDocument(job.versionId, ask, async (doc) => {
      const pages: TextResult['pages'] = [];
      for (let n = job.from; n <= Math.min(job.to, doc.numPages); n++) {
        const page = await doc.getPage(n);
        try {
          const content = await page.getTextContent({ includeMarkedContent: false });
          const words = pageWords(content.items, page.getViewport({ scale: 1 }));
          pages.push({ page: n, ...words, scanned: looksScanned(words.body) });
        } finally {
          page.cleanup();
        }
      }
      return { numPages: doc.numPages, pages } satisfies TextResult;
    });
    return { value };
  },

  async raster(job: RasterJob, ask: Ask): Promise<Handled> {
    const out = await withDocument(job.versionId, ask, async (doc) => {
      if (job.pageNumber > doc.numPages) throw new PageOutOfRangeError(job.pageNumber, doc.numPages);
      return drawPage(doc, { versionId: job.versionId, pageNumber: job.pageNumber, width: job.width, format: { kind: 'png', contentType: 'image/png', ext: 'png' } });
    });
    const bytes = own(out.bytes);
    return { value: bytes, transfer: [bytes.buffer] };
  },

  async redactPage(job: RedactPageJob, ask: Ask): Promise<Handled> {
    const out = await withDocument(job.versionId, ask, async (doc) => {
      if (job.pageNumber > doc.numPages) throw new PageOutOfRangeError(job.pageNumber, doc.numPages);
      return drawRedactedPage(doc, job.pageNumber, job.marks);
    });
    const data = own(out.data);
    return { value: { ...out, data }, transfer: [data.buffer] };
  },

  async redactCompose(job: RedactComposeJob): Promise<Handled> {
    const { bytes, info } = await composeRedacted(job.pdf, job.rasters, job.words, job.needles);
    const owned = own(bytes);
    return { value: { bytes: owned, info }, transfer: [owned.buffer] };
  },

  async redactVerify(job: RedactVerifyJob): Promise<Handled> {
    const pdfjs = await loadPdfjs();
    // pdf.js reads the file by ranges, copies of what it asks for (it would take the buffer it is
    // given, and this one is shared): the page images, most of the file, are never asked for text.
    const bytes = job.pdf;
    const range = new pdfjs.PDFDataRangeTransport(bytes.byteLength, null);
    range.requestDataRange = (begin: number, end: number) => range.onDataRange(begin, bytes.slice(begin, end));
    const task = pdfjs.getDocument({ range, length: bytes.byteLength, disableAutoFetch: true, disableStream: true, ...pdfjsDataOptions(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
    let doc: PDFDocumentProxy;
    try {
      doc = await task.promise;
    } catch {
      await task.destroy().catch(() => {});
      throw new RedactionInputError('The redacted file could not be read back for its verification.');
    }
    try {
      return { value: await verifyRedacted(doc, job.marks, job.needles, { from: job.from, to: job.to }, job.whole) };
    } finally {
      await doc.destroy().catch(() => {});
    }
  },

  async annotationTexts(job: AnnotationTextsJob, ask: Ask): Promise<Handled> {
    const value = await withDocument(job.versionId, ask, async (doc) => {
      const pages: { page: number; items: (Box & { text: string })[] }[] = [];
      for (let n = 1; n <= doc.numPages; n++) {
        const items = await annotationTexts(doc, n);
        if (items.length) pages.push({ page: n, items });
      }
      return pages;
    });
    return { value };
  },

  /** Broadcast: forget parsed documents (null: all). */
  async drop(versionId: string | null) {
    dropDocuments(versionId);
  },
};
