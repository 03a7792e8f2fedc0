// Redaction over real HTTP (DESIGN.md "Redaction that removes, and proves it"): a draft's marks
// from boxes, terms and patterns with the text each covers; apply (202, then poll) publishes a new
// primary version only after it is verified; the downloaded bytes, read again by pdf.js and by
// poppler's pdftotext, hold none of the marked text (not in the text, the form field, the metadata,
// the image's pixels) while the neighbouring words stay; search sees the redacted text only; the
// original stays downloadable by the team (audit-logged); bad input is 422, others' ids 404.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client, createToken, envelope, upload, uniqueTeam } from './support/api';
import { ok } from './support/docs';
import { TEXT_WAIT_TEST_MS, textDone } from './support/text';
import { enter, makeLink, slugOf, Visitor } from './support/viewer';
import { loadPdfjs, pdfjsDataOptions } from '../server/media/pdfjs';
import { pageWords } from '../server/media/page-text';

type Api = ReturnType<typeof client>;
let api: Api;
let other: Api;
let reader: Api;
let token: string;

beforeAll(async () => {
  const team = uniqueTeam('redact');
  const [a, b, c] = await Promise.all([
    createToken({ team, scopes: 'apis.all' }),
    createToken({ team: uniqueTeam('redact-other'), scopes: 'apis.all' }),
    createToken({ team, scopes: 'documents.read' }),
  ]);
  token = a.token;
  api = client(a.token);
  other = client(b.token);
  reader = client(c.token);
});

/** An image holding a word (a scan's), to be boxed out. */
function wordImage(): Buffer {
  const c = createCanvas(600, 120);
  const g = c.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, 600, 120);
  g.fillStyle = '#000000';
  g.font = 'bold 72px sans-serif';
  g.fillText('FALCON', 40, 90);
  return c.toBuffer('image/png');
}

// Page 1 (612 x 792): the term in Helvetica and in Times, once split over two text runs, an email
// and a card number beside ordinary words. Page 2: an image with the word in its pixels and a form
// field holding the term. Page 3: nothing to redact.
async function memoPdf(): Promise<Buffer> {
  const d = await PDFDocument.create();
  d.setTitle('Falcon acquisition memo');
  d.setKeywords(['Falcon', 'deal']);
  const helv = await d.embedFont(StandardFonts.Helvetica);
  const times = await d.embedFont(StandardFonts.TimesRoman);
  const p1 = d.addPage([612, 792]);
  p1.drawText('Alpha Falcon Omega', { x: 72, y: 700, size: 14, font: helv });
  p1.drawText('Beta falcon Gamma', { x: 72, y: 660, size: 14, font: times });
  const head = 'Delta Fal';
  p1.drawText(head, { x: 72, y: 620, size: 14, font: helv });
  p1.drawText('con Epsilon', { x: 72 + helv.widthOfTextAtSize(head, 14), y: 620, size: 14, font: helv });
  p1.drawText('Write to jane.doe@acme.com today', { x: 72, y: 580, size: 12, font: helv });
  p1.drawText('Card 4111 1111 1111 1111 expires', { x: 72, y: 550, size: 12, font: helv });
  const p2 = d.addPage([612, 792]);
  p2.drawText('Zeta above the picture', { x: 72, y: 720, size: 12, font: helv });
  p2.drawImage(await d.embedPng(wordImage()), { x: 72, y: 560, width: 300, height: 60 });
  const field = d.getForm().createTextField('codename');
  field.setText('Falcon plan');
  field.addToPage(p2, { x: 72, y: 400, width: 220, height: 24, font: helv });
  d.addPage([612, 792]).drawText('Nothing to hide here', { x: 72, y: 700, size: 12, font: helv });
  return Buffer.from(await d.save());
}

async function addPdf(a: Api, bytes: Buffer, name: string) {
  return ok(await a.post('/v1/documents', { upload_id: await upload(a, bytes, 'application/pdf', name), name }), 201);
}

