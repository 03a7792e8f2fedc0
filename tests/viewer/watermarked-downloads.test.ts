// Downloads from a watermarked link (issue 41 items 2 and 6; DESIGN.md "Deal-room safety rules"):
// every download is a watermarked PDF (an Office file as its converted PDF, an image as a one-page
// PDF, each named <name>.pdf), a video is refused with the reason (and the viewer says why), a
// room's zip follows the same rule file by file; the watermark lies within landscape and wide pages.
import fs from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, uniqueTeam, upload } from '../support/api';
import { ok } from '../support/docs';
import { png } from '../support/images';
import { docx, DOCX, PPTX, pptx } from '../support/office';
import { enter, makeLink, slugOf, Visitor } from '../support/viewer';
import { loadPdfjs, pdfjsDataOptions } from '../../server/media/pdfjs';

type Api = ReturnType<typeof client>;
let api: Api;
const docs: Record<'deck' | 'memo' | 'wide' | 'video' | 'landscape', any> = {} as never;
const originals: Record<string, Buffer> = {};
const WEBM = fs.readFileSync(path.join(__dirname, '../fixtures/countdown.webm'));
const today = new Date().toISOString().slice(0, 10);
const WATERMARK = { text: 'Confidential WMK {{date}} · a deliberately long line that would run off a short page', rotation: 0, font_size: 40 };
const STAMP = `ConfidentialWMK${today}`;

type Page = { text: string; width: number; height: number; items: { str: string; transform: number[]; width: number }[] };

async function pages(bytes: Buffer): Promise<Page[]> {
  const pdfjs = await loadPdfjs();
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), ...pdfjsDataOptions(), verbosity: 0 }).promise;
  try {
    const out: Page[] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const items = (await page.getTextContent()).items.filter((i) => 'str' in i) as Page['items'];
      const vp = page.getViewport({ scale: 1 });
      out.push({ text: items.map((i) => i.str).join('').replace(/\s+/g, ''), items, width: vp.width, height: vp.height });
    }
    return out;
  } finally {
    await doc.destroy();
  }
}

/** The watermark's text item lies within the page, from end to end (rotation 0: along x). */
function stampWithin(page: Page) {
  const item = page.items.find((i) => i.str.includes('WMK'))!;
  expect(item, 'the watermark on the page').toBeTruthy();
  const [, , , , x, y] = item.transform as [number, number, number, number, number, number];
  expect(x).toBeGreaterThanOrEqual(0);
  expect(x + item.width).toBeLessThanOrEqual(page.width + 0.5);
  expect(y).toBeGreaterThanOrEqual(0);
  expect(y).toBeLessThanOrEqual(page.height);
}

