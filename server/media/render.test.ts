import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalBlobStore } from '../storage';
import { makePages, makePdf } from './fixtures';
import { closeRenderPool } from './render-pool';
import {
  deletePageImages,
  DocumentNotRenderableError,
  dropParsedDocuments,
  imageFormat,
  pageImageKey,
  PageOutOfRangeError,
  prerenderFirstPages,
  RENDER_WIDTHS,
  renderPage,
  renderPoolStats,
  renderStats,
  snapWidth,
  THUMBNAIL_WIDTH,
  type RenderableVersion,
} from './render';

// Two render threads (the machine may have fewer cores): the pool's bound is what is checked.
process.env.VIEWER_RENDER_WORKERS = '2';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-render-'));
const store = new LocalBlobStore(() => tmp);
let seq = 0;

async function upload(bytes: Buffer, numPages: number): Promise<RenderableVersion> {
  const id = `ver${process.pid}x${++seq}`;
  const storageKey = `files/test/${id}`;
  await store.put(storageKey, bytes, 'application/pdf');
  return { id, storageKey, contentType: 'application/pdf', numPages };
}

const counts = () => ({ ...renderStats });
const delta = (before: typeof renderStats) => ({
  parses: renderStats.parses - before.parses,
  renders: renderStats.renders - before.renders,
  cacheHits: renderStats.cacheHits - before.cacheHits,
});

/** Fraction of dark pixels in the image: a blank render would be ~0. */
async function inkRatio(bytes: Buffer): Promise<number> {
  const img = await loadImage(bytes);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, img.width, img.height).data;
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 300) dark++;
  return dark / (img.width * img.height);
}