async function settled(a: Api, id: string) {
  const until = Date.now() + 120_000;
  for (;;) {
    const r = ok(await a.get(`/v1/redactions/${id}`));
    if (r.status !== 'applying') return r;
    if (Date.now() > until) throw new Error('redaction still applying');
    await new Promise((res) => setTimeout(res, 250));
  }
}

async function download(t: string, docId: string, versionId: string) {
  const res = await fetch(`${baseUrl()}/v1/documents/${docId}/versions/${versionId}/download`, { headers: { Authorization: `Bearer ${t}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function readPdf(bytes: Buffer) {
  const pdfjs = await loadPdfjs();
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), ...pdfjsDataOptions(), verbosity: 0, disableFontFace: true, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const p = await doc.getPage(n);
    pages.push(pageWords((await p.getTextContent()).items, p.getViewport({ scale: 1 })).body);
  }
  return { doc, pages };
}

function pdftotext(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'redacted-')), 'file.pdf');
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

// The picture on page 2: x 72..372, y (from the top) 792-620 = 172 .. 232.
const IMAGE_BOX = { page: 2, x: 72 / 612, y: 172 / 792, width: 300 / 612, height: 60 / 792 };

describe('a redaction from draft to verified version', () => {
  let doc: any;
  let draft: any;
  let applied: any;
  // A visitor of a link made before the redaction, and the first page as they saw it then.
  let slug: string;
  const visitor = new Visitor();
  let pageBefore: Buffer;

  beforeAll(async () => {
    doc = await addPdf(api, await memoPdf(), 'Falcon memo.pdf');
    expect((await textDone(api, doc.id)).text_status).toBe('ready');
    slug = slugOf(await makeLink(api, { document_id: doc.id, allow_download: true }));
    await enter(visitor, slug);
    const page = await visitor.get(`/view/${slug}/pages/1?w=480`);
    expect(page.status).toBe(200);
    pageBefore = page.body;
  });

  it('drafts marks from terms (fonts, split runs, a form field), patterns and a box, each with the text it covers', async () => {
    const res = await api.post(`/v1/documents/${doc.id}/redactions`, { terms: ['FALCON'], patterns: ['email', 'card'], marks: [IMAGE_BOX], reason: 'Buyer room' });
    draft = ok(res, 201);
    expect(draft).toMatchObject({ object: 'redaction', document_id: doc.id, status: 'draft', reason: 'Buyer room', verification: null, error: null, applied_at: null, terms: ['FALCON'], patterns: ['email', 'card'] });
    const by = (source: string) => draft.marks.filter((m: any) => m.source === source);
    const terms = by('term').map((m: any) => `${m.page}:${m.text}`).sort();
    expect(terms).toEqual(['1:Falcon', '1:Falcon', '1:falcon', '2:Falcon plan']);
    expect(by('pattern').map((m: any) => m.text).sort()).toEqual(['4111 1111 1111 1111', 'jane.doe@acme.com']);
    expect(by('box')).toMatchObject([{ page: 2, text: '' }]);
    for (const m of draft.marks) {
      expect(m.id).toMatch(/^rm_/);
      expect(m.x + m.width).toBeLessThanOrEqual(1);
      expect(m.y + m.height).toBeLessThanOrEqual(1);
    }
    // The split word's mark covers both runs: from "Fal" (x 108.6 pt) past its end (128 pt) to the end of "con" (150.6 pt).
    const split = by('term').find((m: any) => m.page === 1 && Math.abs(m.y - (792 - 634) / 792) < 0.02);
    expect(split.x).toBeLessThan(109 / 612);
    expect(split.x + split.width).toBeGreaterThan(150 / 612);
    expect(ok(await api.get(`/v1/documents/${doc.id}/redactions`)).data.map((r: any) => r.id)).toContain(draft.id);
  });

  it('adds and drops marks while a draft; a box says which words it covers', async () => {
    const added = ok(await api.patch(`/v1/redactions/${draft.id}`, { marks: [{ page: 1, x: 70 / 612, y: 85 / 792, width: 40 / 612, height: 20 / 792 }] }));
    const box = added.marks.find((m: any) => m.source === 'box' && m.page === 1);
    expect(box.text).toBe('Alpha');
    expect(added.marks).toHaveLength(draft.marks.length + 1);
    const dropped = ok(await api.patch(`/v1/redactions/${draft.id}`, { remove_mark_ids: [box.id] }));
    expect(dropped.marks.map((m: any) => m.id).sort()).toEqual(draft.marks.map((m: any) => m.id).sort());
    envelope(await api.patch(`/v1/redactions/${draft.id}`, { remove_mark_ids: ['rm_nope'] }), 422, 'unprocessable_entity');
    envelope(await api.patch(`/v1/redactions/${draft.id}`, {}), 422, 'unprocessable_entity');
  });

  it('applies in the background (202), verified, as the new primary version', async () => {
    const res = await api.post(`/v1/redactions/${draft.id}/apply`);
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('applying');
    applied = await settled(api, draft.id);
    expect(applied).toMatchObject({ status: 'applied', error: null, verification: { pages_checked: 3, characters_under_marks: 0 } });
    expect(Date.parse(applied.verification.checked_at)).toBeGreaterThan(0);
    expect(applied.result_version_id).toBeTruthy();
    const versions = ok(await api.get(`/v1/documents/${doc.id}/versions`)).data;
    expect(versions[0]).toMatchObject({ id: applied.result_version_id, is_primary: true, version_number: 2, content_type: 'application/pdf', num_pages: 3 });
    envelope(await api.patch(`/v1/redactions/${draft.id}`, { terms: ['Omega'] }), 409, 'conflict');
    envelope(await api.post(`/v1/redactions/${draft.id}/apply`), 409, 'conflict');
    envelope(await api.del(`/v1/redactions/${draft.id}`), 409, 'conflict');
    // Links serve the primary version: the unredacted one can never become it again.
    expect(envelope(await api.patch(`/v1/documents/${doc.id}/versions/${draft.source_version_id}`, { is_primary: true }), 409, 'conflict').message).toMatch(/redacted/);
  });

  it('a link made before the redaction serves only the redacted version: its download, page images and find', async () => {
    const file = await visitor.get(`/view/${slug}/download`);
    expect(file.status).toBe(200);
    const text = pdftotext(file.body);
    expect(text).not.toMatch(/falcon|jane\.doe|4111/i);
    expect(text).toContain('Nothing to hide here');
    const page = await visitor.get(`/view/${slug}/pages/1?w=480`);
    expect(page.status).toBe(200);
    expect(page.body.equals(pageBefore), 'the page image is the redacted one').toBe(false);
    const find = async (q: string) => {
      const r = await visitor.get(`/view/${slug}/search?${new URLSearchParams({ q, page: 'all' })}`);
      expect(r.status).toBe(200);
      return JSON.parse(r.text()).pages.map((p: any) => p.page_number);
    };
    await textDone(api, doc.id);
    expect(await find('falcon')).toEqual([]);
    expect(await find('Omega')).toEqual([1]);
  }, TEXT_WAIT_TEST_MS); // the new version's text waits on the shared queue after its page is drawn

  it('the downloaded file holds none of the marked text, by pdf.js and by pdftotext; neighbours stay', async () => {
    const file = await download(token, doc.id, applied.result_version_id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('Falcon memo.pdf');
    const { doc: pdf, pages } = await readPdf(file.bytes);
    const all = pages.join('\n');
    for (const gone of [/falcon/i, /jane\.doe/, /4111/, /acme\.com/]) expect(all).not.toMatch(gone);
    for (const kept of ['Alpha', 'Omega', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Write to', 'today', 'Card', 'expires', 'Zeta above the picture', 'Nothing to hide here']) expect(all).toContain(kept);
    const poppler = pdftotext(file.bytes);
    expect(poppler).not.toMatch(/falcon|jane\.doe|4111/i);
    expect(poppler).toMatch(/Alpha\s+Omega/);
    expect(poppler).toContain('Nothing to hide here');

    // No hidden copy: no form, no annotations, no metadata naming it.
    const meta = await pdf.getMetadata();
    expect(JSON.stringify(meta.info)).not.toMatch(/falcon/i);
    expect(await pdf.getFieldObjects()).toBeFalsy();
    for (let n = 1; n <= pdf.numPages; n++) expect(await (await pdf.getPage(n)).getAnnotations()).toEqual([]);
    const lib = await PDFDocument.load(file.bytes);
    expect(lib.catalog.get(PDFName.of('AcroForm'))).toBeUndefined();
    expect(lib.catalog.get(PDFName.of('Outlines'))).toBeUndefined();
    expect(Buffer.from(file.bytes).toString('latin1')).not.toMatch(/falcon/i);

    // The picture's word is gone from its pixels: the boxed area is black.
    const page = await pdf.getPage(2);
    const vp = page.getViewport({ scale: 1 });
    const canvas = createCanvas(Math.round(vp.width), Math.round(vp.height));
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport: vp }).promise;
    const px = canvas.getContext('2d').getImageData(Math.round(IMAGE_BOX.x * vp.width) + 3, Math.round(IMAGE_BOX.y * vp.height) + 3, Math.round(IMAGE_BOX.width * vp.width) - 6, Math.round(IMAGE_BOX.height * vp.height) - 6).data;
    let max = 0;
    for (let i = 0; i < px.length; i += 4) max = Math.max(max, px[i]!, px[i + 1]!, px[i + 2]!);
    expect(max).toBeLessThan(40);
  });

  it('search finds the redacted text no more, and the words around it still', async () => {
    await textDone(api, doc.id);
    const hits = async (q: string) => ok(await api.get(`/v1/search?${new URLSearchParams({ q, document_id: doc.id })}`)).data.filter((h: any) => h.match === 'text');
    expect(await hits('falcon')).toEqual([]);
    expect(await hits('jane.doe@acme.com')).toEqual([]);
    const omega = await hits('Omega');
    expect(omega).toHaveLength(1);
    expect(omega[0]).toMatchObject({ version_id: applied.result_version_id, page_number: 1 });
  }, TEXT_WAIT_TEST_MS);

  it('the original stays downloadable by the team, each download in the audit log; events name the redaction', async () => {
    const original = await download(token, doc.id, draft.source_version_id);
    expect(original.status).toBe(200);
    expect(pdftotext(original.bytes)).toMatch(/Falcon/);
    const events = ok(await api.get(`/v1/events?${new URLSearchParams({ resource_id: draft.source_version_id })}`)).data;
    expect(events.map((e: any) => e.type)).toContain('document.version.downloaded');
    const types = ok(await api.get(`/v1/events?type=redaction.*`)).data.filter((e: any) => e.data.object.id === draft.id).map((e: any) => e.type);
    expect(types.sort()).toEqual(['redaction.applied', 'redaction.created']);
    // Another team cannot reach either; a token without documents.read cannot download.
    expect((await download((await createToken({ team: uniqueTeam('redact-x'), scopes: 'apis.all' })).token, doc.id, draft.source_version_id)).status).toBe(404);
  });
});

describe('bad input and other teams', () => {
  let doc: any;
  beforeAll(async () => {
    doc = await addPdf(api, await memoPdf(), 'Second memo.pdf');
    await textDone(api, doc.id);
  });

  it('answers 422 for a box past the page, a page that does not exist, an unknown pattern, an empty request', async () => {
    const post = (body: unknown) => api.post(`/v1/documents/${doc.id}/redactions`, body);
    expect(envelope(await post({ marks: [{ page: 1, x: 0.9, y: 0.1, width: 0.2, height: 0.1 }] }), 422, 'unprocessable_entity').message).toMatch(/right edge/);
    expect(envelope(await post({ marks: [{ page: 1, x: 0.1, y: 0.95, width: 0.2, height: 0.1 }] }), 422, 'unprocessable_entity').message).toMatch(/bottom/);
    expect(envelope(await post({ marks: [{ page: 9, x: 0.1, y: 0.1, width: 0.2, height: 0.1 }] }), 422, 'unprocessable_entity').message).toMatch(/3 pages/);
    envelope(await post({ marks: [{ page: 1, x: -0.1, y: 0.1, width: 0.2, height: 0.1 }] }), 422, 'unprocessable_entity');
    envelope(await post({ patterns: ['passport'] }), 422, 'unprocessable_entity');
    envelope(await post({ terms: ['   '] }), 422, 'unprocessable_entity');
    envelope(await post({}), 422, 'unprocessable_entity');
    envelope(await post({ terms: [], marks: [] }), 422, 'unprocessable_entity');
    envelope(await post({ terms: ['x'], extra: 1 }), 422, 'unprocessable_entity');
  });

  it('refuses a document that is not a PDF and has no converted PDF (422)', async () => {
    const link = ok(await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/terms', name: 'Terms' }), 201);
    expect(envelope(await api.post(`/v1/documents/${link.id}/redactions`, { terms: ['terms'] }), 422, 'unprocessable_entity').message).toMatch(/not a PDF/);
  });

  it('another team’s document and redaction are 404; a read-only token cannot draft (403)', async () => {
    envelope(await other.post(`/v1/documents/${doc.id}/redactions`, { terms: ['Falcon'] }), 404, 'not_found');
    const mine = ok(await api.post(`/v1/documents/${doc.id}/redactions`, { terms: ['Omega'] }), 201);
    envelope(await other.get(`/v1/redactions/${mine.id}`), 404, 'not_found');
    envelope(await other.patch(`/v1/redactions/${mine.id}`, { terms: ['x'] }), 404, 'not_found');
    envelope(await other.post(`/v1/redactions/${mine.id}/apply`), 404, 'not_found');
    envelope(await other.del(`/v1/redactions/${mine.id}`), 404, 'not_found');
    envelope(await reader.post(`/v1/documents/${doc.id}/redactions`, { terms: ['Omega'] }), 403, 'forbidden');
    expect(ok(await reader.get(`/v1/redactions/${mine.id}`)).id).toBe(mine.id);
    expect(ok(await api.del(`/v1/redactions/${mine.id}`))).toEqual({ id: mine.id, object: 'redaction', deleted: true });
    envelope(await api.get(`/v1/redactions/${mine.id}`), 404, 'not_found');
  });

  it('an encrypted PDF fails with the reason, and nothing is published', async () => {
    const d = await PDFDocument.load(await memoPdf());
    const hex = PDFHexString.of('00'.repeat(32));
    d.context.trailerInfo.Encrypt = d.context.obj({ Filter: 'Standard', V: 1, R: 2, O: hex, U: hex, P: -4 });
    const locked = await addPdf(api, Buffer.from(await d.save({ useObjectStreams: false })), 'Locked.pdf');
    await textDone(api, locked.id);
    const r = ok(await api.post(`/v1/documents/${locked.id}/redactions`, { marks: [{ page: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.05 }] }), 201);
    expect((await api.post(`/v1/redactions/${r.id}/apply`)).status).toBe(202);
    const done = await settled(api, r.id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/password|encrypted/i);
    expect(done.result_version_id).toBeNull();
    expect(ok(await api.get(`/v1/documents/${locked.id}/versions`)).data).toHaveLength(1);
  }, TEXT_WAIT_TEST_MS);
});
