// The defects of the hardening probe (issue 7), each over real HTTP: the server answers at
// once, in the envelope, and stays up for the next request.
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, client, createToken, envelope, uniqueTeam, upload } from './support/api';
import { signedInDashboard } from './support/dashboard';
import { fixture, ok, pdfBytes } from './support/docs';
import { hostOf, rawConnect, rawRequest, type RawResponse } from './support/raw-http';
import { onNextStart, ROOT, TSX } from './support/server';
import { spawnEnv } from './support/spawn-env';
import { withTestDb } from './support/test-db';
import { codeFor, fromLog, logSize, makeLink, pdfDocument, slugOf, Visitor } from './support/viewer';
import { loadPdfjs, pdfjsDataOptions } from '../server/media/pdfjs';

// Raw-socket checks are of scripts/serve.ts (npm start); on Vercel the platform's edge parses
// HTTP before the app sees it, so they skip when the suite runs against bare `next start`.
const serveOnly = { it: it.skipIf(onNextStart), describe: describe.skipIf(onNextStart) };

const run = promisify(execFile);
type Api = ReturnType<typeof client>;
let api: Api;
let token: string;

beforeAll(async () => {
  ({ token } = await createToken({ team: uniqueTeam('hard'), scopes: 'documents.read,documents.write' }));
  api = client(token);
});

/** The spec's envelope on a raw answer, with the rate-limit headers every /v1 answer carries. */
function rawEnvelope(r: RawResponse, status: number, code: string, o: { rateHeaders?: boolean } = {}) {
  expect(r.status, r.body).toBe(status);
  expect(r.json?.error?.code, r.body).toBe(code);
  expect(r.json.error.doc_url).toMatch(new RegExp(`/docs/api/errors#${code}$`));
  expect(r.json.error).toHaveProperty('details');
  if (o.rateHeaders !== false) expect(r.headers['x-ratelimit-limit'], JSON.stringify(r.headers)).toMatch(/^\d+$/);
}

/** The server still answers a plain request after whatever came before. */
async function stillServing() {
  const r = await api.get('/v1/documents?limit=1');
  expect(r.status).toBe(200);
}

describe('1. folder names of every length get distinct suffixed paths', () => {
  const long = 'Board minutes and resolutions of the annual general meeting of shareholders 2026 final';

  it('answers every create of a long name at once, each with its own path', async () => {
    const paths = new Set<string>();
    const names: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await api.post('/v1/folders', { name: long });
      const f = ok(r, 201);
      paths.add(f.path);
      names.push(f.name);
    }
    expect(paths.size).toBe(12);
    expect(names.slice(0, 3)).toEqual([long, `${long} (1)`, `${long} (2)`]);
    expect(names[11]).toBe(`${long} (11)`);
    for (const p of paths) expect(p.length).toBeLessThanOrEqual(81);
    await stillServing();
  });

  it('works for slugs of 78, 79 and 80 characters and for a 255-character name', async () => {
    for (const name of ['a'.repeat(78), 'b'.repeat(79), 'c'.repeat(80), 'd'.repeat(100) + ' (3)', 'é'.repeat(255)]) {
      const first = ok(await api.post('/v1/folders', { name }), 201);
      const second = ok(await api.post('/v1/folders', { name }), 201);
      expect(second.path, name).not.toBe(first.path);
      expect(second.name.endsWith('(1)'), name).toBe(true);
    }
  });

  it('refuses a rename onto a sibling path with 409 instead of spinning', async () => {
    const parent = ok(await api.post('/v1/folders', { name: 'Rename parent' }), 201);
    const a = ok(await api.post('/v1/folders', { name: long, parent_id: parent.id }), 201);
    const b = ok(await api.post('/v1/folders', { name: 'other', parent_id: parent.id }), 201);
    expect(a.path).toMatch(/^\/rename-parent\//);
    envelope(await api.patch(`/v1/folders/${b.id}`, { name: `${long}!` }), 409, 'conflict');
  });
});