const isPdf = (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-';

function zipEntries(buf: Buffer): Record<string, Buffer> {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let p = buf.readUInt32LE(end + 16);
  const out: Record<string, Buffer> = {};
  for (let i = 0; i < buf.readUInt16LE(end + 10); i++) {
    const n = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    const at = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(at, at + buf.readUInt32LE(p + 20));
    out[buf.subarray(p + 46, p + 46 + n).toString('utf8')] = buf.readUInt16LE(p + 10) === 8 ? inflateRawSync(data) : Buffer.from(data);
    p += 46 + n;
  }
  return out;
}

async function create(bytes: Buffer, contentType: string, name: string) {
  originals[name] = bytes;
  return ok(await api.post('/v1/documents', { upload_id: await upload(api, bytes, contentType, name), name }), 201);
}

/** The document once its preview leaves `processing` (polled; expect.poll is for tests, not hooks). */
async function settled(id: string) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const d = ok(await api.get(`/v1/documents/${id}`));
    if (d.preview_status !== 'processing' || Date.now() > deadline) return d;
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  api = client((await createToken({ team: uniqueTeam('wm-downloads'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  const landscape = await PDFDocument.create();
  landscape.addPage([792, 612]);
  const [deck, memo] = await Promise.all([pptx(['Slide one of the deck', 'Slide two']), docx(['Memo page one', 'Memo page two'])]);
  docs.deck = await create(deck, PPTX, 'Deck.pptx');
  docs.memo = await create(memo, DOCX, 'Memo.docx');
  docs.wide = await create(await png(2400, 500, '#ffffff'), 'image/png', 'Wide.png');
  docs.video = await create(WEBM, 'video/webm', 'Countdown.webm');
  docs.landscape = await create(Buffer.from(await landscape.save()), 'application/pdf', 'Landscape.pdf');
  expect(await settled(docs.deck.id)).toMatchObject({ preview_status: 'ready', preview_error: null });
  expect(await settled(docs.memo.id)).toMatchObject({ preview_status: 'ready', preview_error: null });
}, 240_000);

describe('a watermarked link with downloads allowed', () => {
  it('hands out Office files and images as watermarked PDFs named <name>.pdf', async () => {
    for (const [key, fileName, words] of [
      ['deck', 'Deck.pdf', 'Slideoneofthedeck'],
      ['memo', 'Memo.pdf', 'Memopageone'],
      ['wide', 'Wide.pdf', null],
      ['landscape', 'Landscape.pdf', null],
    ] as const) {
      const slug = slugOf(await makeLink(api, { document_id: docs[key].id, allow_download: true, watermark_config: WATERMARK }));
      const v = new Visitor();
      expect((await enter(v, slug)).text()).toContain('data-testid="download"');
      const r = await v.get(`/view/${slug}/download`);
      expect(r.status, key).toBe(200);
      expect(r.headers.get('content-type'), key).toBe('application/pdf');
      expect(r.headers.get('content-disposition'), key).toMatch(new RegExp(`^attachment; filename="${fileName}"`));
      expect(isPdf(r.body), key).toBe(true);
      const read = await pages(r.body);
      if (key === 'wide') expect(read).toHaveLength(1);
      for (const page of read) {
        expect(page.text, key).toContain(STAMP);
        stampWithin(page);
      }
      if (words) expect(read.map((p) => p.text).join(''), key).toContain(words);
      if (key === 'wide' || key === 'landscape') expect(read[0]!.width, key).toBeGreaterThan(read[0]!.height);
    }
  });

  it('refuses a video with the reason, and the viewer says why', async () => {
    const slug = slugOf(await makeLink(api, { document_id: docs.video.id, allow_download: true, watermark_config: WATERMARK }));
    const v = new Visitor();
    const html = (await enter(v, slug)).text();
    expect(html).not.toContain('data-testid="download"');
    expect(html).toContain('data-testid="no-download"');
    expect(html).toContain('cannot carry a watermark');
    const r = await v.get(`/view/${slug}/download`);
    expect(r.status).toBe(403);
    expect(r.text()).toMatch(/video cannot carry/);
    // Nor as the whole stream opened as a page ("save as" of the video's address).
    expect((await v.get(`/view/${slug}/video`, { 'sec-fetch-dest': 'document' })).status).toBe(403);
  });

  it('a room zip holds watermarked PDFs of what can carry the watermark, and no video', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Harbor', allow_bulk_download: true }), 201);
    for (const d of Object.values(docs)) ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: d.id }), 201);
    const slug = slugOf(await makeLink(api, { dataroom_id: room.id, allow_download: true, watermark_config: WATERMARK }));
    const v = new Visitor();
    await enter(v, slug);
    const z = await v.get(`/view/${slug}/zip`);
    expect(z.status).toBe(200);
    const entries = zipEntries(z.body);
    expect(Object.keys(entries).map((n) => n.replace(/^\//, '')).sort()).toEqual(['Deck.pdf', 'Landscape.pdf', 'Memo.pdf', 'Wide.pdf']);
    for (const [name, bytes] of Object.entries(entries)) {
      expect(isPdf(bytes), name).toBe(true);
      for (const page of await pages(bytes)) expect(page.text, name).toContain(STAMP);
    }
  });

  it('a link without a watermark still hands out the original files', async () => {
    const slug = slugOf(await makeLink(api, { document_id: docs.deck.id, allow_download: true }));
    const v = new Visitor();
    await enter(v, slug);
    const r = await v.get(`/view/${slug}/download`);
    expect(r.status).toBe(200);
    expect(Buffer.compare(r.body, originals['Deck.pptx']!)).toBe(0);
  });
});
