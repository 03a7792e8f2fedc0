// Page images for the public viewer (issue 11; shared/notes/viewer.md "Rendering documents for
// viewers"): a visitor's browser gets pictures of the pages, never the PDF's bytes. A page is
// drawn with pdf.js + @napi-rs/canvas the first time some visitor asks for it at one of a few
// widths, and the image is kept in blob storage, so every later request for it is a blob read.
// Drawing happens on the render pool's worker threads (render-pool.ts, render-jobs.ts: never on
// the thread answering requests); this module decides whether a page must be drawn at all
// (memory, blob storage, a render of it already running) and counts it against the visitor.
import { createCanvas } from '@napi-rs/canvas';
import { imageSize } from 'image-size';
import { invalid } from '../errors';
import { whenQuiet } from '../lib/when-quiet';
import { WorkerPoolBusyError, type Priority } from '../lib/worker-pool';
import { BlobNotFoundError, getBlobStore, type BlobStore } from '../storage';
import { DocumentNotRenderableError, PageOutOfRangeError } from './render-errors';
import type { Format } from './render-jobs';
import { asHolder, drawPageOffThread, renderPool, startedRenderPool, type RenderHolder } from './render-pool';

export { DocumentNotRenderableError, PageOutOfRangeError } from './render-errors';

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

/** Counters for tests and the bench: how often the expensive steps really ran. */
export const renderStats = { parses: 0, renders: 0, cacheHits: 0, memoryHits: 0 };

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

const FORMATS: Format[] = [
  { kind: 'webp', contentType: 'image/webp', ext: 'webp' },
  { kind: 'jpeg', contentType: 'image/jpeg', ext: 'jpg' },
  { kind: 'png', contentType: 'image/png', ext: 'png' },
];

let format: Promise<Format> | undefined;

/** WebP when this build of @napi-rs/canvas encodes it, else JPEG, else PNG (decided once). */
export function imageFormat(): Promise<Format> {
  format ??= (async () => {
    const probe = createCanvas(2, 2);
    for (const f of FORMATS) {
      try {
        const out = f.kind === 'png' ? await probe.encode('png') : await probe.encode(f.kind, 80);
        if (out.length > 0) return f;
      } catch {
        // try the next format
      }
    }
    throw new Error('@napi-rs/canvas encodes no image format');
  })();
  return format;
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
 * keys are fine) and has the render threads forget its parsed document.
 */
export async function deletePageImages(version: Pick<RenderableVersion, 'id' | 'numPages'>, opts: { store?: BlobStore } = {}) {
  dropParsedDocuments(version.id);
  const store = opts.store ?? getBlobStore();
  const keys = await pageImageKeys(version);
  if (!opts.store) forget(keys);
  for (let i = 0; i < keys.length; i += 500) await store.delete(keys.slice(i, i + 500));
}

/** Has the render threads forget parsed documents (all, or one version's); for tests and the bench too. */
export function dropParsedDocuments(versionId?: string) {
  startedRenderPool()?.broadcast('drop', versionId ?? null);
}

function checkRenderable(version: RenderableVersion): asserts version is RenderableVersion & { storageKey: string } {
  if (version.contentType !== 'application/pdf') throw new DocumentNotRenderableError(version.id, 'not_pdf');
  if (!version.storageKey) throw new DocumentNotRenderableError(version.id, 'no_file');
}

function checkPage(pageNumber: number, numPages: number) {
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > numPages) throw new PageOutOfRangeError(pageNumber, numPages);
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

export type RenderOptions = {
  store?: BlobStore;
  /** The visitor the page is drawn for: counted against the per-session and per-address limits. */
  holder?: RenderHolder;
  /** Background work (pre-rendering) waits behind every visitor's page. */
  background?: boolean;
};

/**
 * The image of one page of a PDF version at (about) `width` pixels: from memory or blob storage
 * when it was drawn before, else drawn now on a render thread and stored. `width` snaps up to
 * RENDER_WIDTHS. Throws PageOutOfRangeError, DocumentNotRenderableError, and when the page must
 * be drawn and cannot be right now, TooManyRendersError (429) or WorkerPoolBusyError (503).
 */
export async function renderPage(version: RenderableVersion, pageNumber: number, width: number, opts: RenderOptions = {}): Promise<PageImage> {
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
  // Page-sized images go ahead of thumbnails, so the page a visitor opens is not stuck behind
  // a strip of thumbnails requested at the same moment; pre-renders wait behind both.
  const priority: Priority = opts.background ? 2 : w > THUMBNAIL_WIDTH ? 0 : 1;
  const readFile = async () => {
    try {
      return await store.read(version.storageKey);
    } catch (e) {
      if (e instanceof BlobNotFoundError) throw new DocumentNotRenderableError(version.id, 'no_file');
      throw e;
    }
  };
  const job = asHolder(opts.holder, async () => {
    const drawn = await drawPageOffThread({ versionId: version.id, pageNumber, width: w, format: fmt }, priority, readFile);
    if (drawn.parsed) renderStats.parses++;
    renderStats.renders++;
    const image: PageImage = { bytes: Buffer.from(drawn.bytes.buffer, drawn.bytes.byteOffset, drawn.bytes.byteLength), contentType: fmt.contentType, width: drawn.width, height: drawn.height };
    await store.put(key, image.bytes, image.contentType);
    if (own) remember(key, image);
    return image;
  });
  inflight.set(key, job);
  try {
    return await job;
  } finally {
    inflight.delete(key);
  }
}

/** The render threads that draw (for tests and the bench: their number and how many ran at once). */
export const renderPoolStats = () => ({ size: renderPool().size, ...renderPool().stats });

/**
 * Renders the first `n` pages at every width that the viewer's first paint uses (the thumbnail
 * width and `widths`), one at a time and behind every visitor's page. Meant to run after an
 * upload, outside the request (e.g. `after()`); pages already cached cost a blob read. When the
 * pool is full it waits a second and tries again, a bounded number of times (visitors first).
 */
export async function prerenderFirstPages(
  version: RenderableVersion,
  n: number,
  opts: { store?: BlobStore; widths?: number[]; /** Each page waits for the main thread to be quiet (server/lib/when-quiet.ts). */ quiet?: boolean } = {},
): Promise<{ pages: number; widths: RenderWidth[] }> {
  checkRenderable(version);
  const widths = [...new Set([THUMBNAIL_WIDTH, ...(opts.widths ?? [960]).map(snapWidth)])].sort((a, b) => a - b);
  const last = Math.min(Math.max(0, Math.floor(n)), version.numPages);
  let busy = 0;
  for (let p = 1; p <= last; p++) {
    for (const w of widths) {
      if (opts.quiet) await whenQuiet();
      for (;;) {
        try {
          await renderPage(version, p, w, { store: opts.store, background: true });
          break;
        } catch (e) {
          if (!(e instanceof WorkerPoolBusyError) || ++busy > PRERENDER_BUSY_RETRIES) throw e;
          await new Promise((r) => setTimeout(r, e.retryAfterSeconds * 1000));
        }
      }
    }
  }
  return { pages: last, widths };
}

/** Seconds, in all, a pre-render waits for room in a full pool before it gives up (visitors draw pages on demand). */
const PRERENDER_BUSY_RETRIES = 60;