describe('2. malformed requests get an answer at once', () => {
  const host = () => hostOf();
  for (const bad of ['a b', 'exa[mple', '%', 'x:99999', 'a@b', '[::1', 'x:1:2']) {
    serveOnly.it(`Host: ${bad}`, async () => {
      const r = await rawRequest(`GET /v1/documents HTTP/1.1\r\nHost: ${bad}\r\nAuthorization: Bearer ${token}\r\n\r\n`);
      rawEnvelope(r, 400, 'bad_request', { rateHeaders: false });
      expect(r.json.error.message).toMatch(/Host/);
      const page = await rawRequest(`GET /signin HTTP/1.1\r\nHost: ${bad}\r\n\r\n`);
      expect(page.status).toBe(400);
    });
  }

  serveOnly.it('a request the HTTP parser refuses (unknown method, bad header) gets a 400 envelope', async () => {
    for (const req of ['TRACK /v1/documents HTTP/1.1', 'GET /v1/documents HTTP/1.1\r\nBad Header: x', 'GET /v1/documents HTTP/9.9']) {
      const r = await rawRequest(`${req}\r\nHost: ${hostOf()}\r\n\r\n`);
      rawEnvelope(r, 400, 'bad_request', { rateHeaders: false });
    }
    await stillServing();
  });

  it('TRACE and methods no operation uses are 404 in the envelope', async () => {
    // Next's own server answers TRACE before any app code (a 500); Vercel's edge and npm start do not let it through.
    for (const method of onNextStart ? ['OPTIONS', 'HEAD'] : ['TRACE', 'OPTIONS', 'PROPFIND', 'HEAD']) {
      const r = await rawRequest(`${method} /v1/documents HTTP/1.1\r\nHost: ${host()}\r\nAuthorization: Bearer ${token}\r\n\r\n`, { head: method === 'HEAD' });
      expect(r.status, method).toBe(404);
      expect(r.headers['x-ratelimit-limit'], method).toMatch(/^\d+$/);
      if (method !== 'HEAD') rawEnvelope(r, 404, 'not_found');
    }
    await stillServing();
  });

  it('a bad percent-escape or a NUL in an upload id is 404', async () => {
    // Next's router fails to decode '%E0%A4%A' itself (500) on bare `next start`: npm start only.
    for (const id of [...(onNextStart ? [] : ['%E0%A4%A', '%ZZ']), 'a%00b', '..%2F..%2Fetc', 'x'.repeat(200)]) {
      const r = await rawRequest(`PUT /v1/uploads/${id}?expires=1&sig=x HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/pdf\r\nContent-Length: 3\r\n\r\nabc`);
      rawEnvelope(r, 404, 'not_found');
    }
    if (!onNextStart) envelope(await api.get('/v1/documents/%E0%A4%A'), 404, 'not_found');
    await stillServing();
  });
});

