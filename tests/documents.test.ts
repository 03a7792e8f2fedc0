// Documents over real HTTP (spec 2.2, 4.1; DESIGN "API decisions"): the three-step upload,
// source_url intake (bytes decide the type; no private addresses), link and notion documents,
// exactly one source, strict bodies, list/cursor, search, rename/move and delete.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, upload, uniqueTeam } from './support/api';
import { DOCUMENT_KEYS, ISO, fixture, ok, pdfBytes, tripwire, walk } from './support/docs';

type Api = ReturnType<typeof client>;
let api: Api;
let pagingApi: Api;
let searchApi: Api;
let wire: Awaited<ReturnType<typeof tripwire>>;

beforeAll(async () => {
  const [a, b, c] = await Promise.all([
    createToken({ team: uniqueTeam('docs'), scopes: 'documents.read,documents.write' }),
    createToken({ team: uniqueTeam('docs-paging'), scopes: 'documents.read,documents.write' }),
    createToken({ team: uniqueTeam('docs-search'), scopes: 'documents.read,documents.write' }),
  ]);
  api = client(a.token);
  pagingApi = client(b.token);
  searchApi = client(c.token);
  wire = await tripwire();
});

afterAll(async () => {
  await wire?.close();
});

const link = (a: Api, name: string, extra: Record<string, unknown> = {}) =>
  a.post('/v1/documents', { type: 'link', external_url: `https://example.com/${encodeURIComponent(name)}`, name, ...extra });

async function uploadUrl(a: Api, body: Record<string, unknown>) {
  return ok(await a.post('/v1/documents/upload-url', body), 201);
}

