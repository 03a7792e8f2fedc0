// Visitor uploads with approval over real HTTP (DESIGN.md "Room power tools"): a folder takes
// uploads only when it accepts them and the visitor's group may upload there; the file passes the
// same checks as /v1's uploads; a pending upload is seen by its uploader and the team and by no
// other visitor (not in the tree, search or zip); approving makes it a room document in that
// folder (converted and searchable like any other), rejecting shows and mails the reason; each
// visitor's daily count and bytes hold; /v1 lists, reads and decides with scopes, envelopes and
// team scoping; events for each step.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, client, createToken, envelope, uniqueTeam } from './support/api';
import { ok } from './support/docs';
import { verifiedVisitor } from './support/questions';
import { awaitLog, logSize, makeLink, pdfDocument, pdfWithText, slugOf, Visitor } from './support/viewer';
import { panel, put, send, submit, uploadRoom, uploadUrl, type Answer } from './support/visitor-uploads';
import { roomsDashboard, signedInDashboard } from './support/dashboard';

type Api = ReturnType<typeof client>;
let api: Api;
let teamSlug: string;
let room: Awaited<ReturnType<typeof uploadRoom>>;
let ada: Visitor;
let grace: Visitor;

const ADA = 'ada.uploads@bid.example';
const OWNER = 'owner.uploads@team.example';
const GRACE = 'grace.uploads@bid.example';
const env = (a: Answer, status: number, code: string) => envelope({ ...a, headers: new Headers() }, status, code);
const pdf = (label: string) => pdfWithText(2, label);
/** The names of the room documents a viewer page lists (its tiles; not the upload panel). */
// A room document's name as the room page draws it, after its index number when the room numbers items.
const listed = (html: string) =>
  [...html.matchAll(/data-testid="room-document"[\s\S]*?text-zinc-900">(?:<span[^>]*data-testid="index-number"[^>]*>[^<]*<\/span>\s*(?:<!-- -->)?)?([^<]+)</g)].map((m) => m[1]);
const eventsOf = async (id: string) => ok(await api.get(`/v1/events?resource_id=${id}`)).data.map((e: any) => e.type);

beforeAll(async () => {
  teamSlug = uniqueTeam('vup');
  api = client((await createToken({ team: teamSlug, scopes: 'apis.all' })).token);
  // The team's admin hears of uploads on links a token made (no user owns them).
  await admin(['team', 'add-member', teamSlug, OWNER, '--role', 'admin']);
  room = await uploadRoom(api, [ADA, GRACE, 'bob.uploads@bid.example', 'cy.uploads@bid.example', 'lin.uploads@bid.example']);
  [ada, grace] = await Promise.all([verifiedVisitor(room.slug, ADA), verifiedVisitor(room.slug, GRACE)]);
});

describe('settings', () => {
  it('folders take accepts_uploads (default false, PATCHable); permissions take can_upload (folders only)', async () => {
    expect(room.inbox.accepts_uploads).toBe(true);
    expect(room.closed.accepts_uploads).toBe(false);
    const patched = ok(await api.patch(`/v1/datarooms/${room.room.id}/folders/${room.closed.id}`, { accepts_uploads: true }));
    expect(patched.accepts_uploads).toBe(true);
    ok(await api.patch(`/v1/datarooms/${room.room.id}/folders/${room.closed.id}`, { accepts_uploads: false }));
    envelope(await api.patch(`/v1/datarooms/${room.room.id}/folders/${room.closed.id}`, { accepts_uploads: 'yes' }), 422, 'unprocessable_entity');
    const perms = ok(await api.get(`/v1/datarooms/${room.room.id}/groups/${room.group.id}/permissions`)).data;
    expect(perms.find((p: any) => p.item_id === room.inbox.id)).toMatchObject({ can_view: true, can_upload: true });
    const doc = await pdfDocument(api, 1, 'Teaser.pdf');
    const placed = ok(await api.post(`/v1/datarooms/${room.room.id}/documents`, { document_id: doc.id, folder_id: room.inbox.id }), 201);
    expect(ok(await api.get(`/v1/datarooms/${room.room.id}/groups/${room.group.id}/permissions`)).data.find((p: any) => p.item_id === placed.id).can_upload).toBe(false);
    const e = envelope(
      await api.put(`/v1/datarooms/${room.room.id}/groups/${room.group.id}/permissions`, { permissions: [{ item_id: placed.id, can_upload: true }] }),
      422,
      'unprocessable_entity',
    );
    expect(e.message).toContain('folders');
  });

  it('the panel lists only folders that accept uploads and that the group may upload to; a general link has none', async () => {
    const p = (await panel(ada, room.slug)).body;
    expect(p).toMatchObject({ enabled: true, verified: true, email: ADA, files_per_day: 6, bytes_per_day: 3 * 1024 * 1024, max_file_bytes: 2 * 1024 * 1024 });
    expect(p.folders.map((f: any) => f.name)).toEqual(['Inbox']);
    const w = await verifiedVisitor(room.generalSlug, 'walk.in@elsewhere.example').catch(async () => {
      const v = new Visitor();
      await v.open(room.generalSlug);
      return v;
    });
    expect((await panel(w, room.generalSlug)).body).toMatchObject({ enabled: false, folders: [] });
    env(await send(w, room.generalSlug, room.inbox.id, await pdf('General'), 'application/pdf', 'General.pdf'), 403, 'forbidden');
  });
});

describe('uploading', () => {
  let pending: any;

  it('a verified visitor uploads into the folder: pending, seen by them and the team, the team notified, an event', async () => {
    const since = logSize();
    const r = await send(ada, room.slug, room.inbox.id, await pdf('Marigold'), 'application/pdf', 'Marigold offer.pdf');
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'Marigold offer.pdf', folder_id: room.inbox.id, status: 'pending', reason: null, content_type: 'application/pdf' });
    pending = ok(await api.get(`/v1/visitor-uploads/${r.body.id}`));
    expect(Object.keys(pending).sort()).toEqual(
      ['content_type', 'created', 'dataroom_id', 'decided_at', 'document_id', 'folder_id', 'id', 'name', 'object', 'reason', 'size', 'status', 'uploaded_by'].sort(),
    );
    expect(pending).toMatchObject({ object: 'visitor_upload', dataroom_id: room.room.id, status: 'pending', document_id: null, decided_at: null, uploaded_by: { email: ADA } });
    expect(pending.size).toBeGreaterThan(100);
    const mine = (await panel(ada, room.slug)).body.mine;
    expect(mine.map((u: any) => u.id)).toContain(r.body.id);
    expect(await eventsOf(r.body.id)).toEqual(['dataroom.upload.created']);
    expect((await awaitLog('visitor upload notification', OWNER, since)).join('\n')).toContain(r.body.id);
  });

  it('another visitor never sees a pending upload: not in their panel, the room page, search or the zip', async () => {
    const theirs = (await panel(grace, room.slug)).body;
    expect(theirs.mine).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain('Marigold');
    // The folder's page lists what the group sees there (the teaser: the check can fail), and not the upload.
    const page = await grace.open(room.slug, `?folder=${room.inbox.id}`);
    expect(page.status).toBe(200);
    expect(listed(page.text())).toEqual(['Teaser.pdf']);
    expect(page.text()).not.toContain('Marigold');
    const hits = await grace.get(`/view/${room.slug}/search?q=Marigold`);
    expect(hits.status).toBe(200);
    expect(JSON.parse(hits.text()).data).toEqual([]);
    const zip = await grace.get(`/view/${room.slug}/zip`);
    expect(zip.status).toBe(200);
    expect(zip.body.includes(Buffer.from('Marigold'))).toBe(false);
    // Nor does the uploader see it as a room document yet.
    expect(listed((await ada.open(room.slug, `?folder=${room.inbox.id}`)).text())).toEqual(['Teaser.pdf']);
    // Nor the room's documents on /v1.
    expect(JSON.stringify(ok(await api.get(`/v1/datarooms/${room.room.id}/documents`)))).not.toContain('Marigold');
  });

  it('the API’s checks: types, sizes, bytes that are not what they claim, folders that take no uploads', async () => {
    const u = (body: Record<string, unknown>) => uploadUrl(ada, room.slug, { folder_id: room.inbox.id, file_name: 'x.pdf', content_type: 'application/pdf', size: 10, ...body });
    expect((await u({ content_type: 'application/x-msdownload', file_name: 'setup.exe' })).status).toBe(422);
    const big = env(await u({ size: 2 * 1024 * 1024 + 1 }), 422, 'unprocessable_entity');
    expect(big.message).toContain('size');
    env(await u({ folder_id: room.closed.id }), 404, 'not_found');
    env(await u({ folder_id: 'nope' }), 404, 'not_found');
    env(await u({ extra: 1 }), 422, 'unprocessable_entity');
    // A text file sent as a PDF: the library's intake reads the bytes and refuses it.
    const lie = await send(ada, room.slug, room.inbox.id, Buffer.from('just some words, not a PDF at all\n'), 'application/pdf', 'fake.pdf');
    expect(env(lie, 422, 'unprocessable_entity').message).toMatch(/upload_id/);
    // More bytes than declared are refused by the PUT itself.
    const t = (await u({ size: 5 })).body;
    const over = await fetch(t.upload_url, { method: 'PUT', headers: t.required_headers, body: new Uint8Array(await pdf('Long')) });
    expect(over.status).toBe(413);
  });

  it('an upload_id is the visitor’s own and is used once; cross-site and sessionless posts are refused', async () => {
    const bytes = await pdf('Once');
    const t = (await uploadUrl(ada, room.slug, { folder_id: room.inbox.id, file_name: 'Once.pdf', content_type: 'application/pdf', size: bytes.length })).body;
    await put(t, bytes);
    env(await submit(grace, room.slug, { upload_id: t.upload_id, folder_id: room.inbox.id }), 404, 'not_found');
    // Nor can the team turn a visitor's upload_id into a document of its own.
    envelope(await api.post('/v1/documents', { upload_id: t.upload_id }), 404, 'not_found');
    env(await submit(ada, room.slug, { upload_id: t.upload_id, folder_id: room.inbox.id }, { Origin: 'https://evil.example' }), 403, 'forbidden');
    expect((await submit(ada, room.slug, { upload_id: t.upload_id, folder_id: room.inbox.id })).status).toBe(201);
    env(await submit(ada, room.slug, { upload_id: t.upload_id, folder_id: room.inbox.id }), 409, 'conflict');
    env(await panel(new Visitor(), room.slug), 403, 'forbidden');
  });

  it('a visitor whose email was not proven is asked to verify first', async () => {
    const loose = await makeLink(api, { dataroom_id: room.room.id, audience_type: 'group', group_id: room.group.id, email_authenticated: false });
    const v = new Visitor();
    await v.gate(slugOf(loose), { step: 'email', email: 'lin.uploads@bid.example' });
    expect((await v.open(slugOf(loose))).status).toBe(200);
    expect((await panel(v, slugOf(loose))).body).toMatchObject({ enabled: true, verified: false, mine: [] });
    const e = env(await send(v, slugOf(loose), room.inbox.id, await pdf('Lin'), 'application/pdf', 'Lin.pdf'), 403, 'forbidden');
    expect(e.details).toEqual({ verification_required: true });
  });

  it('a frozen room takes no uploads', async () => {
    ok(await api.patch(`/v1/datarooms/${room.room.id}`, { is_frozen: true }));
    try {
      expect((await panel(ada, room.slug)).body.folders).toEqual([]);
      env(await send(ada, room.slug, room.inbox.id, await pdf('Frozen'), 'application/pdf', 'Frozen.pdf'), 404, 'not_found');
    } finally {
      ok(await api.patch(`/v1/datarooms/${room.room.id}`, { is_frozen: false }));
    }
  });
});