describe('3. deep JSON', () => {
  it('refuses nesting past the limit with 400 in the envelope, with doc_url and rate-limit headers', async () => {
    for (const depth of [33, 5000, 100_000]) {
      const body = '{"name":'.repeat(depth) + '"x"' + '}'.repeat(depth);
      const r = await api.post('/v1/folders', body);
      const e = envelope(r, 400, 'bad_request');
      expect(e.message).toMatch(/nested more than 32 levels/);
      expect(r.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    }
    const arrays = '['.repeat(50_000) + ']'.repeat(50_000);
    envelope(await api.post('/v1/folders', arrays), 400, 'bad_request');
    // Brackets inside strings are not nesting.
    const r = await api.post('/v1/folders', { name: '[[[[{{{{'.repeat(20) });
    expect(r.status).toBe(201);
  });
});

serveOnly.describe('4. answers given before the body is read close the connection', () => {
  it('413 on Content-Length: the connection closes instead of hanging', async () => {
    const c = await rawConnect();
    c.write(`POST /v1/folders HTTP/1.1\r\nHost: ${hostOf()}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{"name":`);
    const r = await c.response();
    rawEnvelope(r, 413, 'payload_too_large');
    expect(r.headers.connection).toBe('close');
    expect(await c.closed()).toBe(true);
    c.destroy();
  });

  it('401 with a 1 MB body: the body is dropped and the next request on the connection is answered', async () => {
    const c = await rawConnect();
    c.write(`POST /v1/folders HTTP/1.1\r\nHost: ${hostOf()}\r\nContent-Type: application/json\r\nContent-Length: ${1024 * 1024}\r\n\r\n`);
    c.write(Buffer.alloc(64 * 1024, 0x20));
    rawEnvelope(await c.response(), 401, 'unauthorized');
    c.write(Buffer.alloc(1024 * 1024 - 64 * 1024, 0x20));
    c.write(`GET /v1/documents?limit=1 HTTP/1.1\r\nHost: ${hostOf()}\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    expect((await c.response()).status).toBe(200);
    c.destroy();
  });

  it('a chunked body past the drain limit closes the connection', async () => {
    const c = await rawConnect();
    c.write(`POST /v1/folders HTTP/1.1\r\nHost: ${hostOf()}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
    rawEnvelope(await c.response(), 401, 'unauthorized');
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    for (let i = 0; i < 12 && !(await c.closed(50)); i++) c.write(Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]));
    expect(await c.closed()).toBe(true);
    c.destroy();
    await stillServing();
  });

  it('a fully read body keeps the connection alive for the next request', async () => {
    const c = await rawConnect();
    const body = '{"nope":1}';
    const req = `POST /v1/folders HTTP/1.1\r\nHost: ${hostOf()}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    c.write(req);
    rawEnvelope(await c.response(), 422, 'unprocessable_entity');
    c.write(`GET /v1/documents?limit=1 HTTP/1.1\r\nHost: ${hostOf()}\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    expect((await c.response()).status).toBe(200);
    c.destroy();
  });
});

describe('6-8. odd targets, methods and paths', () => {
  serveOnly.it('an asterisk or absolute target is 400 in the envelope', async () => {
    for (const target of ['*', 'http://evil.example/v1/documents']) {
      const r = await rawRequest(`GET ${target} HTTP/1.1\r\nHost: ${hostOf()}\r\n\r\n`);
      rawEnvelope(r, 400, 'bad_request', { rateHeaders: false });
    }
  });

  it('HEAD on /v1 paths is no endpoint (as in the OpenAPI document), with the rate-limit headers', async () => {
    for (const p of ['/v1/documents', '/v1/nope', '/v1']) {
      const r = await fetch(inject('baseUrl') + p, { method: 'HEAD', headers: { Authorization: `Bearer ${token}` } });
      expect(r.status, p).toBe(404);
      expect(r.headers.get('x-ratelimit-limit'), p).toMatch(/^\d+$/);
    }
  });

  it('/V1/... is 404 with the rate-limit headers', async () => {
    for (const p of ['/V1/documents', '/V1', '/v1/DOCUMENTS', '/V1/openapi.json']) {
      const r = await api.get(p);
      envelope(r, 404, 'not_found');
      expect(r.headers.get('x-ratelimit-limit'), p).toMatch(/^\d+$/);
    }
  });
});