describe('three-step upload', () => {
  it('upload-url, PUT, create: a PDF takes its page count from the bytes and its name from file_name', async () => {
    const bytes = await pdfBytes(3);
    const u = await uploadUrl(api, { content_type: 'application/pdf', file_name: 'Board deck.pdf', size: bytes.length });
    expect(Object.keys(u).sort()).toEqual(['expires_at', 'required_headers', 'upload_id', 'upload_url']);
    expect(u.expires_at).toMatch(ISO);
    const ttl = Date.parse(u.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    expect(u.required_headers['Content-Type']).toBe('application/pdf');

    const put = await fetch(u.upload_url, { method: 'PUT', headers: u.required_headers, body: new Uint8Array(bytes) });
    expect(put.status).toBe(200);

    const r = await api.post('/v1/documents', { upload_id: u.upload_id });
    const d = ok(r, 201);
    expect(Object.keys(d).sort()).toEqual(DOCUMENT_KEYS);
    expect(d).toMatchObject({
      object: 'document',
      name: 'Board deck.pdf',
      type: 'pdf',
      content_type: 'application/pdf',
      num_pages: 3,
      folder_id: null,
      url: null,
    });
    expect(d.created).toMatch(ISO);
    expect(d.updated_at).toMatch(ISO);
    // Nothing internal leaks: no storage key, upload id, team id or hash.
    const text = JSON.stringify(d);
    expect(text).not.toContain(u.upload_id);
    expect(text).not.toMatch(/files\/|storage|hash|team/i);

    const got = ok(await api.get(`/v1/documents/${d.id}`));
    expect(got).toEqual(d);
  });

  it('an explicit name wins over file_name', async () => {
    const id = await upload(api, await pdfBytes(1), 'application/pdf', 'raw-name.pdf');
    const d = ok(await api.post('/v1/documents', { upload_id: id, name: 'Chosen name' }), 201);
    expect(d.name).toBe('Chosen name');
    expect(d.num_pages).toBe(1);
  });

  it('an upload_id makes one document only: the second create is 409', async () => {
    const id = await upload(api, await pdfBytes(1), 'application/pdf', 'once.pdf');
    ok(await api.post('/v1/documents', { upload_id: id }), 201);
    envelope(await api.post('/v1/documents', { upload_id: id }), 409, 'conflict');
  });

  it('concurrent creates from one upload_id: exactly one wins', async () => {
    const id = await upload(api, await pdfBytes(1), 'application/pdf', 'race.pdf');
    const rs = await Promise.all(Array.from({ length: 5 }, () => api.post('/v1/documents', { upload_id: id })));
    expect(rs.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of rs.filter((r) => r.status !== 201)) envelope(r, 409, 'conflict');
  });

  it('the upload URL accepts bytes once: a second PUT is 409', async () => {
    const bytes = await pdfBytes(1);
    const u = await uploadUrl(api, { content_type: 'application/pdf', size: bytes.length });
    expect((await fetch(u.upload_url, { method: 'PUT', headers: u.required_headers, body: new Uint8Array(bytes) })).status).toBe(200);
    const again = await fetch(u.upload_url, { method: 'PUT', headers: u.required_headers, body: new Uint8Array(bytes) });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('conflict');
  });

  it('a tampered or expired signature is 403', async () => {
    const bytes = await pdfBytes(1);
    const u = await uploadUrl(api, { content_type: 'application/pdf', size: bytes.length });
    const url = new URL(u.upload_url);
    const sig = url.searchParams.get('sig')!;
    const variants: URL[] = [];
    const flipped = new URL(url);
    flipped.searchParams.set('sig', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    variants.push(flipped);
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    variants.push(later);
    const past = new URL(url);
    past.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 60));
    variants.push(past);
    const noSig = new URL(url);
    noSig.searchParams.delete('sig');
    variants.push(noSig);
    const otherId = new URL(url);
    otherId.pathname = otherId.pathname.replace(/[^/]+$/, 'someotherupload');
    variants.push(otherId);
    for (const v of variants) {
      const r = await fetch(v, { method: 'PUT', headers: u.required_headers, body: new Uint8Array(bytes) });
      expect(r.status, v.toString()).toBe(403);
      expect((await r.json()).error.code).toBe('forbidden');
    }
    // The genuine URL still works after the refused attempts.
    expect((await fetch(u.upload_url, { method: 'PUT', headers: u.required_headers, body: new Uint8Array(bytes) })).status).toBe(200);
  });

  it('a PUT with another Content-Type than declared is 422, and the URL stays usable', async () => {
    const bytes = await pdfBytes(1);
    const u = await uploadUrl(api, { content_type: 'application/pdf', size: bytes.length });
    const r = await fetch(u.upload_url, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: new Uint8Array(bytes) });
    expect(r.status).toBe(422);
    expect((await r.json()).error.code).toBe('unprocessable_entity');
    expect((await fetch(u.upload_url, { method: 'PUT', headers: u.required_headers, body: new Uint8Array(bytes) })).status).toBe(200);
  });

  it('a PUT over the declared size is 413, and nothing is stored', async () => {
    const u = await uploadUrl(api, { content_type: 'text/plain', file_name: 'small.txt', size: 10 });
    const r = await fetch(u.upload_url, { method: 'PUT', headers: u.required_headers, body: 'x'.repeat(100) });
    expect(r.status).toBe(413);
    expect((await r.json()).error.code).toBe('payload_too_large');
    envelope(await api.post('/v1/documents', { upload_id: u.upload_id }), 422, 'unprocessable_entity');
  });

  it('without a declared size the upload cap applies; a refused PUT leaves the URL usable', async () => {
    const u = await uploadUrl(api, { content_type: 'application/pdf', file_name: 'capped.pdf' });
    const tooBig = new Uint8Array(2 * 1024 * 1024 + 1);
    const r = await fetch(u.upload_url, { method: 'PUT', headers: u.required_headers, body: tooBig });
    expect(r.status).toBe(413);
    expect((await r.json()).error.code).toBe('payload_too_large');
    const empty = await fetch(u.upload_url, { method: 'PUT', headers: u.required_headers });
    expect(empty.status).toBe(422);
    const bytes = await pdfBytes(2);
    expect((await fetch(u.upload_url, { method: 'PUT', headers: u.required_headers, body: new Uint8Array(bytes) })).status).toBe(200);
    expect(ok(await api.post('/v1/documents', { upload_id: u.upload_id }), 201)).toMatchObject({ name: 'capped.pdf', num_pages: 2 });
  });

  it('concurrent PUTs to one upload URL: exactly one is stored', async () => {
    const bytes = await pdfBytes(1);
    const u = await uploadUrl(api, { content_type: 'application/pdf', size: bytes.length });
    const rs = await Promise.all(
      Array.from({ length: 6 }, () => fetch(u.upload_url, { method: 'PUT', headers: u.required_headers, body: new Uint8Array(bytes) })),
    );
    expect(rs.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it('the upload URL answers only PUT', async () => {
    const u = await uploadUrl(api, { content_type: 'application/pdf' });
    for (const method of ['GET', 'POST', 'DELETE', 'PATCH']) {
      const r = await fetch(u.upload_url, { method });
      expect(r.status, method).toBe(404);
    }
  });

  it('a declared size over the upload cap is refused at upload-url', async () => {
    const e = envelope(
      await api.post('/v1/documents/upload-url', { content_type: 'application/pdf', size: 3 * 1024 * 1024 }),
      422,
      'unprocessable_entity',
    );
    expect(e.details.fieldErrors.size).toBeTruthy();
  });

  it('create with an upload_id before any bytes were PUT is 422 naming upload_id', async () => {
    const u = await uploadUrl(api, { content_type: 'application/pdf' });
    const e = envelope(await api.post('/v1/documents', { upload_id: u.upload_id }), 422, 'unprocessable_entity');
    expect(Object.keys(e.details.fieldErrors)).toEqual(['upload_id']);
  });

  it('an unknown upload_id is 404', async () => {
    envelope(await api.post('/v1/documents', { upload_id: 'no-such-upload' }), 404, 'not_found');
  });

  it('bytes that are not what was declared are 422', async () => {
    const id = await upload(api, Buffer.from('not a pdf, just words'), 'application/pdf', 'fake.pdf');
    envelope(await api.post('/v1/documents', { upload_id: id }), 422, 'unprocessable_entity');
  });
});

describe('accepted content types', () => {
  it('upload-url refuses types outside the list with 422 naming content_type', async () => {
    for (const ct of ['text/html', 'image/svg+xml', 'application/x-msdownload', 'application/octet-stream', 'application/javascript', 'nonsense']) {
      const e = envelope(await api.post('/v1/documents/upload-url', { content_type: ct }), 422, 'unprocessable_entity');
      expect(Object.keys(e.details.fieldErrors), ct).toEqual(['content_type']);
    }
    // octet-stream is only a .bak
    envelope(
      await api.post('/v1/documents/upload-url', { content_type: 'application/octet-stream', file_name: 'x.bin' }),
      422,
      'unprocessable_entity',
    );
  });

  it('accepts tif/tiff, ecw, bak, eml, text/plain and the Office types', async () => {
    const cases: [string, string | undefined][] = [
      ['image/tiff', 'scan.tiff'],
      ['image/tif', 'scan.tif'],
      ['image/x-ecw', 'map.ecw'],
      ['application/octet-stream', 'db.bak'],
      ['message/rfc822', 'mail.eml'],
      ['text/plain', 'notes.txt'],
      ['text/plain; charset=utf-8', 'notes.log'],
      ['text/csv', 'table.csv'],
      ['text/markdown', 'readme.md'],
      ['application/msword', 'old.doc'],
      ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'new.docx'],
      ['application/vnd.ms-excel', 'old.xls'],
      ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'new.xlsx'],
      ['application/vnd.ms-powerpoint', 'old.ppt'],
      ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'new.pptx'],
    ];
    for (const [ct, fileName] of cases) {
      const r = await api.post('/v1/documents/upload-url', { content_type: ct, file_name: fileName });
      expect(r.status, `${ct} ${JSON.stringify(r.body)}`).toBe(201);
    }
  });

  it('round trips: text, eml, bak, ecw and tiff become documents of their kind', async () => {
    const tiff = Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]), Buffer.alloc(64)]);
    const cases: [Buffer, string, string, string, string][] = [
      [Buffer.from('plain text notes\n'), 'text/plain', 'notes.txt', 'text', 'text/plain'],
      [Buffer.from('From: a@example.com\r\nTo: b@example.com\r\nSubject: hi\r\n\r\nbody\r\n'), 'message/rfc822', 'mail.eml', 'email', 'message/rfc822'],
      [Buffer.from([0x54, 0x41, 0x50, 0x45, 0x00, 0x01, 0x02, 0x03]), 'application/octet-stream', 'nightly.bak', 'other', 'application/x-bak'],
      [Buffer.from([0x65, 0x02, 0x01, 0x02, 0x00, 0x00]), 'image/x-ecw', 'map.ecw', 'cad', 'image/x-ecw'],
      [tiff, 'image/tiff', 'scan.tif', 'image', 'image/tiff'],
    ];
    for (const [bytes, ct, fileName, type, stored] of cases) {
      const id = await upload(api, bytes, ct, fileName);
      const r = await api.post('/v1/documents', { upload_id: id });
      expect(r.status, `${fileName} ${JSON.stringify(r.body)}`).toBe(201);
      expect(r.body, fileName).toMatchObject({ name: fileName, type, content_type: stored, num_pages: 1 });
    }
  });
});