describe('daily limits per visitor', () => {
  it('a visitor sends at most VISITOR_UPLOADS_PER_DAY files in 24 hours (429 with when to come back)', async () => {
    const bob = await verifiedVisitor(room.slug, 'bob.uploads@bid.example');
    for (let i = 1; i <= 6; i++) expect((await send(bob, room.slug, room.inbox.id, Buffer.from(`note ${i}\n`), 'text/plain', `note-${i}.txt`)).status).toBe(201);
    const e = env(await send(bob, room.slug, room.inbox.id, Buffer.from('one more\n'), 'text/plain', 'note-7.txt'), 429, 'rate_limit_exceeded');
    expect(e.details).toMatchObject({ files_per_day: 6, files_used: 6 });
    expect(e.details.retry_after_seconds).toBeGreaterThan(0);
    expect((await panel(bob, room.slug)).body).toMatchObject({ files_left: 0 });
    // Another visitor of the same group is not held back by bob's count.
    expect((await send(grace, room.slug, room.inbox.id, Buffer.from('mine\n'), 'text/plain', 'grace.txt')).status).toBe(201);
  });

  it('and at most VISITOR_UPLOAD_BYTES_PER_DAY bytes', async () => {
    const cy = await verifiedVisitor(room.slug, 'cy.uploads@bid.example');
    const chunk = (n: number) => Buffer.alloc(n, 'a');
    expect((await send(cy, room.slug, room.inbox.id, chunk(1_800_000), 'text/plain', 'big-1.txt')).status).toBe(201);
    const e = env(await send(cy, room.slug, room.inbox.id, chunk(1_500_000), 'text/plain', 'big-2.txt'), 429, 'rate_limit_exceeded');
    expect(e.details).toMatchObject({ bytes_per_day: 3 * 1024 * 1024, bytes_used: 1_800_000 });
    expect((await send(cy, room.slug, room.inbox.id, chunk(1000), 'text/plain', 'small.txt')).status).toBe(201);
  });
});