describe('9 and 7. bytes must be what they claim to be; messages are ours', () => {
  const cases: [string, Buffer, string, string][] = [
    ['HTML declared as ECW', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'image/x-ecw', 'map.ecw'],
    ['SVG with onload as .bak', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'application/octet-stream', 'db.bak'],
    ['a 4-byte "zip"', Buffer.from([0x50, 0x4b, 0x03, 0x04]), 'application/zip', 'a.zip'],
    ['an .eml whose body is HTML', Buffer.from('From: a@b.example\r\nSubject: x\r\n\r\n<html><script>alert(1)</script></html>'), 'message/rfc822', 'm.eml'],
  ];
  for (const [label, bytes, ct, name] of cases) {
    it(`refuses ${label}`, async () => {
      const id = await upload(api, bytes, ct, name);
      const e = envelope(await api.post('/v1/documents', { upload_id: id }), 422, 'unprocessable_entity');
      expect(e.details.fieldErrors.upload_id).toBeTruthy();
    });
  }

  it('a truncated PDF is refused in our words, not the library’s', async () => {
    const pdf = await pdfBytes(2);
    const id = await upload(api, pdf.subarray(0, Math.floor(pdf.length / 2)), 'application/pdf', 'cut.pdf');
    const e = envelope(await api.post('/v1/documents', { upload_id: id }), 422, 'unprocessable_entity');
    expect(e.message).toMatch(/PDF could not be read/);
    expect(e.message).not.toMatch(/Cannot read|undefined|reading '/);
  });
});

describe('11. lone surrogates', () => {
  it('refuses unpaired UTF-16 surrogates in names (422), keeps paired ones', async () => {
    for (const s of ['\\ud800', 'a\\udfffb', '\\ud83d']) {
      const r = await api.post('/v1/folders', `{"name":"${s}"}`);
      const e = envelope(r, 422, 'unprocessable_entity');
      expect(e.message).toMatch(/surrogate/);
    }
    const doc = await upload(api, await pdfBytes(1), 'application/pdf', 'p.pdf');
    envelope(await api.post('/v1/documents', `{"upload_id":"${doc}","name":"x\\ud800"}`), 422, 'unprocessable_entity');
    const ok201 = ok(await api.post('/v1/folders', `{"name":"Rocket \\ud83d\\ude80"}`), 201);
    expect(ok201.name).toBe('Rocket 🚀');
  });
});

describe('12. SSRF: IPv6 forms embedding IPv4', () => {
  for (const url of ['https://[::127.0.0.1]/a.pdf', 'https://[::ffff:0:7f00:1]/a.pdf', 'https://[64:ff9b::a9fe:a9fe]/a.pdf', 'https://[2002:7f00:1::]/a.pdf']) {
    it(url, async () => {
      const e = envelope(await api.post('/v1/documents', { source_url: url }), 422, 'unprocessable_entity');
      expect(e.message).toMatch(/private, loopback or otherwise non-public/);
    });
  }
});

describe('10. unused uploads', () => {
  it('expired, unused uploads and their files are removed by the sweep', async () => {
    const id = await upload(api, await pdfBytes(1), 'application/pdf', 'stale.pdf');
    const kept = await upload(api, await pdfBytes(1), 'application/pdf', 'fresh.pdf');
    const key = await withTestDb(async (c) => {
      await c.query(`UPDATE uploads SET expires_at = now() - interval '2 hours' WHERE id = $1`, [id]);
      return (await c.query(`SELECT storage_key FROM uploads WHERE id = $1`, [id])).rows[0].storage_key as string;
    });
    const env = inject('serverEnv');
    const file = path.join(env.QUIRE_DATA_DIR!, 'blobs', key);
    expect(fs.existsSync(file)).toBe(true);
    const { stdout } = await run(TSX, ['scripts/admin.ts', 'uploads', 'sweep'], { cwd: ROOT, env: spawnEnv(env) });
    // The server's own timer may have swept it first; either way it is gone.
    expect(stdout).toMatch(/removed \d+ expired uploads/);
    expect(fs.existsSync(file)).toBe(false);
    expect(await withTestDb(async (c) => (await c.query('SELECT count(*)::int AS n FROM uploads WHERE id = $1', [id])).rows[0].n)).toBe(0);
    envelope(await api.post('/v1/documents', { upload_id: id }), 404, 'not_found');
    ok(await api.post('/v1/documents', { upload_id: kept }), 201);
  });

  it('caps the bytes a team holds in unused uploads (409), and using one frees its share', async () => {
    const { token: t } = await createToken({ team: uniqueTeam('cap'), scopes: 'documents.read,documents.write' });
    const capped = client(t);
    const max = Number(inject('serverEnv').MAX_UPLOAD_BYTES);
    const cap = Number(inject('serverEnv').MAX_PENDING_UPLOAD_BYTES);
    const ids: string[] = [];
    let firstUrl = '';
    for (let i = 0; i < cap / max; i++) {
      const u = ok(await capped.post('/v1/documents/upload-url', { content_type: 'application/pdf', size: max }), 201);
      ids.push(u.upload_id);
      firstUrl ||= u.upload_url;
    }
    const e = envelope(await capped.post('/v1/documents/upload-url', { content_type: 'application/pdf', size: max }), 409, 'conflict');
    expect(e.details).toMatchObject({ limit_bytes: cap, requested_bytes: max, pending_bytes: cap });
    // An undeclared size counts as the largest file.
    envelope(await capped.post('/v1/documents/upload-url', { content_type: 'application/pdf' }), 409, 'conflict');
    // Another team is not affected.
    ok(await api.post('/v1/documents/upload-url', { content_type: 'application/pdf', size: max }), 201);
    // A used upload no longer counts.
    const first = await fetch(firstUrl, { method: 'PUT', headers: { 'Content-Type': 'application/pdf' }, body: new Uint8Array(await pdfBytes(1)) });
    expect(first.status).toBe(200);
    ok(await capped.post('/v1/documents', { upload_id: ids[0] }), 201);
    ok(await capped.post('/v1/documents/upload-url', { content_type: 'application/pdf', size: max }), 201);
  });
});

describe('any fixture file still serves after all of the above', () => {
  it('source_url from the fixture server', async () => {
    ok(await api.post('/v1/documents', { source_url: fixture('/deck.pdf') }), 201);
    await stillServing();
  });
});

describe('issue 43, 1. a receipt of terms with a 50,000-character word', () => {
  it('is made while the API keeps answering (max under 1 s), with the whole word in it', async () => {
    const dash = await signedInDashboard('long-word-receipt', 'Long word');
    const own = client((await dash.call().tokens.create({ name: 'long word', scopes: ['apis.all'] })).token);
    const doc = await pdfDocument(own, 1);
    const word = 'Confidentiality'.repeat(3334).slice(0, 50_000);
    const a = ok(await own.post('/v1/agreements', { name: 'Long NDA', content_type: 'text', text: word }), 201);
    // The code proves the address, so the receipt is mailed (only proven addresses are).
    const slug = slugOf(await makeLink(own, { document_id: doc.id, email_protected: true, email_authenticated: true, agreement_id: a.id }));
    const who = `long.word.${Date.now().toString(36)}@fund.example`;
    const v = new Visitor();
    await v.open(slug);

    // GET /v1/me every 50 ms from the agreement's page until the receipt is mailed (each waited on at most 5 s).
    const since = logSize();
    let done = false;
    const waits: number[] = [];
    const statuses = new Set<number>();
    const probe = (async () => {
      while (!done) {
        const t = performance.now();
        const r = await fetch(`${baseUrl()}/v1/me`, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5_000) }).catch(() => null);
        waits.push(performance.now() - t);
        statuses.add(r?.status ?? 0);
        await new Promise((res) => setTimeout(res, 50));
      }
    })();
    await v.gate(slug, { step: 'email', email: who });
    expect((await v.open(slug)).text()).toContain('ConfidentialityConfidentiality');
    await v.request('POST', `/view/${slug}/gate`, {
      body: new URLSearchParams({ step: 'agreement', agree: 'on' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    await v.gate(slug, { step: 'code', code: await codeFor(who, since) });
    const deadline = Date.now() + 30_000;
    while (!fromLog('agreement receipt', who, since).length && Date.now() < deadline) await new Promise((res) => setTimeout(res, 50));
    done = true;
    await probe;
    expect(fromLog('agreement receipt', who, since)).toHaveLength(1);
    expect([...statuses]).toEqual([200]);
    expect(Math.max(...waits)).toBeLessThan(1_000);

    const [acc] = ok(await own.get(`/v1/agreements/${a.id}/acceptances`)).data;
    const r = await dash.get(`/api/agreements/${a.id}/acceptances/${acc.id}/receipt`);
    expect(r.status).toBe(200);
    expect((await pdfText(r.body)).replace(/\s+/g, '')).toContain(word);
  });
});

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await loadPdfjs();
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), ...pdfjsDataOptions(), verbosity: 0 }).promise;
  let out = '';
  for (let i = 1; i <= doc.numPages; i++) out += (await (await doc.getPage(i)).getTextContent()).items.map((it: any) => it.str).join(' ') + '\n';
  return out;
}