beforeAll(async () => {
  await imageFormat();
});
beforeEach(() => dropParsedDocuments());
afterAll(async () => {
  await closeRenderPool();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The WebP's first chunk: VP8L is lossless, "VP8 " lossy. */
const webpChunk = (b: Buffer) => b.subarray(12, 16).toString('latin1');

describe('the memory cache of the process\'s own store', () => {
  it('serves a page read or drawn once from memory, and forgets it with the version\'s images', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-render-own-'));
    const saved = process.env.QUIRE_DATA_DIR;
    process.env.QUIRE_DATA_DIR = dir;
    try {
      const id = `own${process.pid}x${++seq}`;
      const own = new LocalBlobStore(() => path.join(dir, 'blobs'));
      await own.put(`files/test/${id}`, await makePages(2), 'application/pdf');
      const v: RenderableVersion = { id, storageKey: `files/test/${id}`, contentType: 'application/pdf', numPages: 2 };
      const before = { ...renderStats };
      const first = await renderPage(v, 1, 960);
      const again = await renderPage(v, 1, 960);
      expect(renderStats.renders - before.renders).toBe(1);
      expect(renderStats.memoryHits - before.memoryHits).toBe(1);
      expect(again).toBe(first);
      // A store passed in (the tests') has no memory cache: the blob is read.
      await store.put(pageImageKey(id, 960, 1, (await imageFormat()).ext), first.bytes, first.contentType);
      await renderPage(v, 1, 960, { store });
      expect(renderStats.memoryHits - before.memoryHits).toBe(1);
      // Deleted with the version's images: the next request draws the page again.
      await deletePageImages(v);
      await renderPage(v, 1, 960);
      expect(renderStats.renders - before.renders).toBe(2);
    } finally {
      process.env.QUIRE_DATA_DIR = saved;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('snapWidth', () => {
  it('snaps up to the next allowed width and caps at the largest', () => {
    expect(snapWidth(1)).toBe(480);
    expect(snapWidth(480)).toBe(480);
    expect(snapWidth(481)).toBe(960);
    expect(snapWidth(1500)).toBe(1920);
    expect(snapWidth(10_000)).toBe(1920);
    expect(THUMBNAIL_WIDTH).toBe(Math.min(...RENDER_WIDTHS));
    expect(() => snapWidth(0)).toThrow(/width/);
    expect(() => snapWidth(Number.NaN)).toThrow(/width/);
  });
});

describe('renderPage', () => {
  it('renders a page of a multi-page PDF at the snapped width with the page aspect, then serves it from the cache', async () => {
    const v = await upload(await makePages(3), 3);
    const before = counts();
    const img = await renderPage(v, 2, 900, { store });
    expect(img.width).toBe(960);
    expect(img.height).toBe(Math.round((960 * 842) / 595));
    const fmt = await imageFormat();
    expect(img.contentType).toBe(fmt.contentType);
    if (fmt.kind === 'webp') expect(img.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const decoded = await loadImage(img.bytes);
    expect([decoded.width, decoded.height]).toEqual([img.width, img.height]);
    expect(await inkRatio(img.bytes)).toBeGreaterThan(0.005); // text and a frame were drawn
    expect(delta(before)).toMatchObject({ parses: 1, renders: 1 });

    const key = pageImageKey(v.id, 960, 2, fmt.ext);
    expect(await store.stat(key)).toEqual({ size: img.bytes.length });

    // Second call: a blob read, even with the parsed document dropped from memory.
    dropParsedDocuments();
    const again = await renderPage(v, 2, 960, { store });
    expect(again.bytes.equals(img.bytes)).toBe(true);
    expect([again.width, again.height]).toEqual([img.width, img.height]);
    expect(delta(before)).toMatchObject({ parses: 1, renders: 1, cacheHits: 1 });
  });

  it('keeps the parsed document for the next pages and widths', async () => {
    const v = await upload(await makePages(4), 4);
    const before = counts();
    for (const p of [1, 2, 3]) await renderPage(v, p, 480, { store });
    await renderPage(v, 1, 1920, { store });
    expect(delta(before)).toMatchObject({ parses: 1, renders: 4 });
  });

  it('renders a page once for concurrent requests', async () => {
    const v = await upload(await makePages(2), 2);
    const before = counts();
    const images = await Promise.all(Array.from({ length: 8 }, () => renderPage(v, 1, 1440, { store })));
    expect(delta(before).renders).toBe(1);
    expect(delta(before).parses).toBe(1);
    for (const img of images) expect(img.bytes.equals(images[0]!.bytes)).toBe(true);
  });

  it('draws on the render threads, at most one page per thread at once, page-sized images ahead of thumbnails', async () => {
    const v = await upload(await makePages(13), 13);
    const done: string[] = [];
    const track = (label: string, p: Promise<unknown>) => p.then(() => done.push(label));
    // A strip of 12 thumbnails asked for first, then the page itself: without priority the page
    // would be drawn last.
    const thumbs = Array.from({ length: 12 }, (_, i) => track(`t${i + 1}`, renderPage(v, i + 1, 480, { store })));
    const page = track('page', renderPage(v, 13, 960, { store }));
    await Promise.all([...thumbs, page]);
    expect(renderPoolStats()).toMatchObject({ size: 2, peakRunning: 2 });
    expect(done.indexOf('page')).toBeLessThan(done.length - 4);
  });

  it('refuses pages out of range with a typed error', async () => {
    const v = await upload(await makePages(2), 2);
    for (const p of [0, 3, -1, 1.5]) {
      await expect(renderPage(v, p, 480, { store })).rejects.toBeInstanceOf(PageOutOfRangeError);
    }
    const err = await renderPage(v, 3, 480, { store }).catch((e) => e);
    expect(err).toMatchObject({ code: 'not_found', status: 404, pageNumber: 3, numPages: 2 });
  });

  it('checks the page against the file when the stored page count is wrong', async () => {
    const v = await upload(await makePages(2), 5);
    await expect(renderPage(v, 4, 480, { store })).rejects.toBeInstanceOf(PageOutOfRangeError);
  });

  it('refuses a PDF that pdf.js cannot open, a missing file and a non-PDF with a typed error', async () => {
    const broken = await upload(Buffer.from('%PDF-1.7\nthis is not really a PDF\n%%EOF\n'), 1);
    const err = await renderPage(broken, 1, 480, { store }).catch((e) => e);
    expect(err).toBeInstanceOf(DocumentNotRenderableError);
    expect(err).toMatchObject({ status: 422, reason: 'invalid' });
    // A second try fails the same way (the failed parse is not cached as a document).
    await expect(renderPage(broken, 1, 480, { store })).rejects.toBeInstanceOf(DocumentNotRenderableError);

    const missing: RenderableVersion = { id: 'vmissing', storageKey: 'files/test/none', contentType: 'application/pdf', numPages: 1 };
    await expect(renderPage(missing, 1, 480, { store })).rejects.toMatchObject({ reason: 'no_file' });
    const image: RenderableVersion = { id: 'vimg', storageKey: 'files/test/x', contentType: 'image/png', numPages: 1 };
    await expect(renderPage(image, 1, 480, { store })).rejects.toMatchObject({ reason: 'not_pdf' });
  });

  it('draws a page with /Rotate 90 upright: landscape aspect', async () => {
    const v = await upload(await makePdf([{}, { rotate: 90 }, { rotate: 270, width: 300, height: 600 }]), 3);
    const upright = await renderPage(v, 1, 480, { store });
    const rotated = await renderPage(v, 2, 480, { store });
    const other = await renderPage(v, 3, 480, { store });
    expect(upright.height).toBeGreaterThan(upright.width);
    expect(rotated.width).toBe(480);
    expect(rotated.height).toBe(Math.round((480 * 595) / 842));
    expect(other.height).toBe(240);
  });

  it('draws an extremely tall page smaller instead of a giant canvas', async () => {
    const v = await upload(await makePdf([{ width: 200, height: 14_400 }]), 1);
    const img = await renderPage(v, 1, 1920, { store });
    expect(img.height).toBe(8192);
    expect(img.width).toBe(Math.round((8192 * 200) / 14_400));
  });
});

describe('deletePageImages', () => {
  it('deletes every cached image of a version and leaves other versions alone', async () => {
    const a = await upload(await makePages(2), 2);
    const b = await upload(await makePages(1), 1);
    await renderPage(a, 1, 480, { store });
    await renderPage(a, 2, 1920, { store });
    await renderPage(b, 1, 480, { store });
    const fmt = await imageFormat();
    await deletePageImages(a, { store });
    expect(await store.stat(pageImageKey(a.id, 480, 1, fmt.ext))).toBeNull();
    expect(await store.stat(pageImageKey(a.id, 1920, 2, fmt.ext))).toBeNull();
    expect(await store.stat(pageImageKey(b.id, 480, 1, fmt.ext))).not.toBeNull();
  });
});

describe('prerenderFirstPages', () => {
  it('renders the first pages at the thumbnail and first-paint widths, then reads them from the cache', async () => {
    const v = await upload(await makePages(5), 5);
    const before = counts();
    const out = await prerenderFirstPages(v, 2, { store });
    expect(out).toEqual({ pages: 2, widths: [480, 960] });
    expect(delta(before).renders).toBe(4);
    const fmt = await imageFormat();
    for (const p of [1, 2]) for (const w of [480, 960] as const) expect(await store.stat(pageImageKey(v.id, w, p, fmt.ext))).not.toBeNull();
    expect(await store.stat(pageImageKey(v.id, 480, 3, fmt.ext))).toBeNull();
    await renderPage(v, 1, 960, { store });
    expect(delta(before).renders).toBe(4);
    expect((await prerenderFirstPages(v, 99, { store })).pages).toBe(5);
  });
});

describe('page image encoding', () => {
  it('keeps text pages lossless and small, photographs lossy', async () => {
    if ((await imageFormat()).kind !== 'webp') return;
    const text = await renderPage(await upload(await makePages(1), 1), 1, 960, { store });
    const photo = await renderPage(await upload(await makePdf([{ photo: true }]), 1), 1, 960, { store });
    expect(webpChunk(text.bytes)).toBe('VP8L');
    expect(text.bytes.length).toBeLessThan(60_000); // lossy q80: 84 KB for this page
    expect(webpChunk(photo.bytes)).toBe('VP8 ');
  });
});