describe('deciding', () => {
  it('approve (empty body): a room document in that folder, converted and searchable; the uploader told; other visitors see it', async () => {
    const r = (await send(ada, room.slug, room.inbox.id, await pdf('Saffron'), 'application/pdf', 'Saffron terms.pdf')).body;
    const since = logSize();
    const approved = ok(await api.post(`/v1/visitor-uploads/${r.id}/approve`));
    expect(approved).toMatchObject({ id: r.id, status: 'approved', reason: null });
    expect(approved.document_id).toBeTruthy();
    expect(approved.decided_at).toBeTruthy();
    const docs = ok(await api.get(`/v1/datarooms/${room.room.id}/documents?folder_id=${room.inbox.id}`)).data;
    expect(docs.find((d: any) => d.document_id === approved.document_id)).toMatchObject({ document_name: 'Saffron terms.pdf', folder_id: room.inbox.id });
    expect(ok(await api.get(`/v1/documents/${approved.document_id}`))).toMatchObject({ name: 'Saffron terms.pdf', type: 'pdf', num_pages: 2 });
    expect(await eventsOf(r.id)).toEqual(['dataroom.upload.approved', 'dataroom.upload.created']);
    expect(await eventsOf(approved.document_id)).toContain('document.created');
    expect((await awaitLog('upload approved', ADA, since)).join('\n')).toContain(r.id);
    expect(listed((await grace.open(room.slug, `?folder=${room.inbox.id}`)).text())).toContain('Saffron terms.pdf');
    // Searchable like any other document once its text is read (in the background).
    const deadline = Date.now() + 30_000;
    let found: any[] = [];
    while (Date.now() < deadline) {
      const hits = JSON.parse((await grace.get(`/view/${room.slug}/search?q=Saffron`)).text());
      found = hits.data;
      if (found.length) break;
      await new Promise((s) => setTimeout(s, 300));
    }
    expect(found.length).toBeGreaterThan(0);
    envelope(await api.post(`/v1/visitor-uploads/${r.id}/approve`), 409, 'conflict');
    envelope(await api.post(`/v1/visitor-uploads/${r.id}/reject`, { reason: 'late' }), 409, 'conflict');
  });

  it('approve may rename; a folder deleted since is a 409', async () => {
    const a = (await send(ada, room.slug, room.inbox.id, await pdf('Rename'), 'application/pdf', 'scan0001.pdf')).body;
    expect(ok(await api.post(`/v1/visitor-uploads/${a.id}/approve`, { name: 'Signed NDA.pdf' })).document_id).toBeTruthy();
    const doc = ok(await api.get(`/v1/visitor-uploads/${a.id}`)).document_id;
    expect(ok(await api.get(`/v1/documents/${doc}`)).name).toBe('Signed NDA.pdf');
    const temp = ok(await api.post(`/v1/datarooms/${room.room.id}/folders`, { name: 'Temp', accepts_uploads: true }), 201);
    ok(await api.put(`/v1/datarooms/${room.room.id}/groups/${room.group.id}/permissions`, { permissions: [{ item_id: temp.id, can_view: true, can_upload: true }] }));
    const b = (await send(ada, room.slug, temp.id, await pdf('Temp'), 'application/pdf', 'temp.pdf')).body;
    ok(await api.del(`/v1/datarooms/${room.room.id}/folders/${temp.id}`));
    envelope(await api.post(`/v1/visitor-uploads/${b.id}/approve`), 409, 'conflict');
    expect(ok(await api.get(`/v1/visitor-uploads/${b.id}`))).toMatchObject({ status: 'pending', folder_id: null });
  });

  it('reject takes a reason the uploader sees and is mailed; the file is never shown to anyone else', async () => {
    const r = (await send(ada, room.slug, room.inbox.id, await pdf('Quince'), 'application/pdf', 'Quince.pdf')).body;
    // reason is required: an empty body is not JSON to read it from.
    envelope(await api.post(`/v1/visitor-uploads/${r.id}/reject`), 400, 'bad_request');
    envelope(await api.post(`/v1/visitor-uploads/${r.id}/reject`, {}), 422, 'unprocessable_entity');
    envelope(await api.post(`/v1/visitor-uploads/${r.id}/reject`, { reason: '  ' }), 422, 'unprocessable_entity');
    envelope(await api.post(`/v1/visitor-uploads/${r.id}/reject`, { reason: 'x', extra: 1 }), 422, 'unprocessable_entity');
    const since = logSize();
    const rejected = ok(await api.post(`/v1/visitor-uploads/${r.id}/reject`, { reason: 'Please send the signed copy.' }));
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Please send the signed copy.', document_id: null });
    const mine = (await panel(ada, room.slug)).body.mine.find((u: any) => u.id === r.id);
    expect(mine).toMatchObject({ status: 'rejected', reason: 'Please send the signed copy.' });
    expect(await awaitLog('upload rejected', ADA, since)).toHaveLength(1);
    expect(JSON.stringify((await panel(grace, room.slug)).body)).not.toContain('Quince');
    expect(await eventsOf(r.id)).toEqual(['dataroom.upload.rejected', 'dataroom.upload.created']);
    envelope(await api.post(`/v1/visitor-uploads/${r.id}/approve`), 409, 'conflict');
  });
});

