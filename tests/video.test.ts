// Video documents over real HTTP (issue 22, DESIGN.md "Every file type viewable"): mp4, mov and
// webm accepted from their container's bytes (not their names), `ready` at once with their
// 10-second segments as pages; the viewer's range route (206, 416, Accept-Ranges) through every
// viewer check on every range (session, link live, agreement, access settings); watch time per
// segment through the page-time beacon, bounded by the video's duration, in the analytics.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, uniqueTeam, upload } from './support/api';
import { ok } from './support/docs';
import { enter, makeLink, openedAgo, refusalOf, slugOf, viewIdOf, Visitor } from './support/viewer';
import { signedInDashboard } from './support/dashboard';
import { onNextStart } from './support/server';

type Api = ReturnType<typeof client>;
let api: Api;

const WEBM = fs.readFileSync(path.join(__dirname, 'fixtures/countdown.webm'));

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** An ISO-BMFF file as muxers write it: ftyp, moov with its movie header (duration / timescale), mdat. */
function mp4(durationMs: number, brand = 'isom'): Buffer {
  const ftyp = box('ftyp', Buffer.from(brand, 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from(`${brand}iso2mp41`, 'latin1'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(durationMs, 16); // duration
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  const mdat = box('mdat', Buffer.alloc(20_000, 7));
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd)), mdat]);
}

async function videoDocument(bytes: Buffer, contentType: string, name: string) {
  const id = await upload(api, bytes, contentType, name);
  return ok(await api.post('/v1/documents', { upload_id: id, name }), 201);
}

