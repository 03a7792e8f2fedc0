// Page images for the public viewer (issue 11; shared/notes/viewer.md "Rendering documents for
// viewers"): a visitor's browser gets pictures of the pages, never the PDF's bytes. A page is
// rendered on the server with pdf.js + @napi-rs/canvas the first time some visitor asks for it
// at one of a few widths, and the image is kept in blob storage, so every later request for it
// is a blob read. The parsed PDF stays in memory for a while (small LRU) so turning pages does
// not parse the file again, and concurrent requests for the same missing image render it once.
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ApiError, invalid } from '../../errors';
import { BlobNotFoundError, getBlobStore, type BlobStore } from '../../storage';
import { loadPdfjs, pdfjsDataOptions } from './pdfjs';

/** The widths pages are rendered at; any other request snaps up to the next one. */
export const RENDER_WIDTHS = [480, 960, 1440, 1920] as const;
export type RenderWidth = (typeof RENDER_WIDTHS)[number];
/** Thumbnails are the smallest width. */
export const THUMBNAIL_WIDTH: RenderWidth = RENDER_WIDTHS[0];

/** The version fields the renderer needs (a DocumentVersion row has them all). */
export type RenderableVersion = {
  id: string;
  storageKey: string | null;
  contentType: string;
  numPages: number;
};

export type PageImage = { bytes: Buffer; contentType: string; width: number; height: number };

/** The page number is not a page of this version (404 on every face). */
export class PageOutOfRangeError extends ApiError {
  constructor(
    readonly pageNumber: number,
    readonly numPages: number,
  ) {
    super('not_found', `Page ${pageNumber} not found: the document has ${numPages} page${numPages === 1 ? '' : 's'}`);
    this.name = 'PageOutOfRangeError';
  }
}

/** The version is not a PDF, has no file, or pdf.js cannot open it (422). */
export class DocumentNotRenderableError extends ApiError {
  constructor(
    readonly versionId: string,
    readonly reason: 'not_pdf' | 'no_file' | 'password' | 'invalid',
  ) {
    const why = {
      not_pdf: 'it is not a PDF',
      no_file: 'it has no stored file',
      password: 'it is protected by a password',
      invalid: 'it could not be read as a PDF',
    }[reason];
    super('unprocessable_entity', `This document cannot be shown page by page: ${why}`);
    this.name = 'DocumentNotRenderableError';
  }
}

/** Counters for tests and the bench: how often the expensive steps really ran. */
export const renderStats = { parses: 0, renders: 0, cacheHits: 0, memoryHits: 0, peakDrawing: 0 };

/**
 * The most recent page images of the process's own blob store, in memory (64 MB): a cached page
 * is then served without a file or network read (on Vercel Blob, a round trip). Images never
 * change (the key holds the version), so nothing is invalidated; least recently used go first.
 */
const MEMORY_BYTES = 64 * 1024 * 1024;
const memory = new Map<string, PageImage>();
let memoryBytes = 0;

function remember(key: string, image: PageImage) {
  if (image.bytes.length > MEMORY_BYTES / 16 || memory.has(key)) return;
  memory.set(key, image);
  memoryBytes += image.bytes.length;
  for (const [k, v] of memory) {
    if (memoryBytes <= MEMORY_BYTES) break;
    memory.delete(k);
    memoryBytes -= v.bytes.length;
  }
}

function forget(keys: string[]) {
  for (const k of keys) {
    const v = memory.get(k);
    if (v && memory.delete(k)) memoryBytes -= v.bytes.length;
  }
}

function recall(key: string): PageImage | null {
  const hit = memory.get(key);
  if (!hit) return null;
  memory.delete(key);
  memory.set(key, hit);
  renderStats.memoryHits++;
  return hit;
}

type Format = { kind: 'webp' | 'jpeg' | 'png'; contentType: string; ext: string };
const FORMATS: Format[] = [
  { kind: 'webp', contentType: 'image/webp', ext: 'webp' },
  { kind: 'jpeg', contentType: 'image/jpeg', ext: 'jpg' },
  { kind: 'png', contentType: 'image/png', ext: 'png' },
];
const QUALITY = 80;
/**
 * A very long or very wide page is drawn smaller rather than as a 100-megapixel canvas; WebP
 * also stops at 16383 pixels a side.
 */
const MAX_PIXELS = 1920 * 1920 * 3;
const MAX_SIDE = 8192;

let format: Promise<Format> | undefined;

/** WebP when this build of @napi-rs/canvas encodes it, else JPEG, else PNG (decided once). */
export function imageFormat(): Promise<Format> {
  format ??= (async () => {
    const probe = createCanvas(2, 2);
    for (const f of FORMATS) {
      try {
        const out = f.kind === 'png' ? await probe.encode('png') : await probe.encode(f.kind, QUALITY);
        if (out.length > 0) return f;
      } catch {
        // try the next format
      }
    }
    throw new Error('@napi-rs/canvas encodes no image format');
  })();
  return format;
}

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