describe('the API', () => {
  it('lists newest first with a status filter and a cursor; refuses bad queries', async () => {
    const all = ok(await api.get(`/v1/datarooms/${room.room.id}/visitor-uploads?limit=100`));
    expect(all.next_cursor).toBeNull();
    const created = all.data.map((u: any) => u.created);
    expect([...created].sort().reverse()).toEqual(created);
    for (const status of ['pending', 'approved', 'rejected']) {
      const some = ok(await api.get(`/v1/datarooms/${room.room.id}/visitor-uploads?status=${status}&limit=100`)).data;
      expect(some.length).toBeGreaterThan(0);
      expect(some.every((u: any) => u.status === status)).toBe(true);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const p: any = ok(await api.get(`/v1/datarooms/${room.room.id}/visitor-uploads?limit=2${cursor ? `&cursor=${cursor}` : ''}`));
      seen.push(...p.data.map((u: any) => u.id));
      cursor = p.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.data.map((u: any) => u.id));
    envelope(await api.get(`/v1/datarooms/${room.room.id}/visitor-uploads?status=maybe`), 422, 'unprocessable_entity');
    envelope(await api.get(`/v1/datarooms/${room.room.id}/visitor-uploads?colour=red`), 422, 'unprocessable_entity');
    // The room's pid works as its id.
    expect(ok(await api.get(`/v1/datarooms/${room.room.pid}/visitor-uploads?limit=100`)).data.length).toBe(all.data.length);
  });

  it('the OpenAPI document: approve’s body is optional (empty POST allowed), reject’s is not', async () => {
    const doc = ok(await client(null).get('/v1/openapi.json'));
    expect(doc.paths['/visitor-uploads/{id}/approve'].post.requestBody.required).toBe(false);
    expect(doc.paths['/visitor-uploads/{id}/reject'].post.requestBody.required).toBe(true);
    expect(doc.paths['/datarooms/{id}/visitor-uploads'].get['x-required-scope']).toBe('datarooms.read');
    expect(doc.paths['/visitor-uploads/{id}/approve'].post['x-required-scope']).toBe('datarooms.write');
  });

  it('scopes: datarooms.read lists and reads, datarooms.write decides; another team gets 404', async () => {
    const pendingId = ok(await api.get(`/v1/datarooms/${room.room.id}/visitor-uploads?status=pending&limit=1`)).data[0].id;
    const reader = client((await createToken({ team: teamSlug, scopes: 'datarooms.read' })).token);
    expect(ok(await reader.get(`/v1/visitor-uploads/${pendingId}`)).status).toBe('pending');
    ok(await reader.get(`/v1/datarooms/${room.room.id}/visitor-uploads`));
    envelope(await reader.post(`/v1/visitor-uploads/${pendingId}/approve`), 403, 'forbidden');
    envelope(await reader.post(`/v1/visitor-uploads/${pendingId}/reject`, { reason: 'no' }), 403, 'forbidden');
    const writer = client((await createToken({ team: teamSlug, scopes: 'datarooms.write' })).token);
    envelope(await writer.get(`/v1/visitor-uploads/${pendingId}`), 403, 'forbidden');
    const outsider = client((await createToken({ team: uniqueTeam('vupx'), scopes: 'apis.all' })).token);
    envelope(await outsider.get(`/v1/visitor-uploads/${pendingId}`), 404, 'not_found');
    envelope(await outsider.post(`/v1/visitor-uploads/${pendingId}/approve`), 404, 'not_found');
    envelope(await outsider.post(`/v1/visitor-uploads/${pendingId}/reject`, { reason: 'no' }), 404, 'not_found');
    envelope(await outsider.get(`/v1/datarooms/${room.room.id}/visitor-uploads`), 404, 'not_found');
  });
});