beforeAll(async () => {
  api = client((await createToken({ team: uniqueTeam('video'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
});

describe('video intake', () => {
  it('mp4, mov and webm are stored ready, typed from their bytes, with their segments as pages', async () => {
    const a = await videoDocument(mp4(25_000), 'video/mp4', 'Demo.mp4');
    expect(a).toMatchObject({ type: 'video', content_type: 'video/mp4', preview_status: 'ready', preview_error: null, num_pages: 3 });
    const mov = await videoDocument(mp4(9_000, 'qt  '), 'video/quicktime', 'Clip.mov');
    expect(mov).toMatchObject({ type: 'video', content_type: 'video/quicktime', preview_status: 'ready', preview_error: null, num_pages: 1 });
    const w = await videoDocument(WEBM, 'video/webm', 'Countdown.webm');
    expect(w).toMatchObject({ type: 'video', content_type: 'video/webm', preview_status: 'ready', preview_error: null, num_pages: 2 });
    // The version states the length its segments come from; other files have none.
    const [mp4Version] = ok(await api.get(`/v1/documents/${a.id}/versions`)).data;
    expect(mp4Version).toMatchObject({ num_pages: 3, duration_ms: 25_000 });
    const [webmVersion] = ok(await api.get(`/v1/documents/${w.id}/versions`)).data;
    expect(webmVersion.duration_ms).toBeGreaterThan(10_000);
    expect(webmVersion.duration_ms).toBeLessThanOrEqual(20_000);
    // The bytes decide within the family: a WebM named and declared mp4 is stored as WebM.
    const named = await videoDocument(WEBM, 'video/mp4', 'Mislabelled.mp4');
    expect(named.content_type).toBe('video/webm');
  });

  it('a file that only claims to be a video is refused with a clear reason', async () => {
    const id = await upload(api, Buffer.from('this is not a movie at all, only text'), 'video/mp4', 'fake.mp4');
    const e = envelope(await api.post('/v1/documents', { upload_id: id }), 422, 'unprocessable_entity');
    expect(JSON.stringify(e)).toMatch(/video\/mp4|accepted/);
    const pdfAsVideo = await upload(api, Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'video/webm', 'deck.webm');
    envelope(await api.post('/v1/documents', { upload_id: pdfAsVideo }), 422, 'unprocessable_entity');
  });
});

describe('the range route', () => {
  let doc: any;
  beforeAll(async () => {
    doc = await videoDocument(WEBM, 'video/webm', 'Stream.webm');
  });

  it('answers 206 with Content-Range, 200 for the whole file, 416 past the end; private, no-store, inline', async () => {
    const slug = slugOf(await makeLink(api, { document_id: doc.id }));
    const v = new Visitor();
    const page = (await enter(v, slug)).text();
    expect(page).toContain('data-testid="video-viewer"');
    expect(page).toContain(`/view/${slug}/video`);

    const part = await v.get(`/view/${slug}/video`, { Range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${WEBM.length}`);
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(part.headers.get('content-type')).toBe('video/webm');
    expect(part.headers.get('cache-control')).toBe('private, no-store');
    expect(part.headers.get('x-content-type-options')).toBe('nosniff');
    expect(part.body.equals(WEBM.subarray(0, 100))).toBe(true);

    const tail = await v.get(`/view/${slug}/video`, { Range: 'bytes=-500' });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${WEBM.length - 500}-${WEBM.length - 1}/${WEBM.length}`);
    expect(tail.body.equals(WEBM.subarray(WEBM.length - 500))).toBe(true);

    const open = await v.get(`/view/${slug}/video`, { Range: 'bytes=1000-' });
    expect(open.status).toBe(206);
    expect(open.body.equals(WEBM.subarray(1000))).toBe(true);

    // A suffix longer than the file is the whole file (RFC 9110 §14.1.1).
    for (const n of [WEBM.length, WEBM.length + 1, 10 * WEBM.length]) {
      const all = await v.get(`/view/${slug}/video`, { Range: `bytes=-${n}` });
      expect(all.status, `bytes=-${n}`).toBe(206);
      expect(all.headers.get('content-range')).toBe(`bytes 0-${WEBM.length - 1}/${WEBM.length}`);
      expect(all.body.equals(WEBM)).toBe(true);
    }
    expect((await v.get(`/view/${slug}/video`, { Range: 'bytes=-0' })).status).toBe(416);
    for (const r of [part, tail, open]) expect(r.headers.get('content-range')).toMatch(new RegExp(`^bytes \\d+-\\d+/${WEBM.length}$`));

    const whole = await v.get(`/view/${slug}/video`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.body.equals(WEBM)).toBe(true);

    const past = await v.get(`/view/${slug}/video`, { Range: `bytes=${WEBM.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${WEBM.length}`);
    // Not a video: no stream.
    const pdfDoc = ok(await api.post('/v1/documents', { upload_id: await upload(api, Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF'), 'application/pdf', 'x.pdf') }), 201);
    const pdfSlug = slugOf(await makeLink(api, { document_id: pdfDoc.id }));
    await enter(v, pdfSlug);
    expect((await v.get(`/view/${pdfSlug}/video`, { Range: 'bytes=0-9' })).status).toBe(404);
  });

  it('is refused without a session, and to a top-level visit when downloads are off', async () => {
    const slug = slugOf(await makeLink(api, { document_id: doc.id }));
    expect((await new Visitor().get(`/view/${slug}/video`, { Range: 'bytes=0-99' })).status).toBe(403);
    const v = new Visitor();
    await enter(v, slug);
    expect((await v.get(`/view/${slug}/video`, { Range: 'bytes=0-99', 'Sec-Fetch-Dest': 'video' })).status).toBe(206);
    expect((await v.get(`/view/${slug}/video`, { 'Sec-Fetch-Dest': 'document' })).status).toBe(403);
    const dl = slugOf(await makeLink(api, { document_id: doc.id, allow_download: true }));
    await enter(v, dl);
    expect((await v.get(`/view/${dl}/video`, { 'Sec-Fetch-Dest': 'document' })).status).toBe(200);
  });

  it('checks every range again: a link deleted, expired or given a password mid-stream stops the stream', async () => {
    const v = new Visitor();
    const deleted = await makeLink(api, { document_id: doc.id });
    await enter(v, slugOf(deleted));
    expect((await v.get(`/view/${slugOf(deleted)}/video`, { Range: 'bytes=0-999' })).status).toBe(206);
    ok(await api.del(`/v1/links/${deleted.id}`));
    expect((await v.get(`/view/${slugOf(deleted)}/video`, { Range: 'bytes=1000-1999' })).status).toBe(404);

    const expiring = await makeLink(api, { document_id: doc.id, expires_at: new Date(Date.now() + 60_000).toISOString() });
    await enter(v, slugOf(expiring));
    expect((await v.get(`/view/${slugOf(expiring)}/video`, { Range: 'bytes=0-999' })).status).toBe(206);
    // Far enough ahead that a slow PATCH (three files on two cores) still sets a future time.
    const expiresAt = Date.now() + 3000;
    ok(await api.patch(`/v1/links/${expiring.id}`, { expires_at: new Date(expiresAt).toISOString() }));
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt - Date.now()) + 300));
    expect((await v.get(`/view/${slugOf(expiring)}/video`, { Range: 'bytes=1000-1999' })).status).toBe(410);

    const locked = await makeLink(api, { document_id: doc.id });
    await enter(v, slugOf(locked));
    expect((await v.get(`/view/${slugOf(locked)}/video`, { Range: 'bytes=0-999' })).status).toBe(206);
    ok(await api.patch(`/v1/links/${locked.id}`, { password: 'new-secret-1' }));
    expect((await v.get(`/view/${slugOf(locked)}/video`, { Range: 'bytes=1000-1999' })).status).toBe(403);
  });

  it('is refused until the session has accepted the link’s agreement', async () => {
    const nda = ok(await api.post('/v1/agreements', { name: 'Video NDA', content_type: 'text', text: 'Keep it to yourself.', require_name: false }), 201);
    const slug = slugOf(await makeLink(api, { document_id: doc.id, email_protected: true, agreement_id: nda.id }));
    const v = new Visitor();
    await v.gate(slug, { step: 'email', email: 'watcher@video.example' });
    expect((await v.open(slug)).text()).toContain('data-testid="gate-agreement"');
    expect((await v.get(`/view/${slug}/video`, { Range: 'bytes=0-99' })).status).toBe(403);
    expect(refusalOf((await v.gate(slug, { step: 'agreement', agree: 'on' })).location)).toBeNull();
    expect((await v.get(`/view/${slug}/video`, { Range: 'bytes=0-99' })).status).toBe(206);
  });
});

/** A signed-in team member's video (Owner.webm) and the path of its file route. */
async function ownersVideo(who: string, team: string) {
  const dash = await signedInDashboard(who, team);
  const own = client((await dash.call().tokens.create({ name: who, scopes: ['apis.all'] })).token);
  const doc = ok(await own.post('/v1/documents', { upload_id: await upload(own, WEBM, 'video/webm', 'Owner.webm'), name: 'Owner.webm' }), 201);
  const [version] = ok(await own.get(`/v1/documents/${doc.id}/versions`)).data;
  return { dash, file: `/api/documents/${doc.id}/versions/${version.id}/file` };
}

describe("the owner's file route (the dashboard's video preview)", () => {
  it('answers ranges as the viewer does (206, 416, Accept-Ranges), only to the team, as an attachment', async () => {
    const { dash, file } = await ownersVideo('video-owner', 'Video owner');

    const part = await dash.get(file, { Range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${WEBM.length}`);
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(part.headers.get('content-type')).toBe('video/webm');
    expect(part.headers.get('content-disposition')).toMatch(/^attachment; filename="Owner.webm"/);
    expect(part.headers.get('cache-control')).toBe('private, no-store');
    expect(part.headers.get('x-content-type-options')).toBe('nosniff');
    expect(part.body.equals(WEBM.subarray(100, 200))).toBe(true);

    const tail = await dash.get(file, { Range: 'bytes=-300' });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(WEBM.subarray(WEBM.length - 300))).toBe(true);
    const all = await dash.get(file, { Range: `bytes=-${WEBM.length + 5}` });
    expect(all.status).toBe(206);
    expect(all.body.equals(WEBM)).toBe(true);
    const open = await dash.get(file, { Range: 'bytes=4000-' });
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe(`bytes 4000-${WEBM.length - 1}/${WEBM.length}`);
    expect(open.body.equals(WEBM.subarray(4000))).toBe(true);

    const whole = await dash.get(file);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.body.equals(WEBM)).toBe(true);

    const past = await dash.get(file, { Range: `bytes=${WEBM.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${WEBM.length}`);
    expect(past.body.length).toBe(0);

    // Only the team: a visitor without a session, and another team's member, get nothing.
    const refused = async (r: Promise<{ status: number; text(): string }>) => {
      const a = await r;
      return [a.status, JSON.parse(a.text()).error.code];
    };
    expect(await refused(new Visitor().get(file, { Range: 'bytes=0-9' }))).toEqual([401, 'unauthorized']);
    const other = await signedInDashboard('video-stranger', 'Strangers');
    expect(await refused(other.get(file, { Range: 'bytes=0-9' }))).toEqual([404, 'not_found']);
  });
});

// Every ranged answer carries its Content-Length (server/storage/ranges.ts). Under `npm start`
// node:http answers both ranged routes, so it arrives; bare `next start` (Vercel) serves them from
// route handlers, and Next drops Content-Length from a route handler's streamed answer
// (FORBIDDEN_HEADERS in next/dist/server/send-response.js): there the answer goes out chunked,
// so these checks skip (docs/decisions.md, "Ranges").
describe.skipIf(onNextStart)('ranged answers carry their length (npm start)', () => {
  const lengthOf = (r: { headers: Headers }) => ({ length: r.headers.get('content-length'), chunked: r.headers.get('transfer-encoding') });

  it('the viewer’s stream: 206 with Content-Length, 200 and 416 too, HEAD with GET’s headers', async () => {
    const doc = await videoDocument(WEBM, 'video/webm', 'Length.webm');
    const slug = slugOf(await makeLink(api, { document_id: doc.id }));
    const v = new Visitor();
    await enter(v, slug);
    const part = await v.get(`/view/${slug}/video`, { Range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(lengthOf(part)).toEqual({ length: '100', chunked: null });
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${WEBM.length}`);
    expect(part.body.length).toBe(100);
    // Past the 1 MB an answer is held for: streamed, with the length all the same.
    const big = await videoDocument(Buffer.concat([WEBM, Buffer.alloc(2 * 1024 * 1024 - WEBM.length, 7)]), 'video/webm', 'Big.webm');
    const bigSlug = slugOf(await makeLink(api, { document_id: big.id }));
    await enter(v, bigSlug);
    const open = await v.get(`/view/${bigSlug}/video`, { Range: 'bytes=0-' });
    expect(open.status).toBe(206);
    expect(lengthOf(open)).toEqual({ length: String(2 * 1024 * 1024), chunked: null });
    expect(open.body.length).toBe(2 * 1024 * 1024);
    const whole = await v.get(`/view/${slug}/video`);
    expect(whole.status).toBe(200);
    expect(lengthOf(whole)).toEqual({ length: String(WEBM.length), chunked: null });
    const past = await v.get(`/view/${slug}/video`, { Range: `bytes=${WEBM.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-length')).toBe('0');
    const head = await v.request('HEAD', `/view/${slug}/video`, { headers: { Range: 'bytes=0-99' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-length')).toBe('100');
    expect(head.headers.get('content-range')).toBe(`bytes 0-99/${WEBM.length}`);
    expect(head.body.length).toBe(0);
    // What Next adds to every answer is there too; a refusal is still the viewer's.
    expect(part.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(part.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect((await new Visitor().get(`/view/${slug}/video`, { Range: 'bytes=0-99' })).status).toBe(403);
    const inRoom = await v.get(`/view/${slug}/d/nosuchitem/video`, { Range: 'bytes=0-99' });
    expect(inRoom.status).toBe(404);
  });

  it('the owner’s file route: 206 with Content-Length, only to the team', async () => {
    const { dash, file } = await ownersVideo('video-length', 'Lengths');
    const part = await dash.get(file, { Range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(lengthOf(part)).toEqual({ length: '100', chunked: null });
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${WEBM.length}`);
    expect(part.headers.get('content-disposition')).toMatch(/^attachment; filename="Owner.webm"/);
    expect(part.body.equals(WEBM.subarray(0, 100))).toBe(true);
    const head = await new Visitor().request('HEAD', file, { headers: { Range: 'bytes=0-99' } });
    expect(head.status).toBe(401);
    const other = await signedInDashboard('video-length-stranger', 'Elsewhere');
    const theirs = await other.get(file, { Range: 'bytes=0-99' });
    expect([theirs.status, JSON.parse(theirs.text()).error.code]).toEqual([404, 'not_found']);
  });
});

describe('watch time per 10-second segment', () => {
  it('records segments through the beacon, refuses segments past the end, and shows them in the analytics', async () => {
    const doc = await videoDocument(mp4(25_000), 'video/mp4', 'Pitch.mp4');
    const link = await makeLink(api, { document_id: doc.id });
    const slug = slugOf(link);
    const v = new Visitor();
    const viewId = viewIdOf((await enter(v, slug)).text())!;
    expect(viewId).toBeTruthy();
    await openedAgo(viewId, 60_000);
    const sent = await v.events(slug, viewId, [
      { id: 'seg-evt-0001', page: 1, duration_ms: 10_000 },
      { id: 'seg-evt-0002', page: 2, duration_ms: 8_000 },
      { id: 'seg-evt-0003', page: 3, duration_ms: 4_000 },
      // 25 s is three segments: a fourth is refused, an absurd duration is clamped.
      { id: 'seg-evt-0004', page: 4, duration_ms: 9_000 },
      { id: 'seg-evt-0005', page: 2, duration_ms: 3_600_000 },
    ]);
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.text())).toEqual({ recorded: 4 });
    const a = ok(await api.get(`/v1/analytics/documents/${doc.id}`));
    expect(a.total_views).toBe(1);
    expect(a.avg_page_duration_seconds).toEqual([
      { page_number: 1, avg_duration_seconds: 10 },
      { page_number: 2, avg_duration_seconds: 23 },
      { page_number: 3, avg_duration_seconds: 4 },
    ]);
    expect(ok(await api.get(`/v1/analytics/views/${viewId}`)).pages.map((p: any) => p.page_number)).toEqual([1, 2, 3]);
  });

  it('a webm without a duration header: the server reads its length from the clusters, and a visitor’s claim is never stored', async () => {
    // A WebM as a browser's MediaRecorder writes it: no Duration in its Info.
    const bare = Buffer.from(WEBM);
    const at = bare.indexOf(Buffer.from([0x44, 0x89, 0x88]));
    bare[at] = 0xec; // Duration -> Void
    const doc = await videoDocument(bare, 'video/webm', 'Recorded.webm');
    // Its last block ends at 14.194 s: two 10-second segments.
    expect(doc.num_pages).toBe(2);
    expect(ok(await api.get(`/v1/documents/${doc.id}/versions`)).data[0]).toMatchObject({ num_pages: 2, duration_ms: 14_194 });
    const slug = slugOf(await makeLink(api, { document_id: doc.id }));
    const v = new Visitor();
    const viewId = viewIdOf((await enter(v, slug)).text())!;
    await openedAgo(viewId, 60_000);
    const post = (body: unknown) => v.request('POST', `/view/${slug}/events`, { body: JSON.stringify(body), headers: { 'Content-Type': 'text/plain' } });
    // A visitor claiming 12 hours moves nothing: segment 9 is past the end.
    expect(JSON.parse((await post({ view_id: viewId, media_duration_ms: 12 * 3600 * 1000, events: [{ id: 'rec-evt-0003', page: 9, duration_ms: 4000 }] })).text())).toEqual({ recorded: 0 });
    expect(JSON.parse((await post({ view_id: viewId, media_duration_ms: 12 * 3600 * 1000, events: [{ id: 'rec-evt-0002', page: 2, duration_ms: 4000 }] })).text())).toEqual({ recorded: 1 });
    expect(ok(await api.get(`/v1/documents/${doc.id}`)).num_pages).toBe(2);
    expect(ok(await api.get(`/v1/documents/${doc.id}/versions`)).data[0]).toMatchObject({ num_pages: 2, duration_ms: 14_194 });
    expect(ok(await api.get(`/v1/analytics/documents/${doc.id}`)).avg_page_duration_seconds).toEqual([{ page_number: 2, avg_duration_seconds: 4 }]);
  });

  it('a video whose file says nothing of its length stays one segment whatever a visitor reports', async () => {
    // No Duration and no frames at all: cut before the first cluster.
    const bare = Buffer.from(WEBM);
    bare[bare.indexOf(Buffer.from([0x44, 0x89, 0x88]))] = 0xec;
    const headerOnly = bare.subarray(0, bare.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75])));
    const doc = await videoDocument(Buffer.from(headerOnly), 'video/webm', 'Header only.webm');
    expect(ok(await api.get(`/v1/documents/${doc.id}/versions`)).data[0]).toMatchObject({ num_pages: 1, duration_ms: null });
    const slug = slugOf(await makeLink(api, { document_id: doc.id }));
    const v = new Visitor();
    const viewId = viewIdOf((await enter(v, slug)).text())!;
    await openedAgo(viewId, 60_000);
    const post = (body: unknown) => v.request('POST', `/view/${slug}/events`, { body: JSON.stringify(body), headers: { 'Content-Type': 'text/plain' } });
    expect(JSON.parse((await post({ view_id: viewId, media_duration_ms: 14_000, events: [{ id: 'hdr-evt-0001', page: 2, duration_ms: 4000 }] })).text())).toEqual({ recorded: 0 });
    expect(JSON.parse((await post({ view_id: viewId, media_duration_ms: 14_000, events: [{ id: 'hdr-evt-0002', page: 1, duration_ms: 4000 }] })).text())).toEqual({ recorded: 1 });
    expect(ok(await api.get(`/v1/documents/${doc.id}/versions`)).data[0]).toMatchObject({ num_pages: 1, duration_ms: null });
  });
});