/** The smallest allowed width at or above `width` (the largest for anything bigger). */
export function snapWidth(width: number): RenderWidth {
  if (!Number.isFinite(width) || width <= 0) throw invalid('width', 'must be a positive number');
  return RENDER_WIDTHS.find((w) => w >= width) ?? RENDER_WIDTHS[RENDER_WIDTHS.length - 1]!;
}

/** Where the image of one page at one width is kept: derived from (version, width, page) only. */
export function pageImageKey(versionId: string, width: RenderWidth, pageNumber: number, ext: string): string {
  return `renders/${versionId}/w${width}/p${pageNumber}.${ext}`;
}

/** Every image key a version can have (each page at each width, in the current format). */
export async function pageImageKeys(version: Pick<RenderableVersion, 'id' | 'numPages'>): Promise<string[]> {
  const { ext } = await imageFormat();
  const keys: string[] = [];
  for (const w of RENDER_WIDTHS) for (let p = 1; p <= version.numPages; p++) keys.push(pageImageKey(version.id, w, p, ext));
  return keys;
}

/**
 * Deletes a version's page images (call when the version or its document is deleted; missing
 * keys are fine) and forgets its parsed document.
 */
export async function deletePageImages(version: Pick<RenderableVersion, 'id' | 'numPages'>, opts: { store?: BlobStore } = {}) {
  dropParsedDocuments(version.id);
  const store = opts.store ?? getBlobStore();
  const keys = await pageImageKeys(version);
  if (!opts.store) forget(keys);
  for (let i = 0; i < keys.length; i += 500) await store.delete(keys.slice(i, i + 500));
}

function checkRenderable(version: RenderableVersion): asserts version is RenderableVersion & { storageKey: string } {
  if (version.contentType !== 'application/pdf') throw new DocumentNotRenderableError(version.id, 'not_pdf');
  if (!version.storageKey) throw new DocumentNotRenderableError(version.id, 'no_file');
}

function checkPage(pageNumber: number, numPages: number) {
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > numPages) throw new PageOutOfRangeError(pageNumber, numPages);
}

// ---- parsed documents: a small LRU keyed by version id ----

type DocEntry = {
  promise: Promise<PDFDocumentProxy>;
  users: number;
  evicted: boolean;
  bytes: number;
};

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

async function openDocument(version: RenderableVersion & { storageKey: string }, store: BlobStore, entry: DocEntry) {
  let bytes: Buffer;
  try {
    bytes = await store.read(version.storageKey);
  } catch (e) {
    if (e instanceof BlobNotFoundError) throw new DocumentNotRenderableError(version.id, 'no_file');
    throw e;
  }
  entry.bytes = bytes.length;
  evict(); // now that this file's size counts
  const pdfjs = await loadPdfjs();
  renderStats.parses++;
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
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
    throw new DocumentNotRenderableError(version.id, name === 'PasswordException' ? 'password' : 'invalid');
  }
}

/** Runs `fn` with the parsed PDF of a version, parsing it only when it is not in the LRU. */
async function withDocument<T>(
  version: RenderableVersion & { storageKey: string },
  store: BlobStore,
  fn: (doc: PDFDocumentProxy) => Promise<T>,
): Promise<T> {
  let entry = docs.get(version.id);
  if (entry) {
    docs.delete(version.id);
    docs.set(version.id, entry);
  } else {
    const created: DocEntry = { promise: null!, users: 0, evicted: false, bytes: 0 };
    created.promise = openDocument(version, store, created);
    created.promise.catch(() => {
      if (docs.get(version.id) === created) docs.delete(version.id);
    });
    docs.set(version.id, created);
    entry = created;
    evict();
  }
  entry.users++;
  try {
    return await fn(await entry.promise);
  } finally {
    entry.users--;
    if (entry.evicted && entry.users === 0) destroy(entry);
  }
}

/** Forgets parsed documents (all, or one version's), e.g. when a version is deleted; for tests too. */
export function dropParsedDocuments(versionId?: string) {
  for (const [id, e] of docs) {
    if (versionId !== undefined && id !== versionId) continue;
    docs.delete(id);
    e.evicted = true;
    if (e.users === 0) destroy(e);
  }
}

// ---- rendering ----