/** A PNG whose header declares `width` × `height` (its one row of data does not fill it: never decoded at upload). */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1 + width))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image documents', () => {
  it('refuses images over 40 megapixels (declared in the header) with 422 naming the size; 36 Mpx is taken', async () => {
    for (const [w, h] of [[50_000, 50_000], [20_000, 20_000], [7_000, 7_000]]) {
      const id = await upload(api, pngDeclaring(w, h), 'image/png', 'huge.png');
      const e = envelope(await api.post('/v1/documents', { upload_id: id }), 422, 'unprocessable_entity');
      expect(e.message).toBe(`upload_id: the image is ${w} × ${h} pixels; images over 40 megapixels are refused (scale it down first)`);
      expect(e.details.fieldErrors).toHaveProperty('upload_id');
    }
    const id = await upload(api, pngDeclaring(6_000, 6_000), 'image/png', 'big.png');
    expect(ok(await api.post('/v1/documents', { upload_id: id }), 201)).toMatchObject({ type: 'image', content_type: 'image/png' });
  });
});

describe('source_url', () => {
  it('fetches the file; the type comes from the bytes, not the remote header', async () => {
    const d = ok(await api.post('/v1/documents', { source_url: fixture('/deck.pdf') }), 201);
    expect(Object.keys(d).sort()).toEqual(DOCUMENT_KEYS);
    expect(d).toMatchObject({ name: 'deck.pdf', type: 'pdf', content_type: 'application/pdf', num_pages: 3, url: null });

    const m = ok(await api.post('/v1/documents', { source_url: fixture('/mislabelled.pdf'), name: 'Mislabelled' }), 201);
    expect(m).toMatchObject({ name: 'Mislabelled', type: 'pdf', content_type: 'application/pdf', num_pages: 2 });

    const t = ok(await api.post('/v1/documents', { source_url: fixture('/notes.txt') }), 201);
    expect(t).toMatchObject({ type: 'text', content_type: 'text/plain' });
  });

  it('refuses http:// with 422 naming source_url', async () => {
    const e = envelope(await api.post('/v1/documents', { source_url: 'http://example.com/deck.pdf' }), 422, 'unprocessable_entity');
    expect(Object.keys(e.details.fieldErrors)).toEqual(['source_url']);
  });

  it('refuses private, loopback and link-local https addresses without contacting them', async () => {
    for (const url of [
      `https://127.0.0.1:${wire.port}/deck.pdf`,
      `https://localhost:${wire.port}/deck.pdf`,
      `https://[::1]:${wire.port}/deck.pdf`,
      `https://[::ffff:127.0.0.1]:${wire.port}/deck.pdf`,
      `https://0.0.0.0:${wire.port}/deck.pdf`,
      `https://2130706433:${wire.port}/deck.pdf`,
      'https://10.0.0.1/deck.pdf',
      'https://192.168.1.1/deck.pdf',
      'https://169.254.169.254/latest/meta-data/',
      'https://user:pass@example.com/deck.pdf',
    ]) {
      const e = envelope(await api.post('/v1/documents', { source_url: url }), 422, 'unprocessable_entity');
      expect(Object.keys(e.details.fieldErrors), url).toEqual(['source_url']);
    }
    expect(wire.connections()).toBe(0);
  });

  it('refuses a redirect to a loopback https target, without following it', async () => {
    const target = `https://127.0.0.1:${wire.port}/deck.pdf`;
    const e = envelope(
      await api.post('/v1/documents', { source_url: fixture(`/redirect-to/${encodeURIComponent(target)}`) }),
      422,
      'unprocessable_entity',
    );
    expect(Object.keys(e.details.fieldErrors)).toEqual(['source_url']);
    const e2 = envelope(
      await api.post('/v1/documents', { source_url: fixture(`/redirect-to/${encodeURIComponent(`https://localhost:${wire.port}/x.pdf`)}`) }),
      422,
      'unprocessable_entity',
    );
    expect(Object.keys(e2.details.fieldErrors)).toEqual(['source_url']);
    expect(wire.connections()).toBe(0);
  });

  it('follows a redirect that stays allowed', async () => {
    const d = ok(await api.post('/v1/documents', { source_url: fixture(`/redirect-to/${encodeURIComponent(fixture('/deck.pdf'))}`) }), 201);
    expect(d).toMatchObject({ type: 'pdf', num_pages: 3 });
  });

  it('refuses a fake PDF, an HTML page, a file over the cap and a 404', async () => {
    for (const [p, msg] of [
      ['/fake.pdf', /pdf/i],
      ['/page.html', /./],
      ['/big.pdf', /larger|too large|limit/i],
      ['/missing.pdf', /404/],
    ] as const) {
      const e = envelope(await api.post('/v1/documents', { source_url: fixture(p) }), 422, 'unprocessable_entity');
      expect(Object.keys(e.details.fieldErrors), p).toEqual(['source_url']);
      expect(e.message, p).toMatch(msg);
    }
  });
});

describe('link and notion documents', () => {
  it('a link document keeps its https URL', async () => {
    const d = ok(await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/pricing?x=1' }), 201);
    expect(Object.keys(d).sort()).toEqual(DOCUMENT_KEYS);
    expect(d).toMatchObject({ type: 'link', url: 'https://example.com/pricing?x=1', name: 'example.com', num_pages: 1 });
  });

  it('a notion document must live on notion.so or notion.site', async () => {
    const d = ok(await api.post('/v1/documents', { type: 'notion', external_url: 'https://www.notion.so/acme/Plan-123', name: 'Plan' }), 201);
    expect(d).toMatchObject({ type: 'notion', url: 'https://www.notion.so/acme/Plan-123', name: 'Plan' });
    ok(await api.post('/v1/documents', { type: 'notion', external_url: 'https://acme.notion.site/Plan-1' }), 201);
    for (const url of ['https://notion.so.evil.com/x', 'https://evilnotion.so/x', 'https://example.com/notion.so', 'http://www.notion.so/x']) {
      const e = envelope(await api.post('/v1/documents', { type: 'notion', external_url: url }), 422, 'unprocessable_entity');
      expect(Object.keys(e.details.fieldErrors), url).toEqual(['external_url']);
    }
  });

  it('external_url must be https', async () => {
    for (const url of ['http://example.com/', 'javascript:alert(1)', 'ftp://example.com/x', 'not a url', 'https://user:pw@example.com/']) {
      const e = envelope(await api.post('/v1/documents', { type: 'link', external_url: url }), 422, 'unprocessable_entity');
      expect(Object.keys(e.details.fieldErrors), url).toEqual(['external_url']);
    }
  });
});

describe('exactly one source, strict keys', () => {
  it('refuses no source, two sources, and type/external_url alone', async () => {
    const uploadId = await upload(api, await pdfBytes(1), 'application/pdf', 'x.pdf');
    for (const body of [
      {},
      { name: 'Only a name' },
      { upload_id: uploadId, source_url: fixture('/deck.pdf') },
      { upload_id: uploadId, type: 'link', external_url: 'https://example.com/' },
      { source_url: fixture('/deck.pdf'), type: 'link', external_url: 'https://example.com/' },
      { type: 'link' },
      { external_url: 'https://example.com/' },
      { upload_id: uploadId, type: 'link' },
      { type: 'pdf', external_url: 'https://example.com/' },
      { type: 'other', upload_id: uploadId },
    ]) {
      envelope(await api.post('/v1/documents', body), 422, 'unprocessable_entity');
    }
    // The refused bodies consumed nothing.
    ok(await api.post('/v1/documents', { upload_id: uploadId }), 201);
  });

  it('a folder_path key is refused, named in details.formErrors[0]', async () => {
    const e = envelope(
      await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/', folder_path: '/reports' }),
      422,
      'unprocessable_entity',
    );
    expect(e.details.formErrors[0]).toContain('folder_path');
  });

  it('storage keys and team ids cannot be mass-assigned', async () => {
    for (const key of ['storage_key', 'team_id', 'id', 'created', 'num_pages', 'content_type']) {
      const e = envelope(
        await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/', [key]: 'x' }),
        422,
        'unprocessable_entity',
      );
      expect(e.details.formErrors[0], key).toContain(key);
    }
  });

  it('create into an unknown folder is 404', async () => {
    envelope(await link(api, 'nowhere', { folder_id: 'no-such-folder' }), 404, 'not_found');
  });
});

describe('list', () => {
  const created: any[] = [];
  let folderId: string;

  beforeAll(async () => {
    folderId = ok(await pagingApi.post('/v1/folders', { name: 'Paging' }), 201).id;
    // Concurrent batches, so several documents share a creation millisecond.
    for (let batch = 0; batch < 3; batch++) {
      const rs = await Promise.all(
        Array.from({ length: 10 }, (_, i) => link(pagingApi, `Doc ${batch * 10 + i}`, i % 3 === 0 ? { folder_id: folderId } : {})),
      );
      for (const r of rs) created.push(ok(r, 201));
    }
  });

  it('limit and cursor walk every document exactly once, newest first', async () => {
    const { items, pages } = await walk(pagingApi.get, '/v1/documents?limit=7');
    expect(pages).toBe(5);
    const ids = items.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(created.map((d) => d.id).sort());
    for (let i = 1; i < items.length; i++) {
      const a = items[i - 1];
      const b = items[i];
      expect(a.created > b.created || (a.created === b.created && a.id > b.id), `${a.id} before ${b.id}`).toBe(true);
    }
    for (const d of items) expect(Object.keys(d).sort()).toEqual(DOCUMENT_KEYS);
  });

  it('default limit is 25 and the last page has next_cursor null', async () => {
    const first = ok(await pagingApi.get('/v1/documents'));
    expect(first.data).toHaveLength(25);
    expect(typeof first.next_cursor).toBe('string');
    const second = ok(await pagingApi.get(`/v1/documents?cursor=${encodeURIComponent(first.next_cursor)}`));
    expect(second.data).toHaveLength(5);
    expect(second.next_cursor).toBeNull();
    const all = ok(await pagingApi.get('/v1/documents?limit=100'));
    expect(all.data).toHaveLength(30);
    expect(all.next_cursor).toBeNull();
  });

  it('a made-up cursor is 422', async () => {
    envelope(await pagingApi.get('/v1/documents?cursor=garbage'), 422, 'unprocessable_entity');
    envelope(await pagingApi.get(`/v1/documents?cursor=${Buffer.from('["x"]').toString('base64url')}`), 422, 'unprocessable_entity');
    // Well-formed, but instants no document can have (outside years 1-9999, or past Date's range).
    for (const ms of [8.64e15, -8.64e15, 253402300800000, -62135596800001, 1e300]) {
      const cursor = Buffer.from(JSON.stringify([ms, 'x'])).toString('base64url');
      envelope(await pagingApi.get(`/v1/documents?cursor=${cursor}`), 422, 'unprocessable_entity');
      envelope(await pagingApi.get(`/v1/documents/search?q=doc&cursor=${cursor}`), 422, 'unprocessable_entity');
    }
  });

  it('folderId filters by folder; root means no folder', async () => {
    const inFolder = created.filter((d) => d.folder_id === folderId).map((d) => d.id).sort();
    expect(inFolder.length).toBe(12);
    const f = await walk(pagingApi.get, `/v1/documents?folderId=${folderId}&limit=5`);
    expect(f.items.map((d) => d.id).sort()).toEqual(inFolder);
    const root = await walk(pagingApi.get, '/v1/documents?folderId=root&limit=5');
    expect(root.items.map((d) => d.id).sort()).toEqual(created.filter((d) => d.folder_id === null).map((d) => d.id).sort());
    envelope(await pagingApi.get('/v1/documents?folderId=no-such-folder'), 404, 'not_found');
  });

  it('query filters by name, case-insensitively', async () => {
    const r = ok(await pagingApi.get('/v1/documents?query=doc%201&limit=100'));
    const names = r.data.map((d: any) => d.name).sort();
    expect(names).toEqual(['Doc 1', 'Doc 10', 'Doc 11', 'Doc 12', 'Doc 13', 'Doc 14', 'Doc 15', 'Doc 16', 'Doc 17', 'Doc 18', 'Doc 19']);
    const combined = await walk(pagingApi.get, `/v1/documents?query=DOC%201&folderId=${folderId}&limit=2`);
    expect(combined.items.map((d) => d.name).sort()).toEqual(['Doc 10', 'Doc 13', 'Doc 16', 'Doc 19']);
  });
});

describe('search', () => {
  const byName: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['Quarterly REPORT', 'report-final', 'Unrelated', '100% done', '100 percent done', 'a_b', 'axb', 'back\\slash']) {
      byName[name] = ok(await link(searchApi, name), 201).id;
    }
  });

  it('q is required and non-empty', async () => {
    for (const p of ['/v1/documents/search', '/v1/documents/search?q=', '/v1/documents/search?limit=5']) {
      const e = envelope(await searchApi.get(p), 422, 'unprocessable_entity');
      expect(e.details.fieldErrors.q, p).toBeTruthy();
    }
  });

  it('matches a case-insensitive substring, most recent first', async () => {
    const r = ok(await searchApi.get('/v1/documents/search?q=rEpOrT'));
    expect(r.data.map((d: any) => d.name)).toEqual(['report-final', 'Quarterly REPORT']);
    expect(r.next_cursor).toBeNull();
    for (const d of r.data) expect(Object.keys(d).sort()).toEqual(DOCUMENT_KEYS);
  });

  it('pages with limit and cursor', async () => {
    const { items, pages } = await walk(searchApi.get, '/v1/documents/search?q=e&limit=2');
    expect(pages).toBeGreaterThan(1);
    const expected = Object.keys(byName).filter((n) => n.toLowerCase().includes('e'));
    expect(items.map((d) => d.name).sort()).toEqual(expected.sort());
  });

  it('takes LIKE wildcards literally', async () => {
    const names = async (q: string) => ok(await searchApi.get(`/v1/documents/search?q=${encodeURIComponent(q)}`)).data.map((d: any) => d.name);
    expect(await names('%')).toEqual(['100% done']);
    expect(await names('100%')).toEqual(['100% done']);
    expect(await names('_')).toEqual(['a_b']);
    expect(await names('a_b')).toEqual(['a_b']);
    expect(await names('\\')).toEqual(['back\\slash']);
    expect(await names('nothing-matches-this')).toEqual([]);
  });

  it('finds a renamed document by its new name only', async () => {
    const id = ok(await link(searchApi, 'Zebra memo'), 201).id;
    const found = async (q: string) => ok(await searchApi.get(`/v1/documents/search?q=${q}`)).data.map((d: any) => d.id);
    expect(await found('ZEBRA')).toEqual([id]);
    ok(await searchApi.patch(`/v1/documents/${id}`, { name: 'Okapi MEMO' }));
    expect(await found('zebra')).toEqual([]);
    expect(await found('okapi')).toEqual([id]);
    ok(await searchApi.del(`/v1/documents/${id}`));
  });
});

describe('update and delete', () => {
  it('PATCH renames, moves to a folder and back to the root with null', async () => {
    const folder = ok(await api.post('/v1/folders', { name: 'Patch target' }), 201);
    const d = ok(await link(api, 'Before'), 201);
    const renamed = ok(await api.patch(`/v1/documents/${d.id}`, { name: '  After  ' }));
    expect(renamed).toMatchObject({ id: d.id, name: 'After', folder_id: null, created: d.created });
    expect(renamed.updated_at >= d.updated_at).toBe(true);
    const moved = ok(await api.patch(`/v1/documents/${d.id}`, { folder_id: folder.id }));
    expect(moved).toMatchObject({ name: 'After', folder_id: folder.id });
    expect(ok(await api.get(`/v1/folders/${folder.id}`)).document_count).toBe(1);
    const both = ok(await api.patch(`/v1/documents/${d.id}`, { name: 'Both', folder_id: null }));
    expect(both).toMatchObject({ name: 'Both', folder_id: null });
    expect(ok(await api.get(`/v1/folders/${folder.id}`)).document_count).toBe(0);
    // An empty body changes nothing.
    expect(ok(await api.patch(`/v1/documents/${d.id}`, {}))).toMatchObject({ name: 'Both', folder_id: null });
  });

  it('PATCH refuses bad names, unknown folders and unknown keys', async () => {
    const d = ok(await link(api, 'Strict'), 201);
    for (const body of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(256) }, { name: 'bad\u0000name' }, { name: null }]) {
      envelope(await api.patch(`/v1/documents/${d.id}`, body), 422, 'unprocessable_entity');
    }
    envelope(await api.patch(`/v1/documents/${d.id}`, { folder_id: 'no-such-folder' }), 404, 'not_found');
    const e = envelope(await api.patch(`/v1/documents/${d.id}`, { type: 'pdf' }), 422, 'unprocessable_entity');
    expect(e.details.formErrors[0]).toContain('type');
    expect(ok(await api.get(`/v1/documents/${d.id}`)).name).toBe('Strict');
  });

  it('DELETE answers the deleted-object result, then 404 everywhere', async () => {
    const d = ok(await api.post('/v1/documents', { upload_id: await upload(api, await pdfBytes(2), 'application/pdf', 'gone.pdf') }), 201);
    const r = ok(await api.del(`/v1/documents/${d.id}`));
    expect(r).toEqual({ id: d.id, object: 'document', deleted: true });
    envelope(await api.get(`/v1/documents/${d.id}`), 404, 'not_found');
    envelope(await api.del(`/v1/documents/${d.id}`), 404, 'not_found');
    envelope(await api.patch(`/v1/documents/${d.id}`, { name: 'x' }), 404, 'not_found');
    envelope(await api.get(`/v1/documents/${d.id}/versions`), 404, 'not_found');
    const list = ok(await api.get('/v1/documents?limit=100'));
    expect(list.data.map((x: any) => x.id)).not.toContain(d.id);
  });
});