describe('the dashboard’s copy of a pending upload', () => {
  it('is the uploaded bytes as an attachment that never renders, by range, to the team only; gone once rejected', async () => {
    const { dash, api: own } = await roomsDashboard('vup-owner', 'Uploads owner');
    const EVE = 'eve.uploads@bid.example';
    const r = await uploadRoom(own, [EVE]);
    const eve = await verifiedVisitor(r.slug, EVE);
    const bytes = await pdf('Tamarind');
    const up = (await send(eve, r.slug, r.inbox.id, bytes, 'application/pdf', 'Tamarind.pdf')).body;
    const file = `/api/visitor-uploads/${up.id}/file`;

    const whole = await dash.get(file);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('content-disposition')).toMatch(/^attachment; filename="Tamarind.pdf"/);
    expect(whole.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('cache-control')).toBe('private, no-store');
    expect(whole.body.equals(bytes)).toBe(true);
    const part = await dash.get(file, { Range: 'bytes=0-4' });
    expect(part.status).toBe(206);
    expect(part.body.toString('latin1')).toBe('%PDF-');

    // Another team's member gets the API's 404; nobody signed in, 401.
    const outsider = await signedInDashboard('vup-outsider', 'Outsiders');
    const foreign = await outsider.get(file);
    envelope({ status: foreign.status, headers: foreign.headers, body: JSON.parse(foreign.text()) }, 404, 'not_found');
    const anonymous = await new Visitor().get(file);
    envelope({ status: anonymous.status, headers: anonymous.headers, body: JSON.parse(anonymous.text()) }, 401, 'unauthorized');

    ok(await own.post(`/v1/visitor-uploads/${up.id}/reject`, { reason: 'Wrong file.' }));
    expect((await dash.get(file)).status).toBe(404);
  });
});