async function drawPage(doc: PDFDocumentProxy, pageNumber: number, width: RenderWidth, fmt: Format) {
  const page = await doc.getPage(pageNumber);
  try {
    // getViewport applies the page's /Rotate, so a landscape-rotated page comes out landscape.
    const natural = page.getViewport({ scale: 1 });
    let scale = width / natural.width;
    if (natural.width * scale * natural.height * scale > MAX_PIXELS) {
      scale = Math.sqrt(MAX_PIXELS / (natural.width * natural.height));
    }
    scale = Math.min(scale, MAX_SIDE / natural.width, MAX_SIDE / natural.height);
    const viewport = page.getViewport({ scale });
    const w = Math.max(1, Math.round(viewport.width));
    const h = Math.max(1, Math.round(viewport.height));
    const canvas = createCanvas(w, h);
    renderStats.renders++;
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      viewport,
      background: '#ffffff',
    }).promise;
    const bytes = await encodePage(canvas, fmt);
    return { bytes, contentType: fmt.contentType, width: w, height: h };
  } finally {
    page.cleanup();
  }
}

// At most two pages are drawn at once (a 1920 px canvas is ~20 MB and drawing is CPU-bound on
// this thread anyway); page-sized images go ahead of thumbnails, so the page a visitor opens is
// not stuck behind a strip of thumbnails requested at the same moment.
const MAX_DRAWING = 2;
let drawing = 0;
const waiting: { urgent: boolean; go: () => void }[] = [];

async function drawSlot<T>(urgent: boolean, fn: () => Promise<T>): Promise<T> {
  if (drawing >= MAX_DRAWING) {
    await new Promise<void>((go) => {
      const i = urgent ? waiting.findIndex((w) => !w.urgent) : -1;
      if (i === -1) waiting.push({ urgent, go });
      else waiting.splice(i, 0, { urgent, go });
    });
  } else drawing++;
  renderStats.peakDrawing = Math.max(renderStats.peakDrawing, drawing);
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next.go();
    else drawing--;
  }
}

const inflight = new Map<string, Promise<PageImage>>();

function fromCache(bytes: Buffer, fmt: Format): PageImage {
  const size = imageSize(bytes);
  return { bytes, contentType: fmt.contentType, width: size.width, height: size.height };
}

async function readCached(store: BlobStore, key: string, fmt: Format): Promise<PageImage | null> {
  try {
    const bytes = await store.read(key);
    renderStats.cacheHits++;
    return fromCache(bytes, fmt);
  } catch (e) {
    if (e instanceof BlobNotFoundError) return null;
    throw e;
  }
}

/**
 * The image of one page of a PDF version at (about) `width` pixels: from blob storage when it
 * was rendered before, else rendered now and stored. `width` snaps up to RENDER_WIDTHS.
 * Throws PageOutOfRangeError, DocumentNotRenderableError.
 */
export async function renderPage(
  version: RenderableVersion,
  pageNumber: number,
  width: number,
  opts: { store?: BlobStore } = {},
): Promise<PageImage> {
  checkRenderable(version);
  checkPage(pageNumber, version.numPages);
  const w = snapWidth(width);
  // The memory cache is the process's own store's (a store passed in, as tests do, has none).
  const own = !opts.store;
  const store = opts.store ?? getBlobStore();
  const fmt = await imageFormat();
  const key = pageImageKey(version.id, w, pageNumber, fmt.ext);

  const inMemory = own ? recall(key) : null;
  if (inMemory) return inMemory;
  const running = inflight.get(key);
  if (running) return running;
  const cached = await readCached(store, key, fmt);
  if (cached) {
    if (own) remember(key, cached);
    return cached;
  }

  // Checked again after the read: another request may have started rendering meanwhile.
  const again = inflight.get(key);
  if (again) return again;
  const job = (async () => {
    const image = await withDocument(version, store, async (doc) => {
      checkPage(pageNumber, doc.numPages); // the file is the authority if the row disagrees
      return drawSlot(w > THUMBNAIL_WIDTH, () => drawPage(doc, pageNumber, w, fmt));
    });
    await store.put(key, image.bytes, image.contentType);
    if (own) remember(key, image);
    return image;
  })();
  inflight.set(key, job);
  try {
    return await job;
  } finally {
    inflight.delete(key);
  }
}

/**
 * Renders the first `n` pages at every width that the viewer's first paint uses (the thumbnail
 * width and `widths`), one at a time so a fresh upload does not take both cores. Meant to run
 * after an upload, outside the request (e.g. `after()`); pages already cached cost a blob read.
 */
export async function prerenderFirstPages(
  version: RenderableVersion,
  n: number,
  opts: { store?: BlobStore; widths?: number[] } = {},
): Promise<{ pages: number; widths: RenderWidth[] }> {
  checkRenderable(version);
  const widths = [...new Set([THUMBNAIL_WIDTH, ...(opts.widths ?? [960]).map(snapWidth)])].sort((a, b) => a - b);
  const last = Math.min(Math.max(0, Math.floor(n)), version.numPages);
  for (let p = 1; p <= last; p++) {
    for (const w of widths) await renderPage(version, p, w, opts);
  }
  return { pages: last, widths };
}
